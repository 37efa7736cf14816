"""Course code says `checker`; it gets the engine that runs, never a stranger's `checker`."""

from __future__ import annotations

import ast
import importlib
import sys
import types

import pytest

from checker import course_imports

COURSE_MODULE = """\
import checker
import checker.checks
import checker.checks as aliased
from checker.checks import check
from checker import checks
from . import _helpers
import json, checker.diagnostics

found = (checker.NAME, checker.checks.check, aliased.check, check, checks.check,
         _helpers.ENGINE, json.dumps(1), checker.diagnostics.NAME)
"""


@pytest.fixture
def engine_and_decoy(tmp_path, monkeypatch):
    """A package `fake_engine` (the engine under another name) and a decoy `checker`."""
    engine = tmp_path / "engine" / "fake_engine"
    (engine / "checks.py").parent.mkdir(parents=True)
    (engine / "__init__.py").write_text("NAME = 'fake engine'\n")
    (engine / "checks.py").write_text("def check():\n    return 'the engine check'\n")
    (engine / "diagnostics.py").write_text("NAME = 'fake engine diagnostics'\n")
    monkeypatch.syspath_prepend(str(engine.parent))
    decoy = types.ModuleType("checker")
    decoy.NAME = "somebody else's checker"
    monkeypatch.setitem(sys.modules, "checker", decoy)
    monkeypatch.setattr(course_imports, "ENGINE_NAME", "fake_engine")
    for name in [m for m in sys.modules if m.startswith("fake_engine")]:
        monkeypatch.delitem(sys.modules, name)
    return engine


def _course_package(tmp_path, monkeypatch) -> str:
    folder = tmp_path / "course" / "checks"
    folder.mkdir(parents=True)
    (folder / "tools.py").write_text(COURSE_MODULE)
    (folder / "_helpers.py").write_text("import checker\nENGINE = checker.NAME\n")
    name = course_imports.COURSE_PACKAGE_PREFIX + "test0000"
    package = types.ModuleType(name)
    package.__path__ = [str(folder)]
    monkeypatch.setitem(sys.modules, name, package)
    return name


def test_course_code_gets_the_running_engine_and_the_decoy_stays(
    engine_and_decoy, tmp_path, monkeypatch
):
    package = _course_package(tmp_path, monkeypatch)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    course_imports.install()
    module = importlib.import_module(package + ".tools")
    engine_check = importlib.import_module("fake_engine.checks").check
    expected = (
        "fake engine",
        engine_check,
        engine_check,
        engine_check,
        engine_check,
        "fake engine",
        "1",
        "fake engine diagnostics",
    )
    assert module.found == expected
    assert sys.modules["checker"].NAME == "somebody else's checker"
    # a traceback from course code still names the course file and its own line
    assert module.__file__.endswith("tools.py")


def test_a_checkout_changes_nothing(monkeypatch):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(course_imports, "ENGINE_NAME", "checker")
    course_imports.install()
    assert course_imports._FINDER not in sys.meta_path


def test_other_imports_and_relative_ones_are_left_alone():
    tree = ast.parse("import checkers\nfrom checkerboard import x\nfrom .checker import y\n")
    renamed = ast.unparse(course_imports.point_imports_at(tree, "fake_engine"))
    assert renamed == "import checkers\nfrom checkerboard import x\nfrom .checker import y"


def test_renamed_lines_keep_their_numbers():
    tree = ast.parse("x = 1\n\nimport checker.checks\n")
    renamed = course_imports.point_imports_at(tree, "fake_engine")
    assert [node.lineno for node in renamed.body] == [1, 3, 3]
