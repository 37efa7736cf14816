"""Run every benchmark and print each figure against its budget.

    python3 -m bench            everything
    python3 -m bench lint tui   some of them (cli, lint, python, tui, course, session)
    python3 -m bench --strict   exit 1 when a budget is missed

These are benchmarks, not tests: CI does not run them, and a slow machine is not a failure.
"""

from __future__ import annotations

import sys

from bench import bench_cli, bench_course, bench_lint, bench_python, bench_session, bench_tui
from bench.common import table

SUITES = {
    "cli": bench_cli.run,
    "lint": bench_lint.run,
    "python": bench_python.run,
    "tui": bench_tui.run,
    "course": bench_course.run,
    "session": bench_session.run,
}


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    chosen = [a for a in argv if not a.startswith("-")] or list(SUITES)
    unknown = [a for a in chosen if a not in SUITES]
    if unknown:
        print(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(SUITES)}")
        return 2
    results = []
    for name in chosen:
        print(f"running {name} ...", file=sys.stderr, flush=True)
        results += SUITES[name]()
    print(table(results))
    missed = [r for r in results if not r.ok]
    return 1 if strict and missed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
