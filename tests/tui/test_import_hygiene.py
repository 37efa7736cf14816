"""The checker and the TUI's logic modules never import Textual (and the map does not
load the reader, the editor or the checker)."""

from __future__ import annotations

from pathlib import Path

from import_probe import modules_after

REPO = Path(__file__).resolve().parents[2]


def test_checker_does_not_import_textual():
    loaded = modules_after("import checker, checker.exercise, checker.lint")
    assert "checker.exercise" in loaded
    assert not {m for m in loaded if m == "textual" or m.startswith("textual.")}


def test_tui_logic_modules_do_not_import_textual():
    loaded = modules_after("import tooltutor.journey, tooltutor.pages, tooltutor.workspace")
    assert "tooltutor.workspace" in loaded
    assert "textual" not in loaded
    assert "checker.exercise" not in loaded  # the checker loads when a check runs


def test_the_app_loads_neither_the_checker_nor_the_reader_at_start():
    loaded = modules_after("import tooltutor.tui.app")
    assert "textual" in loaded
    engine = {m for m in loaded if m == "checker" or m.startswith("checker.")}
    # the one terminal-text policy, engine and app; the light named tuples the progress
    # records are made of and the records the course model is made of (the package
    # itself loads nothing until a name is asked for)
    assert engine <= {"checker", "checker.terminal_text", "checker.tuples", "checker.records"}
    assert "tooltutor.tui.screens.lesson" not in loaded
    assert "tooltutor.tui.screens.exercise" not in loaded
    assert "jsonschema" not in loaded
