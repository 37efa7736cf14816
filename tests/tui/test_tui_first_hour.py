"""Pilot tests of a learner's first hour (issue 17): the exercise screen at 80x24, what
comes next after a pass, resuming where one was, no spoilers, and the help's keys."""

from __future__ import annotations

from textual import events
from textual.widgets import Button, OptionList
from tui_helpers import finish_checks, no_spoiler_course, notice_text, screen_text

from tooltutor import trust
from tooltutor.course import load_course
from tooltutor.progress import open_store

# -- the exercise screen at 80x24 ------------------------------------------------------


async def test_ctrl_t_shows_the_whole_task_from_the_editor_and_back(make_app, bundled_course):
    """The model reply of write-tool-result can be read without leaving the editor: Ctrl+T
    toggles the whole task over it, the cursor stays put, the task keeps its place."""
    from tooltutor.tui.screens.exercise import TaskPane
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        screen = app.screen
        editor = screen.query_one(AnswerEditor)
        task = screen.query_one(TaskPane)
        assert app.focused is editor
        editor.cursor_location = (1, 4)
        # The model reply to answer is in view as the exercise opens, not all the task.
        assert '"id": "toolu_01LxWeather7731"' in screen_text(app)
        assert "JSON text" not in screen_text(app)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert screen.maximized is task and app.focused is task
        assert "^T: back to the editor" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        text = screen_text(app)
        assert '"id": "toolu_01LxWeather7731"' in text and '"stop_reason": "tool_use"' in text
        place = task.scroll_y
        assert place > 0
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert screen.maximized is None
        assert app.focused is editor and editor.cursor_location == (1, 4)
        await pilot.press("x")  # typing goes on where it was
        assert editor.text.split("\n")[1][4] == "x"
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.pause()
        assert task.scroll_y == place  # the task remembers its place
        await pilot.press("escape")  # Escape comes back too
        await pilot.pause()
        assert screen.maximized is None and app.focused is editor


async def test_the_editor_enlarges_from_inside_and_no_button_is_ever_maximised(
    make_app, fixture_course
):
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        screen = app.screen
        editor = screen.query_one(AnswerEditor)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert screen.maximized is editor and app.focused is editor
        assert editor.size.height >= 20
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert screen.maximized is None and app.focused is editor
        await pilot.press("ctrl+o", "escape")  # Escape in an enlarged editor restores it
        await pilot.pause()
        assert screen.maximized is None
        # A button never fills the screen: m (or the palette's Maximize) on the Check
        # button enlarges the editor it belongs to.
        check = screen.query_one("#check", Button)
        check.focus()
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert screen.maximized is editor and app.focused is editor
        await pilot.press("escape")
        await pilot.pause()
        assert screen.maximized is None and app.focused is check
        assert screen.maximize(check) and screen.maximized is editor
        screen.minimize()
        for button in screen.query(Button):
            assert screen.pane_of(button) is not button


async def test_enter_keeps_the_indentation_of_the_line_above(make_app, bundled_course):
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("fix-round-trip")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        editor.load_text("def f(x):\n    y = x")
        editor.cursor_location = (1, 9)
        await pilot.press("enter", "z")
        assert editor.text == "def f(x):\n    y = x\n    z"
        await pilot.press("enter", "i", "f", "space", "z", ":", "enter", "w")
        assert editor.text.endswith("\n    if z:\n        w")


async def test_a_code_block_of_the_task_is_copied_into_the_editor(make_app, fixture_course):
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        await pilot.press("f7", "delete")
        assert editor.text == ""
        await pilot.press("ctrl+t", "y")  # the whole task, then copy its code block
        await pilot.pause()
        assert app.screen.maximized is None and app.focused is editor
        assert '"id": "toolu_01LxWeather7731"' in editor.text
        assert editor.text.startswith("{\n") and editor.text.rstrip().endswith("}")
        assert "copied" in notice_text(app)


async def test_revealed_hints_are_in_view_and_no_toast_covers_them(make_app, fixture_course):
    from tooltutor.tui.screens.exercise import ResultsPane
    from tooltutor.tui.widgets.exercise.hints import HintsPanel

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        await pilot.press("escape")
        for _ in range(4):  # three hints, then "every hint is shown already"
            await pilot.press("h")
            await pilot.pause()
        screen = app.screen
        panel = screen.query_one(HintsPanel)
        results = screen.query_one(ResultsPane)
        assert panel.revealed == 3
        assert results.region.overlaps(panel.region)  # the hints are on the screen
        assert "1. The API remembers nothing" in screen_text(app)
        assert "Every hint is shown already" in notice_text(app)
        assert not app._notifications  # a line of the screen, not a toast over the hints
        # A check puts its first failure in view under the verdict, hints or not.
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        text = " ".join(screen_text(app).split())
        assert "Not yet: 2 of 6 criteria met" in text
        assert "Three messages, with roles user, assistant, user" in text
        assert "yours is user" in text  # the first failing criterion's explanation
        await pilot.press("escape")
        await pilot.pause()
        assert "Every hint" not in screen_text(app)  # the notice stayed on its screen


