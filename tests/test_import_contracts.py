"""The import contracts of pyproject.toml's [tool.importlinter] hold: the checker imports
neither the app nor Textual nor Rich; neither the checker's modules nor the app's import a
circle; the checker's layers and the app's (the command line over its commands, over the
TUI and watch, over marking, over progress, over the course) stand."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _lint_imports() -> str:
    """The `lint-imports` of this interpreter's environment (beside `python`)."""
    found = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("lint-imports is missing: install the test extra (`pip install -e .[test]`)")
    return found


def test_every_import_contract_is_kept():
    run = subprocess.run(
        [_lint_imports(), "--no-cache"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "0 broken" in report and " BROKEN" not in report, report
    assert "the checker stands alone: no tooltutor, Textual or Rich KEPT" in report
    assert "no import circle among the checker's modules and packages KEPT" in report
