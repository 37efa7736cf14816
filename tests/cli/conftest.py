"""Run the real `tooltutor` command in a subprocess, with its own progress folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "course"))

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def run(tmp_path, monkeypatch):
    """`run(*args, cwd=..., input=...)` -> CompletedProcess of `python -m tooltutor args`."""
    home = tmp_path / "home"
    env = {**os.environ, "TOOLTUTOR_HOME": str(home), "NO_COLOR": "1"}
    env.pop("TOOLTUTOR_COURSE", None)
    env.pop("TOOLTUTOR_DEBUG", None)

    def _run(*args, cwd=None, input=None, extra_env=None):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", *map(str, args)],
            cwd=cwd or REPO,
            input=input,
            capture_output=True,
            text=True,
            env={**env, **(extra_env or {})},
            # generous: `validate` self-tests every exercise (seconds alone, minutes on
            # a loaded machine); the limit is there to end a hang, not to time anything
            timeout=600,
        )

    return _run
