"""Timing helpers and the result table shared by the benchmarks."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Result:
    """One measured figure against its budget (smaller is better)."""

    name: str
    value: float
    budget: float
    unit: str
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.value <= self.budget


def median_time(fn, runs: int, warmup: int = 1) -> float:
    """Median seconds of `fn()` over `runs` calls, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def _spawn_seconds(argv: list[str], env: dict | None = None, cwd=None) -> float:
    """Wall seconds of one whole process, from spawn to exit."""
    start = time.perf_counter()
    subprocess.run(
        argv,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - start


def process_time(argv: list[str], runs: int, env: dict | None = None, cwd=None) -> float:
    """Median wall seconds of a whole process, from spawn to exit."""
    return median_time(lambda: _spawn_seconds(argv, env, cwd), runs)


def paired_ratio(
    argv: list[str], runs: int, env: dict | None = None, cwd=None
) -> tuple[float, float, float]:
    """(median of the ratios, median seconds of the command, of the floor): each run of
    the command is paired with a `python -c pass` run just before it, and the figure is
    the median of the pairs' ratios, so a machine that slows down for a while slows both
    halves of a pair and the figure holds (a ratio of medians would not)."""
    floor = [sys.executable, "-c", "pass"]
    _spawn_seconds(floor)
    _spawn_seconds(argv, env, cwd)  # warm the page cache for both
    ratios, commands, floors = [], [], []
    for _ in range(runs):
        bare = _spawn_seconds(floor)
        command = _spawn_seconds(argv, env, cwd)
        ratios.append(command / bare)
        commands.append(command)
        floors.append(bare)
    return statistics.median(ratios), statistics.median(commands), statistics.median(floors)


def peak_rss_kib(argv: list[str], env: dict | None = None) -> int:
    """The largest resident set of a whole command, in KiB (Linux and macOS), measured
    from a fresh parent so no earlier child's peak is counted."""
    code = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], "
        "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *argv],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    peak = int(done.stdout)
    return peak // 1024 if sys.platform == "darwin" else peak


def bare_python(runs: int) -> float:
    """Median seconds of `python -c pass`: the floor every command stands on."""
    return process_time([sys.executable, "-c", "pass"], runs)


def table(results: list[Result]) -> str:
    rows = [("benchmark", "measured", "budget", "", "detail")]
    for r in results:
        rows.append(
            (
                r.name,
                f"{r.value:.3g} {r.unit}",
                f"{r.budget:.3g} {r.unit}",
                "ok" if r.ok else "OVER",
                r.detail,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = []
    for row in rows:
        cells = [row[i].ljust(widths[i]) for i in range(4)]
        lines.append("  ".join(cells) + ("  " + row[4] if row[4] else ""))
    return "\n".join(lines)
