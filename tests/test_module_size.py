"""Modules and functions stay at a reader's size: no file of the shipped packages or of the
tests over 800 lines, no function over 100 (from its `def` to its last line; a decorator
is declaration, not body). There is no allow-list: nothing is over today. Split a long
one by concern (a data table in a module of its own, a step of a function in a function
named for it) rather than adding one.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDERS = ("checker", "checks", "tooltutor", "tests")
MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 100


def _sources(root: Path) -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (root / folder).rglob("*.py"))


@cache
def _long_files(root: Path = REPO) -> dict[str, int]:
    """The lines of each file over the limit, by path."""
    found: dict[str, int] = {}
    for path in _sources(root):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_FILE_LINES:
            found[path.relative_to(root).as_posix()] = lines
    return found


@cache
def _long_functions(root: Path = REPO) -> dict[str, int]:
    """The lines of each function (nested ones too) over the limit, by `path:function`."""
    found: dict[str, int] = {}
    for path in _sources(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found[f"{path.relative_to(root).as_posix()}:{node.name}"] = lines
    return found


def test_no_file_is_over_800_lines():
    assert not _long_files(), f"split these by concern (lines): {_long_files()}"


def test_no_function_is_over_100_lines():
    assert not _long_functions(), f"split these into named steps (lines): {_long_functions()}"


def test_the_measure_finds_what_is_over_and_only_that(tmp_path):
    (tmp_path / "checks").mkdir()
    body = "    x = 1\n"
    declared = "@declare(\n" + "    1,\n" * 50 + ")\n"
    (tmp_path / "checks" / "a.py").write_text(
        "def at_the_limit():\n" + body * 99 + declared + "def over():\n" + body * 100
    )
    (tmp_path / "checks" / "b.py").write_text("x = 1\n" * 801)
    (tmp_path / "checks" / "c.py").write_text("x = 1\n" * 800)
    assert _long_functions(tmp_path) == {"checks/a.py:over": 101}
    assert _long_files(tmp_path) == {"checks/b.py": 801}
