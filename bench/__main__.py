"""Run every benchmark and print each figure against its budget.

    python3 -m bench                     everything
    python3 -m bench startup lint        some of them: startup, lint, python, tui, course,
                                         session, size, plugin
    python3 -m bench startup --installed only the installed product (or --checkout)
    python3 -m bench --strict            exit 1 when a budget is missed

`startup` builds the wheel, installs it into a venv of its own under build/bench/ (reused
while the wheel is the same) and times whole commands there and from the checkout.
These are benchmarks, not tests: CI does not run them, and a slow machine is not a failure.
"""

from __future__ import annotations

import sys

from bench import (
    bench_course,
    bench_lint,
    bench_plugin,
    bench_python,
    bench_session,
    bench_size,
    bench_startup,
    bench_tui,
)
from bench.common import table

SUITES = {
    "startup": bench_startup.run,
    "lint": bench_lint.run,
    "python": bench_python.run,
    "tui": bench_tui.run,
    "course": bench_course.run,
    "session": bench_session.run,
    "size": bench_size.run,
    "plugin": bench_plugin.run,
}
PLACES = {"--installed": "installed", "--checkout": "checkout"}


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    places = [PLACES[a] for a in argv if a in PLACES]
    where = places[0] if len(places) == 1 else "both"
    unknown_options = [a for a in argv if a.startswith("-") and a not in (*PLACES, "--strict")]
    chosen = [a for a in argv if not a.startswith("-")] or list(SUITES)
    unknown = [a for a in chosen if a not in SUITES] + unknown_options
    if unknown:
        print(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        return 2
    results = []
    for name in chosen:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        results += SUITES[name](where) if name == "startup" else SUITES[name]()
    print(table(results))
    missed = [r for r in results if not r.ok]
    return 1 if strict and missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
