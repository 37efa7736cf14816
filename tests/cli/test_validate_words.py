"""`tooltutor validate` writes its summary lines (the counts, and each translation's
report) in the interface's language, with the plural forms of that language; English is
unchanged, and validate's own `--lang` (the translation to check) does not change it."""

from __future__ import annotations

import pytest
from minimal import COURSE, write_course

from tooltutor.course.translation.report import LanguageReport
from tooltutor.i18n import set_language

LEGACY = COURSE.replace("model-x", "claude-sonnet-5")  # one warning: a legacy model


@pytest.mark.parametrize(
    ("lang", "valid", "strict"),
    [
        (
            None,
            "valid: 1 lesson, 1 exercise, every exercise self-tested (1 warning)",
            "0 errors, 1 warning (--strict: warnings fail) (1 lesson and 1 exercise loaded)",
        ),
        (
            "ru",
            "без ошибок: 1 урок, 1 упражнение, все упражнения прошли самопроверку "
            "(1 предупреждение)",
            "0 ошибок, 1 предупреждение (--strict: предупреждения считаются ошибками) "
            "(загружено: 1 урок и 1 упражнение)",
        ),
        (
            "pt-BR",
            "válido: 1 lição, 1 exercício, todos os exercícios autotestados (1 aviso)",
            "0 erro, 1 aviso (--strict: avisos também falham) (carregados: 1 lição e 1 exercício)",
        ),
    ],
)
def test_the_summary_is_in_the_interface_language(run, tmp_path, lang, valid, strict):
    write_course(tmp_path / "course", course_yaml=LEGACY)
    before = ("--lang", lang) if lang else ()
    no_locale = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "TOOLTUTOR_LANG": ""}
    done = run(*before, "validate", tmp_path / "course", extra_env=no_locale)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith(f"course: {valid}")
    failed = run(*before, "validate", tmp_path / "course", "--strict", extra_env=no_locale)
    assert failed.returncode == 1
    assert failed.stderr.rstrip().endswith(f"course: {strict}")


def test_validates_own_lang_names_the_translation_not_the_reader(run, tmp_path):
    write_course(tmp_path / "course", course_yaml=LEGACY)
    done = run("validate", tmp_path / "course", "--lang", "ru", extra_env={"LANG": "C.UTF-8"})
    # (this course has no Russian: an error, told in English)
    assert "1 error, 1 warning (1 lesson and 1 exercise loaded)" in done.stderr, done.stderr
    in_russian = run("validate", tmp_path / "course", extra_env={"TOOLTUTOR_LANG": "ru"})
    assert "без ошибок: 1 урок, 1 упражнение" in in_russian.stdout


def report(**counts) -> LanguageReport:
    return LanguageReport("ru", **counts)


@pytest.mark.parametrize(
    ("lang", "counts", "line"),
    [
        (
            "en",
            {"lessons": 1, "lessons_translated": 0, "exercises": 2, "exercises_translated": 2},
            "ru: 0 of 1 lesson, 2 of 2 exercises translated",
        ),
        (
            "ru",
            {"lessons": 1, "lessons_translated": 1, "exercises": 21, "exercises_translated": 3},
            "ru: переведено 1 из 1 урока, 3 из 21 упражнения",
        ),
        (
            "ru",
            {"lessons": 6, "lessons_translated": 3, "exercises": 23, "exercises_translated": 23},
            "ru: переведено 3 из 6 уроков, 23 из 23 упражнений",
        ),
        (
            "pt-BR",
            {"lessons": 1, "lessons_translated": 1, "exercises": 2, "exercises_translated": 2},
            "ru: 1 de 1 lição, 2 de 2 exercícios traduzidos; tradução em dia",
        ),
        (
            "ru",
            {"lessons": 2, "lessons_translated": 2, "exercises": 2, "exercises_translated": 2},
            "ru: переведено 2 из 2 уроков, 2 из 2 упражнений; перевод актуален",
        ),
    ],
)
def test_a_translation_report_counts_in_the_language(lang, counts, line):
    set_language(lang)
    try:
        got = report(**counts).summary()
    finally:
        set_language(None)
    assert got == line


@pytest.mark.parametrize(
    ("lang", "stale", "note"),
    [
        ("en", 1, "1 stale"),
        ("ru", 1, "1 перевод устарел"),
        ("ru", 3, "3 перевода устарели"),
        ("ru", 5, "5 переводов устарели"),
        ("pt-BR", 1, "1 tradução desatualizada"),
        ("pt-BR", 2, "2 traduções desatualizadas"),
    ],
)
def test_the_notes_of_a_report_take_the_plural_of_the_language(lang, stale, note):
    set_language(lang)
    try:
        got = report(
            lessons=2,
            lessons_translated=2,
            stale=stale,
            check_messages=2,
            check_messages_translated=1,
        ).summary()
    finally:
        set_language(None)
    assert got.endswith("; " + note), got
    messages = {
        "en": "1 of 2 messages of the course's checks",
        "ru": "1 из 2 сообщений проверок курса",
        "pt-BR": "1 de 2 mensagens das verificações do curso",
    }[lang]
    assert messages in got
