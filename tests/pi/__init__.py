"""Tests of the Pi body (pi/shelldon_pi)."""
