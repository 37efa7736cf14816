"""In a browser (`tooltutor serve`) the app names, and answers to, keys the browser leaves
to a page: F9 checks, F4 shows the task, F8 enlarges, F2 opens the help, `/` jumps."""

from __future__ import annotations

import pytest
from tui_helpers import finish_checks, screen_text

from tooltutor.tui.keys import BROWSER_TAKES, SERVED_ENV


@pytest.fixture
def served(monkeypatch):
    monkeypatch.setenv(SERVED_ENV, "1")


async def test_the_exercise_screen_names_keys_a_browser_leaves_alone(
    served, make_app, fixture_course
):
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(fixture_course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        text = screen_text(app)
        assert "Check F9" in text and "Press F9 to check" in text
        assert "^R" not in text and "Ctrl+R" not in text and "^p" not in text
        footer = [key for key, *_ in app.screen.active_bindings.items()]
        shown = {
            active.binding.key
            for name in footer
            if (active := app.screen.active_bindings[name]).binding.show
        }
        assert not shown & BROWSER_TAKES, shown & BROWSER_TAKES
        editor = app.screen.query_one(AnswerEditor)
        editor.text = "[]"
        await pilot.press("f9")  # checks: a wrong answer is marked, not passed
        await finish_checks(pilot)
        assert "Not yet: 0 of 6 criteria met" in screen_text(app)
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen.maximized is not None and "F4: back to the editor" in screen_text(app)
        await pilot.press("f4", "f8")
        await pilot.pause()
        assert app.screen.maximized is editor


async def test_the_help_opens_on_f2_and_lists_no_browser_key(served, make_app, fixture_course):
    from tooltutor.tui.screens.help import HelpScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(100, 40)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "F9" in text and "F2" in text
        for taken in ("Ctrl+R", "ctrl+r", "F5", "Ctrl+T", "Ctrl+O", "Ctrl+P", "Ctrl+Q"):
            assert taken not in text, taken


async def test_slash_opens_the_palette_off_the_editor(served, make_app, fixture_course):
    from textual.command import CommandPalette

    app = make_app(fixture_course)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("slash")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_in_a_terminal_the_texts_keep_ctrl_r(make_app, fixture_course, monkeypatch):
    monkeypatch.delenv(SERVED_ENV, raising=False)
    app = make_app(fixture_course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        text = screen_text(app)
        assert "Check ^R" in text and "Press Ctrl+R to check" in text
