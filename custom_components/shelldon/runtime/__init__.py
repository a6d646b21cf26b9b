"""The runtime: builds the pet's parts, lives their lifecycle, and arms the one timer.

`ShelldonConfigEntry` is the entry type every Home Assistant surface is handed; its runtime data
is a `PetRuntime`: the coordinator (what the entities read) and the `Pet` (the commands).
"""

from __future__ import annotations

from .pet import Pet, PetRuntime, ShelldonConfigEntry, pet_runtime

__all__ = ["Pet", "PetRuntime", "ShelldonConfigEntry", "pet_runtime"]
