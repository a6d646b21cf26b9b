"""Hardened (secrets echoed altered): what the owner told stays hidden however a model repeats it.

The owner tells the pet nineteen secrets in the ways people say them (a passphrase, a hyphenated
router password, a PIN, an IBAN, "is still …", a safe's combination in groups, a passphrase that
starts with "the", an API key, a gate code said digit by digit, a door code said in words, an alarm
code after ", it's", a password changed or set "to" a new one, in made-up or in plain words, a
passphrase with "and" in it, one after "simply", a recovery phrase, a lockbox's code, one set in
German with the verb after it, one still to come). Then,
across a day with the pet's musings on and a restart in the middle, the model (scripted at the
HTTP layer) echoes every one of them back altered: other separators between a passphrase's
words, a JSON list, zero-width spaces, camel case, a hyphenated password said with spaces, a PIN
read out digit by digit or in words (English or German), a code told in words said in digits, an
IBAN's account number alone, in its answers, the facts it remembers, its promises, the files it
edits, its musings, its reach-outs, its flush and its dream. None of it is anywhere a person or a
file can see: the replies, the states and their attributes, the events, the phone's
notifications, the vault's files, their names and their history, the checkpoint, the
diagnostics and the logs.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from freezegun.api import FrozenDateTimeFactory
from homeassistant.core import Event, HomeAssistant, ServiceCall
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.shelldon.ports.const import DOMAIN
from tests.anthropic_mock import ScriptedModel, scripted
from tests.common import (
    async_live_for,
    async_live_until,
    async_setup_pet,
    async_tell,
    local,
    make_pet_entry,
)
from tests.hardening.doors import async_everything_shown, dumped, heard, history

ENTRY_ID = "01JSHELLDONHARDENING0000005"
DAY = (2026, 12, 3)

# What the owner tells, and how the model echoes each secret back.
TOLD = {
    "my wifi password is correct horse battery staple": (
        "correct-horse-battery-staple",
        "Correct.Horse.Battery.Staple",
        '["correct","horse","battery","staple"]',
        "CorrectHorseBatteryStaple",
        "correct\u200bhorse\u200bbattery\u200bstaple",
        "correct_horse_battery_staple",
        "correct, horse, battery, staple",
        "correct/horse/battery/staple",
    ),
    "my router password is Sonnen-Blume-42": ("Sonnen Blume 42", "sonnen.blume.42"),
    "my PIN is 739154": ("7 3 9 1 5 4", "739 154", "seven three nine one five four"),
    "my IBAN is DE89 3704 0044 0532 0130 00": ("370400440532013000", "370400 440532 013000"),
    "my password is still hunter2xyz": ("hunter2xyz", "hunter2 xyz"),
    "the combination to the safe is 12-34-56": ("12 34 56", "12.34.56"),
    "my guest wifi password is the moon is blue": ("The-Moon-Is-Blue", "the moon is blue"),
    "my api key is zq8Hf3kLm2Nb7Vx": ("zq8Hf-3kLm2-Nb7Vx", "zq8 Hf3kLm2 Nb7Vx"),
    "the gate code is 5 8 2 6": ("5826", "5-8-2-6", "fünf acht zwei sechs"),
    "the door code is four seven one one": ("Four-Seven-One-One", "four seven one one", "4711"),
    "the alarm code, it's 8 6 4 2": ("8642", "8-6-4-2"),
    "I changed the guest password to Kiwi-Pear-88": ("Kiwi Pear 88", "kiwi.pear.88"),
    "the garage passphrase is salt and pepper 7": ("Salt-And-Pepper-7", "salt and pepper 7"),
    "I set the shed password to cosmic pancake": ("Cosmic Pancake", "cosmic-pancake"),
    "my bike lock password is simply banana bread": ("banana bread", "Banana.Bread"),
    "my recovery phrase is amber wolf river stone": ("Amber-Wolf-River-Stone", "amber wolf river"),
    "the lockbox code is 5719": ("5 7 1 9", "five seven one nine"),
    "ich habe das Kellerpasswort auf blaue Katze geändert": ("Blaue-Katze", "blaue katze"),
    "the new shed password will be silver fox": ("Silver Fox", "silver_fox"),
    # a second secret in the same sentence, pointing back at the first or named on its own
    "the alarm code is 4321 and the garage one is 8765": ("8765", "8 7 6 5"),
    "my bank PIN is 2580, my wife's is 1397": ("1397", "one three nine seven"),
    "the old attic password was Plum7 and the new one is Quince-Tart-9": (
        "Quince Tart 9",
        "quince.tart.9",
    ),
    # a value said before the secret word it is
    "Lantern-Fig-31 is the boat password": ("Lantern Fig 31", "lantern.fig.31"),
    "6048 is the shed code": ("6 0 4 8", "six zero four eight"),
    "the cellar password was changed to Fennel-Moon-8": ("Fennel Moon 8", "fennel.moon.8"),
    # a bare "code" with its digits, and a value named inside a clause of prose
    "here's the code 3917 for the side gate": ("3 9 1 7", "three nine one seven"),
    # digits named by what they open
    "the garden safe opens with 31-07-19": ("31 07 19", "31.07.19"),
    # a code's digits set off by commas
    "the boathouse code, 2674, opens the side door": ("2 6 7 4", "two six seven four"),
    "the attic password is my dog's name rover482": ("Rover482", "rover 482"),
    "the studio password is the name of my first cat, Tiger77": ("TIGER77", "tiger 77"),
}
FORMS = [form for forms in TOLD.values() for form in forms]
SECRETS = (
    "correct horse battery staple",
    "Sonnen-Blume-42",
    "739154",
    "DE89 3704 0044 0532 0130 00",
    "12-34-56",
    "zq8Hf3kLm2Nb7Vx",
)
NEVER = (*SECRETS, *FORMS)


def _forms(start: int, step: int) -> list[str]:
    """Every `step`-th altered form from `start`, so each echo repeats some of them."""
    return FORMS[start::step]


def _echo(start: int, intent: str = "recall") -> dict[str, Any]:
    say, remember, promise = _forms(start, 3), _forms(start + 1, 3), _forms(start + 2, 3)
    return {
        "intent": intent,
        "say": "Here they are: " + "; ".join(say) + ".",
        "remember": [f"the owner's secret is {form}" for form in remember],
        "promise": [
            {"what": f"check that {form} still works", "due_in_hours": 3 + 24 * n}
            for n, form in enumerate(promise[:4])
        ],
        # a file named by a secret: a name is a door out too
        "edit": [
            {"path": f"memory/{form}.md", "content": "kept\n", "reason": "keep it"}
            for form in ("hunter2xyz", FORMS[start])
        ],
    }


MUSINGS = [
    {
        "intent": "muse aloud",
        "say": f"I keep thinking of {FORMS[0]} and {FORMS[9]}.",
        "remember": [f"mused on {form}" for form in _forms(1, 2)],
    },
    {
        "intent": "muse again",
        "say": f"Was it {FORMS[3]}? Or {FORMS[12]}, {FORMS[16]}?",
        "remember": [f"mused again on {form}" for form in _forms(0, 2)],
    },
]
REACH_OUT = {
    "intent": "follow up on the promise",
    "say": f"Did {FORMS[1]} work? And {FORMS[10]}, {FORMS[14]}?",
    "remember": [f"followed up on {form}" for form in _forms(2, 2)],
}
FLUSH = {
    "intent": "keep what I was in the middle of",
    "say": "",
    "remember": [f"in the middle of checking {form}" for form in FORMS],
}
DREAM = {
    "intent": "keep the durable facts",
    "say": "",
    "remember": [f"the owner keeps {form}" for form in FORMS],
}
GOT_IT = {"intent": "listen", "say": "Got it, I will keep that safe."}


def _owner(body: dict[str, Any]) -> dict[str, Any]:
    """The owner's turns: an echo where the owner asks for the secrets, else a nod."""
    asked = _new_message(body)
    if "what were" in asked:
        return _echo(0)
    if "once more" in asked:
        return _echo(1, "recall again")
    return GOT_IT


