"""Helpers shared by the translation tests (imported by name: conftest puts this folder on
the path)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
FIXTURE = HERE / "fixture_course"
REPO = HERE.parent.parent

#: Variables that would choose a language behind a test's back.
LANGUAGE_VARIABLES = ("TOOLTUTOR_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


def replace_in(path: Path, old: str, new: str) -> None:
    """Replace the first `old` in the file at `path` (which must hold it) with `new`."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
