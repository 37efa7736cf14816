"""Whole commands in a fresh process, installed and from the checkout, each as a ratio to
a bare `python -c pass` of the same interpreter taken pair by pair (`paired_ratio`).

- installed: the wheel built from this checkout, installed (not editable) into a venv of
  its own (`bench.installed`), run as a user runs it, the `tooltutor` script, from a
  folder outside the repository;
- checkout: `python -m tooltutor` with the repository's root as its folder.

Both places get the same budgets (the README's table). Every command runs as a learner
runs it (`user_env`): a home of its own in the temporary folder, no $TOOLTUTOR_HOME and no
$XDG_* variable, so the user's data and cache folders are looked up as they are for a
user; the course cache is filled by a first `list`, as any first use fills it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import yaml

from bench.common import REPO, Result, child_env, paired_ratio, spawn, user_env
from bench.requests import request_json

WRONG_ANSWER = '[{"role": "user", "content": "What\'s the weather in Lisboa right now?"}]'
PYTHON_EXERCISE = REPO / "exercises/round-trip/02-fix-round-trip.yaml"


class Place:
    """Where a command runs: its interpreter, how tooltutor is started, and its folder."""

    def __init__(self, name: str, python: Path | str, tool: list[str], cwd: Path) -> None:
        self.name, self.python, self.tool, self.cwd = name, str(python), tool, cwd

    @property
    def floor(self) -> list[str]:
        return [self.python, "-c", "pass"]


def checkout() -> Place:
    return Place("checkout", sys.executable, [sys.executable, "-m", "tooltutor"], REPO)


def installed(python: Path, cwd: Path) -> Place:
    script = python.parent / ("tooltutor.exe" if os.name == "nt" else "tooltutor")
    return Place("installed", python, [str(script)], cwd)


#: (name, the command's arguments from the files folder, budget in x bare python, stretch)
COMMANDS: list[tuple[str, list[str], float, float | None]] = [
    ("--version", ["--version"], 2.5, None),
    ("list", ["list"], 8, None),
    ("check, a JSON exercise", ["check", "write-tool-result", "{files}/answer.json"], 6, 4),
    (
        "check, a JSON exercise, in Russian",
        ["--lang", "ru", "check", "write-tool-result", "{files}/answer.json"],
        6,
        None,
    ),
    ("check, a Python exercise", ["check", "fix-round-trip", "{files}/answer.py"], 20, None),
    ("lint a 30-message request", ["lint", "{files}/request.json"], 4, None),
]
TUI_BUDGET = 40


def _write_files(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "answer.json").write_text(WRONG_ANSWER, encoding="utf-8")
    spec = yaml.safe_load(PYTHON_EXERCISE.read_text(encoding="utf-8"))
    model = yaml.safe_load((REPO / "course.yaml").read_text(encoding="utf-8"))["model"]
    (folder / "answer.py").write_text(spec["solution"].replace("{{model}}", model), "utf-8")
    (folder / "request.json").write_text(request_json(30), encoding="utf-8")


def measure(place: Place, files: Path, home: Path, only: set[str] | None = None) -> list[Result]:
    """Every whole command at `place`, against its budget."""
    home.mkdir(parents=True, exist_ok=True)
    env = user_env(home, {"NO_COLOR": "1"})
    spawn([*place.tool, "list"], env, place.cwd)  # fill the course cache, as any first use does
    results = []
    for name, args, budget, stretch in COMMANDS:
        if only and name not in only:
            continue
        argv = place.tool + [a.format(files=files) for a in args]
        ratio = paired_ratio(argv, env, place.cwd, floor=place.floor, budget=budget)
        goal = f"; stretch {stretch:g}x" if stretch else ""
        results.append(
            Result(f"{place.name}: {name}", ratio.median, budget, "x", ratio.detail() + goal, ratio)
        )
    if not only or "TUI first paint" in only:
        results.append(_first_paint(place, home))
    return results


def _first_paint(place: Place, home: Path) -> Result:
    from bench.bench_tui import first_paint

    env = child_env(user_env(home, {"TERM": "xterm-256color", "NO_COLOR": None}))
    timer: Callable = lambda argv, _env, cwd: first_paint(argv, env, cwd)  # noqa: E731
    ratio = paired_ratio(
        place.tool, None, place.cwd, floor=place.floor, timer=timer, budget=TUI_BUDGET
    )
    name = f"{place.name}: TUI first paint (80x24)"
    return Result(name, ratio.median, TUI_BUDGET, "x", ratio.detail(), ratio)


def run(places: str = "both") -> list[Result]:
    from bench.installed import installed_python

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        files, outside = Path(tmp) / "files", Path(tmp) / "elsewhere"
        _write_files(files)
        outside.mkdir()
        chosen = []
        if places in ("both", "installed"):
            chosen.append(installed(installed_python(), outside))
        if places in ("both", "checkout"):
            chosen.append(checkout())
        for place in chosen:
            print(f"  {place.name} ...", file=sys.stderr, flush=True)
            results += measure(place, files, Path(tmp) / f"home-{place.name}")
    return results
