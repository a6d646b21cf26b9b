"""End-to-end tests: a real Home Assistant process with shelldon, driven over HTTP."""
