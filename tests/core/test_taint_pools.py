"""The taint's pools: what the owner said is never pushed out by what others write, and the
checkpoint keeps each pool (reading the single list of before as the owner's)."""

from __future__ import annotations

import json

from custom_components.shelldon.core.secrets.scrub import Pool, Scrubber, Taint
from custom_components.shelldon.core.secrets.taint import POOL_SIZES

KEY = bytes(range(16))
OTHER_KEY = bytes(range(16, 32))
ROUTER = "Zebra-Quokka-77"
PASSPHRASE = "correct horse battery staple"


def _owner_told() -> Scrubber:
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(f"my router password is {ROUTER}")
    scrubber.learn_from(f"my wifi password is {PASSPHRASE}")
    return scrubber


def _flood(scrubber: Scrubber, count: int, pool: Pool = Pool.HEARD) -> None:
    for number in range(count):
        scrubber(f"password: guest-{number:05d}-x", pool)


def test_ten_thousand_secrets_heard_do_not_push_out_what_the_owner_said() -> None:
    scrubber = _owner_told()
    _flood(scrubber, 10_000)
    assert scrubber(f"the password is still {ROUTER}!") == "the password is still [secret]!"
    assert scrubber(f"psst: {PASSPHRASE}.") == "psst: [secret]."
    assert scrubber("horse battery staple") == "[secret]"
    # the heard pool keeps its own newest, and forgets its own oldest
    assert scrubber("guest-09999-x") == "[secret]"
    assert scrubber("guest-00000-x") == "guest-00000-x"
    assert len(scrubber.taint.to_pools()["heard"]) == POOL_SIZES[Pool.HEARD]


def test_a_list_edited_by_a_guest_floods_only_the_heard_pool() -> None:
    scrubber = _owner_told()
    said_before = scrubber.to_dict()["pools"]["said"]
    for item in range(60):  # sixty to-do items of ten values each, added then removed
        scrubber(" ".join(f"password: i{item:02d}v{value}xx" for value in range(10)))
    assert scrubber.to_dict()["pools"]["said"] == said_before
    assert scrubber(ROUTER) == "[secret]"


def test_a_guests_message_learns_into_the_heard_pool() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from("my password is guest-pass-99", Pool.HEARD)
    pools = scrubber.to_dict()["pools"]
    assert pools["said"] == [] and len(pools["heard"]) == 1
    assert scrubber("guest-pass-99") == "[secret]"


def test_the_filed_pool_is_its_own() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber("the vault's note: password: filed-secret-1", Pool.FILED)
    _flood(scrubber, 2_000)
    assert scrubber("filed-secret-1") == "[secret]"
    assert len(scrubber.to_dict()["pools"]["filed"]) == 1


def test_the_owners_pool_forgets_its_own_oldest_past_its_budget() -> None:
    scrubber = Scrubber(Taint(KEY))
    for number in range(POOL_SIZES[Pool.SAID] + 1):
        scrubber.learn_from(f"password: owner{number:05d}x")
    assert scrubber("owner00000x") == "owner00000x"
    assert scrubber("owner00001x") == "[secret]"


def test_a_secret_said_again_is_the_newest_once_more() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from("password: first-secret-1")
    for number in range(POOL_SIZES[Pool.SAID] - 1):
        scrubber.learn_from(f"password: owner{number:05d}x")
    scrubber.learn_from("password: first-secret-1")
    scrubber.learn_from("password: one-more-secret")
    assert scrubber("first-secret-1") == "[secret]"
    assert scrubber("owner00000x") == "owner00000x"


def test_a_secret_heard_and_said_stays_while_the_heard_copy_goes() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber(f"password: {ROUTER}")  # heard first (the model wrote it)
    scrubber.learn_from(f"password: {ROUTER}")  # then said by the owner
    _flood(scrubber, 1_000)
    assert scrubber(ROUTER) == "[secret]"


# --- the checkpoint -------------------------------------------------------------------------


def test_the_checkpoint_keeps_each_pool_and_no_secret() -> None:
    scrubber = _owner_told()
    _flood(scrubber, 600)
    saved = json.loads(json.dumps(scrubber.to_dict()))
    dumped = json.dumps(saved).casefold()
    for secret in (ROUTER, PASSPHRASE, "horse battery", "staple", "guest-00599"):
        assert secret.casefold() not in dumped
    fresh = Scrubber(Taint(OTHER_KEY))
    fresh.restore(saved)
    assert fresh.to_dict() == saved
    assert fresh(f"{ROUTER} and battery staple") == "[secret] and [secret]"
    _flood(fresh, 10_000)
    assert fresh(ROUTER) == "[secret]", "restored into the owner's pool, not the heard one"


def test_an_old_checkpoint_of_one_list_is_read_as_the_owners() -> None:
    old = Scrubber(Taint(KEY))
    old.learn_from(f"password: {ROUTER}")
    (group,) = old.to_dict()["pools"]["said"]
    # the form before the pools (which knew no letters forms: their "words" are 99)
    (entry,) = [e for e in group.split() if not e.endswith(":99")]
    before_pools = {"key": KEY.hex(), "seen": [entry]}
    scrubber = Scrubber(Taint(OTHER_KEY))
    scrubber.restore(before_pools)
    assert scrubber.to_dict()["pools"]["said"] == [entry]
    _flood(scrubber, 10_000)
    assert scrubber(f"it was {ROUTER}") == "it was [secret]"


def test_restoring_under_the_same_key_keeps_what_each_pool_learned() -> None:
    saved = _owner_told().to_dict()
    scrubber = Scrubber(Taint(KEY))
    scrubber("password: heard-since-1")
    scrubber.learn_from("password: said-since-1")
    scrubber.restore(saved)
    assert scrubber(f"{ROUTER} heard-since-1 said-since-1") == "[secret] [secret] [secret]"
    pools = scrubber.to_dict()["pools"]
    assert len(pools["said"]) == 3 and len(pools["heard"]) == 1


def test_a_damaged_pool_is_read_as_empty() -> None:
    scrubber = Scrubber(Taint(OTHER_KEY))
    scrubber.restore({"key": KEY.hex(), "pools": {"said": "x", "heard": [1, None, "zz:1:1"]}})
    assert scrubber.to_dict() == {"key": KEY.hex(), "pools": {"said": [], "filed": [], "heard": []}}


def test_a_text_scrubbed_before_a_secret_was_learned_is_hidden_after_it() -> None:
    """The scrubber remembers what it scrubbed lately, but never past a change of the taint:
    a learned secret is hidden in a text shown again, a forgotten one shows again."""
    scrubber = Scrubber(Taint(b"k" * 16))
    line = "we met at Zebra-Quokka-77 yesterday"
    assert scrubber(line) == line, "nothing known yet"
    assert scrubber(line) == line, "the same text, the same answer"
    scrubber.learn_from("my password is Zebra-Quokka-77")
    assert "Zebra-Quokka-77" not in scrubber(line)
    for n in range(POOL_SIZES[Pool.SAID] + 8):  # the owner's pool forgets its oldest
        scrubber.learn_from(f"password: owner{n:05d}x")
    assert scrubber(line) == line, "forgotten: the memo did not keep it hidden"


def test_a_secret_named_in_a_text_is_learned_the_first_time_and_kept_hidden() -> None:
    scrubber = Scrubber(Taint(b"k" * 16))
    said = "note: password: Marmalade-Otter-19"
    first = scrubber(said)
    assert "Marmalade-Otter-19" not in first
    assert scrubber(said) == first
    assert "Marmalade-Otter-19" not in scrubber("Marmalade-Otter-19 again"), "learned once"
