"""Fixtures for the TUI tests: apps on a fixture course (or the bundled one) and a
progress store in a temporary TOOLTUTOR_HOME, so no test touches the real data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tui_helpers import FIXTURE_COURSE  # noqa: E402

from tooltutor.course import load_course  # noqa: E402
from tooltutor.progress import open_store  # noqa: E402


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A fresh progress folder for every test; colour and locale as on a UTF-8 terminal."""
    folder = tmp_path / "home"
    monkeypatch.setenv("TOOLTUTOR_HOME", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


@pytest.fixture(scope="session")
def fixture_course():
    """The small, stable course of tests/tui/fixture_course."""
    return load_course(FIXTURE_COURSE)


@pytest.fixture(scope="session")
def bundled_course():
    """The course shipped with tooltutor (Lesson 2 is the heart of the journey test)."""
    return load_course()


@pytest.fixture
def make_app(home):
    """`make_app(course)` -> a TutorApp on `course` with a store in the test's home."""
    from tooltutor.tui.app import TutorApp

    stores = []

    def make(course, **options):
        store = open_store()
        stores.append(store)
        options.setdefault("unicode", True)
        options.setdefault("cursor_blink", False)
        return TutorApp(course, store, **options)

    yield make
    for store in stores:
        store.close()
