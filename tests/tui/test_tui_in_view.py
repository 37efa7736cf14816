"""Pilot tests of issue 29: nothing a learner needs is below the edge at 80x24 and up
(an inline check's explanation, an exercise's reply to answer, a check's first failure),
the page keys work wherever the focus is, the focus shows, a lesson page offers its
exercise ("try it now"), and Continue is the next thing to do."""

from __future__ import annotations

import pytest
from textual import events
from tui_helpers import finish_checks, region_text, screen_text

from tooltutor.journey import Journey, Step

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 30), id="100x30"),
    pytest.param((120, 40), id="120x40"),
]


def flat(app) -> str:
    """The screen's words on one line (wrapped lines joined)."""
    return " ".join(screen_text(app).split())


# -- lesson pages -------------------------------------------------------------------------


async def test_an_answered_checks_explanation_is_scrolled_into_view(make_app, fixture_course):
    from tooltutor.tui.widgets.lesson.page_view import PageView

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 2)  # a diagram, then the check, below the edge
        await pilot.pause()
        assert "The model only asks." not in flat(app)
        await pilot.press("tab", "enter")  # a wrong answer: "The model"
        await pilot.pause()
        await pilot.pause()
        text = flat(app)
        assert "Not quite. You chose a)." in text and "The model only asks." in text
        view = app.screen.query_one(PageView)
        # The page keys work from inside the check: up to the top, down to the end.
        await pilot.press("home")
        await pilot.pause()
        assert view.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert view.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert view.scroll_y < view.max_scroll_y
        # Up above the first choice and down below the last scroll the page too.
        choices = app.focused
        await pilot.press("home", "up")
        await pilot.pause()
        assert choices.highlighted == 0 and app.focused is choices
        await pilot.press("down", "down", "down")
        await pilot.pause()
        assert choices.highlighted == 1 and view.scroll_y > 0


async def test_the_page_keys_scroll_the_page_from_a_focused_code_block(make_app, bundled_course):
    from tooltutor.tui.widgets.lesson.code_block import CodeScroll
    from tooltutor.tui.widgets.lesson.page_view import PageView

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        lesson = bundled_course.lesson("round-trip")
        page = next(
            i
            for i, section in enumerate(lesson.sections, 1)
            if any("code" in block for block in section["blocks"])
        )
        app.open_lesson("round-trip", page)
        await pilot.pause()
        code = app.screen.query(CodeScroll).first()
        code.focus()
        await pilot.pause()
        view = app.screen.query_one(PageView)
        before = view.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert view.scroll_y > before and app.focused is code
        await pilot.press("home")
        await pilot.pause()
        assert view.scroll_y == 0


async def test_a_page_offers_its_exercise_to_try_now(make_app, fixture_course):
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.screens.lesson import LessonScreen
    from tooltutor.tui.widgets.lesson.try_it import TryItButton

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("round-trip", 1)
        await pilot.pause()
        text = flat(app)
        assert "You have seen the whole round trip." in text
        assert "Try it now (x): Write the request that carries the tool result •" in text
        await pilot.press("x")  # one key, from anywhere on the page
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "write-tool-result"
        await pilot.press("escape", "escape")  # out of the editor, back to the page
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.page_index == 1
        # Tab reaches the button; Enter opens it too, and a pass shows on it after.
        button = app.screen.query_one(TryItButton)
        button.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        right = fixture_course.expand(fixture_course.exercise("write-tool-result").solution)
        await pilot.press("f7")
        app.post_message(events.Paste(right))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert "Write the request that carries the tool result ✔" in flat(app)
        # The exercise is still listed at the end of the lesson.
        app.screen.query_one("#page").focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert "Exercises (Enter opens one)" in flat(app)
        assert "✔ Write the request that carries the tool result" in flat(app)


