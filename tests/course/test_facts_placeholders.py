"""`{{facts:NAME}}` in course text: lists of models rendered from the capability table, in
the course's language, and `validate`'s error and warning about them."""

from __future__ import annotations

import datetime
import shutil

import pytest
from minimal import LESSON, write_course

from checker import models as table
from checker.models import claude, course_facts
from tooltutor.course import load_course
from tooltutor.course.facts import join_names, render
from tooltutor.course.facts_check import fact_problems
from tooltutor.course.loader import resolve_course_dir

FORCING = "Of the current models, {{facts:forcing_rejected}} reject forcing."


def _lesson_with(text: str) -> str:
    return LESSON.replace("One idea, with a source.[^S1]", text + "[^S1]")


def test_a_list_is_joined_in_the_course_language():
    names = course_facts.names("forcing_rejected")
    first, *rest = names
    english = render(FORCING)
    assert english.startswith(f"Of the current models, {first}, ")
    assert f" and {rest[-1].removeprefix('Claude ')} reject forcing." in english
    assert "{{" not in english and "Haiku 4.5" not in english
    assert f" e {rest[-1].removeprefix('Claude ')}" in render(FORCING, "pt-BR")
    assert f" и {rest[-1].removeprefix('Claude ')}" in render(FORCING, "ru")
    # a language without words of its own gets English's; one name needs no "and"
    assert render(FORCING, "de") == english
    assert join_names(("Claude Haiku 4.5",)) == "Claude Haiku 4.5"
    assert join_names(("Claude A", "Claude B"), "pt-BR") == "Claude A e B"


def test_a_grouped_list_writes_numbers_and_token_words_per_language():
    assert "; 4,096 tokens on Claude Haiku 4.5" in render("{{facts:cache_minimums}}")
    assert "4.096 tokens no Claude Haiku 4.5" in render("{{facts:cache_minimums}}", "pt-BR")
    russian = render("{{facts:cache_minimums}}", "ru")
    assert "512 токенов у Claude" in russian and "4096 токенов у Claude Haiku 4.5" in russian


def test_an_unknown_name_is_left_as_written():
    assert render("see {{facts:forcing}} here") == "see {{facts:forcing}} here"


@pytest.fixture
def one_more_model(monkeypatch):
    """A new current model, added the one way the docs say: one row in the table."""
    new = claude._model("Claude Sonnet 6", ("claude-sonnet-6",), (6, 0), forced_tool_choice=False)
    monkeypatch.setattr(claude, "MODELS", (*claude.MODELS, new))
    monkeypatch.setattr(claude, "CURRENT_MODELS", claude.CURRENT_MODELS | {new.name})
    table.forget()
    yield new
    table.forget()


def test_a_new_model_is_one_edit_of_the_table(one_more_model):
    assert render(FORCING).startswith("Of the current models, Claude Sonnet 6, Opus 5.5, ")


def test_the_course_renders_facts_in_lessons_in_its_language(tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=_lesson_with(FORCING))
    course = load_course(tmp_path)
    assert not course.errors, course.errors
    raw = course.lessons[0].sections[0]["blocks"][0]["markdown"]
    assert "{{facts:forcing_rejected}}" in raw  # the file's words are kept
    shown = course.expand(raw)
    assert ", Fable 5.2, " in shown and "{{" not in shown
    course.lang = "pt-BR"
    assert " e " in course.expand("{{facts:forcing_rejected}}")


def test_validate_errors_on_an_unknown_name_where_it_stands(tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=_lesson_with("See {{facts:forcing_rejectd}}."))
    problems = fact_problems(load_course(tmp_path))
    assert len(problems) == 1
    problem = problems[0]
    assert problem.severity == "error"
    assert (problem.line, problem.column) == (13, 15)
    assert "did you mean 'forcing_rejected'?" in problem.message


