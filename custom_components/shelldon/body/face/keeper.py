"""The face keeper: the one pipeline from the pet's mood to the picture on its panel.

Select (the first face of the owner's table whose box holds the mood), render (Pillow, in the
executor, cached per face), then one state write with the new picture and its name together,
then the event. While a turn is in flight the lifecycle faces own the panel (`thinking`, then
a brief `reply` after a turn that spoke); the mood face returns after. A face is pushed only
when it changes, and `shelldon_mood_changed` follows the picture it announces.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from homeassistant.core import CALLBACK_TYPE, HomeAssistant, callback
from homeassistant.helpers.event import async_call_later

from ...core import defaults as d
from ...core.faces import LIFECYCLE_LOOKS, STARTER_FACES, Face, Look, select_face
from ...core.power import BackoffLevel
from ...core.state import PersonalityState
from ...ports import Basics
from ...ports.const import (
    CONF_ESPHOME_ACTION,
    CONF_PANEL_HEIGHT,
    CONF_PANEL_PALETTE,
    CONF_PANEL_WIDTH,
    EVENT_MOOD_CHANGED,
)
from .portrait import render_face

_LOGGER = logging.getLogger(__name__)
TableReader = Callable[[], tuple[tuple[Face, ...], "Stamp | None"]]
Stamp = tuple[float, int]


class FaceKeeper:
    """The pet's face: which one, its picture, and when it changed."""

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        basics: Basics,
        read_table: TableReader,
        table_stamp: Callable[[], Stamp | None],
        fire: Callable[[str, dict[str, Any]], None],
    ) -> None:
        self.hass = hass
        self.fire = fire  # an event on the bus, scrubbed
        self.entry_id = basics.entry_id
        self.read_table = read_table  # blocking: the owner's face table and its stamp
        self.table_stamp = table_stamp  # blocking
        self.clock = basics.clock
        self.dials = basics.dials
        self.spawn = basics.spawn
        self.changed = basics.changed  # the entities follow (one write per picture)
        self.faces: tuple[Face, ...] = STARTER_FACES
        self.mood_face: Face = STARTER_FACES[-1]
        self.display: str = self.mood_face.name  # what the panel shows (once drawn)
        self.png: bytes | None = None
        self.updated: datetime | None = None
        self.busy = False  # a turn is in flight: the lifecycle faces own the panel
        self.linger_reply = False  # the turn in flight spoke: show the reply face after it
        self._wanted = self.display
        self._stamp: tuple[float, int] | None = None
        self._cache: dict[str, bytes] = {}
        self._generation = 0
        self._reply_timer: CALLBACK_TYPE | None = None
        self._live = False
        self._panel_trouble: str | None = None
        self._announce: dict[str, Any] | None = None  # a mood event waiting for its picture

    # ------------------------------------------------------------------ the table

    def load_table(self) -> None:
        """Blocking: read the owner's face table (the starter faces when it does not fit)."""
        self.faces, self._stamp = self.read_table()
        self._cache.clear()

    async def async_check_table(self, state: PersonalityState, level: BackoffLevel) -> None:
        """The owner (or an approved edit) may have changed faces.yaml: follow it."""
        stamp = await self.hass.async_add_executor_job(self.table_stamp)
        if stamp == self._stamp:
            return
        await self.hass.async_add_executor_job(self.load_table)
        self.mood_face = self.select(state, level)
        self.display = ""  # force a redraw with the new table
        if not self.busy:
            self.show(self.mood_face.name)
        self.changed(save=False)

    def select(self, state: PersonalityState, level: BackoffLevel) -> Face:
        """The face the mood selects."""
        mood = state.mood
        return select_face(self.faces, mood.valence, mood.arousal, state.energy, level.value)

    # ------------------------------------------------------------------ lifecycle

    async def async_start(self, state: PersonalityState, level: BackoffLevel) -> None:
        """Show the mood face (drawn before the entities exist)."""
        self.mood_face = self.select(state, level)
        self._wanted = self.mood_face.name
        await self._async_draw()
        self._live = True

    def stop(self) -> None:
        """No more drawing."""
        self._live = False
        if self._reply_timer:
            self._reply_timer()
            self._reply_timer = None

    def clear_cache(self) -> None:
        """The panel's size or colours changed: draw everything again."""
        self._cache.clear()
        if self._live:
            self.display = ""
            self.show(self._wanted)

    # ------------------------------------------------------------------ following the mood

    def follow(self, state: PersonalityState, level: BackoffLevel) -> bool:
        """The mood or the power moved: a new face is drawn if it selects one (its event
        follows the picture); True when the mood face changed."""
        changed, picture = self._select_mood(state, level)
        if picture is not None:
            self.show(picture)
        return changed

    async def async_follow(self, state: PersonalityState, level: BackoffLevel) -> None:
        """As `follow`, but the new face is drawn before this returns and not shown: the
        caller shows the mood and its picture in one snapshot, then `announce`s it."""
        _changed, picture = self._select_mood(state, level)
        if picture is None:
            return
        self._wanted = picture
        if picture != self.display:
            await self._async_draw(quiet=True)

    def announce(self) -> None:
        """The mood event of a face the caller has just shown (it follows the picture)."""
        self._flush_announce()

    def _select_mood(self, state: PersonalityState, level: BackoffLevel) -> tuple[bool, str | None]:
        """Select the mood face: (it changed, the picture to draw for it or None). A new
        face's event waits for its picture, or goes at once when no picture is coming."""
        face = self.select(state, level)
        if face == self.mood_face:
            return False, None
        previous, self.mood_face = self.mood_face, face
        mood = state.mood
        event = {
            "entry_id": self.entry_id,
            "mood": face.name,
            "previous": previous.name,
            "valence": round(mood.valence, 3),
            "arousal": round(mood.arousal, 3),
            "energy": round(state.energy * 100, 1),  # percent, as sensor.<pet>_energy
        }
        if self.busy or self._reply_timer is not None or not self._live:
            self.fire(EVENT_MOOD_CHANGED, event)  # no new picture is coming
            return True, None
        self._announce = event
        return True, face.name

    def slot_changed(self, busy: bool) -> None:
        """A turn took or left the slot: the lifecycle faces own the panel meanwhile."""
        self.busy = busy
        if self._reply_timer:
            self._reply_timer()
            self._reply_timer = None
        if busy:
            self.show("thinking")
        elif self.linger_reply and self._live:
            self.linger_reply = False
            self.show("reply")
            self._reply_timer = async_call_later(self.hass, d.REPLY_FACE_S, self._end_reply)
        else:
            self.show(self.mood_face.name)

    @callback
    def _end_reply(self, _now: datetime) -> None:
        self._reply_timer = None
        if not self.busy:
            self.show(self.mood_face.name)

    def show(self, name: str) -> None:
        """Put a face on the panel (a mood face or a lifecycle face); only on change."""
        self._wanted = name
        if name == self.display or not self._live:
            self._flush_announce()
            return
        self.spawn(self._async_draw())

    # ------------------------------------------------------------------ drawing

    def _look(self, name: str) -> Look:
        if name in LIFECYCLE_LOOKS:
            return LIFECYCLE_LOOKS[name]
        for face in self.faces:
            if face.name == name:
                return face.look
        return self.mood_face.look

    async def _async_draw(self, *, quiet: bool = False) -> None:
        """Draw the wanted face; `quiet`: the caller shows it (and the panel is asked to
        fetch it in the background)."""
        self._generation += 1
        generation, name = self._generation, self._wanted
        png = self._cache.get(name)
        if png is None:
            png = await self.hass.async_add_executor_job(
                render_face,
                self._look(name),
                int(self.dials[CONF_PANEL_WIDTH]),
                int(self.dials[CONF_PANEL_HEIGHT]),
                str(self.dials[CONF_PANEL_PALETTE]),
            )
            self._cache[name] = png
        if generation != self._generation:
            return  # a newer face superseded this one while it rendered
        self.display, self.png, self.updated = name, png, self.clock.utcnow()
        if not quiet:
            self.changed(save=False)  # one write: the name and its picture together
            self._flush_announce()
        if action := self.dials.get(CONF_ESPHOME_ACTION):
            if quiet:
                self.spawn(self._async_call_panel(action))
            else:
                await self._async_call_panel(action)

    def _flush_announce(self) -> None:
        if self._announce is not None:
            event, self._announce = self._announce, None
            self.fire(EVENT_MOOD_CHANGED, event)

    async def _async_call_panel(self, action: str) -> None:
        """Ask the panel to fetch the new face (ESPHome); a missing or failing panel costs only
        the refresh, said once in the log until it works again."""
        domain, _, service = action.partition(".")
        try:
            if not self.hass.services.has_service(domain, service):
                raise LookupError(f"{action} does not exist (is the panel's ESPHome set up?)")
            await self.hass.services.async_call(domain, service, {}, blocking=True)
        except Exception as err:
            if self._panel_trouble is None:
                _LOGGER.warning("The panel refresh action %s failed: %s", action, err)
            self._panel_trouble = str(err)
            return
        if self._panel_trouble is not None:
            self._panel_trouble = None
            _LOGGER.info("The panel refresh action %s works again", action)

    async def async_draw_every_face(self) -> tuple[int, list[str]]:
        """Draw each face of the table at the panel's size (a self-test); (drawn, failed)."""
        width, height = int(self.dials[CONF_PANEL_WIDTH]), int(self.dials[CONF_PANEL_HEIGHT])
        palette = str(self.dials[CONF_PANEL_PALETTE])
        drawn, failed = 0, []
        for face in self.faces:
            try:
                png = await self.hass.async_add_executor_job(
                    render_face, face.look, width, height, palette
                )
            except Exception:
                png = b""
            if png.startswith(b"\x89PNG"):
                drawn += 1
            else:
                failed.append(face.name)
        return drawn, failed
