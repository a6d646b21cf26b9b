"""The pet's promises as a Home Assistant to-do list: the goal book, seen from Home Assistant.

One item per open goal (its words, when it is due) and the goals done lately, ticked off. The
owner adds, ticks off, renames, moves and removes items here, and the goal book follows: it is
the one writer, and the list shows its snapshot (never a second copy that could disagree).
"""

from __future__ import annotations

from datetime import date, datetime

from homeassistant.components.todo import TodoItem, TodoListEntity
from homeassistant.components.todo.const import TodoItemStatus, TodoListEntityFeature
from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity import EntityDescription
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback
from homeassistant.util import dt as dt_util

from .entity import PetEntity
from .runtime import ShelldonConfigEntry
from .runtime.coordinator import PetCoordinator
from .runtime.pet import Pet, PromiseChange
from .runtime.shown import Promise

PARALLEL_UPDATES = 0

PROMISES = EntityDescription(key="promises", translation_key="promises")


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The promises list."""
    runtime = entry.runtime_data
    async_add_entities([PromisesList(runtime.coordinator, runtime.pet)])


def _item(promise: Promise) -> TodoItem:
    return TodoItem(
        summary=promise.text,
        uid=promise.id,
        status=TodoItemStatus.COMPLETED if promise.done else TodoItemStatus.NEEDS_ACTION,
        due=dt_util.as_local(promise.due) if promise.due else None,
    )


class PromisesList(PetEntity, TodoListEntity):
    """The goal book as a to-do list."""

    platform_domain = "todo"

    _attr_supported_features = (
        TodoListEntityFeature.CREATE_TODO_ITEM
        | TodoListEntityFeature.UPDATE_TODO_ITEM
        | TodoListEntityFeature.DELETE_TODO_ITEM
        | TodoListEntityFeature.SET_DUE_DATE_ON_ITEM
        | TodoListEntityFeature.SET_DUE_DATETIME_ON_ITEM
    )

    def __init__(self, coordinator: PetCoordinator, pet: Pet) -> None:
        super().__init__(coordinator, PROMISES)
        self._pet = pet  # for its command, never for what it shows

    def shown(self) -> tuple[object, ...]:
        """Its items (its state, the count of open ones, follows them)."""
        return (self.todo_items,)

    @property
    def todo_items(self) -> list[TodoItem]:
        """The open goals, soonest due first, then the ones done lately."""
        data = self.coordinator.data
        return [_item(p) for p in (*data.promises, *data.kept)]

    async def async_create_todo_item(self, item: TodoItem) -> None:
        """A new promise: a reminder, exactly as if the owner had asked the pet."""
        await self._pet.async_change_promise(
            PromiseChange("add", text=item.summary, due=_due(item.due))
        )

    async def async_update_todo_item(self, item: TodoItem) -> None:
        """Ticked off, unticked, renamed or moved: the goal follows."""
        await self._pet.async_change_promise(
            PromiseChange(
                "update",
                uid=item.uid,
                text=item.summary,
                due=_due(item.due),
                done=item.status == TodoItemStatus.COMPLETED,
            )
        )

    async def async_delete_todo_items(self, uids: list[str]) -> None:
        """Removed: the goals are dropped (and the journal says so)."""
        for uid in uids:
            await self._pet.async_change_promise(PromiseChange("remove", uid=uid))


def _due(due: date | datetime | None) -> date | datetime | None:
    return dt_util.as_local(due) if isinstance(due, datetime) and due.tzinfo else due
