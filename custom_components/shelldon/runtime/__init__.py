"""The runtime: builds the pet's parts, lives their lifecycle, and arms the one timer.

`ShelldonConfigEntry` is the entry type every Home Assistant surface is handed; its runtime data
is the running pet (`Pet`: its commands, and its coordinator's data).
"""

from __future__ import annotations

from .pet import Pet, ShelldonConfigEntry

__all__ = ["Pet", "ShelldonConfigEntry"]
