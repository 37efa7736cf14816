"""Every test runs with its own tooltutor home, so nothing touches the user's real
progress or cache folders (tests that need their own home set TOOLTUTOR_HOME again); so
does the collection of the tests."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest

_HOME: dict = {}


def pytest_configure(config):
    """From the start, before collection: test modules that load a course while they are
    collected (parametrized by its exercises) would otherwise fill the real user's cache
    folder (~/.cache/tooltutor)."""
    home = tempfile.TemporaryDirectory(prefix="tooltutor-test-home-")
    _HOME.update(home=home, previous=os.environ.get("TOOLTUTOR_HOME"))
    os.environ["TOOLTUTOR_HOME"] = home.name


def pytest_unconfigure(config):
    if not _HOME:
        return
    previous = _HOME.pop("previous")
    if previous is None:
        os.environ.pop("TOOLTUTOR_HOME", None)
    else:
        os.environ["TOOLTUTOR_HOME"] = previous
    _HOME.pop("home").cleanup()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that spoke another language (a course loaded in `ru`, an app in pt-BR) hands
    the next test, in the same worker, the interface and the checker in English again."""
    yield
    app = sys.modules.get("tooltutor.i18n")
    if app is not None:
        app.set_language(None)
    engine = sys.modules.get("checker.i18n")
    if engine is not None:
        engine.set_default_language(None)
        engine.set_language(None)
