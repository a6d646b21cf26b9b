"""The pet's LLM API, through Home Assistant."""
