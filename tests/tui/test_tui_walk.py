"""Pilot tests of the newcomer walk of issue 29 (Lessons 3-6, exercises of each kind, at
80x24): what the walk found cut, misplaced or surprising, each kept fixed."""

from __future__ import annotations

import re

from tui_helpers import screen_text


def page_of(lesson, section_id: str) -> int:
    """The reader's index of a lesson's section page (0 is the objectives page)."""
    return 1 + [s["id"] for s in lesson.sections].index(section_id)


async def test_the_tasks_text_blocks_are_never_cut_at_the_right_edge(make_app, bundled_course):
    """did-anything-happen's conversation is 93 columns wide; at 80x24 its lines lost
    their ends ("If it's over 200 eur"), hiding the rule the learner must judge by. Wide
    lines of the task's blocks wrap instead."""
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("did-anything-happen")
        await pilot.pause()
        await pilot.press("ctrl+t")  # the whole task, as the header offers
        await pilot.pause()
        await pilot.pause()
        text = ""
        for _ in range(12):  # a page at a time: no line is stepped over under the title
            rows = (row.strip(" ▌▁▂▃▄▅▆▇█") for row in screen_text(app).split("\n"))
            text += " " + " ".join(" ".join(rows).split())
            await pilot.press("pagedown")
            await pilot.pause()
        assert "remind Marco Rossi" in text
        assert "reminded Marco about INV-2288." in text
        assert "If it's over 200 euros, mark it" in text
        assert '\\"status\\": \\"unpaid\\"}"' in text


BACK_POINTER = re.compile(r"^(?:\w+ of )?(?:those|these|this example|the example above)\b", re.I)


def test_no_lesson_page_opens_by_pointing_at_what_an_earlier_page_showed(bundled_course):
    """Since the long pages were split, a page's first words are what a learner reads
    after turning it: "Two of those defences" (L3) pointed at a list on the page before."""
    found = {}
    for lesson in bundled_course.lessons:
        for section in lesson.sections[1:]:
            first = next((b["markdown"] for b in section["blocks"] if "markdown" in b), "")
            if BACK_POINTER.match(first.strip()):
                found[(lesson.id, section["id"])] = first.strip()[:60]
    assert not found


async def test_x_on_a_page_without_an_offer_prefers_what_was_just_taught(make_app, bundled_course):
    """L3 page 4 ("Write tools") offers nothing: x opened "Return failures as data",
    whose page (7) comes later, without a word. After an offer not passed yet, x reopens
    that one (what the learner was just taught); else it opens the next one and says
    which page teaches it."""
    from tooltutor.tui.screens.exercise import ExerciseScreen
    from tooltutor.tui.screens.lesson import LessonScreen

    lesson = bundled_course.lesson("tool-types")
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("tool-types", page_of(lesson, "read-tools"))
        await pilot.pause()
        await pilot.press("x")  # classify-tools, offered on page 2, is not passed yet
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "classify-tools"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        app.store.record_attempt(
            bundled_course.id,
            "classify-tools",
            passed=True,
            criteria_passed=3,
            criteria_total=3,
            submission="{}",
        )
        notes = []
        app.notify = lambda message, **_: notes.append(message)
        await pilot.press("x")  # nothing taught so far is left to do: the next one, named
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        assert app.screen.exercise.id == "errors-as-data"
        page = page_of(lesson, "call-tools") + 1  # shown 1-based
        assert notes == [f"“Return failures as data” is taught on page {page} of this lesson."]


async def test_continue_shows_its_whole_step_after_the_step_changes(make_app, bundled_course):
    """Back on the map after passing an exercise, Continue kept the width of its old label
    and cut the new one: "▶ Continue: Lesson 3 exercise: A search tool that"."""
    from tooltutor.tui.screens.exercise import ExerciseScreen

    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Continue: Lesson 1, page 1" in screen_text(app)
        store, course = app.store, bundled_course.id
        store.set_position(course, "tool-types", section=len(lesson_sections(app)) + 1)
        for exercise_id in ("classify-tools", "errors-as-data"):
            store.record_attempt(
                course,
                exercise_id,
                passed=True,
                criteria_passed=1,
                criteria_total=1,
                submission="{}",
            )
        app.open_exercise("errors-as-data")  # and back to the map, as after a pass
        await pilot.pause()
        assert isinstance(app.screen, ExerciseScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert "Continue: Lesson 3 exercise: A search tool that returns leads, not files" in shown


def lesson_sections(app):
    return app.course.lesson("tool-types").sections


async def test_the_sources_are_packed_for_the_width_they_are_laid_out_at(make_app, fixture_course):
    """On a first visit under load, L3 and L4 showed `.../tool-use/server-too` + `ls`:
    the list packed for its initial 80 cells, as if no resize had reached it. Its height
    is measured at its real width, and the URLs are packed for that width then."""
    from textual.geometry import Size

    from tooltutor.pages import Source
    from tooltutor.tui.widgets.lesson.sources import SourcesList

    url = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/server-tools"
    app = make_app(fixture_course)
    async with app.run_test(size=(80, 24)):
        listed = SourcesList((Source(6, "S6", "Server tools", url),))
        height = listed.get_content_height(Size(76, 24), Size(80, 24), 76)
        text = listed.render().plain
    assert height == len(text.split("\n")) == 4
    assert text.split("\n")[-1].strip() == "server-tools"
