"""The terminal UI, headless: page switches and peak memory; and how to time its first
paint in a real (pseudo) terminal, which bench_startup does."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import Result, child_env

#: Runs in a fresh process: open every lesson once, turn each page, report peak memory.
MEMORY = """
import asyncio, json, resource
from tooltutor.tui.app import build_app

async def main():
    app = build_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for lesson in app.course.lessons:
            app.open_lesson(lesson.id, 0)
            await pilot.pause()
            for _ in range(12):
                await pilot.press("right")
            await pilot.pause()
    print(json.dumps(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
asyncio.run(main())
"""

#: Runs in a fresh process: page through Lesson 2 and time each switch.
PAGES = """
import asyncio, json, time
from tooltutor.tui.app import build_app

async def main():
    app = build_app()
    samples = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 0)
        await pilot.pause()
        for key in ["right"] * 10 + ["left"] * 10:
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            samples.append(time.perf_counter() - start)
    print(json.dumps(samples))
asyncio.run(main())
"""


def _python(code: str, env: dict) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout


def first_paint(
    argv: list[str], env: dict, cwd=None, marker: bytes = b"Continue", timeout: float = 20
) -> tuple[float, float]:
    """(wall seconds, CPU seconds) from spawning `argv` (the app) in an 80x24
    pseudo-terminal until the course map (its `marker`) is drawn; the app is then killed.
    The CPU seconds are read from /proc before the kill (nan where there is none)."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    begin = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real app, in a real (pseudo) terminal
        if cwd is not None:
            os.chdir(cwd)
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    try:
        while time.perf_counter() - begin < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                seen += chunk
                if marker in seen:
                    return time.perf_counter() - begin, _cpu_seconds(pid)
        raise RuntimeError(f"the map never appeared: {seen[-400:]!r}")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def _cpu_seconds(pid: int) -> float:
    """User + system seconds of a live process and its reaped children (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return float("nan")
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def run() -> list[Result]:
    """Page switches and peak memory (the first paint is a whole command: bench_startup)."""
    with tempfile.TemporaryDirectory() as home:
        env = {**child_env(), "TOOLTUTOR_HOME": home, "TERM": "xterm-256color", "NO_COLOR": "1"}
        pages = json.loads(_python(PAGES, env).strip().splitlines()[-1])
        peak_kb = json.loads(_python(MEMORY, env).strip().splitlines()[-1])
    return [
        Result(
            "TUI lesson page switch",
            statistics.median(pages) * 1000,
            150,
            "ms",
            f"median of {len(pages)}: key press to page drawn (Pilot)",
        ),
        Result(
            "TUI peak memory, every lesson opened",
            peak_kb / 1024,
            120,
            "MB",
            "max resident set size",
        ),
    ]