async def test_right_on_a_lessons_last_page_goes_on_to_the_next_thing(make_app, fixture_course):
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.screens.lesson import LessonScreen

    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("why-tools", 2)  # the recap, the last page
        await pilot.pause()
        assert "Exercise ▶" in flat(app)  # the button says where it goes
        await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen) and app.screen.exercise.id == "pick-one"
        await pilot.press("down", "enter", "ctrl+r")  # pass it
        await finish_checks(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        assert "Lesson 2 ▶" in flat(app)
        await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "round-trip"


def test_continue_after_a_lessons_last_page_is_the_next_thing_to_do(fixture_course, home):
    from tooltutor.progress import open_store

    store = open_store()
    try:
        journey = Journey(fixture_course, store)
        course = fixture_course.id
        store.set_position(course, "why-tools", section=1)  # mid-lesson: that page
        assert journey.resume_step() == Step("lesson", "why-tools", page=1)
        store.set_position(course, "why-tools", section=2)  # read to the end
        assert journey.resume_step() == Step("exercise", "why-tools", exercise_id="pick-one")
        store.record_attempt(
            course, "pick-one", passed=True, criteria_passed=1, criteria_total=1, submission="b"
        )
        # Its exercises passed: the next lesson...
        assert journey.resume_step() == Step("lesson", "round-trip", page=0)
        # ...unless the checks of a lesson are left: then the page of the first one.
        store.set_position(course, "round-trip", section=3)
        store.record_attempt(
            course,
            "write-tool-result",
            passed=True,
            criteria_passed=6,
            criteria_total=6,
            submission="[]",
        )
        assert journey.resume_step() == Step("lesson", "why-tools", page=1)
    finally:
        store.close()


# -- the exercise screen --------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
async def test_the_reply_to_answer_is_in_view_when_the_exercise_opens(
    make_app, bundled_course, size
):
    app = make_app(bundled_course)
    async with app.run_test(size=size) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        for line in ('"id": "toolu_01LxWeather7731",', '"name": "get_weather",', '"input"'):
            assert line in text, (line, text)
        assert "Write the request that carries the tool result" in text
        assert "1  [" in text  # the editor and its starter beside or under it


@pytest.mark.parametrize("size", SIZES)
async def test_a_checks_first_failure_is_in_view_and_the_room_goes_back_on_typing(
    make_app, bundled_course, size
):
    from tooltutor.tui.screens.exercise import ResultsPane
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    exercise = bundled_course.exercise("write-tool-result")
    wrong = next(w for w in exercise.wrong_answers if "name used as the id" in w["note"])
    app = make_app(bundled_course)
    async with app.run_test(size=size) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f7")
        app.post_message(events.Paste(wrong["answer"]))
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        results = app.screen.query_one(ResultsPane)
        writing = results.size.height
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        await pilot.pause()
        text = region_text(app, results)
        assert "Not yet: 4 of 6 criteria met." in text  # the verdict...
        assert "✘ The last message starts with a tool_result for toolu_01LxWeather7731" in text
        assert 'tool_use_id is "get_weather", the tool\'s name.' in text  # ...its reason
        assert "results are matched to calls by id." in text
        assert app.focused is editor  # the keyboard stays in the editor
        reading = results.size.height
        assert reading >= writing
        await pilot.press("end", "space")  # typing gives the room back to the editor
        await pilot.pause()
        await pilot.pause()
        assert results.size.height <= reading
        if size == (80, 24):
            assert results.size.height < reading and editor.size.height >= 8
        text = region_text(app, results)
        assert "Not yet: 4 of 6 criteria met." in text  # still at the verdict and reason
        assert "results are matched to calls by id." in text


async def test_the_focus_shows_as_a_bar_beside_its_pane(make_app, fixture_course):
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        screen = app.screen
        answer, results = screen.query_one("#answer"), screen.query_one("#results")
        accent = app.theme_variables["accent"].lower()

        def bar(widget) -> tuple[str, str]:
            kind, color = widget.styles.border_left
            return kind, color.hex.lower()

        assert bar(answer)[0] == "outer" and bar(answer)[1].startswith(accent[:7])
        assert bar(results)[0] == "blank"
        await pilot.press("escape")  # out of the editor: the bar stays with the buttons
        await pilot.pause()
        assert bar(answer)[0] == "outer"
        results.focus()
        await pilot.pause()
        assert bar(results)[0] == "outer" and bar(answer)[0] == "blank"


async def test_the_recap_folds_the_lessons_sources_and_opens_them(make_app, bundled_course):
    """The recap page of the lesson with the most sources fits in about three screens at
    80x24: its full list of sources is folded under a title that counts them, and opens."""
    from textual.widgets import Collapsible

    from tooltutor.tui.widgets.lesson.page_view import PageView
    from tooltutor.tui.widgets.lesson.sources import SourcesList

    lesson = max(bundled_course.lessons, key=lambda lesson: len(lesson.sources))
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson(lesson.id, 0)
        await pilot.pause()
        await app.screen.show_page(len(app.screen.pages) - 1)
        await pilot.pause()
        assert app.screen.query_one(PageView).virtual_size.height <= 3 * 24
        fold = app.screen.query_one(".recap-sources", Collapsible)
        assert fold.collapsed and fold.title == f"Sources of this lesson ({len(lesson.sources)})"
        listed = fold.query_one(SourcesList)
        assert not listed.display or not listed.region.height  # folded: not on screen
        fold.query_one("CollapsibleTitle").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not fold.collapsed
        fold.scroll_visible()
        await pilot.pause()
        assert listed.region.height >= len(lesson.sources)
