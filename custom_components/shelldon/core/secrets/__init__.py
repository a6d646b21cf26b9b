"""The scrubber: the one linear pass that hides secrets wherever they go out.

`scrub` is its front (the `Scrubber`); `shapes`, `addresses`, `numbers`, `values`, `more` and
`before` find what looks like a secret; `taint` remembers what was hidden once, to hide it
wherever it reappears. Nothing here imports anything outside this package.
"""
