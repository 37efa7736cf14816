"""Pilot tests of the screens: keys, dialogs, palette, layout, markup and colour."""

from __future__ import annotations

import os
import stat
import sys
from contextlib import nullcontext

from textual import events
from tui_helpers import (
    copy_course,
    finish_checks,
    notice_text,
    press_until,
    screen_text,
    wait_until,
)

from tooltutor.course import load_course
from tooltutor.progress import open_store

# -- course map --------------------------------------------------------------------------


async def test_map_continue_opens_the_first_unfinished_step(make_app, fixture_course):
    from tooltutor.tui.screens.lesson import LessonScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Continue: Lesson 1, page 1" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "why-tools"
        assert app.screen.page_index == 0


async def test_map_panes_stack_when_narrow(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = app.screen.query_one("#map-body")
        assert app.screen.has_class("-narrow")
        assert body.styles.layout.name == "vertical"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-wide")
        assert body.styles.layout.name == "horizontal"


async def test_store_notice_is_shown_once(make_app, fixture_course, home):
    home.mkdir(parents=True)
    (home / "progress.db").write_bytes(b"this is not a database")
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert len(notes) == 1 and "damaged" in notes[0]
        assert app.store.take_notice() is None


# -- help and palette --------------------------------------------------------------------


async def test_help_lists_the_keys_of_the_screen_underneath(make_app, fixture_course):
    from tooltutor.tui.screens.help import HelpScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 1)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#help-keys").render())
        assert "Turn to the next page." in keys and "Back to the course map." in keys
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_palette_jumps_to_an_exercise(make_app, fixture_course):
    from tooltutor.tui.screens.exercise import ExerciseScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("why-tools")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        for ch in "carries":
            await pilot.press(ch)
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "write-tool-result"
        assert len(app.screen_stack) == 2  # the map, then the exercise
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert len(app.screen_stack) == 1


# -- course text is never markup ---------------------------------------------------------


