"""Fixtures for the translation tests: a small course with a partial pt-BR translation,
a progress folder in the test's tmp, and the interface language put back after each test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from i18n_helpers import FIXTURE, LANGUAGE_VARIABLES, REPO  # noqa: E402


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A fresh TOOLTUTOR_HOME, no language from the environment, and English again after."""
    folder = tmp_path / "home"
    monkeypatch.setenv("TOOLTUTOR_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield folder
    from tooltutor.i18n import set_language, use_checker_language

    set_language("en")
    use_checker_language("en")


@pytest.fixture
def course_copy(tmp_path):
    """`course_copy()` -> a copy of the fixture course to change."""

    def copy() -> Path:
        root = tmp_path / "course"
        if not root.exists():
            shutil.copytree(FIXTURE, root)
        return root

    return copy


@pytest.fixture
def run(tmp_path):
    """`run(*args, env=...)` -> CompletedProcess of `python -m tooltutor args`."""
    base = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    base.pop("TOOLTUTOR_COURSE", None)
    base.update({"TOOLTUTOR_HOME": str(tmp_path / "home"), "NO_COLOR": "1", "LANG": "C.UTF-8"})

    def _run(*args, env=None, cwd=None):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", *map(str, args)],
            cwd=cwd or REPO,
            capture_output=True,
            text=True,
            env={**base, **(env or {})},
            timeout=120,
        )

    return _run
