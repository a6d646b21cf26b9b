"""shelldon's body on a Raspberry Pi: the face on the E-Ink panel, the PiSugar into Home Assistant.

Run as `python -m shelldon_pi` (or `shelldon-pi`); see the README beside this package.
"""

__version__ = "0.1.0"
