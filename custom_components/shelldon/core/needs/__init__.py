"""The ten needs: their tensions, how they fade by day and by night, and the needs file the
owner can read. Nothing here imports anything outside this package.
"""
