"""`python -m shelldon_pi` / `shelldon-pi`: check the settings, open the panel, run until stopped.

Exit codes: 0 stopped cleanly (SIGTERM, Ctrl-C); 2 the configuration cannot work (bad
argument, refused token, wrong pet name, a token that may not post states); 3 the panel or
its driver is not there. Network trouble never exits: it is retried with backoff.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence

import aiohttp

from .config import Config, parse_config
from .errors import EXIT_CONFIG, ConfigError, Fatal, PanelError
from .panel import Panel, open_panel
from .pisugar import PiSugar
from .service import Body

_LOGGER = logging.getLogger("shelldon_pi")


class _Formatter(logging.Formatter):
    """`shelldon-pi: message`, with `error:` / `warning:` in front when it is one."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.exc_info and record.levelno >= logging.ERROR:
            message += "\n" + self.formatException(record.exc_info)
        if record.levelno >= logging.WARNING:
            return f"shelldon-pi: {record.levelname.lower()}: {message}"
        return f"shelldon-pi: {message}"


def setup_logging(verbose: bool) -> None:
    """One line per event on stderr (journald adds the time under systemd)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Formatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    _LOGGER.setLevel(logging.DEBUG if verbose else logging.INFO)


async def serve(config: Config, panel: Panel) -> None:
    """Run the service until SIGTERM/SIGINT; raises Fatal."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    pisugar = PiSugar(*config.pisugar) if config.pisugar else None
    # No session-wide deadline: the websocket lives for days; every call sets its own timeout.
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None)) as session:
        body = Body(config, panel, session, pisugar=pisugar)
        running = asyncio.create_task(body.run())
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if running.done():
            running.result()  # a Fatal error: raise it
            return
        _LOGGER.info("stopping")
        await body.shutdown()
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


def main(argv: Sequence[str] | None = None) -> int:
    """The command; returns the exit code."""
    try:
        config = parse_config(argv)
    except ConfigError as err:
        print(f"shelldon-pi: error: {err}", file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(config.verbose)
    try:
        panel = open_panel(config.panel, config.png_path, config.full_every)
    except PanelError as err:
        _LOGGER.error("%s", err)
        return err.exit_code
    _LOGGER.info(
        "drawing %s on %s%s",
        config.face_entity,
        panel.name,
        f"; battery from pisugar-server at {config.pisugar[0]}:{config.pisugar[1]} as "
        f"{config.battery_entity} and {config.plugged_entity}"
        if config.pisugar
        else "",
    )
    try:
        asyncio.run(serve(config, panel))
    except Fatal as err:
        _LOGGER.error("%s", err)
        return err.exit_code
    except KeyboardInterrupt:
        pass
    finally:
        panel.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
