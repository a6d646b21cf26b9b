"""The Pet is what the surfaces command, and no more: a dozen public members at most, none of
them a part, and no plumbing inherited from anywhere."""

from __future__ import annotations

import inspect

from custom_components.shelldon.runtime.pet import Pet, PetRuntime

MOST = 12


def public_members(cls: type) -> set[str]:
    """Its public members, its own and inherited (object's aside)."""
    return {
        name
        for klass in inspect.getmro(cls)
        if klass is not object
        for name in vars(klass)
        if not name.startswith("_")
    }


def test_the_pet_has_at_most_twelve_public_members_and_stands_alone() -> None:
    members = public_members(Pet)
    assert len(members) <= MOST, sorted(members)
    assert Pet.__bases__ == (object,), "the Pet inherits no plumbing"
    assert {"async_nudge", "async_tell", "async_set_initiative"} <= members


def test_the_runtime_data_is_the_coordinator_and_the_commands() -> None:
    assert list(PetRuntime.__dataclass_fields__) == ["coordinator", "pet"]


def test_a_pet_with_plumbing_would_be_counted() -> None:
    class Plumbed(Pet):
        def post(self) -> None: ...
        def spawn(self) -> None: ...

    assert public_members(Plumbed) > public_members(Pet)
    assert len(public_members(Plumbed)) > MOST
