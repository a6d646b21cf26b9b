"""The service: follows the face, paints the panel, reports the battery. Shells around policy.

Four tasks share one event loop:
- the follower keeps one websocket connection to Home Assistant (reconnecting with backoff)
  and learns from `subscribe_entities` when the face entity's state changes (no polling);
- the fetcher downloads each new face PNG (bearer token) and prepares it for the panel;
- the painter asks the refresh policy whether and how to draw, and draws in a worker thread;
  it also puts up the "no connection" face when Home Assistant has been away too long;
- the battery task reads pisugar-server and posts the two entities (again on every new
  connection, since Home Assistant forgets REST-posted states when it restarts).
A Fatal error in any of them stops the service; network trouble never does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

import aiohttp
from PIL import Image

from . import face as pictures
from .battery import NO_READING, Reading, Sent, entity_states, should_send
from .config import Config
from .errors import PetNotFound, TokenRefused, Unreachable
from .link import CLOSED, MISSING, Link, entity_state
from .panel import Panel
from .pisugar import PiSugar
from .policy import Draw, Shown, Wait, backoff, decide, drawn, offline_at, offline_due
from .words import TAG

_LOGGER = logging.getLogger(__name__)
IGNORED_STATES: Final = frozenset({"unavailable", "unknown"})
MISSING_CHECK_S: Final = 2.0  # how often to look again for a face that is not there (yet)
MISSING_GRACE_S: Final = 60.0  # no face at all in a running Home Assistant for this long: stop
FETCH_RETRIES: Final = 5
REPORT_AGAIN_S: Final = 600.0  # repeat an unchanged network complaint this often
SHUTDOWN_POST_S: Final = 3.0


@dataclass(frozen=True)
class Picture:
    """A picture ready for the panel, and its fingerprint."""

    image: Image.Image
    digest: str
    label: str


class Body:
    """The running service."""

    def __init__(
        self,
        config: Config,
        panel: Panel,
        session: aiohttp.ClientSession,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] = datetime.now,
        pisugar: PiSugar | None = None,
    ) -> None:
        self.config = config
        self.panel = panel
        self.session = session
        self.clock = clock
        self.wall = wall
        self.pisugar = pisugar
        self.link: Link | None = None
        self.generation = 0  # one more for every successful connection
        self.connected = asyncio.Event()  # set on every new connection (the battery waits on it)
        self.seen_face = False
        self.reading: Reading = NO_READING
        self.shown = Shown()
        self.draws = 0
        self._wanted: str | None = None  # the face entity's state to show
        self._fetched: str | None = None  # the state whose picture we have
        self._face: Picture | None = None
        self._offline: Picture | None = None
        # The words on the faces it draws itself: the option's, else Home Assistant's language.
        self.language = config.language or "en"
        self._down_since: float | None = clock()  # not connected yet
        self._down_wall = wall()
        self._fetch_wake = asyncio.Event()
        self._paint_wake = asyncio.Event()
        self._complaint: tuple[str, float] | None = None

    # ------------------------------------------------------------------ running

    async def run(self) -> None:
        """Run until cancelled; raises Fatal when the configuration cannot work."""
        jobs = [self._follow(), self._fetch(), self._paint()]
        if self.pisugar is not None:
            jobs.append(self._battery())
        tasks = [asyncio.create_task(job) for job in jobs]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                task.result()  # re-raises the failure
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if self.link is not None:
                await self.link.close()

    async def shutdown(self) -> None:
        """A clean stop: the battery entities read unavailable (the Pi is off, not at 80 %)."""
        link = self.link
        if link is None or self.pisugar is None:
            return
        states = entity_states(
            NO_READING, self.config.battery_entity, self.config.plugged_entity, self.config.pet_name
        )
        with contextlib.suppress(Exception):
            async with asyncio.timeout(SHUTDOWN_POST_S):
                for state in states:
                    await link.post_state(state.entity_id, state.body())

    # ------------------------------------------------------------------ the connection

    def _complain(self, message: str) -> None:
        """Log a network complaint once, and again only if it changes or every 10 minutes."""
        now = self.clock()
        last = self._complaint
        if last is not None and last[0] == message and now - last[1] < REPORT_AGAIN_S:
            _LOGGER.debug("%s", message)
            return
        self._complaint = (message, now)
        _LOGGER.warning("%s", message)

    async def _follow(self) -> None:
        attempt = 0
        while True:
            link = Link(self.session, self.config.url, self.config.websocket_url, self.config.token)
            try:
                await link.connect()
            except Unreachable as err:
                delay = backoff(attempt)
                attempt += 1
                self._complain(
                    f"cannot reach Home Assistant at {self.config.url}: {err}; "
                    f"retrying in {delay:.0f} s"
                )
                await asyncio.sleep(delay)
                continue
            attempt = 0
            self._complaint = None
            self._up(link)
            _LOGGER.info(
                "connected to Home Assistant %s at %s; following %s",
                link.ha_version,
                self.config.url,
                self.config.face_entity,
            )
            try:
                await self._learn_language(link)
                await self._watch(link)
            except Unreachable as err:
                _LOGGER.warning("lost Home Assistant (%s); reconnecting", err)
            finally:
                self._down()
                await link.close()
            await asyncio.sleep(backoff(0))

    def _up(self, link: Link) -> None:
        self.link = link
        self.generation += 1
        self._down_since = None
        self.connected.set()
        self._paint_wake.set()

    def _down(self) -> None:
        self.link = None
        self._down_since = self.clock()
        self._down_wall = self.wall()
        self._offline = None
        self._paint_wake.set()

    async def _learn_language(self, link: Link) -> None:
        """Home Assistant's language (its /api/config, over the websocket), unless --language
        said one; kept for the times Home Assistant is away."""
        if self.config.language is not None:
            return
        try:
            config = await link.command({"type": "get_config"})
        except (Unreachable, TimeoutError) as err:
            _LOGGER.debug("could not read Home Assistant's language (%s)", err)
            return
        language = config.get("language") if isinstance(config, dict) else None
        if isinstance(language, str) and TAG.fullmatch(language) and language != self.language:
            self.language = language
            self._offline = None

    async def _watch(self, link: Link) -> None:
        face = self.config.face_entity
        events = await link.subscribe({"type": "subscribe_entities", "entity_ids": [face]})
        first = True
        missing_since: float | None = None
        while True:
            timeout = MISSING_CHECK_S if missing_since is not None else None
            try:
                event = await asyncio.wait_for(events.get(), timeout)
            except TimeoutError:
                assert missing_since is not None
                await self._look_for_face(link, missing_since)
                continue
            if event is CLOSED:
                raise Unreachable("the connection dropped")
            if not isinstance(event, dict):
                continue
            state = entity_state(event, face)
            if first and state is None and face not in (event.get("a") or {}):
                state = MISSING
            first = False
            if state is MISSING:
                if missing_since is None:
                    missing_since = self.clock()
                    if self.seen_face:
                        _LOGGER.info("%s is gone for now; waiting for it to come back", face)
                await self._look_for_face(link, missing_since)
                continue
            if state is None:
                continue
            missing_since = None
            self.seen_face = True
            if isinstance(state, str) and state not in IGNORED_STATES:
                self._want(state)

    async def _look_for_face(self, link: Link, missing_since: float) -> None:
        """A face that is not there: wait if Home Assistant is starting or the pet reloading;
        stop with the list of faces if the name is wrong."""
        if self.seen_face:
            return  # it was there: Home Assistant restarted or the pet is reloading
        config = await link.command({"type": "get_config"})
        if isinstance(config, dict) and config.get("state") not in (None, "RUNNING"):
            return  # still starting: the pet may not be set up yet
        states = await link.command({"type": "get_states"})
        faces = sorted(
            str(s.get("entity_id"))
            for s in states or []
            if isinstance(s, dict)
            and str(s.get("entity_id", "")).startswith("image.")
            and str(s.get("entity_id", "")).endswith("_face")
        )
        if self.config.face_entity in faces:
            return  # it appeared meanwhile: the subscription will say so
        if faces or self.clock() - missing_since >= MISSING_GRACE_S:
            raise PetNotFound(self.config.face_entity, faces)
        self._complain(
            f"waiting for {self.config.face_entity}: Home Assistant has no pet's face yet "
            "(is shelldon set up there?)"
        )

    # ------------------------------------------------------------------ the face

    def _want(self, state: str) -> None:
        self._wanted = state
        if state != self._fetched:
            self._fetch_wake.set()

    async def _fetch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await self._fetch_wake.wait()
            self._fetch_wake.clear()
            failures = 0
            while (state := self._wanted) is not None and state != self._fetched:
                link = self.link
                if link is None:
                    break  # the next connection says the state again
                try:
                    png = await link.fetch_image(self.config.face_entity)
                    picture = await loop.run_in_executor(None, self._prepare, png)
                except TokenRefused:
                    raise
                except LookupError:
                    break  # gone: the subscription says when it is back
                except pictures.BadPicture as err:
                    _LOGGER.warning("the face is not a picture the panel can show: %s", err)
                    self._fetched = state
                    break
                except Unreachable as err:
                    failures += 1
                    if failures >= FETCH_RETRIES:
                        _LOGGER.warning("could not fetch the face (%s); waiting for a change", err)
                        break
                    _LOGGER.debug("fetching the face failed (%s); trying again", err)
                    await asyncio.sleep(backoff(failures - 1, max_s=10.0))
                    continue
                self._fetched = state
                self._face = picture
                self._paint_wake.set()

    def _prepare(self, png: bytes) -> Picture:
        image = pictures.prepare(png, self.panel.size, self.panel.palette)
        return Picture(image, pictures.digest(image), "the face")

    def _offline_picture(self) -> Picture:
        if self._offline is None:
            size = self.panel.size or (self._face.image.size if self._face else None)
            since = self._down_wall.strftime("%H:%M")
            image = pictures.offline_face(size, self.panel.palette, since, self.language)
            self._offline = Picture(image, "offline:" + pictures.digest(image), "no connection")
        return self._offline

    async def _paint(self) -> None:
        loop = asyncio.get_running_loop()
        timing = self.panel.timing
        after = self.config.offline_after_s
        while True:
            self._paint_wake.clear()
            now = self.clock()
            target: Picture | None
            if offline_due(self._down_since, now, after):
                target = await loop.run_in_executor(None, self._offline_picture)
            else:
                target = self._face
            timeout: float | None = None
            if target is not None:
                decision = decide(self.shown, target.digest, now, timing)
                if isinstance(decision, Draw):
                    if await self._draw(loop, target, decision):
                        continue
                    timeout = max(timing.min_interval_s, 5.0)
                elif isinstance(decision, Wait):
                    timeout = max(0.0, decision.until - now)
            due = offline_at(self._down_since, after)
            if due is not None and due > now:
                timeout = due - now if timeout is None else min(timeout, due - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._paint_wake.wait(), timeout)

    async def _draw(self, loop: asyncio.AbstractEventLoop, target: Picture, decision: Draw) -> bool:
        try:
            await loop.run_in_executor(None, self.panel.show, target.image, decision.refresh)
        except Exception as err:
            _LOGGER.error("could not draw on %s: %s", self.panel.name, err)
            return False
        self.shown = drawn(self.shown, target.digest, decision.refresh, self.clock())
        self.draws += 1
        _LOGGER.info("drew %s (%s refresh)", target.label, decision.refresh.value)
        return True

    # ------------------------------------------------------------------ the battery

    async def _battery(self) -> None:
        assert self.pisugar is not None
        sent: Sent | None = None
        config = self.config
        while True:
            self.connected.clear()
            self.reading = reading = await self.pisugar.read()
            link = self.link
            now = self.clock()
            if link is not None and should_send(sent, reading, self.generation, now):
                states = entity_states(
                    reading, config.battery_entity, config.plugged_entity, config.pet_name
                )
                values = (states[0].state, states[1].state)
                try:
                    for state in states:
                        await link.post_state(state.entity_id, state.body())
                except Unreachable as err:
                    _LOGGER.debug("could not post the battery (%s); trying again", err)
                else:
                    if sent is None or sent.states != values or sent.generation != self.generation:
                        _LOGGER.info(
                            "battery %s, plugged in: %s → %s, %s",
                            f"{values[0]} %" if values[0].isdigit() else values[0],
                            values[1],
                            config.battery_entity,
                            config.plugged_entity,
                        )
                    sent = Sent(values, self.generation, now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.connected.wait(), config.battery_every_s)
