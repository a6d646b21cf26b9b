"""Benchmarks: figures, not assertions (run with scripts/bench)."""
