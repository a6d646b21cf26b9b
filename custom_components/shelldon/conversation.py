"""Assist: talk to the pet by chat or voice."""

from __future__ import annotations

import time
from typing import Final, Literal

from homeassistant.components import conversation
from homeassistant.components.conversation import ChatLog, ConversationEntity, ConversationInput
from homeassistant.const import MATCH_ALL
from homeassistant.core import HomeAssistant
from homeassistant.helpers import intent
from homeassistant.helpers.entity_platform import AddConfigEntryEntitiesCallback

from .entity import device_info, drop_stand_in
from .ports import Asker
from .runtime import ShelldonConfigEntry
from .runtime.pet import Pet, async_said_by

PARALLEL_UPDATES = 0
# The Assist dialog of frontend 20261028.4 throws if an answer shares a websocket frame with its
# run's result (it unsubscribes before it has been handed the unsubscribe), and Home Assistant
# sends together whatever is queued until the loop is idle: an answer that needs no model comes
# that fast. One short wait of the wall clock, in the executor (the loop's own clock may be
# simulated), lets the result go first; sleep(0) does not.
ASSIST_FRAME_GAP: Final = 0.05


async def async_setup_entry(
    hass: HomeAssistant,
    entry: ShelldonConfigEntry,
    async_add_entities: AddConfigEntryEntitiesCallback,
) -> None:
    """The pet as an Assist conversation agent."""
    runtime = entry.runtime_data
    async_add_entities(
        [PetConversation(runtime.pet, entry.entry_id, runtime.coordinator.data.name)]
    )


class PetConversation(ConversationEntity):
    """Every message is an owner turn: it waits only for the pet's one slot."""

    _attr_has_entity_name = True
    _attr_name = None

    def __init__(self, pet: Pet, entry_id: str, name: str) -> None:
        self.pet = pet
        self._attr_unique_id = f"{entry_id}_conversation"
        self._attr_device_info = device_info(entry_id, name)

    async def async_added_to_hass(self) -> None:
        """Its first state is a first state (never "became unknown")."""
        await super().async_added_to_hass()
        drop_stand_in(self)

    @property
    def supported_languages(self) -> list[str] | Literal["*"]:
        """The pet answers in whatever language it is spoken to."""
        return MATCH_ALL

    async def _async_handle_message(
        self, user_input: ConversationInput, chat_log: ChatLog
    ) -> conversation.ConversationResult:
        sender, trusted = await async_said_by(self.hass, user_input.context, "owner")
        room = "voice" if user_input.device_id else "assist"
        # In line for the pet first (messages are answered in the order they came), then the
        # frame's wait before the answer is handed back.
        asker = Asker(
            context=user_input.context,
            device_id=user_input.device_id,
            language=user_input.language,
            agent_id=user_input.agent_id,
        )
        outcome = await self.pet.async_tell(
            user_input.text, room=room, sender=sender, asker=asker, trusted=trusted
        )
        await self.hass.async_add_executor_job(time.sleep, ASSIST_FRAME_GAP)
        say = outcome.say  # the reply is scrubbed as it comes in
        chat_log.async_add_assistant_content_without_tools(
            conversation.AssistantContent(agent_id=user_input.agent_id, content=say)
        )
        response = intent.IntentResponse(language=user_input.language)
        response.async_set_speech(say)
        return conversation.ConversationResult(
            response=response, conversation_id=chat_log.conversation_id
        )
