"""The small things of issue 29, each seen by a newcomer: the editor's sideways scroll,
letters that must type rather than run commands, sentences that ran together, a file
name the learner never saw, URLs and "26 °C" broken across lines, the map's titles at
120x40, and `$EDITOR` offered in a browser."""

from __future__ import annotations

import pytest
from textual import events
from tui_helpers import finish_checks, notice_text, region_text, screen_text

from tooltutor import trust
from tooltutor.pages import units_together
from tooltutor.tui.keys import SERVED_ENV
from tooltutor.tui.widgets.lesson.sources import url_pieces


async def test_the_editor_scrolls_back_left_after_a_long_line(make_app, fixture_course):
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        editor.load_text("[\n" + '  {"role": "user", "content": "' + "x" * 120 + '"}\n]')
        editor.cursor_location = (1, 0)
        await pilot.press("end")  # the end of the long line: scrolled sideways
        await pilot.pause()
        assert editor.scroll_x > 0
        await pilot.press("down")  # the short last line: the brackets show again
        await pilot.pause()
        assert editor.scroll_x == 0
        assert "1  [" in screen_text(app) and "3  ]" in screen_text(app)


@pytest.mark.parametrize("answer", ["wrong", "right"])
async def test_typing_in_the_editor_never_runs_a_command(make_app, fixture_course, answer):
    """After a failed check and after a pass the keyboard stays in the editor, and the
    letters that are commands outside it (e, y, h, s, r, n, t, m) type there."""
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    exercise = fixture_course.exercise("write-tool-result")
    text = exercise.solution if answer == "right" else "[]"
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        screen = app.screen
        editor = screen.query_one(AnswerEditor)
        await pilot.press("f7")
        app.post_message(events.Paste(fixture_course.expand(text)))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        assert app.focused is editor
        hints = app.store.hints_revealed(fixture_course.id, exercise.id)
        await pilot.press("ctrl+end", *"eyhsrntm")
        await pilot.pause()
        assert editor.text.endswith("eyhsrntm")
        assert app.screen is screen and isinstance(app.screen, ExerciseScreen)
        assert screen.maximized is None and not screen.notices
        assert app.store.hints_revealed(fixture_course.id, exercise.id) == hints


async def test_the_solution_note_is_a_sentence_of_its_own(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f7")
        app.post_message(events.Paste('[{"role": "user"'))  # JSON that ends too early
        await pilot.pause()
        for _ in range(3):
            await pilot.press("ctrl+r")
            await finish_checks(pilot)
        summary = str(app.screen.query_one("#summary").render())
        first, second = summary.split("\n")
        assert first.startswith("✘ Not checked:")
        assert second == "The solution is available (s)."


async def test_a_python_error_names_the_file_the_screen_shows(make_app, bundled_course):
    trust.trust(bundled_course)
    exercise = bundled_course.exercise("fix-round-trip")
    app = make_app(bundled_course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("fix-round-trip")
        await pilot.pause()
        heading = str(app.screen.query_one("#ex-heading").render())
        assert "python (fix-round-trip.py)" in heading
        await pilot.press("f7")
        broken = exercise.starter.replace("def handle_turn(", "def handle_turn((", 1)
        app.post_message(events.Paste(broken))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        listed = " ".join(str(o.prompt) for o in app.screen.query_one("#diagnostics").options)
        assert "Python could not read fix-round-trip.py" in listed
        assert "solution.py" not in listed + screen_text(app)


def test_urls_break_after_a_slash_and_degrees_stay_with_their_number():
    url = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/how-tool-use-works"
    pieces = url_pieces(url, 74)
    assert "".join(pieces) == url
    assert pieces == [
        "https://platform.claude.com/docs/en/agents-and-tools/tool-use/",
        "how-tool-use-works",
    ]
    assert url_pieces("https://example.com/a", 74) == ["https://example.com/a"]
    assert all(len(p) <= 20 for p in url_pieces(url, 20))
    assert units_together("sunny, 26 °C, or 79 °F.") == "sunny, 26°C, or 79°F."
    assert units_together("`26 °C` and\n```\n26 °C\n```\n") == "`26 °C` and\n```\n26 °C\n```\n"


async def test_a_lesson_url_is_never_cut_inside_a_word(make_app, fixture_course, tmp_path):
    from tui_helpers import copy_course

    from tooltutor.course import load_course

    long = "https://example.com/docs/en/agents-and-tools/tool-use/how-tool-use-works-in-depth"
    root = copy_course(
        tmp_path,
        {
            "lessons/01-why-tools.yaml": (
                'url: "https://example.com/tool-use"',
                f'url: "{long}"',
            )
        },
    )
    app = make_app(load_course(root))
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("why-tools", 1)
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "https://example.com/docs/en/agents-and-tools/tool-use/" in text
        assert "    how-tool-use-works-in-depth" in text


async def test_the_prompt_keeps_26_degrees_on_one_line(make_app, bundled_course):
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
        assert "26°C" in screen_text(app)


async def test_the_map_shows_whole_titles_at_120x40(make_app, bundled_course):
    app = make_app(bundled_course)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one("#lesson-tree")
        text = region_text(app, tree)
        for lesson in bundled_course.lessons:
            assert f"{lesson.number}. {lesson.title}" in text, lesson.title
        assert "…" not in text


async def test_in_a_browser_nothing_offers_the_external_editor(
    make_app, fixture_course, monkeypatch
):
    from tooltutor.tui.screens.help import HelpScreen

    monkeypatch.setenv(SERVED_ENV, "1")
    app = make_app(fixture_course)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#help-keys").render())
        guide = str(app.screen.query_one("#help-guide").text)
        assert "$EDITOR" not in keys + guide, keys + guide
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e")  # pressed anyway: it says why, and nothing is suspended
        await pilot.pause()
        assert "In a browser there is no $EDITOR" in notice_text(app)
    monkeypatch.delenv(SERVED_ENV)
    app = make_app(fixture_course)
    async with app.run_test(size=(100, 30)) as pilot:  # in a terminal it is offered
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("escape", "f1")
        await pilot.pause()
        guide = str(app.screen.query_one("#help-guide").text)
        assert "e opens your answer in $EDITOR." in guide
