"""The whole learner journey through Lesson 2 of the bundled course, keyboard only, at 80x24."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList
from tui_helpers import finish_checks, press_until, screen_text

from tooltutor.progress import open_store
from tooltutor.workspace import cursor_location


async def test_lesson_two_journey(make_app, bundled_course):
    from tooltutor.tui.screens.course_map import CourseMapScreen
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.screens.lesson import LessonScreen
    from tooltutor.tui.widgets.exercise.checklist import Checklist, CriterionRow
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor
    from tooltutor.tui.widgets.exercise.hints import HintsPanel
    from tooltutor.tui.widgets.map.lesson_tree import LessonTree

    course = bundled_course
    exercise = course.exercise("write-tool-result")
    # A known-wrong answer that fails the tool-result criterion (the tool's name as the id).
    wrong = next(w["answer"] for w in exercise.wrong_answers if "tool-result" in w["fails"])
    failing_label = next(c["label"] for c in exercise.criteria if c["check"] == "tool-result")
    right = course.expand(exercise.solution)
    check_spec = next(c for c in course.lesson("round-trip").checks if c["id"] == "send-email-sent")

    app = make_app(course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CourseMapScreen)
        tree = app.screen.query_one(LessonTree)

        # Open Lesson 2 from the map.
        await press_until(
            pilot,
            "down",
            lambda: (
                tree.cursor_node.data.kind == "lesson"
                and tree.cursor_node.data.lesson_id == "round-trip"
            ),
        )
        await pilot.press("enter")
        await pilot.pause()
        lesson_screen = app.screen
        assert isinstance(lesson_screen, LessonScreen)
        assert lesson_screen.lesson.id == "round-trip"

        # Turn pages to the first inline check and answer it (wrong, then right).
        await _answer_the_first_check(pilot, app, lesson_screen, course, check_spec)

        # Open the lesson's first exercise.
        await pilot.press("x")
        await pilot.pause()
        workspace = app.screen
        assert isinstance(workspace, ExerciseScreen)
        assert workspace.exercise.id == "write-tool-result"
        editor = workspace.query_one(AnswerEditor)
        assert app.focused is editor
        assert editor.text == course.expand(exercise.starter)

        # Type a wrong answer (select all, then paste as a terminal does) and check it.
        await pilot.press("f7")
        app.post_message(events.Paste(wrong))
        await pilot.pause()
        assert editor.text == wrong
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        rows = workspace.query_one(Checklist).query(CriterionRow)
        failed = [str(row.text) for row in rows if "✘" in str(row.mark)]
        assert any(text.startswith(failing_label.replace("`", "")) for text in failed)
        assert "Not yet" in str(workspace.query_one("#summary").render())

        # Jump to a diagnostic's line and column (the last one, past the first line).
        await _jump_to_the_last_diagnostic(pilot, app, workspace, editor, wrong)

        # Reveal a hint.
        await pilot.press("escape", "h")
        await pilot.pause()
        assert workspace.query_one(HintsPanel).revealed == 1
        assert app.store.hints_revealed(course.id, exercise.id) == 1

        # Type the right answer, check, pass.
        await pilot.press("i", "f7")
        app.post_message(events.Paste(right))
        await pilot.pause()
        await pilot.press("f5")
        await finish_checks(pilot)
        assert "Passed" in str(workspace.query_one("#summary").render())
        assert workspace.query_one("#explanation").display
        assert app.store.exercise_status(course.id, exercise.id) == "passed"

        # After a pass the keyboard stays in the editor, and the explanation is in view.
        assert app.focused is editor
        assert "Why this works" in screen_text(app)
        await pilot.press("escape", "escape")  # out of the editor, back to the lesson
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CourseMapScreen)
        leaf = tree.node_for("round-trip", "write-tool-result")
        assert str(leaf.label).startswith("✔")
        await pilot.press("q")

    # Restart: the draft and the progress are still there.
    await _restart_keeps_the_progress(make_app, course, exercise, right)


async def _answer_the_first_check(pilot, app, lesson_screen, course, check_spec) -> None:
    """Turn to Lesson 2's first inline check, answer it wrong, then right; it is saved."""
    from tooltutor.tui.widgets.lesson.inline_check import InlineCheck

    right_choice = next(i for i, c in enumerate(check_spec["choices"]) if c["correct"])
    wrong_choice = next(i for i, c in enumerate(check_spec["choices"]) if not c["correct"])
    await press_until(
        pilot,
        "right",
        lambda: "send-email-sent" in lesson_screen.pages[lesson_screen.page_index].check_ids,
    )
    check = lesson_screen.query_one("#check-send-email-sent", InlineCheck)
    choices = check.query_one(OptionList)
    await press_until(pilot, "tab", lambda: app.focused is choices)
    await press_until(pilot, "down", lambda: choices.highlighted == wrong_choice)
    await pilot.press("enter")
    await pilot.pause()
    assert "Not quite" in str(check.query_one(".check-verdict").render())
    await press_until(pilot, "up", lambda: choices.highlighted <= right_choice)
    await press_until(pilot, "down", lambda: choices.highlighted == right_choice)
    await pilot.press("enter")
    await pilot.pause()
    assert "Right" in str(check.query_one(".check-verdict").render())
    saved = app.store.check_answer(course.id, "round-trip", "send-email-sent")
    assert (saved.choice_index, saved.correct, saved.tries) == (right_choice, True, 2)


