"""A lesson's "try it now" block (`try: {exercise, text?}`): what the loader accepts and
reports, what the reader's pages and `tooltutor show` make of it, and its translation."""

from __future__ import annotations

import shutil
from pathlib import Path

from minimal import LESSON, write_course

from tooltutor.course import load_course
from tooltutor.lesson_text import plain_lesson
from tooltutor.pages import lesson_pages

TRY = """\
      - try:
          exercise: {exercise}
          text: Now write it yourself.
"""


def lesson_with_try(exercise: str = "first", lists: str = "[first]") -> str:
    """The minimal lesson with a try block after its Markdown, listing `lists`."""
    marker = "          A second line.\n"
    text = LESSON.replace(marker, marker + TRY.format(exercise=exercise))
    return text.replace("exercises: [first]", f"exercises: {lists}")


def errors(course) -> list[str]:
    return [str(p) for p in course.problems if p.severity == "error"]


def test_a_try_block_offers_an_exercise_of_its_lesson(tmp_path):
    course = load_course(write_course(tmp_path, lessons_01_basics_yaml=lesson_with_try()))
    assert errors(course) == []
    pages = lesson_pages(course, course.lesson("basics"))
    page = pages[1]
    kinds = [block.kind for block in page.blocks]
    assert kinds == ["markdown", "try", "check"]  # where the author put it
    offer = page.blocks[1]
    assert (offer.exercise_id, offer.text) == ("first", "Now write it yourself.")
    assert page.try_ids == ("first",)
    # Still listed at the end of the lesson.
    assert [ex.id for ex in course.lesson("basics").exercise_items] == ["first"]


def test_a_try_block_naming_an_exercise_its_lesson_does_not_list_is_reported(tmp_path):
    root = write_course(tmp_path, lessons_01_basics_yaml=lesson_with_try(lists="[]"))
    course = load_course(root)
    found = errors(course)
    assert any(
        "01-basics.yaml:" in p and "`try` offers exercise 'first'" in p and "does not list" in p
        for p in found
    ), found
    line = next(p for p in found if "`try`" in p).split(":")[1]
    lines = (root / "lessons" / "01-basics.yaml").read_text().splitlines()
    assert "exercise: first" in lines[int(line) - 1]  # at the reference itself


def test_a_try_block_naming_no_exercise_says_which_it_may_mean(tmp_path):
    course = load_course(write_course(tmp_path, lessons_01_basics_yaml=lesson_with_try("firts")))
    found = errors(course)
    assert any("no exercise has that id (did you mean 'first'?)" in p for p in found), found


def test_a_try_block_is_checked_by_the_schema(tmp_path):
    bad = lesson_with_try().replace("          exercise: first\n", "          exercise: First!\n")
    course = load_course(write_course(tmp_path, lessons_01_basics_yaml=bad))
    assert any("exercise" in p and "First!" in p for p in errors(course)), errors(course)
    unknown = lesson_with_try().replace("text: Now", "txt: Now")
    course = load_course(write_course(tmp_path / "b", lessons_01_basics_yaml=unknown))
    assert any("unknown key `txt`" in p for p in errors(course)), errors(course)


def test_show_prints_the_offer_with_the_command_that_starts_it(tmp_path):
    course = load_course(write_course(tmp_path, lessons_01_basics_yaml=lesson_with_try()))
    text = plain_lesson(course, course.lesson("basics"), width=80)
    assert "Now write it yourself." in text
    assert "Try it now: The first exercise" in text
    assert "tooltutor start first" in text
    # ...in the section, before the check that follows it.
    assert text.index("Try it now") < text.index("Check 1: Is this a test?")


def test_rich_show_has_the_offer_too(tmp_path):
    from rich.console import Console

    from tooltutor.lesson_text import rich_lesson

    course = load_course(write_course(tmp_path, lessons_01_basics_yaml=lesson_with_try()))
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for part in rich_lesson(course, course.lesson("basics"), width=80):
        console.print(part)
    text = console.export_text()
    assert "Now write it yourself." in text and "Try it now: The first exercise" in text


def test_an_overlay_translates_the_line_that_leads_to_the_exercise(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(Path(__file__).parent.parent / "i18n" / "fixture_course", root)
    source = root / "lessons" / "02-round-trip.yaml"
    text = source.read_text(encoding="utf-8")
    at = text.index("  - id: diagram")
    offer = (
        "      - try:\n"
        "          exercise: write-tool-result\n"
        "          text: Now write the request yourself.\n"
    )
    source.write_text(text[:at] + offer + text[at:], encoding="utf-8")
    overlay = root / "lessons" / "pt-BR" / "02-round-trip.yaml"
    text = overlay.read_text(encoding="utf-8")
    blocks = text.index("  - id: three-blocks")
    end = text.find("\n  - id:", blocks + 1)
    end = len(text) if end == -1 else end
    text = text[:end].rstrip("\n") + "\n      - try: {text: Agora escreva você a requisição.}\n"
    overlay.write_text(text + "\n", encoding="utf-8")
    course = load_course(root, "pt-BR")
    assert errors(course) == [], errors(course)
    pages = lesson_pages(course, course.lesson("round-trip"))
    offers = [b for p in pages for b in p.blocks if b.kind == "try"]
    assert [(b.exercise_id, b.text) for b in offers] == [
        ("write-tool-result", "Agora escreva você a requisição.")
    ]


def test_a_page_called_hands_on_offers_its_exercise():
    """A page whose title promises practice ("Hands-on", "Na prática", "Практика") offers
    an exercise on that page, in every language of the bundled course."""
    for lang in (None, "pt-BR", "ru"):
        course = load_course(lang=lang) if lang else load_course()
        for lesson in course.lessons:
            for section in lesson.sections:
                if section["title"].lower().startswith(("hands-on", "na prática", "практика")):
                    assert any("try" in block for block in section["blocks"]), section["title"]


def test_a_choice_prompt_says_how_to_pick_in_the_app_and_in_a_file():
    """A prompt that asks for the choices' ids in writing (the file `check` and `watch`
    read) also says what to do in the app, where the choices are ticked."""
    course = load_course()
    for exercise in course.exercises.values():
        if exercise.kind == "choice" and "separated by commas" in exercise.prompt:
            assert "tick" in exercise.prompt, exercise.id
