"""The scrubber: what secrets look like, how they are hidden, and where they turn up again."""
