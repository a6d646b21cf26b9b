"""mind."""
