"""What can stop the service. Each carries the one line that says what to fix.

The network is retried (with backoff) and never ends up here; the configuration is never
retried: a refused token, a wrong pet name or a missing panel stop the service with a
non-zero exit code, so systemd does not loop on it either (see shelldon-pi.service).
"""

from __future__ import annotations

EXIT_CONFIG = 2  # a bad argument, a refused token, a pet that is not there, no admin rights
EXIT_PANEL = 3  # the panel (or its driver) is not there


class Fatal(Exception):
    """Stops the service; `str(err)` is the one line for the owner."""

    exit_code = EXIT_CONFIG


class ConfigError(Fatal):
    """A command-line value that cannot work."""


class TokenRefused(Fatal):
    """Home Assistant refused the access token."""

    def __init__(self, detail: str = "") -> None:
        extra = f" ({detail})" if detail else ""
        super().__init__(
            "the token was refused: make a long-lived access token in your Home Assistant "
            f"profile (Security tab) and pass it with --token or SHELLDON_TOKEN{extra}"
        )


class NotAdmin(Fatal):
    """The token works but its user may not write states (POST /api/states is admin-only)."""

    def __init__(self) -> None:
        super().__init__(
            "the token's user may not create the battery entities (Home Assistant allows "
            "POST /api/states to administrators only): make the token as an administrator, "
            "or leave out --pisugar"
        )


class PetNotFound(Fatal):
    """The pet's face entity is not in Home Assistant."""

    def __init__(self, entity_id: str, faces: list[str]) -> None:
        listed = ", ".join(faces) if faces else "none"
        super().__init__(
            f"{entity_id} is not in Home Assistant (faces there: {listed}): "
            "pass the pet's name with --pet, as in image.<pet>_face"
        )


class PanelError(Fatal):
    """The panel, or the driver it needs, is not there."""

    exit_code = EXIT_PANEL


class Unreachable(Exception):
    """Home Assistant could not be reached or dropped the connection: retried with backoff."""
