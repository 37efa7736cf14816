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


def process_time(argv: list[str], runs: int, env: dict | None = None, cwd=None) -> float:
    """Median wall seconds of a whole process, from spawn to exit."""

    def once():
        subprocess.run(
            argv,
            env={**os.environ, **(env or {})},
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )

    return median_time(once, runs)


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