def _new_message(body: dict[str, Any]) -> str:
    for row in body["messages"][0]["content"].splitlines():
        if row.startswith("{") and '"kind":"message"' in row:
            return str(json.loads(row)["text"])
    return ""


async def _everything_shown(
    hass: HomeAssistant,
    entry: MockConfigEntry,
    root: Path,
    events: list[Event],
    phone: list[ServiceCall],
    replies: list[dict[str, Any]],
    caplog: pytest.LogCaptureFixture,
) -> dict[str, str]:
    """Every door out, and the replies, the phone's messages and the pet's own log lines."""
    return await async_everything_shown(hass, entry, root, events) | {
        "replies": dumped(replies),
        "phone": dumped([call.data for call in phone]),
        "logs": "\n".join(
            f"{r.name} {r.levelname} {r.getMessage()} {r.exc_text or ''}"
            for r in caplog.records
            if r.name.startswith("custom_components.shelldon")
        ),
    }


def _needles() -> list[tuple[str, re.Pattern[str]]]:
    """Each secret and altered form, as written and as JSON writes it, never inside a longer
    word or number (a hash or an id may hold "739154" by chance)."""
    out = []
    for needle in NEVER:
        for form in {needle, json.dumps(needle, ensure_ascii=False)[1:-1]}:
            edge = r"(?<![0-9a-z])" + re.escape(form.casefold()) + r"(?![0-9a-z])"
            out.append((needle, re.compile(edge)))
    return out


