"""The face table's file: `faces.yaml` in the vault, the owner's to edit.

Seeded from the starter faces with a header that explains its shape; a file that does not fit
the shape is ignored with a warning, and the starter faces are used until it does.
"""

from __future__ import annotations

import logging
from typing import Final

import yaml

from ..core.faces import (
    STARTER_FACES,
    Face,
    FaceTableError,
    face_table_to_data,
    parse_face_table,
)
from .vault import Vault, VaultError, yaml_data, yaml_text

_LOGGER = logging.getLogger(__name__)

FACES_FILE: Final = "faces.yaml"
FACES_HEADER: Final = """\
# shelldon's faces: the first face whose box holds the mood is shown; the last is the catch-all.
# when: valence/arousal [-1..1] and energy [0..1] ranges, power: [lively, eased, low].
# look parts: eyes (open wide happy closed half narrow sparkle up wink),
#   brows (none relaxed raised furrowed worried quirked),
#   mouth (smile grin flat frown open small_o wavy smirk),
#   extra (none zzz battery sparkles question dots sweat blush note).
# A file that does not fit this shape is ignored (with a warning) and the starter faces are used.
"""

Stamp = tuple[float, int]


def read_face_table(vault: Vault) -> tuple[tuple[Face, ...], Stamp | None]:
    """Blocking: seed faces.yaml if missing, then read and validate it; (faces, its stamp)."""
    try:
        vault.seed(
            FACES_FILE,
            FACES_HEADER + yaml_text(face_table_to_data(STARTER_FACES)),
        )
        stamp = vault.mtime_size(FACES_FILE)
        return parse_face_table(yaml_data(vault.read_text(FACES_FILE))), stamp
    except (FaceTableError, yaml.YAMLError, VaultError, OSError) as err:
        _LOGGER.warning(
            "%s/%s is not usable (%s); showing the starter faces", vault.root, FACES_FILE, err
        )
        return STARTER_FACES, vault.mtime_size(FACES_FILE)


def face_table_stamp(vault: Vault) -> Stamp | None:
    """Blocking: the file's (mtime, size), to notice an edit."""
    return vault.mtime_size(FACES_FILE)