async def test_course_text_that_looks_like_markup_shows_as_typed(make_app, tmp_path):
    root = copy_course(
        tmp_path,
        {
            "lessons/02-round-trip.yaml": (
                "The same round trip, as messages",
                "Literally [bold]x[/bold] and [red]y[/], as messages",
            ),
            "lessons/01-why-tools.yaml": (
                "title: Why agents need tools",
                "title: Why [bold]agents[/bold] need tools",
            ),
            "exercises/round-trip/01-write-tool-result.yaml": (
                "title: Write the request that carries the tool result",
                "title: Write [i]the[/i] request",
            ),
        },
    )
    course = load_course(root)
    assert not course.errors
    app = make_app(course)
    async with app.run_test(size=(160, 40)) as pilot:  # wide: no label cut with an ellipsis
        await pilot.pause()
        assert "Why [bold]agents[/bold] need tools" in screen_text(app)
        assert "Write [i]the[/i] request" in screen_text(app)
        app.open_lesson("round-trip", 2)
        await pilot.pause()
        assert "Literally [bold]x[/bold] and [red]y[/], as messages" in screen_text(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        for ch in "agents":
            await pilot.press(ch)
        await pilot.pause(0.5)
        assert "Why [bold]agents[/bold] need tools" in screen_text(app)


# -- lesson reader -----------------------------------------------------------------------


async def test_reader_pages_sources_and_saved_check(make_app, fixture_course):
    from tooltutor.tui.widgets.lesson.inline_check import InlineCheck

    app = make_app(fixture_course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_lesson("round-trip")
        await pilot.pause()
        screen = app.screen
        assert "Objectives" in screen_text(app)
        await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "manifest of tools.[1]" in text
        assert "[1] Define tools" in text and "https://example.com/define-tools" in text
        await pilot.press("n")
        await pilot.pause()
        assert "┌──────┐" in screen_text(app)  # the diagram, with box characters
        check = screen.query_one(InlineCheck)
        await press_until(pilot, "tab", lambda: app.focused is check.query_one("OptionList"))
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.store.check_answer(fixture_course.id, "round-trip", "who-runs").correct
        assert app.store.position(fixture_course.id).section == 2
        await pilot.press("escape")
        await pilot.pause()
        # Reopened: the saved answer and its feedback are shown, on the page left last.
        app.open_lesson("round-trip")
        await pilot.pause()
        assert app.screen.page_index == 2
        check = app.screen.query_one(InlineCheck)
        verdict = str(check.query_one(".check-verdict").render())
        assert "Right." in verdict and "Your answer was b)" in verdict
        assert "Your code runs it" in check.query_one(".check-feedback").text
        assert check.query_one("OptionList").highlighted == 1
        await pilot.press("left", "left", "p")  # no page before the first
        await pilot.pause()
        assert app.screen.page_index == 0


async def test_reader_draws_ascii_diagrams_when_unicode_cannot_be_drawn(make_app, fixture_course):
    app = make_app(fixture_course, unicode=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 2)
        await pilot.pause()
        drawing = str(app.screen.query_one(".diagram").render())
        assert "+------+" in drawing and "| User |" in drawing
        assert not any(ch in drawing for ch in "─│┌▶◀")


async def test_no_color_keeps_the_marks(make_app, fixture_course, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color
        assert "✔ passed   ✘ tried, not passed yet   • not started" in screen_text(app)


# -- exercise workspace ------------------------------------------------------------------


async def fail_check(pilot, text: str = "[]") -> None:
    app = pilot.app
    editor = app.screen.query_one("#editor")
    editor.focus()
    await pilot.press("f7")
    app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.press("ctrl+r")
    await finish_checks(pilot)


async def test_solution_needs_three_failures_and_a_confirmation(make_app, fixture_course):
    from tooltutor.tui.dialogs.confirm_solution import ConfirmSolution
    from tooltutor.tui.dialogs.solution import SolutionDialog

    app = make_app(fixture_course)
    course_id = fixture_course.id
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await fail_check(pilot)
        await pilot.press("escape", "s")  # leave the editor; ask for the solution
        await pilot.pause()
        assert not isinstance(app.screen, (ConfirmSolution, SolutionDialog))
        assert "2 more failed checks" in notice_text(app)
        assert not app._notifications  # a notice line of the screen, not a toast
        await fail_check(pilot)
        await fail_check(pilot)
        assert "The solution is available" in str(app.screen.query_one("#summary").render())
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmSolution)
        await pilot.press("n")
        await pilot.pause()
        assert not app.store.solution_viewed(course_id, "write-tool-result")
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SolutionDialog)
        assert app.store.solution_viewed(course_id, "write-tool-result")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.exercise.id == "write-tool-result"


async def test_solution_opens_after_a_pass(make_app, fixture_course):
    from tooltutor.tui.dialogs.solution import SolutionDialog

    exercise = fixture_course.exercise("write-tool-result")
    app = make_app(fixture_course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await fail_check(pilot, exercise.solution)
        assert "Passed" in str(app.screen.query_one("#summary").render())
        assert app.screen.query_one("#explanation").display
        assert app.focused is app.screen.query_one("#editor")  # s types there...
        await pilot.press("escape", "s")  # ...and opens the solution outside it
        await pilot.pause()
        assert isinstance(app.screen, SolutionDialog)


async def test_reset_asks_first_then_restores_the_starter(make_app, fixture_course):
    from tooltutor.tui.dialogs.confirm_reset import ConfirmReset

    exercise = fixture_course.exercise("write-tool-result")
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        await pilot.press("f7", "x")
        await pilot.press("escape", "r")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmReset)
        await pilot.press("escape")  # cancel
        await pilot.pause()
        assert editor.text == "x"
        await pilot.press("r", "y")
        await pilot.pause()
        assert editor.text == exercise.starter
        draft = app.store.load_draft(fixture_course.id, "write-tool-result")
        assert draft.text == exercise.starter


async def test_letter_keys_type_in_the_editor(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        await pilot.press("f7", "h", "s", "r", "e", "q", "i", "tab")
        await pilot.pause()
        assert editor.text == "hsreqi  "  # Tab indents (to the next stop of two)
        assert app.screen.query_one("#hints").revealed == 0
        footer_keys = {b.binding.action for b in app.screen.active_bindings.values()}
        assert "check" in footer_keys
        assert not app.screen.check_action("hint", ())
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#check")
        assert app.screen.check_action("hint", ())


async def test_external_editor(make_app, fixture_course, tmp_path, monkeypatch):
    script = tmp_path / "fake-editor"
    script.write_text(
        f"#!{sys.executable}\nimport sys\n"
        "path = sys.argv[1]\nassert path.endswith('.json'), path\n"
        "text = open(path).read()\nopen(path, 'w').write('[1, ' + text.strip()[1:])\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EDITOR", str(script))
    app = make_app(fixture_course)
    monkeypatch.setattr(app, "suspend", nullcontext)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        await pilot.press("f7", "[", "]")
        await pilot.press("escape", "e")
        await pilot.pause()
        assert editor.text == "[1, ]"
        assert app.store.load_draft(fixture_course.id, "write-tool-result").text == "[1, ]"
        assert app.focused is editor


async def test_a_file_the_external_editor_leaves_over_the_size_limit_is_refused(
    make_app, fixture_course, tmp_path, monkeypatch
):
    script = tmp_path / "fake-editor"
    script.write_text(f"#!{sys.executable}\nimport sys\nopen(sys.argv[1], 'w').write('x' * 50)\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("EDITOR", str(script))
    monkeypatch.setenv("TOOLTUTOR_MAX_FILE_BYTES", "20")
    app = make_app(fixture_course)
    monkeypatch.setattr(app, "suspend", nullcontext)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one("#editor")
        await pilot.press("f7", "[", "]")
        await pilot.press("escape", "e")
        await pilot.pause()
        assert "larger than 20 bytes" in notice_text(app)
        assert editor.text == "[]", "the answer in the editor is kept as it was"


async def test_external_editor_missing(make_app, fixture_course, monkeypatch):
    monkeypatch.setenv("EDITOR", "no-such-editor-anywhere")
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("escape", "e")
        await pilot.pause()
        assert "no-such-editor-anywhere" in notice_text(app)


async def test_choice_exercise(make_app, fixture_course):
    from tooltutor.tui.widgets.exercise.choice_answer import ChoiceAnswer

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("pick-one")
        await pilot.pause()
        choices = app.screen.query_one(ChoiceAnswer)
        assert app.focused is choices
        await pilot.press("enter")  # tick a)
        await pilot.press("down", "enter")  # tick b): a single answer, so a) is unticked
        await pilot.pause()
        assert choices.text == "b"
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        assert "Passed" in str(app.screen.query_one("#summary").render())
        await pilot.pause(1.2)
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("pick-one")
        await pilot.pause()
        assert app.screen.query_one(ChoiceAnswer).text == "b"


async def test_checker_failure_is_reported_not_raised(make_app, fixture_course, monkeypatch):
    import tooltutor.marking

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tooltutor.marking, "mark_answer", broken)
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        assert "could not be marked" in str(app.screen.query_one("#summary").render())
        assert not app.screen.checking
        assert app.store.attempts(fixture_course.id, "write-tool-result") == []


def test_tui_refuses_without_a_terminal(tmp_path):
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "tooltutor"],
        input="",
        capture_output=True,
        text=True,
        env={**os.environ, "TOOLTUTOR_HOME": str(tmp_path)},
        timeout=60,
    )
    assert result.returncode == 2
    assert "runs in a terminal" in result.stderr


