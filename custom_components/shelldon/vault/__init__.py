"""vault."""
