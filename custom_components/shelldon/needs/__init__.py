"""needs."""
