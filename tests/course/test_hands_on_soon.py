"""Issue 29, part 2: hands-on within minutes, in the bundled course as shipped.

A learner who starts the course meets an exercise within about 600 words of reading;
every exercise is offered ("try it now") on the page that teaches its concept, and still
listed at the end; `write-tool-result` comes right after the round trip is shown; and no
page of the reader is longer than about three screens at 80x24, in English and pt-BR.

Words are counted as the reader shows them, in order: the objectives page (summary and
objectives), then each page's title, Markdown, the inline checks' prompts, `why_here`
and choices, the captions of code and diagrams, and the line that leads to an exercise.
Code and the checks' feedback (read only after an answer) are not counted. A lesson read
to its end without an offer adds its recap before its exercises.
"""

from __future__ import annotations

import re

import pytest

from tooltutor.course import FOOTNOTE, Course, load_course

LANGS = [pytest.param(None, id="en"), pytest.param("pt-BR", id="pt-BR")]

#: "about 600 words" before the first exercise (English; Portuguese takes more words)
FIRST_EXERCISE_WORDS = {None: 600, "pt-BR": 680}
#: "about three screens at 80x24": rows of a page in the reader, 80 columns wide
PAGE_ROWS = 3 * 24
LIMIT = PAGE_ROWS


def course_in(lang: str | None) -> Course:
    return load_course(lang=lang) if lang else load_course()


def words(course: Course, text: str | None) -> int:
    return len(FOOTNOTE.sub("", course.expand(text or "")).split())


def block_words(course: Course, block: dict) -> int:
    if "markdown" in block:
        return words(course, block["markdown"])
    if "check" in block:
        check = block["check"]
        return (
            words(course, check["prompt"])
            + words(course, check.get("why_here"))
            + sum(words(course, c["text"]) for c in check["choices"])
        )
    if "code" in block:
        return words(course, block["code"].get("caption"))
    if "sequence" in block:
        return words(course, block["sequence"].get("caption"))
    if "try" in block:
        return words(course, block["try"].get("text"))
    return 0


def words_before(course: Course, exercise_id: str | None = None) -> int:
    """Words a learner reads from the course's start until an exercise is offered: the
    first one (`exercise_id` None) or that one, by a try block or at its lesson's end."""
    total = 0
    for lesson in course.lessons:
        total += words(course, lesson.summary) + sum(words(course, o) for o in lesson.objectives)
        for section in lesson.sections:
            total += words(course, section["title"])
            for block in section["blocks"]:
                total += block_words(course, block)
                offer = block.get("try")
                if offer and exercise_id in (None, offer["exercise"]):
                    return total
        total += sum(words(course, point) for point in lesson.recap)
        if lesson.exercises and exercise_id in (None, *lesson.exercises):
            return total
    raise AssertionError(f"no exercise {exercise_id!r} in the course")


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_exercise_comes_within_about_600_words(lang):
    course = course_in(lang)
    assert words_before(course) <= FIRST_EXERCISE_WORDS[lang]
    first = course.lessons[0]
    offered = [b["try"]["exercise"] for s in first.sections for b in s["blocks"] if "try" in b]
    assert offered and offered[0] == first.exercises[0]


def test_the_count_reads_what_the_learner_reads():
    """The count stops at the first offer, and without offers it reads whole lessons."""
    course = course_in(None)
    whole_first_lesson = words_before(course, course.lessons[1].exercises[0]) - words_before(
        course, course.lessons[0].exercises[-1]
    )
    assert whole_first_lesson > 0
    assert words_before(course) < words_before(course, course.lessons[0].exercises[-1])


def test_write_tool_result_is_offered_right_after_the_round_trip():
    course = course_in(None)
    lesson = course.lesson("round-trip")
    # The page that first shows a tool_result going back is the page that offers it.
    round_trip = next(
        i
        for i, s in enumerate(lesson.sections)
        if any("tool_use_id" in b.get("code", {}).get("text", "") for b in s["blocks"])
    )
    offers = [b["try"]["exercise"] for b in lesson.sections[round_trip]["blocks"] if "try" in b]
    assert offers == ["write-tool-result"]
    assert words_before(course, "write-tool-result") < 2500  # was 5,005 after all of Lesson 2


@pytest.mark.parametrize("lang", LANGS)
def test_every_exercise_is_offered_where_it_is_taught_and_listed_at_the_end(lang):
    course = course_in(lang)
    assert not [str(p) for p in course.problems if p.severity == "error"]
    for lesson in course.lessons:
        offered = [b["try"]["exercise"] for s in lesson.sections for b in s["blocks"] if "try" in b]
        assert sorted(offered) == sorted(lesson.exercises), lesson.id  # each one, once
        assert [ex.id for ex in lesson.exercise_items] == list(lesson.exercises)


async def page_heights(course: Course) -> list[tuple[str, int, int]]:
    """(lesson id, page number, rows) for every page of `course` in the reader at 80x24."""
    from tooltutor.i18n import set_language
    from tooltutor.progress import open_store
    from tooltutor.tui.app import TutorApp
    from tooltutor.tui.widgets.lesson.page_view import PageView

    heights = []
    store = open_store()
    app = TutorApp(course, store, unicode=True, cursor_blink=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for lesson in course.lessons:
                app.open_lesson(lesson.id, 0)
                await pilot.pause()
                screen = app.screen
                for index in range(len(screen.pages)):
                    await screen.show_page(index)
                    await pilot.pause()
                    view = screen.query_one(PageView)
                    heights.append((lesson.id, index + 1, view.virtual_size.height))
                app.pop_screen()
                await pilot.pause()
    finally:
        store.close()
        set_language(None)  # the app spoke the course's language: the next test speaks English
    return heights


@pytest.mark.parametrize("lang", LANGS)
async def test_no_page_is_longer_than_about_three_screens_at_80x24(lang, tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path))
    heights = await page_heights(course_in(lang))
    assert len(heights) > 50  # every page of the six lessons was measured
    assert all(rows > 5 for _, _, rows in heights)
    long = [f"{lesson} page {page}: {rows} rows" for lesson, page, rows in heights if rows > LIMIT]
    assert not long, long


def test_words_are_counted_without_code_or_footnote_markers():
    course = course_in(None)
    assert words(course, "Two words[^S1]") == 2
    assert block_words(course, {"code": {"lang": "json", "text": '{"a": 1}'}}) == 0
    assert re.fullmatch(r"\d+", str(words_before(course)))
