"""Fixtures for the reliability tests: a fresh TOOLTUTOR_HOME for every test, and the
helpers of `reliability_helpers` on the import path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A progress and cache folder of the test's own: the real data folder is never used."""
    folder = tmp_path / "home"
    monkeypatch.setenv("TOOLTUTOR_HOME", str(folder))
    monkeypatch.delenv("TOOLTUTOR_COURSE", raising=False)
    monkeypatch.delenv("TOOLTUTOR_DEBUG", raising=False)
    monkeypatch.delenv("TOOLTUTOR_MAX_FILE_BYTES", raising=False)
    return folder
