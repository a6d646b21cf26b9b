"""The pet's pure inner life.

Nothing in this package touches Home Assistant, a language model, the network, the disk or
the clock: every function takes the aware `now` it should reason about and returns a decision
or a patch. The shell decides when to call it (an import-linter contract and a test keep it so).
"""
