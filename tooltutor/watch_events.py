"""What `tooltutor watch` waits on: saves of the exercise file (file events, or polling)
and keys, into one queue."""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Event:
    kind: str  # "change" | "key" | "stop"
    value: str = ""


class PollWatcher(threading.Thread):
    """Watches one file by polling its size and modification time (works everywhere)."""

    def __init__(self, path_of: Callable[[], Path], events: queue.Queue, interval: float = 0.2):
        super().__init__(daemon=True)
        self.path_of = path_of
        self.events = events
        self.interval = interval
        self.stopped = threading.Event()

    def _stamp(self):
        try:
            stat = self.path_of().stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def run(self) -> None:
        last = self._stamp()
        while not self.stopped.wait(self.interval):
            stamp = self._stamp()
            if stamp != last:
                last = stamp
                self.events.put(Event("change"))


class EventWatcher(threading.Thread):
    """Watches the work folder with OS file events (watchfiles)."""

    def __init__(self, folder: Path, path_of: Callable[[], Path], events: queue.Queue):
        super().__init__(daemon=True)
        self.folder = folder
        self.path_of = path_of
        self.events = events
        self.stopped = threading.Event()

    def run(self) -> None:
        # on first use, not at import: watchfiles, anyio, array, atexit, ... (46 modules)
        from watchfiles import watch

        for changes in watch(self.folder, stop_event=self.stopped, debounce=50, step=20):
            target = str(self.path_of().resolve())
            if any(str(Path(p).resolve()) == target for _, p in changes):
                self.events.put(Event("change"))


def read_keys(events: queue.Queue, stream=None) -> None:
    """Put each key pressed (or each line typed, without a terminal) on `events`."""
    stream = stream or sys.stdin
    try:
        # POSIX only: on Windows the ImportError below means "read whole lines"
        import termios
        import tty

        fd = stream.fileno()
        interactive = stream.isatty()
    except (ImportError, AttributeError, ValueError, OSError):
        interactive = False
    if interactive:
        old = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            while True:
                ch = stream.read(1)
                if not ch:
                    break
                events.put(Event("key", ch.lower()))
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
    else:
        for line in stream:
            for ch in line.strip().lower()[:1]:
                events.put(Event("key", ch))
    events.put(Event("key", "q"))
