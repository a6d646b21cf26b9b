"""The pet's five languages: which one is spoken, its own words, and text made safe to show."""
