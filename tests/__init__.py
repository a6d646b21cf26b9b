"""shelldon's tests."""