# -- what next --------------------------------------------------------------------------


async def test_after_a_pass_one_key_opens_the_next_exercise(make_app, bundled_course):
    from tooltutor.tui.screens.exercise import ExerciseScreen

    course = bundled_course
    app = make_app(course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        screen = app.screen
        assert screen.exercise.id == "write-tool-result"
        await pilot.press("f7")
        app.post_message(events.Paste(course.expand(course.exercise("write-tool-result").solution)))
        await pilot.pause()
        await pilot.press("ctrl+n")  # nothing to go on to before a pass
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        text = screen_text(app)
        assert "Passed" in text and "Why this works" in text  # the explanation in view
        assert "Next (Ctrl+N): Lesson 2 exercise: Find the three bugs" in text
        assert "^n Next" in text
        editor = screen.query_one("#editor")
        assert app.focused is editor  # a pass leaves the keyboard where it was...
        await pilot.press("n")  # ...so a letter types, it runs nothing
        await pilot.pause()
        assert app.screen is screen and editor.text.endswith("n")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "fix-round-trip"
        await pilot.press("escape", "escape")  # out of the editor, back to the lesson
        await pilot.pause()
        assert app.screen.__class__.__name__ == "LessonScreen"


async def test_the_last_exercise_of_a_lesson_says_the_lesson_is_complete(make_app, fixture_course):
    from tooltutor.tui.screens.lesson import LessonScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("pick-one")
        await pilot.pause()
        await pilot.press("down", "enter", "ctrl+r")
        await finish_checks(pilot)
        next_step = app.screen.query_one("#next-step")
        assert "1 check on its pages is not answered yet" in str(next_step.render())
        app.store.answer_check(fixture_course.id, "why-tools", "needs-tool", 1, True)
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        assert "Lesson 1 complete! Next (Ctrl+N): Lesson 2, page 1" in str(next_step.render())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "round-trip"


async def test_c_resumes_the_page_or_exercise_the_learner_was_last_in(make_app, bundled_course):
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.screens.lesson import LessonScreen

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 0)
        await pilot.pause()
        await pilot.press("right", "right")
        await pilot.pause()
        assert app.screen.page_index == 2
        await pilot.press("q")
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Continue: Lesson 2, page 3" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert (app.screen.lesson.id, app.screen.page_index) == ("round-trip", 2)
        await pilot.press("x")  # the lesson's exercise, then quit from there
        await pilot.pause()
        await pilot.press("q")
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "write-tool-result"
        await pilot.press("escape")  # out of the editor; Escape again: back to the map
        await pilot.press("escape")
        await pilot.pause()
        # Back on the map: that exercise is where "Continue" goes.
        assert "Continue: Lesson 2 exercise: Write the request" in screen_text(app)


async def test_the_map_has_a_course_progress_bar_ellipses_and_objectives(make_app, bundled_course):
    from tooltutor.tui.widgets.map.lesson_tree import LessonTree

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Course ░░░" in text and "0 of 49 done (0%)" in text
        # A row too long for the tree leaves out the lesson's progress (shown beside or
        # under it), and its title stays whole.
        rows = [line.rstrip() for line in text.splitlines() if "1. From talking" in line]
        assert rows and rows[0].endswith("why agents need tools"), rows
        # The objectives of the highlighted lesson are in view at 80x24.
        tree = app.screen.query_one(LessonTree)
        for lesson in bundled_course.lessons:
            tree.move_cursor(tree.node_for(lesson.id))
            await pilot.pause()
            text = screen_text(app)
            assert "You will be able to:" in text
            last_words = lesson.objectives[-1].replace("`", "").split()[-2:]  # code shown bare
            assert " ".join(last_words) in " ".join(text.split()), lesson.id
        first_check = bundled_course.lesson("why-tools").checks[0]["id"]
        app.store.answer_check(bundled_course.id, "why-tools", first_check, 0, True)
        app.screen.refresh_progress()
        await pilot.pause()
        assert "1 of 49 done (2%)" in screen_text(app)


# -- lesson pages -------------------------------------------------------------------------


async def test_tab_reaches_the_check_before_the_diagram_and_a_turned_page_scrolls(
    make_app, fixture_course
):
    from tooltutor.tui.widgets.lesson.page_view import PageView

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 2)  # a diagram, then a check
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(PageView)
        assert app.focused is view
        await pilot.press("tab")
        choices = screen.query_one("#check-who-runs").query_one(OptionList)
        assert app.focused is choices
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("right")  # to the recap page
        await pilot.pause()
        assert screen.page_index == 3
        assert app.focused is view  # the keys scroll the new page at once


