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

#: Variables that would make a whole command measure something users do not run: no
#: bytecode written (every import compiled again), another package path, an isolated or
#: development-mode interpreter.
UNSET = ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "PYTHONHOME", "PYTHONDEVMODE", "PYTHONSTARTUP")


def child_env(env: dict | None = None) -> dict:
    """The environment of a timed command: ours, less `UNSET`, plus `env` (where a value
    of None removes that variable)."""
    base = {k: v for k, v in os.environ.items() if k not in UNSET}
    return {k: v for k, v in {**base, **(env or {})}.items() if v is not None}


def user_env(home: Path, env: dict | None = None) -> dict:
    """What `child_env` is given to run a command as a learner runs it, in a home of its
    own: `home` as $HOME, no $TOOLTUTOR_HOME (so the data and cache folders are looked up
    as for a user: `tooltutor.user_dirs`) and no $XDG_* variable (so they are the usual
    ``~/.local/share/tooltutor`` and ``~/.cache/tooltutor``, inside `home`: nothing is
    written to the real home), plus `env`."""
    unset = {k: None for k in os.environ if k.startswith("XDG_")}
    return {**unset, "TOOLTUTOR_HOME": None, "HOME": str(home), **(env or {})}


@dataclass
class Result:
    """One measured figure against its budget (smaller is better)."""

    name: str
    value: float
    budget: float
    unit: str
    detail: str = ""
    ratio: Ratio | None = None  #: for a whole command: how its figure was taken

    @property
    def ok(self) -> bool:
        if self.ratio is not None:
            return self.ratio.ok
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


def spawn(argv: list[str], env: dict | None = None, cwd=None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole process, from spawn to exit. The CPU
    seconds are the operating system's count (user + system) for the process and every
    child it waited for, so a sandboxed run counts its sandbox too."""
    start = time.perf_counter()
    child = subprocess.Popen(
        argv,
        env=child_env(env),
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime


def _spawn_seconds(argv: list[str], env: dict | None = None, cwd=None) -> float:
    return spawn(argv, env, cwd)[0]


def process_time(argv: list[str], runs: int, env: dict | None = None, cwd=None) -> float:
    """Median wall seconds of a whole process, from spawn to exit."""
    return median_time(lambda: _spawn_seconds(argv, env, cwd), runs)


#: The yardstick every whole command is divided by: the same interpreter doing nothing.
FLOOR = [sys.executable, "-c", "pass"]


@dataclass
class Ratio:
    """A whole command against `python -c pass`, pair by pair (see `paired_ratio`).

    The figure is the median of the pairs' CPU-time ratios: the user + system seconds the
    operating system counts for each process (and the children it waited for). On an idle
    machine it is the wall-clock ratio; on a shared one the wall clock also counts the
    time spent waiting for a CPU that other work holds, which no pairing cancels when the
    wait is longer than a run. The wall-clock ratio is kept beside it, so that a command
    that sleeps or waits is seen: its budget is missed too when the wall-clock ratio's
    interval lies wholly above it."""

    cpu: tuple[float, float, float]  #: (median, low, high) of the CPU-time ratios
    wall: tuple[float, float, float]  #: (median, low, high) of the wall-clock ratios
    pairs: int
    command: float  #: median wall seconds of the command
    floor: float  #: median wall seconds of `python -c pass`
    budget: float | None = None

    @property
    def median(self) -> float:
        return self.cpu[0]

    @property
    def ok(self) -> bool:
        return self.budget is None or (self.cpu[0] <= self.budget and self.wall[1] <= self.budget)

    @property
    def unsure(self) -> bool:
        """The budget lies within the median's confidence interval: the verdict is noise."""
        return self.budget is not None and self.cpu[1] <= self.budget < self.cpu[2]

    def detail(self) -> str:
        near = " (within the noise of the budget)" if self.unsure else ""
        waits = "; the wall clock is over the budget" if self.wall[1] > (self.budget or 1e9) else ""
        return (
            f"{self.pairs} pairs, 95% CI {self.cpu[1]:.2f}-{self.cpu[2]:.2f}{near}; "
            f"wall clock {self.wall[0]:.2f}x ({self.wall[1]:.2f}-{self.wall[2]:.2f}){waits}; "
            f"{self.command * 1000:.0f} ms vs {self.floor * 1000:.0f} ms"
        )


def median_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """(median, low, high): the sample median and a distribution-free confidence interval
    of the true median, the order statistics n/2 -+ z*sqrt(n)/2 (binomial, normal
    approximation), so one slow or lucky run never moves either bound much."""
    ordered = sorted(values)
    n = len(ordered)
    half = z * n**0.5 / 2
    low = max(0, int(n / 2 - half))
    high = min(n - 1, int(-(-(n / 2 + half) // 1)))
    return statistics.median(ordered), ordered[low], ordered[high]


#: How many pairs: at least MIN_PAIRS, then BATCH more at a time until the median's 95%
#: interval is within PRECISION of it or lies wholly on one side of the budget, at most
#: MAX_PAIRS. A figure far from its budget is settled in 15 pairs; one near it gets up to
#: 65, so a verdict flaps only for a figure within the noise of its budget (the table
#: says so), and a regression that moves the median is seen, which one slow run cannot.
#: (On this project's shared 2-CPU machine, the CPU-time ratios of 15 pairs spread about
#: +-5% and those of 65 about +-2%; the wall-clock ratios several times more.)
MIN_PAIRS, BATCH, MAX_PAIRS, PRECISION = 15, 10, 65, 0.03


def paired_ratio(
    argv: list[str],
    env: dict | None = None,
    cwd=None,
    *,
    floor: list[str] | None = None,
    timer=spawn,
    budget: float | None = None,
    min_pairs: int = MIN_PAIRS,
    max_pairs: int = MAX_PAIRS,
) -> Ratio:
    """`argv` against `python -c pass` (`floor`, of the same interpreter, run with the same
    environment and folder), pair by pair.

    Each run of the command follows a run of the floor at once and the figure is the
    median of the pairs' ratios, so a machine that slows down for a while slows both
    halves of a pair and the figure holds (a ratio of medians would not). How many pairs:
    see MIN_PAIRS. `timer(argv, env, cwd)` returns (wall, cpu) seconds."""
    floor = floor or FLOOR
    spawn(floor, env, cwd)
    timer(argv, env, cwd)  # warm the page cache (and write bytecode) for both
    walls, cpus, commands, floors = [], [], [], []
    while True:
        for _ in range(min_pairs if not walls else BATCH):
            bare_wall, bare_cpu = spawn(floor, env, cwd)
            wall, cpu = timer(argv, env, cwd)
            walls.append(wall / bare_wall)
            cpus.append(cpu / max(bare_cpu, 1e-3))
            commands.append(wall)
            floors.append(bare_wall)
        median, low, high = median_interval(cpus)
        settled = budget is not None and (high <= budget or low > budget)
        if settled or high - low <= 2 * PRECISION * median or len(cpus) >= max_pairs:
            break
    return Ratio(
        median_interval(cpus),
        median_interval(walls),
        len(cpus),
        statistics.median(commands),
        statistics.median(floors),
        budget,
    )


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
        env=child_env(env),
        capture_output=True,
        text=True,
        check=True,
    )
    peak = int(done.stdout)
    return peak // 1024 if sys.platform == "darwin" else peak


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
