"""Which language a course is shown in: --lang, TOOLTUTOR_LANG, the locale, the source."""

from __future__ import annotations

import io

import pytest
from i18n_helpers import FIXTURE

from tooltutor.course import load_course
from tooltutor.i18n import match_language, parse_locale, resolve_language

AVAILABLE = ["en", "pt-BR"]


def choose(cli=None, **env):
    err = io.StringIO()
    return resolve_language(cli, AVAILABLE, environ=env, stderr=err), err.getvalue()


def test_nothing_asked_is_the_source_language():
    assert choose() == ("en", "")


@pytest.mark.parametrize(
    ("cli", "env", "expected"),
    [
        # each source on its own
        ("pt-BR", {}, "pt-BR"),
        (None, {"TOOLTUTOR_LANG": "pt-BR"}, "pt-BR"),
        (None, {"LC_ALL": "pt_BR.UTF-8"}, "pt-BR"),
        (None, {"LC_MESSAGES": "pt_BR.UTF-8"}, "pt-BR"),
        (None, {"LANG": "pt_BR.UTF-8"}, "pt-BR"),
        # each one wins over those after it
        ("en", {"TOOLTUTOR_LANG": "pt-BR", "LANG": "pt_BR.UTF-8"}, "en"),
        (None, {"TOOLTUTOR_LANG": "en", "LC_ALL": "pt_BR.UTF-8"}, "en"),
        (None, {"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"}, "en"),
        (None, {"LC_MESSAGES": "en_GB.UTF-8", "LANG": "pt_BR.UTF-8"}, "en"),
        # the first locale variable set decides, as in POSIX: C means no preference
        (None, {"LC_ALL": "C.UTF-8", "LANG": "pt_BR.UTF-8"}, "en"),
        (None, {"LC_ALL": "", "LANG": "pt_BR.UTF-8"}, "pt-BR"),
        # a locale the course does not offer is no error: the source language
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        # loosely written tags
        ("PT-br", {}, "pt-BR"),
        ("pt_BR", {}, "pt-BR"),
        ("pt", {}, "pt-BR"),
        (None, {"LANG": "pt"}, "pt-BR"),
        (None, {"LANG": "en_US.ISO-8859-1"}, "en"),
        (None, {"LANG": "pt_BR@euro"}, "pt-BR"),
    ],
)
def test_fallback_order(cli, env, expected):
    assert choose(cli, **env) == (expected, "")


@pytest.mark.parametrize(
    ("cli", "env", "origin"),
    [
        ("fr", {}, "--lang"),
        (None, {"TOOLTUTOR_LANG": "fr", "LANG": "pt_BR.UTF-8"}, "TOOLTUTOR_LANG"),
    ],
)
def test_a_language_asked_for_by_name_that_is_not_offered_warns_and_is_english(cli, env, origin):
    lang, warning = choose(cli, **env)
    assert lang == "en"
    assert warning.count("\n") == 1
    assert warning.startswith("tooltutor: warning: ")
    assert "'fr'" in warning and origin in warning and "en, pt-BR" in warning


def test_parse_locale():
    assert parse_locale("pt_BR.UTF-8") == "pt-BR"
    assert parse_locale("en_US") == "en-US"
    assert parse_locale("C") is None
    assert parse_locale("POSIX") is None
    assert parse_locale("C.UTF-8") is None
    assert parse_locale("") is None


def test_match_language():
    assert match_language("pt", ["en", "pt-BR", "pt-PT"]) == "pt-BR"
    assert match_language("pt-pt", ["en", "pt-BR", "pt-PT"]) == "pt-PT"
    assert match_language("en-US", ["en", "pt-BR"]) == "en"
    assert match_language("pt-PT", ["en", "pt-BR"]) is None
    assert match_language("es", ["en", "pt-BR"]) is None


def test_the_loader_takes_a_tag_or_a_chooser():
    assert load_course(FIXTURE).lang == "en"
    assert load_course(FIXTURE, "pt-br").lang == "pt-BR"
    chosen = load_course(FIXTURE, lambda languages: languages[-1])
    assert chosen.lang == "pt-BR"
    assert chosen.lesson("why-tools").title == "Por que agentes precisam de ferramentas"


def test_the_loader_warns_about_a_language_the_course_does_not_offer():
    course = load_course(FIXTURE, "fr")
    assert course.lang == "en"
    assert course.lesson("why-tools").title == "Why agents need tools"
    [problem] = course.problems
    assert problem.severity == "warning" and "not offered in 'fr'" in problem.message


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "pt-BR"], {}),
        (["--lang=pt-BR"], {}),
        ([], {"TOOLTUTOR_LANG": "pt-BR"}),
        ([], {"LANG": "pt_BR.UTF-8"}),
        ([], {"LC_ALL": "pt_BR.UTF-8", "LANG": "en_US.UTF-8"}),
    ],
)
def test_the_command_line_follows_each_source(run, args, env):
    result = run("--course", FIXTURE, *args, "list", env=env)
    assert result.returncode == 0, result.stderr
    assert "Por que agentes precisam de ferramentas" in result.stdout
    assert "[x] resolvido" in result.stdout


def test_lang_on_the_command_line_beats_the_environment(run):
    result = run("--course", FIXTURE, "--lang", "en", "list", env={"TOOLTUTOR_LANG": "pt-BR"})
    assert "Why agents need tools" in result.stdout
    assert "[x] passed" in result.stdout


def test_an_unknown_language_on_the_command_line_warns_once_and_shows_english(run):
    result = run("--course", FIXTURE, "--lang", "xx", "list")
    assert result.returncode == 0
    assert "Why agents need tools" in result.stdout
    assert result.stderr.count("warning") == 1 and "'xx'" in result.stderr
