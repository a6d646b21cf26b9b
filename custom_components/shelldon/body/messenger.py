"""Delivering the pet's lines to the owner, and hearing their replies.

Targets are notify entities (sent with `notify.send_message`) or legacy notify services such
as `notify.mobile_app_phone`; the mobile app's get a REPLY action with a unique id, and the text
the owner types into it comes back as an owner message (and the answer goes back the same
way). A failing target is logged once, until it works again, and never stops the others.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from homeassistant.core import Event, HomeAssistant, callback

from ..core.language.words import english
from ..core.readback import instant, mapping, text
from ..ports import Words

_LOGGER = logging.getLogger(__name__)

EVENT_NOTIFICATION_ACTION: Final = "mobile_app_notification_action"
ACTION_PREFIX: Final = "SHELLDON_REPLY_"
REPLY_TTL: Final = timedelta(days=2)

ReplyHandler = Callable[[str, str], Coroutine[Any, Any, None]]  # (text, target)


@dataclass(frozen=True)
class Pending:
    """A notification that can still be replied to."""

    target: str
    sent_at: datetime


class Messenger:
    """Sends lines to the configured notify targets; routes replies back."""

    def __init__(
        self,
        hass: HomeAssistant,
        title: str,
        targets: list[str],
        on_change: Callable[[], None] | None = None,
        shown: Callable[[str], str] = lambda text: text,
        words: Words = english,
    ) -> None:
        self.hass = hass
        self.words = words  # the reply button's words, in the owner's language
        self.shown = shown  # a phone renders markup: what it is sent is scrubbed, plain text
        self._changed = on_change or (lambda: None)
        self.title = title
        self.targets = list(targets)
        self.pending: dict[str, Pending] = {}
        self._failing: set[str] = set()
        self._on_reply: ReplyHandler | None = None

    @callback
    def async_listen(self, on_reply: ReplyHandler) -> Callable[[], None]:
        """Route typed replies to `on_reply`; returns the unsubscribe."""
        self._on_reply = on_reply
        return self.hass.bus.async_listen(EVENT_NOTIFICATION_ACTION, self._on_action)

    async def async_deliver(
        self, text: str, now: datetime, targets: list[str] | None = None
    ) -> list[str]:
        """Send `text` to every target (or the given ones); returns those that took it."""
        delivered = []
        for target in targets if targets is not None else self.targets:
            if await self._send(target, text, now):
                delivered.append(target)
        return delivered

    async def _send(self, target: str, text: str, now: datetime) -> bool:
        domain, _, name = target.partition(".")
        text = self.shown(text)
        try:
            if self.hass.states.get(target) is not None:  # a notify entity
                await self.hass.services.async_call(
                    "notify",
                    "send_message",
                    {"entity_id": target, "message": text, "title": self.title},
                    blocking=True,
                )
            else:
                data: dict[str, Any] = {"message": text, "title": self.title}
                if name.startswith("mobile_app_"):
                    action = f"{ACTION_PREFIX}{secrets.token_hex(8)}"
                    data["data"] = {
                        "actions": [
                            {
                                "action": action,
                                "title": self.words("notify.reply_action"),
                                "behavior": "textInput",
                                "textInputButtonTitle": self.words("notify.reply_send"),
                                "textInputPlaceholder": self.words(
                                    "notify.reply_placeholder", name=self.title
                                ),
                            }
                        ],
                        "tag": f"shelldon_{self.title.lower()}",
                    }
                    self.pending[action] = Pending(target, now)
                    self._changed()  # a reply after a restart must not be lost
                await self.hass.services.async_call(domain, name, data, blocking=True)
        except Exception as err:
            if target not in self._failing:
                self._failing.add(target)
                _LOGGER.warning("Could not deliver to %s: %s", target, err)
            return False
        if target in self._failing:
            self._failing.discard(target)
            _LOGGER.info("Delivering to %s works again", target)
        return True

    @callback
    def _on_action(self, event: Event) -> None:
        action = event.data.get("action")
        text = event.data.get("reply_text")
        if not isinstance(action, str) or action not in self.pending or self._on_reply is None:
            return
        if not isinstance(text, str) or not text.strip():
            return  # an empty reply leaves the notification answerable
        pending = self.pending.pop(action)
        self._changed()
        self.hass.async_create_task(
            self._on_reply(text, pending.target), "shelldon notification reply"
        )

    def prune(self, now: datetime) -> None:
        """Forget notifications too old to be answered."""
        self.pending = {a: p for a, p in self.pending.items() if now - p.sent_at < REPLY_TTL}

    def to_dict(self) -> dict[str, Any]:
        """The pending replies, for the checkpoint (a reply after a restart is not lost)."""
        return {
            a: {"target": p.target, "sent_at": p.sent_at.isoformat()}
            for a, p in self.pending.items()
        }

    def restore(self, data: Any) -> None:
        """Pending replies from the checkpoint."""
        if not isinstance(data, dict):
            return
        for action, raw in data.items():
            item = mapping(raw)
            target, sent_at = text(item.get("target")), instant(item.get("sent_at"))
            if isinstance(action, str) and target and sent_at is not None:
                self.pending[action] = Pending(target, sent_at)