async def test_a_slow_check_does_not_freeze_the_screen(make_app, fixture_course, monkeypatch):
    """Python exercises take seconds to mark: the editor keeps working meanwhile."""
    import threading

    import tooltutor.marking

    release = threading.Event()
    real = tooltutor.marking.mark_answer

    def slow(course, exercise, text, **kwargs):
        assert release.wait(10)
        return real(course, exercise, text, **kwargs)

    monkeypatch.setattr(tooltutor.marking, "mark_answer", slow)
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        screen = app.screen
        editor = screen.query_one("#editor")
        await pilot.press("f7", "ctrl+r")
        await pilot.pause()
        assert screen.checking and screen.query_one("#check").disabled
        await pilot.press("[", "]")  # typing goes on while the checker runs
        await pilot.pause()
        assert editor.text == "[]"
        await pilot.press("f5")  # a second check waits for the first
        await pilot.pause()
        assert "Still checking" in notice_text(app)
        release.set()
        await finish_checks(pilot)
        assert not screen.checking
        assert len(app.store.attempts(fixture_course.id, "write-tool-result")) == 1


async def test_quitting_saves_the_draft_at_once(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f7", "[", "1", "]", "escape", "q")  # well within the debounce
        await pilot.pause()
    store = open_store()
    try:
        assert store.load_draft(fixture_course.id, "write-tool-result").text == "[1]"
    finally:
        store.close()


async def test_wide_code_scrolls_sideways_without_turning_the_page(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 1)
        await pilot.pause()
        code = app.screen.query_one(".code-scroll")
        assert code.max_scroll_x > 0  # the line is wider than the screen
        await press_until(pilot, "tab", lambda: app.focused is code)
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert code.scroll_x == 3 and app.screen.page_index == 1
        await pilot.press("shift+tab", "right")  # from the page itself, right turns it
        await pilot.pause()
        assert app.screen.page_index == 2


async def test_task_fills_the_screen_on_a_small_terminal(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("escape", "t")
        await pilot.pause()
        assert app.screen.maximized is app.screen.query_one("#task")
        assert "toolu_01LxWeather7731" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.maximized is None
        assert app.screen.exercise.id == "write-tool-result"


async def test_map_lists_a_broken_lesson_without_opening_it(make_app, tmp_path):
    from tooltutor.tui.screens.course_map import CourseMapScreen

    root = copy_course(tmp_path, {"lessons/01-why-tools.yaml": ("number: 1", "number: one")})
    course = load_course(root)
    assert [b.id for b in course.broken] == ["why-tools"]
    app = make_app(course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "? why-tools  (not available: its file is broken)" in screen_text(app)
        await pilot.press("enter")  # the first line is the broken lesson
        await pilot.pause()
        assert isinstance(app.screen, CourseMapScreen)
        assert any("validate" in n.message for n in app._notifications)
        assert "Continue: Lesson 2, page 1" in screen_text(app)


async def test_an_untrusted_courses_code_runs_only_after_the_learner_says_yes(make_app, tmp_path):
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "course"))
    from minimal import write_python_pack

    from tooltutor import trust
    from tooltutor.course import load_course
    from tooltutor.tui.dialogs.confirm_trust import ConfirmTrust

    course = load_course(write_python_pack(tmp_path / "pack"))
    app = make_app(course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("second")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmTrust))
        assert isinstance(app.screen, ConfirmTrust)
        await pilot.press("n")
        await finish_checks(pilot)
        assert not app.screen.checking
        assert app.screen.notices[-1] == "Not checked: the course's own code was not trusted."
        assert app.store.attempts(course.id, "second") == []
        assert not trust.is_trusted(course)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmTrust))
        assert isinstance(app.screen, ConfirmTrust)
        await pilot.press("y")
        await finish_checks(pilot)
        assert trust.is_trusted(course)
        assert len(app.store.attempts(course.id, "second")) == 1
