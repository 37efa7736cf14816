"""How much of each `slow` test runs: all of it by default, a bounded share in CI.

`python3 -m pytest -m slow` runs the long fuzzing and stress runs in full (10,000
examples, 100 rounds...). With ``TOOLTUTOR_SLOW_SHARE`` set to a number between 0 and 1
(CI's second step sets 0.05, see `.ci/run`), each of them does that share of its
examples, rounds or cases instead, at least one, so that the step keeps to minutes.
"""

from __future__ import annotations

import math
import os

ENV = "TOOLTUTOR_SLOW_SHARE"


def share() -> float:
    """The share of each slow run to do: ``$TOOLTUTOR_SLOW_SHARE`` in (0, 1], else 1."""
    try:
        value = float(os.environ.get(ENV, "1"))
    except ValueError:
        return 1.0
    return value if 0 < value <= 1 else 1.0


def bounded(full: int) -> int:
    """How many of `full` examples or rounds to run: `share()` of them, at least one."""
    return max(1, math.ceil(full * share()))


def sample(cases) -> list:
    """`bounded(len(cases))` of `cases`, spread evenly over them, in their order."""
    cases = list(cases)
    n = bounded(len(cases)) if cases else 0
    return [cases[i * len(cases) // n] for i in range(n)]


def in_full() -> bool:
    """Whether the slow runs run in full (no share set)."""
    return share() == 1.0