def test_validate_warns_on_a_fact_older_than_the_set_age(tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=_lesson_with(FORCING))
    course = load_course(tmp_path)
    assert fact_problems(course, 90, today=datetime.date(2026, 12, 20)) == []
    later = datetime.date(2027, 6, 1)
    problems = fact_problems(course, 90, today=later)
    assert problems and {p.severity for p in problems} == {"warning"}
    text = "\n".join(p.message for p in problems)
    page = claude.FABLE_52_PAGE
    assert f"`forced_tool_choice` of Claude Fable 5.2 and Mythos 5.2, read {page.read}" in text
    assert page.url in text
    assert "`current_models`, read 2026-12-01" in text and "/models/overview" in text
    age = (later - datetime.date.fromisoformat(page.read)).days
    assert f"({age} days ago, more than 90)" in text
    # the age is configurable
    assert fact_problems(course, 400, today=later) == []


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_the_bundled_course_shows_its_model_lists_from_the_table(lang):
    course = load_course(None, lang)
    assert course.lang == lang
    assert [p for p in fact_problems(course) if p.severity == "error"] == []
    shown = []
    for lesson in course.lessons:
        for section in lesson.sections:
            for block in section["blocks"]:
                text = block.get("markdown", "")
                if "{{facts:" in text:
                    shown.append(course.expand(text))
        shown += [course.expand(point) for point in lesson.recap if "{{facts:" in point]
    assert len(shown) >= 6, "the lessons list their models through placeholders"
    assert all("{{facts:" not in text for text in shown)
    together = "\n".join(shown)
    assert render("{{facts:forcing_rejected}}", lang) in together
    assert render("{{facts:cache_minimums}}", lang) in together
    assert "Mythos 5.2" in together


def test_an_old_fact_is_reported_once_per_list_and_file_not_per_translation():
    course = load_course(None)
    problems = fact_problems(course, 90, today=datetime.date(2027, 6, 1))
    assert problems and all(p.severity == "warning" for p in problems)
    assert not any("pt-BR" in p.path.parts for p in problems)
    assert len({(p.path, p.message) for p in problems}) == len(problems)
    # Lesson 6 shows `cache_minimums` twice: only its first place is reported
    cost = [p for p in problems if p.path.name == "06-cost.yaml" and "cache_minimums" in p.message]
    assert cost and len({(p.line, p.column) for p in cost}) == 1


def test_a_lesson_shown_untranslated_joins_its_lists_in_the_source_language(tmp_path):
    # every lesson has a Russian overlay now: a copy of the course without Lesson 4's
    root = tmp_path / "course"
    shutil.copytree(
        resolve_course_dir(None),
        root,
        ignore=shutil.ignore_patterns(".git", "*_cache", "__pycache__"),
    )
    (root / "lessons" / "ru" / "04-defining-tools.yaml").unlink()
    course = load_course(root, "ru")
    lesson = course.lesson("defining-tools")
    assert lesson.untranslated == {"*"}
    text = "\n".join(b.get("markdown", "") for s in lesson.sections for b in s["blocks"])
    assert render("{{facts:forcing_rejected}}", "en") in course.expand(text)
    assert " и " not in course.expand(text)
    # a translated lesson joins in the course's language
    translated = course.lesson("round-trip")
    shown = "\n".join(
        course.expand(b.get("markdown", "")) for s in translated.sections for b in s["blocks"]
    )
    assert render("{{facts:preserved_thinking}}", "ru") in shown


def test_a_field_a_translation_leaves_out_joins_its_list_in_the_source_language():
    from tooltutor.course.translation.merge import merge
    from tooltutor.course.translation.spec import LESSON_TEXT

    source = {"title": "T", "summary": "Forcing: {{facts:forcing_rejected}}.", "recap": ["R"]}
    merged = merge(LESSON_TEXT, source, {"title": "Т", "recap": ["Р"]}, "en")
    assert "summary" in merged.untranslated
    assert merged.text["summary"] == f"Forcing: {render('{{facts:forcing_rejected}}', 'en')}."
    assert merged.text["title"] == "Т"
