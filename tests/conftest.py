"""Every test runs with its own tooltutor home, so nothing touches the user's real
progress or cache folders (tests that need their own home set TOOLTUTOR_HOME again)."""

from __future__ import annotations

import os
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
