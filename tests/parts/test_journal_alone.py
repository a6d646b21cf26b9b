"""The journal's records on their own (no Home Assistant): queued as they come, scrubbed as the
queue is handed over to be written (on the event loop, once a batch), and scrubbed again as the
vault writes them."""

from __future__ import annotations

import json

from custom_components.shelldon.vault.journal import (
    AUDIT_FILE,
    BELIEFS_FILE,
    SIGNALS_FILE,
    TRACE_FILE,
    Journal,
)
from custom_components.shelldon.vault.vault import Vault

SECRET = "4321"
TOLD = f"the alarm code is {SECRET}"


def test_a_record_is_handed_over_scrubbed_and_its_secret_is_hidden_wherever_it_reappears(
    records: Journal, vault: Vault
) -> None:
    records.signal({"kind": "presence", "about": TOLD})
    records.belief({"subject": "input_text.note", "value": TOLD})
    records.audit({"need": "connection", "reason": TOLD})
    records.trace(
        {"tick": 1, "at": "2026-12-07T10:00:00+00:00", "choice": None, "why": TOLD}, resting=False
    )

    batch = records.take()

    assert [path for path, _ in batch] == [SIGNALS_FILE, BELIEFS_FILE, AUDIT_FILE, TRACE_FILE]
    assert SECRET not in json.dumps([payload for _, payload in batch])
    assert all("the alarm code is" in json.dumps(payload) for _, payload in batch)
    # What the records told, the scrubber now hides bare, wherever it reappears.
    assert SECRET not in vault.scrubber(f"the model says {SECRET}")

    records.write(batch)
    for path in (SIGNALS_FILE, BELIEFS_FILE, AUDIT_FILE, TRACE_FILE):
        assert SECRET not in vault.read_text(path)
    assert not records.pending


def test_what_a_failed_write_kept_goes_first_and_is_not_scrubbed_twice(
    records: Journal, vault: Vault
) -> None:
    records.signal({"kind": "presence", "about": TOLD})
    first = records.take()
    records._keep(first)  # the vault refused it: kept for the next write
    records.signal({"kind": "power", "about": "plugged in"})

    batch = records.take()

    assert batch[0] == first[0], "kept as it was handed over"
    assert batch[1] == (SIGNALS_FILE, {"kind": "power", "about": "plugged in"})
