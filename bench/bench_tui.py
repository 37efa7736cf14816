"""The terminal UI, headless: cold start to the course map, page switches, peak memory."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from bench.common import Result

#: Runs in a fresh process: start the app headless, wait for the map, then leave.
COLD_START = """
import asyncio
from tooltutor.tui.app import build_app

async def main():
    app = build_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "CourseMapScreen", app.screen
asyncio.run(main())
"""

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


def run(runs: int = 7) -> list[Result]:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TOOLTUTOR_HOME": home, "NO_COLOR": "1"}
        _python(COLD_START, env)  # warm the course cache, as the first start does
        starts = []
        for _ in range(runs):
            begin = time.perf_counter()
            _python(COLD_START, env)
            starts.append(time.perf_counter() - begin)
        pages = json.loads(_python(PAGES, env).strip().splitlines()[-1])
        peak_kb = json.loads(_python(MEMORY, env).strip().splitlines()[-1])
    return [
        Result(
            "TUI cold start to the course map",
            statistics.median(starts),
            0.6,
            "s",
            "process spawn to map shown and app closed, headless",
        ),
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
