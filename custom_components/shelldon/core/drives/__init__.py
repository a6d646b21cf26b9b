"""The ten needs: how they decay into tension, what the owner dials, and what they remember."""