# -- no spoilers ---------------------------------------------------------------------------


SPOILERS = (
    "tool_use turn is sent back",
    "quotes the call's id",
    "carries the tools",
    "must be resent",
    "append the assistant message",
    "Send the same `tools`",
)


async def test_fix_round_trip_names_no_bug_before_it_is_found(make_app, tmp_path):
    from tooltutor.tui.widgets.exercise.checklist import CriterionRow

    course = load_course(no_spoiler_course(tmp_path))
    assert not course.errors
    trust.trust(course)
    app = make_app(course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("fix-round-trip")
        await pilot.pause()
        screen = app.screen

        def shown() -> str:
            rows = " ".join(str(r.text) for r in screen.query(CriterionRow))
            held = str(screen.query_one("#held-back").render())
            return screen_text(app) + rows + held + str(screen.query_one("#diagnostics").options)

        assert "Bug 1 of 3" in shown()
        assert not [s for s in SPOILERS if s in shown()]
        await pilot.press("ctrl+r")  # the untouched starter
        await finish_checks(pilot)
        text = shown()
        assert "Bug 1 of 3: not found yet" in text and "Bug 3 of 3: not found yet" in text
        assert not [s for s in SPOILERS if s in text], text
        assert "held back" in text
        # Fix bug 2 (the id): its label says so, the others stay neutral.
        editor = screen.query_one("#editor")
        editor.load_text(editor.text.replace('"tool_use_id": call.name', '"tool_use_id": call.id'))
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        text = shown()
        assert "Bug 2 of 3: found and fixed — The tool_result quotes the call's id" in text
        assert "Bug 1 of 3: not found yet" in text
        assert "tool_use turn is sent back" not in text
        # Hint 3 names them all.
        await pilot.press("escape", "h", "h", "h")
        await pilot.pause()
        await pilot.pause()
        assert "Bug 1 of 3: The model's tool_use turn is sent back" in shown()


async def test_a_classification_says_which_items_are_wrong_and_keeps_the_reasons_for_hints(
    make_app, tmp_path
):
    course = load_course(no_spoiler_course(tmp_path))
    exercise = course.exercise("classify-tools")
    wrong = exercise.wrong_answers[0]["answer"]  # run_sql taken for a read
    reason = exercise.given["notes"]["run_sql"]
    app = make_app(course)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_exercise("classify-tools")
        await pilot.pause()
        screen = app.screen
        await pilot.press("f7")
        app.post_message(events.Paste(wrong))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        diagnostics = screen.query_one("#diagnostics")
        listed = " ".join(str(o.prompt) for o in diagnostics.options)
        assert '"run_sql"' in listed  # which item is wrong
        assert reason.split(",")[0] not in listed  # but not why
        assert "Hint 2 (h) gives the reason." in listed
        await pilot.press("escape", "h", "h")
        await pilot.pause()
        await pilot.pause()
        listed = " ".join(str(o.prompt) for o in diagnostics.options).replace("\n", " ")
        assert "DELETE and DROP TABLE" in listed  # the type's reason, with hint 2


# -- help -----------------------------------------------------------------------------------


async def test_help_lists_this_apps_keys_not_the_frameworks(make_app, fixture_course):
    from tooltutor.tui.screens.help import HelpScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#help-keys").render())
        for ours in (
            "Mark your answer.",
            "Show the whole task",
            "Enlarge the editor",
            "After a pass: open the next",
            "Copy a code block",
            "Leave the editor",
        ):
            assert ours in keys, ours
        for theirs in (
            "Focus Next",
            "Focus Previous",
            "Copy selected text",
            "Press button",
            "Cursor up",
            "command palette",
            "Quit the app",
        ):
            assert theirs not in keys, theirs


def test_store_keeps_a_position_that_resume_reads(fixture_course, home):
    from tooltutor.journey import Journey, Step

    store = open_store()
    try:
        journey = Journey(fixture_course, store)
        assert journey.resume_step() == Step("lesson", "why-tools", page=0)  # nowhere yet
        store.set_position(fixture_course.id, "round-trip", section=2)
        assert journey.resume_step() == Step("lesson", "round-trip", page=2)
        store.set_position(fixture_course.id, "round-trip", exercise_id="write-tool-result")
        assert journey.resume_step() == Step(
            "exercise", "round-trip", exercise_id="write-tool-result"
        )
        store.record_attempt(
            fixture_course.id,
            "write-tool-result",
            passed=True,
            criteria_passed=6,
            criteria_total=6,
            submission="[]",
        )
        # Passed since: what comes after it (the course's first unfinished step).
        assert journey.resume_step() == Step("lesson", "why-tools", page=0)
    finally:
        store.close()


async def test_the_palette_offers_no_maximize_for_a_button(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#continue").focus()
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Maximize" not in titles
        app.screen.query_one("#lesson-tree").focus()
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Maximize" in titles
