"""Every test runs with its own tooltutor home, so nothing touches the user's real
progress or cache folders (tests that need their own home set TOOLTUTOR_HOME again)."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest


@pytest.fixture(autouse=True, scope="session")
def _isolated_tooltutor_home():
    with tempfile.TemporaryDirectory(prefix="tooltutor-test-home-") as home:
        previous = os.environ.get("TOOLTUTOR_HOME")
        os.environ["TOOLTUTOR_HOME"] = home
        yield
        if previous is None:
            os.environ.pop("TOOLTUTOR_HOME", None)
        else:
            os.environ["TOOLTUTOR_HOME"] = previous


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
