"""Hardened, round three (secrets): what the owner said stays hidden, whoever floods the list.

The owner tells the pet the router's password (one word, and a passphrase of four); a guest, no
admin, adds and removes sixty to-do items of ten `password: x` values each through Home
Assistant's own `todo.*` services; then the model (scripted at the HTTP layer) writes the
passwords bare in its answer, a fact and a promise. Neither is anywhere a person or a file can
see: the states and their attributes, the events, the vault and its history, the checkpoint,
the diagnostics, the notifications; nor after a restart, when the guest floods the list again.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.auth.models import User
from homeassistant.core import Context, HomeAssistant

from custom_components.shelldon.ports.const import DOMAIN
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import async_live_for, async_setup_pet, local, make_pet_entry
from tests.hardening.doors import async_everything_shown, heard

PROMISES_LIST = "todo.shelldon_promises"
ENTRY_ID = "01JSHELLDONHARDENING0000004"
ROUTER = "Zebra-Quokka-77"
PASSPHRASE = "correct horse battery staple"
# What must never be seen: the secrets, and the part of the passphrase a model might repeat.
NEVER = (ROUTER, PASSPHRASE, "horse battery staple", "battery staple")
BARE = {
    "intent": "recall",
    "say": f"Noted: {ROUTER}. And the other one, {PASSPHRASE}; or just horse battery staple.",
    "remember": [f"The router takes {ROUTER}", f"The wifi takes {PASSPHRASE}"],
    "promise": [{"what": f"check {ROUTER} still works", "due_in_hours": 3}],
}


@pytest.fixture
async def guest(hass: HomeAssistant) -> User:
    """Someone in the home who is no admin (the first user made is the owner: not them)."""
    await hass.auth.async_create_user("Alex", group_ids=["system-admin"])
    user = await hass.auth.async_create_user("Guest", group_ids=["system-users"])
    assert not user.is_admin
    return user


async def _todo(hass: HomeAssistant, service: str, data: dict[str, Any], user: User) -> None:
    await hass.services.async_call(
        "todo",
        service,
        data,
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        context=Context(user_id=user.id),
    )


async def _flood(hass: HomeAssistant, guest: User, round_: int) -> None:
    """Sixty items of ten `password: x` values each, added and removed (600 values: more than
    a taint of one list kept)."""
    before = await _uids(hass)  # each item is gone again before the next comes
    for item in range(60):
        values = " ".join(f"password: r{round_}i{item:02d}v{value}zz" for value in range(10))
        await _todo(hass, "add_item", {"item": values}, guest)
        added = await _uids(hass) - before
        assert len(added) == 1
        await _todo(hass, "remove_item", {"item": list(added)}, guest)


async def _uids(hass: HomeAssistant) -> set[str]:
    answer = await hass.services.async_call(
        "todo",
        "get_items",
        {},
        target={"entity_id": PROMISES_LIST},
        blocking=True,
        return_response=True,
    )
    return {item["uid"] for item in answer[PROMISES_LIST]["items"]}


async def _tell(hass: HomeAssistant, message: str, user: User | None = None) -> dict[str, Any]:
    context = Context(user_id=user.id) if user else None
    return await hass.services.async_call(
        DOMAIN, "tell", {"message": message}, blocking=True, return_response=True, context=context
    )


def _assert_hidden(shown: dict[str, str]) -> None:
    seen = []  # (where, the text around it): a diff of these texts would take minutes
    for place, text in shown.items():
        folded = text.casefold()
        for secret in NEVER:
            if (at := folded.find(secret.casefold())) >= 0:
                seen.append((place, text[max(0, at - 80) : at + 80]))
    assert seen == []


async def test_what_the_owner_said_stays_hidden_however_a_guest_floods_the_list(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    hass_storage: dict[str, Any],
    guest: User,
) -> None:
    owner = await hass.auth.async_get_owner() or (await hass.auth.async_get_users())[0]
    events = heard(hass)
    said = {"intent": "listen", "say": "Got it, I will keep that safe."}
    model = ScriptedModel(owner=[said, said, BARE, BARE, BARE])
    freezer.move_to(local(2026, 12, 3, 10, 0))
    with scripted(model):
        entry = make_pet_entry(hass, thinking=True, entry_id=ENTRY_ID)
        pet = await async_setup_pet(hass, entry)
        await _tell(hass, f"my router password is {ROUTER}", owner)  # an admin
        await _tell(hass, f"my wifi password is {PASSPHRASE}")  # an automation
        await _flood(hass, guest, 1)
        answer = await _tell(hass, "what were those passwords again?", owner)
        await async_live_for(hass, freezer, pet, timedelta(minutes=12))

        assert answer["ok"] and "[secret]" in answer["reply"]
        assert any("[secret]" in g.text for g in pet.files.goals.open_goals()), (
            "the promise is filed"
        )
        _assert_hidden(await async_everything_shown(hass, entry, tmp_path, events))
        _assert_hidden({"checkpoint": json.dumps(hass_storage, ensure_ascii=False)})

        # A restart: the taint comes back from the checkpoint, the owner's pool whole.
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        _assert_hidden({"checkpoint": json.dumps(hass_storage, ensure_ascii=False)})
        pet = await async_setup_pet(hass, entry)
        await _flood(hass, guest, 2)
        again = await _tell(hass, "and once more?", guest)
        await async_live_for(hass, freezer, pet, timedelta(minutes=12))
        assert again["ok"] and "[secret]" in again["reply"]
        _assert_hidden(await async_everything_shown(hass, entry, tmp_path, events))
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        _assert_hidden({"checkpoint": json.dumps(hass_storage, ensure_ascii=False)})


async def test_a_guests_secret_is_heard_not_kept_as_the_owners(
    hass: HomeAssistant, freezer: FrozenDateTimeFactory, guest: User
) -> None:
    freezer.move_to(local(2026, 12, 3, 10, 0))
    pet = await async_setup_pet(hass, make_pet_entry(hass, entry_id=ENTRY_ID))
    await _tell(hass, "my password is guest-pass-99", guest)
    await _tell(hass, f"my router password is {ROUTER}")
    pools = pet.files.scrubber.to_dict()["pools"]
    heard = pet.files.scrubber.taint.to_pools()["heard"]
    assert len(pools["said"]) == 1, "only the automation's (the owner's) secret is said"
    assert heard, "the guest's is heard"
    assert pet.files.scrubber("guest-pass-99 and " + ROUTER) == "[secret] and [secret]"
