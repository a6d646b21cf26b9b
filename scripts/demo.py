"""Run a real Home Assistant with shelldon loaded and a demo pet: what `scripts/run` executes.

The demo itself is the package beside this file, `scripts/shelldon_demo/` (one module per
concern: config folder, the hass process, the API client, onboarding and the pet, the
dashboard, the command). This file puts that package on the path and re-exports its names, so
`tests/e2e`, which loads this file as its `demo` fixture, reaches them as `demo.X`.
"""

from __future__ import annotations

import sys
from pathlib import Path

_SCRIPTS = str(Path(__file__).resolve().parent)
if _SCRIPTS not in sys.path:
    sys.path.insert(0, _SCRIPTS)

from shelldon_demo import *  # noqa: E402, F403
from shelldon_demo import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
