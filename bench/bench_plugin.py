"""What the pytest plugin costs a test run that does not ask for it: pytest's start-up
and one trivial test, with the plugin (as installed: the `pytest11` entry point) against
the same run with `-p no:tooltutor.pytest_plugin`, pair by pair. In the light install,
with pytest beside it; 1.00x is nothing at all."""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.common import Result, paired_ratio
from bench.installed import installed_python

TEST = "def test_nothing():\n    assert 1 + 1 == 2\n"
BUDGET = 1.03


def run() -> list[Result]:
    python = installed_python("light", others=("pytest",))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "test_nothing.py").write_text(TEST, encoding="utf-8")
        pytest = [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_nothing.py"]
        ratio = paired_ratio(
            pytest,
            cwd=tmp,
            floor=[*pytest, "-p", "no:tooltutor.pytest_plugin"],
            budget=BUDGET,
            max_pairs=45,
        )
    return [
        Result(
            "pytest start-up and one test, with the plugin not asked for",
            ratio.median,
            BUDGET,
            "x",
            ratio.detail().replace(" vs ", " vs without it ") + "; 1.00x costs nothing",
            ratio,
        )
    ]