async def _jump_to_the_last_diagnostic(pilot, app, workspace, editor, wrong: str) -> None:
    """Enter on the last diagnostic puts the editor's cursor on its line and column."""
    from tooltutor.tui.widgets.exercise.diagnostics import DiagnosticList

    diagnostics = workspace.query_one(DiagnosticList)
    assert diagnostics.display and diagnostics.diagnostics
    last = len(diagnostics.diagnostics) - 1
    target = diagnostics.diagnostics[last]
    assert target.line > 1 and target.column > 1
    await pilot.press("escape")  # leave the editor
    await press_until(pilot, "tab", lambda: app.focused is diagnostics)
    await press_until(pilot, "down", lambda: diagnostics.highlighted == last)
    await pilot.press("enter")
    await pilot.pause()
    assert app.focused is editor
    assert editor.cursor_location == cursor_location(target.line, target.column, wrong)
    assert editor.cursor_location == (target.line - 1, target.column - 1)


async def _restart_keeps_the_progress(make_app, course, exercise, right: str) -> None:
    """A new app shows the exercise passed, its draft, the check's answer and the hint."""
    from tooltutor.tui.screens.course_map import CourseMapScreen
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor
    from tooltutor.tui.widgets.map.lesson_tree import LessonTree

    app = make_app(course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tree = app.screen.query_one(LessonTree)
        assert str(tree.node_for("round-trip", "write-tool-result").label).startswith("✔")
        await press_until(
            pilot,
            "down",
            lambda: tree.cursor_node.data.exercise_id == "write-tool-result",
        )
        await pilot.press("enter")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        assert editor.text == right
        answer = app.store.check_answer(course.id, "round-trip", "send-email-sent")
        assert answer.correct
        assert app.store.hints_revealed(course.id, exercise.id) == 1
        await pilot.press("escape", "escape")  # leave the editor, back to the map
        await pilot.pause()
        assert isinstance(app.screen, CourseMapScreen)


async def test_draft_saved_a_second_after_typing(make_app, fixture_course, home):
    """A TUI killed two seconds after the last keystroke keeps the draft."""
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        await pilot.press("f7", "[", "]")
        await pilot.pause(1.5)
        # Another process (a new connection) sees the draft while the app still runs.
        other = open_store()
        try:
            draft = other.load_draft(fixture_course.id, "write-tool-result")
        finally:
            other.close()
        assert draft is not None and draft.text == editor.text == "[]"