def _assert_hidden(shown: dict[str, str]) -> None:
    seen = []  # (where, which, the text around it)
    for place, text in shown.items():
        folded = text.casefold()
        for needle, pattern in _needles():
            if (found := pattern.search(folded)) is not None:
                at = found.start()
                seen.append((place, needle, text[max(0, at - 80) : at + 80]))
    assert seen == []


@pytest.mark.usefixtures("phone")
async def test_secrets_the_owner_told_stay_hidden_however_a_model_echoes_them_all_day(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    tmp_path: Path,
    hass_storage: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
    phone: list[ServiceCall],
) -> None:
    caplog.set_level(logging.DEBUG, logger="custom_components.shelldon")
    events = heard(hass)
    model = ScriptedModel(
        owner=_owner, proactive=MUSINGS, reach_out=REACH_OUT, flush=FLUSH, dream=DREAM
    )
    replies: list[dict[str, Any]] = []
    freezer.move_to(local(*DAY, 9, 0))
    with scripted(model):
        entry = make_pet_entry(hass, thinking=True, texts_alex=True, entry_id=ENTRY_ID)
        pet = await async_setup_pet(hass, entry)
        for said in TOLD:
            replies.append(await async_tell(hass, said))
        replies.append(await async_tell(hass, "what were those again?"))
        assert replies[-1]["ok"] and "[secret]" in replies[-1]["reply"]
        # The morning: an hour of silence, and the pet muses (a musing, a flush).
        await async_live_until(hass, freezer, pet, local(*DAY, 12, 0))
        assert "proactive" in model.kinds(), "it mused"
        assert phone, "its musing reached the phone"
        _assert_hidden(
            await _everything_shown(hass, entry, tmp_path, events, phone, replies, caplog)
        )
        _assert_hidden({"checkpoint": dumped(hass_storage)})

        # A restart: the taint (hashes only) comes back from the checkpoint.
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
        _assert_hidden({"checkpoint": dumped(hass_storage)})
        pet = await async_setup_pet(hass, entry)
        restarted = len(model.kinds())
        replies.append(await async_tell(hass, "once more, please?"))
        assert replies[-1]["ok"] and "[secret]" in replies[-1]["reply"]
        # The afternoon and the evening: the promises come due (reach-outs); then the night's dream.
        await async_live_until(hass, freezer, pet, local(*DAY, 18, 0))
        spoke = set(model.kinds()[restarted:])
        assert spoke & {"proactive", "reach_out"}, "it spoke up on its own after the restart"
        freezer.move_to(local(2026, 12, 4, 10, 0))
        await async_live_for(hass, freezer, pet, timedelta(minutes=20))
        await hass.services.async_call(DOMAIN, "dream", {}, blocking=True, return_response=True)
        await hass.async_block_till_done()
        assert "dream" in model.kinds()
        _assert_hidden(
            await _everything_shown(hass, entry, tmp_path, events, phone, replies, caplog)
        )
        assert await hass.config_entries.async_unload(entry.entry_id)
        await hass.async_block_till_done()
    _assert_hidden({"checkpoint": dumped(hass_storage)})
    _assert_hidden({"history": history(tmp_path)})
