"""A thin client of pisugar-server's TCP API (port 8423): one short connection per poll."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from .battery import COMMANDS, NO_READING, Reading, parse_lines, parse_reading

_LOGGER = logging.getLogger(__name__)
CONNECT_TIMEOUT_S = 3.0
REPLY_TIMEOUT_S = 2.0
MAX_LINE = 4096


class PiSugar:
    """Reads the battery level and the plug from pisugar-server."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self._failing: str | None = None

    @property
    def address(self) -> str:
        """host:port."""
        return f"{self.host}:{self.port}"

    async def read(self) -> Reading:
        """Both values; NO_READING (all unknown) when pisugar-server does not answer."""
        try:
            lines = await self._ask()
        except (OSError, TimeoutError, asyncio.IncompleteReadError, UnicodeDecodeError) as err:
            reason = _reason(err)
            if reason != self._failing:
                _LOGGER.warning(
                    "pisugar-server at %s does not answer (%s): is it running "
                    "(systemctl status pisugar-server)? The battery reads unavailable",
                    self.address,
                    reason,
                )
                self._failing = reason
            return NO_READING
        reading = parse_reading(lines)
        if self._failing is not None:
            _LOGGER.info("pisugar-server at %s answers again", self.address)
            self._failing = None
        if not reading.known:
            _LOGGER.debug("pisugar-server said nothing usable: %r", lines)
        return reading

    async def _ask(self) -> list[str]:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=MAX_LINE), CONNECT_TIMEOUT_S
        )
        lines: list[str] = []
        try:
            for command in COMMANDS:
                writer.write(command.encode() + b"\n")
                await writer.drain()
                key = command.split(" ", 1)[1]
                lines.extend(await _reply(reader, key))
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        return lines


async def _reply(reader: asyncio.StreamReader, key: str) -> list[str]:
    """Lines until one answers `key` (or the server goes quiet, or closes)."""
    lines: list[str] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + REPLY_TIMEOUT_S
    while True:
        left = deadline - loop.time()
        if left <= 0:
            return lines
        try:
            raw = await asyncio.wait_for(reader.readline(), left)
        except TimeoutError:
            return lines
        except ValueError:  # a line longer than MAX_LINE: not pisugar-server
            return lines
        if not raw:
            return lines
        line = raw.decode("utf-8", errors="replace")
        lines.append(line)
        if key in parse_lines(line):
            return lines


def _reason(err: BaseException) -> str:
    if isinstance(err, TimeoutError):
        return "timed out"
    if isinstance(err, ConnectionRefusedError):
        return "connection refused"
    return str(err) or type(err).__name__
