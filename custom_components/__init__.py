"""Custom integrations (this repository ships one: shelldon)."""
