"""The Home Assistant process: `python -m homeassistant --config DIR` as a child of this script.

Its own process group (Ctrl-C reaches only the demo, which forwards one clean SIGTERM), killed by
the kernel if the demo dies, its console drained into a ring buffer with errors echoed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .config import hass_python

RESTART_EXIT_CODE = 100  # Home Assistant exits with this when the owner asks for a restart.
# Console lines not worth echoing: Home Assistant's camera helper misses the system libturbojpeg,
# and tts (for Assist) the ffmpeg binary, where the machine lacks them (scripts/run adds both to
# its Debian root): both harmless for a text-only demo.
ALWAYS_MUTED = ("libturbojpeg", "[haffmpeg.core] FFmpeg fails")


def _die_with_parent() -> Callable[[], None] | None:
    """Linux: have the kernel SIGTERM Home Assistant if this script (or a test run) dies abruptly.

    prctl is looked up here, before the fork: the child must not import anything.
    """
    if sys.platform != "linux":
        return None
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None

    def preexec() -> None:  # pragma: no cover - runs in the child between fork and exec
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG

    return preexec


@dataclass
class HassProcess:
    """A `hass --config DIR` child: its own process group, output drained into a ring buffer.

    Home Assistant writes its full log to `<config>/home-assistant.log`; its console output
    (the same lines, plus anything printed before logging starts) is kept in `recent`, and
    errors are echoed to the terminal when `echo` is set.
    """

    config_dir: Path
    echo: Callable[[str], None] | None = None
    extra_args: tuple[str, ...] = ()
    proc: subprocess.Popen[str] | None = None
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=200))
    muted: list[str] = field(default_factory=lambda: list(ALWAYS_MUTED))
    _reader: threading.Thread | None = None

    def start(self) -> HassProcess:
        """Start Home Assistant (pip disabled: everything it needs is in the venv)."""
        cmd = [
            hass_python(),
            "-m",
            "homeassistant",
            "--config",
            str(self.config_dir),
            "--log-file",
            str(self.config_dir / "home-assistant.log"),
            "--log-no-color",
            "--skip-pip",
            *self.extra_args,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=env,
            cwd=str(self.config_dir),
            start_new_session=True,  # Ctrl-C reaches only us; we forward one clean SIGTERM
            preexec_fn=_die_with_parent(),  # noqa: PLW1509
        )
        self._reader = threading.Thread(target=self._drain, name="hass-output", daemon=True)
        self._reader.start()
        return self

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.rstrip("\n")
            self.recent.append(line)
            if (
                self.echo is not None
                and (" ERROR " in line or " CRITICAL " in line)
                and not any(pattern in line for pattern in self.muted)
            ):
                self.echo(_shorten(line))

    @property
    def pid(self) -> int | None:
        """The child's process id."""
        return self.proc.pid if self.proc else None

    def poll(self) -> int | None:
        """The exit code, or None while it runs."""
        return self.proc.poll() if self.proc else None

    def wait(self, timeout: float | None = None) -> int:
        """Wait for Home Assistant to exit."""
        assert self.proc is not None
        return self.proc.wait(timeout)

    def stop(self, timeout: float = 60) -> int | None:
        """SIGTERM, wait for a clean shutdown; SIGKILL only if it hangs."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        if self._reader is not None:
            self._reader.join(10)
            self._reader = None
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        return self.proc.returncode

    def kill(self) -> int | None:
        """SIGKILL at once (a second Ctrl-C)."""
        if self.proc is None:
            return None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        return self.stop(timeout=10)

    def output_tail(self, lines: int = 30) -> str:
        """The last console lines (useful when it died before writing its log)."""
        return "\n".join(list(self.recent)[-lines:])


def _shorten(line: str, width: int = 200) -> str:
    # "2025-01-01 12:00:00.123 ERROR (MainThread) [x.y] message" -> "ERROR [x.y] message"
    parts = line.split(" ", 4)
    if len(parts) == 5 and parts[3].startswith("("):
        line = f"{parts[2]} {parts[4]}"
    return "hass: " + (line if len(line) <= width else line[: width - 1] + "…")
