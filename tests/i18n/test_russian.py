"""Russian: chosen by `--lang ru`, `TOOLTUTOR_LANG=ru` or a Russian locale; three plural
forms and a fourth for fractions ("1 ошибка", "2 ошибки", "5 ошибок", "1,5 секунды");
numbers written the Russian way; the command line, argparse and the checker in Russian;
`validate --lang ru` counting what is translated and stale. English and pt-BR stay as
they were (their own tests)."""

from __future__ import annotations

import io
import warnings

import pytest
from i18n_helpers import FIXTURE, replace_in

from checker.i18n import format_number, normalise_language, trn, use_language
from tooltutor.i18n import help_language, match_language, resolve_language, set_language, tn

NBSP = "\u00a0"
LANGUAGES = ["en", "pt-BR", "ru"]


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language(None)


# -- choosing Russian ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cli", "env", "expected"),
    [
        ("ru", {}, "ru"),
        ("RU", {}, "ru"),
        ("ru_RU", {}, "ru"),
        ("ru-RU", {}, "ru"),
        (None, {"TOOLTUTOR_LANG": "ru"}, "ru"),
        (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
        (None, {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        (None, {"LC_ALL": "ru_UA.UTF-8"}, "ru"),  # Russian as written in Ukraine
        (None, {"LANG": "ru_RU.KOI8-R"}, "ru"),
        (None, {"LANG": "uk_UA.UTF-8"}, "en"),  # Ukrainian is not Russian: the source
        (None, {"LANG": "be_BY.UTF-8"}, "en"),
        ("pt-BR", {"LANG": "ru_RU.UTF-8"}, "pt-BR"),
        (None, {"TOOLTUTOR_LANG": "en", "LANG": "ru_RU.UTF-8"}, "en"),
    ],
)
def test_russian_is_chosen_from_each_source_and_regional_tags_fall_back(cli, env, expected):
    err = io.StringIO()
    assert resolve_language(cli, LANGUAGES, environ=env, stderr=err) == expected
    assert err.getvalue() == ""


def test_a_course_without_russian_warns_and_shows_its_own_language():
    err = io.StringIO()
    assert resolve_language("ru", ["en", "pt-BR"], environ={}, stderr=err) == "en"
    assert "'ru'" in err.getvalue() and err.getvalue().count("\n") == 1
    assert match_language("ru-UA", LANGUAGES) == "ru"


def test_help_and_the_checker_read_russian_tags():
    assert help_language(["--lang", "ru", "--help"], {}) == "ru"
    assert help_language(["list"], {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert help_language(["list"], {"LC_ALL": "ru_UA.UTF-8"}) == "ru"
    assert help_language(["list"], {"LANG": "uk_UA.UTF-8"}) is None
    for tag in ("ru", "ru_RU.UTF-8", "ru-UA", "RU"):
        assert normalise_language(tag) == "ru"
    assert normalise_language("uk_UA") == "en"


# -- plural forms, fractions and numbers ------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "0 ошибок"),
        (1, "1 ошибка"),
        (2, "2 ошибки"),
        (4, "4 ошибки"),
        (5, "5 ошибок"),
        (11, "11 ошибок"),
        (12, "12 ошибок"),
        (21, "21 ошибка"),
        (22, "22 ошибки"),
        (25, "25 ошибок"),
        (101, "101 ошибка"),
        (111, "111 ошибок"),
    ],
)
def test_the_checker_takes_the_three_russian_forms(n, words):
    with use_language("ru"):
        assert trn(n, "{n} error", "{n} errors") == words


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "использована 1 подсказка,"),
        (3, "использовано 3 подсказки,"),
        (5, "использовано 5 подсказок,"),
        (11, "использовано 11 подсказок,"),
        (21, "использована 21 подсказка,"),
    ],
)
def test_the_interface_takes_the_three_russian_forms(russian, n, words):
    assert tn(n, "{n} hint used,", "{n} hints used,") == words


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (1.5, "1,5 секунды"),
        (2.5, "2,5 секунды"),
        (0.5, "0,5 секунды"),
        (5.25, "5,25 секунды"),
        (1.0, "1 секунда"),
        (2.0, "2 секунды"),
        (5.0, "5 секунд"),
        (21, "21 секунда"),
    ],
)
def test_a_fraction_takes_its_own_form_and_a_decimal_comma(seconds, words):
    with use_language("ru"), warnings.catch_warnings():
        warnings.simplefilter("error")  # gettext warns about a float: it never gets one
        assert trn(seconds, "{n} second", "{n} seconds") == words


def test_fractions_in_english_and_portuguese_are_as_before():
    assert trn(1.5, "{n} second", "{n} seconds") == "1.5 seconds"
    assert trn(5.0, "{n} second", "{n} seconds") == "5 seconds"
    assert trn(1.0, "{n} second", "{n} seconds") == "1 second"
    with use_language("pt-BR"):
        assert trn(1.5, "{n} second", "{n} seconds") == "1.5 segundos"
        assert trn(1, "{n} second", "{n} seconds") == "1 segundo"


def test_the_sandbox_says_how_long_in_the_learners_form():
    from checker.sandbox.reasons import REASON_TIMEOUT, _seconds

    with use_language("ru"):
        assert _seconds(1.5) == "1,5 секунды"
        from checker.i18n import tr

        text = tr(REASON_TIMEOUT, wall=_seconds(1.5), where="", calls="")
    assert "(1,5 секунды)" in text and text.startswith("Ваш код работал дольше")
    assert _seconds(1.5) == "1.5 seconds" and _seconds(5.0) == "5 seconds"


def test_numbers_are_written_the_russian_way():
    assert format_number(12000, "ru") == f"12{NBSP}000"
    assert format_number(1500, "ru") == "1500"  # four digits stay together
    assert format_number(1234567.25, "ru") == f"1{NBSP}234{NBSP}567,25"
    assert format_number(5.3, "ru", digits=1) == "5,3"
    assert format_number(12000, "en") == "12000"
    assert format_number(12000, "en", grouped=True) == "12,000"
    with use_language("ru"):
        assert trn(12000, "{n} error", "{n} errors") == f"12{NBSP}000 ошибок"


def test_size_limits_are_in_russian(russian):
    from tooltutor.submission import describe_limit

    assert describe_limit(10_000_000) == "10 МБ"
    assert describe_limit(1500) == "1500 байт"
    assert describe_limit(2) == "2 байта"
    assert describe_limit(21) == "21 байт"
    assert describe_limit(12_000) == f"12{NBSP}000 байт"
    set_language(None)
    assert describe_limit(10_000_000) == "10 MB" and describe_limit(1500) == "1,500 bytes"


def test_an_image_size_is_written_with_a_decimal_comma():
    from checker.rules.anthropic.content import _mb

    with use_language("ru"):
        assert _mb(5_500_000) == "5,2"
    assert _mb(5_500_000) == "5.2"


def test_the_loop_checks_name_a_call_and_a_request_in_russian():
    """A call is named in the learner's language, and a message that begins with the
    request it is about begins as Russian does ("В запросе 2 запуска 1"), capitalised."""
    from types import SimpleNamespace

    from checker.loop_checks import _answer_problem, _key_of

    run = SimpleNamespace(index=0, requests=[{}, {"messages": [{"role": "assistant"}]}])
    with use_language("ru"):
        assert _key_of("get_weather", {"city": "Paris"}) == (
            '"get_weather" с входом {"city": "Paris"}'
        )
        assert _answer_problem(run, 1, [{"id": "t1", "name": "f"}]).startswith(
            "В запросе 2 запуска 1 последнее сообщение"
        )
    with use_language("en"):
        assert _answer_problem(run, 1, [{"id": "t1", "name": "f"}]).startswith(
            "Request 2 of run 1 does not end"
        )


# -- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "ru"], {}),
        (["--lang=ru"], {}),
        ([], {"TOOLTUTOR_LANG": "ru"}),
        ([], {"LANG": "ru_RU.UTF-8"}),
        ([], {"LC_ALL": "ru_UA.UTF-8", "LANG": "en_US.UTF-8"}),
    ],
)
def test_the_bundled_course_speaks_russian_from_each_source(run, args, env):
    result = run(*args, "list", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Вызов инструментов для агентов")
    assert "[x] решено  [~] начато  [ ] не начато" in result.stdout
    assert "(json, уровень 1)" in result.stdout
    assert "warning" not in result.stderr


def test_progress_in_russian_has_the_right_forms(run):
    import json

    total = json.loads(run("progress", "--json").stdout)["totals"]["exercises"]
    # "из N" takes the genitive: singular after 1, 21, 31... (not 11), plural otherwise
    noun = "упражнения" if total % 10 == 1 and total % 100 != 11 else "упражнений"
    out = run("--lang", "ru", "progress").stdout
    assert f"Решено: 0 из {total} {noun} (начато: 0), использовано 0 подсказок," in out
    assert "просмотрено 0 решений." in out
    assert "Отвечено вопросов: 0 из" in out
    assert "  #  Решено     Начато  Подсказки  Урок" in out


def test_help_and_argparse_words_are_russian(run):
    top = run("--help", env={"LANG": "ru_RU.UTF-8"}).stdout
    assert top.startswith("использование: tooltutor")
    assert "позиционные аргументы:" in top and "параметры:" in top
    assert "показать эту справку и выйти" in top
    assert "показать версию программы и выйти" in top
    assert "коды выхода:" in top and "переменные окружения:" in top
    assert all(len(line) <= 80 for line in top.splitlines() if "completion" not in line)
    check = run("--lang", "ru", "check", "--help").stdout
    assert "проверить ваш ответ (по умолчанию — текущее упражнение, в его файле)" in check
    port = run("--lang", "ru", "serve", "--port", "abc")
    assert port.returncode == 2
    assert port.stderr.startswith(
        "tooltutor serve: ошибка: аргумент --port: недопустимое значение типа int: 'abc'"
    )
    choice = run("--lang", "ru", "lint", "--output-format", "x").stderr
    assert "недопустимый вариант: 'x' (возможные: 'text', 'json', 'sarif', 'github')" in choice
    typo = run("--lang", "ru", "chek").stderr
    assert typo.startswith("tooltutor: ошибка: нет команды 'chek'; может быть, вы имели в виду")
    missing = run("--lang", "ru", "new", "lesson").stderr
    assert "обязательны следующие аргументы: ID" in missing


def test_argparse_words_stay_english_without_a_language(run):
    port = run("serve", "--port", "abc").stderr
    assert port.startswith("tooltutor serve: error: argument --port: invalid int value: 'abc'")
    choice = run("lint", "--output-format", "x").stderr
    assert "invalid choice: 'x' (choose from 'text', 'json', 'sarif', 'github')" in choice


def test_lint_speaks_russian_with_its_plural(run, tmp_path):
    request = tmp_path / "request.json"
    request.write_text(
        '{"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": ['
        '{"role": "user", "content": "Погода?"},'
        '{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1",'
        ' "name": "get_weather", "input": {}}]},'
        '{"role": "user", "content": "спасибо"}],'
        ' "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}]}',
        encoding="utf-8",
    )
    result = run("--lang", "ru", "lint", request)
    assert result.returncode == 1
    assert "ошибка a-tool-result-missing:" in result.stdout  # the rule id stays
    assert "обычный ответ не отвечает на вызов инструмента" in result.stdout
    assert "  подсказка: " in result.stdout
    assert "1 ошибка (Anthropic Messages)" in result.stdout


# -- validate counts a Russian translation ------------------------------------------------------


def _with_russian(root):
    replace_in(root / "course.yaml", "languages: [en, pt-BR]", "languages: [en, pt-BR, ru]")
    from tooltutor.course.translation.fingerprint import source_hash
    from tooltutor.course.yamlsource import read_yaml

    source = root / "lessons/01-why-tools.yaml"
    overlay = root / "lessons/ru/01-why-tools.yaml"
    overlay.parent.mkdir()
    overlay.write_text(
        "id: why-tools\n"
        "lang: ru\n"
        f'source_hash: "{source_hash(read_yaml(source).value)}"\n'
        "title: Зачем агентам инструменты\n",
        encoding="utf-8",
    )
    return source


def test_validate_lang_ru_counts_what_is_translated_and_stale(run, course_copy):
    root = course_copy()
    assert "ru" not in (FIXTURE / "course.yaml").read_text(encoding="utf-8")
    result = run("validate", root, "--lang", "ru")
    assert result.returncode == 1 and "no translation into 'ru' to check" in result.stdout

    source = _with_russian(root)
    result = run("validate", root, "--lang", "ru")
    assert result.returncode == 0, result.stdout + result.stderr
    summary = [line for line in result.stdout.splitlines() if line.startswith("ru: ")]
    assert summary == [
        "ru: 1 of 2 lessons, 0 of 2 exercises translated; 1 partly translated, "
        "the course's title not translated"
    ]
    assert "pt-BR:" not in result.stdout  # only the language asked for

    replace_in(source, "title: Why agents need tools", "title: Why an agent needs tools")
    result = run("validate", root, "--lang", "ru")
    assert "stale translation" in result.stdout
    assert "1 stale" in result.stdout
    listed = run("--course", root, "--lang", "ru", "list").stdout
    assert "Зачем агентам инструменты" in listed and "[EN]" in listed


# -- the browser page ----------------------------------------------------------------------------


def _page(run_env, *args) -> str:
    """The HTML `tooltutor [args] serve` gives a browser, fetched once."""
    import os
    import re
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from i18n_helpers import REPO

    pytest.importorskip("textual_serve")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("TOOLTUTOR_LANG", "LC_ALL", "LANG")}
    env.update(run_env)
    server = subprocess.Popen(
        [sys.executable, "-m", "tooltutor", *args, "serve", "--port", str(port)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = server.stdout.readline()
        assert f"127.0.0.1:{port}" in first, first
        # the address printed holds this launch's key: without it the server answers 403
        address = re.search(r"http://127\.0\.0\.1:\d+/\S*", first).group(0)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(address, timeout=10) as page:
                    return first + page.read().decode("utf-8")
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=15)


def test_the_browser_page_speaks_the_learners_language(home):
    russian = _page({"TOOLTUTOR_HOME": str(home), "LANG": "ru_RU.UTF-8"})
    assert russian.startswith("Курс открыт по адресу http://127.0.0.1:")
    assert '<html lang="ru">' in russian
    for words in ("запуск…", ">Начать<", "Курс закрыт.", "Ваш прогресс сохранён.", "Открыть снова"):
        assert words in russian
    assert "<p>Вызов инструментов для агентов: как заставить агента действовать</p>" in russian
    english = _page({"TOOLTUTOR_HOME": str(home), "LANG": "C.UTF-8"})
    assert '<html lang="en">' in english
    for words in ("starting…", ">Start<", "The course has closed.", "Open it again"):
        assert words in english


# -- `lint --explain` pages ------------------------------------------------------------------------


def test_explain_writes_the_page_in_russian_and_the_docs_stay_english(run):
    page = run("--lang", "ru", "lint", "--explain", "a-tool-result-missing").stdout
    assert page.startswith("### `a-tool-result-missing`\n\n")
    assert "На каждый `tool_use` отвечает непосредственно следующее сообщение." in page
    assert "*ошибка* · правило сообщений: проверяется и на голом массиве сообщений" in page
    assert "**Пример** (API отвечает HTTP 400):" in page and "**Источники:**" in page
    assert "API сопоставляет id каждого `tool_use` с блоками `tool_result`" in page
    assert '{"role": "user", "content": "Weather in Paris?"}' in page  # examples stay code
    english = run("lint", "--explain", "a-tool-result-missing").stdout
    assert "Every `tool_use` is answered in the very next message." in english
    from checker.catalogue import rules_markdown

    with use_language("ru"):  # the docs are English whatever the language in use
        assert "На каждый" not in rules_markdown()


def test_a_stale_rule_translation_is_not_shown(monkeypatch):
    from checker import catalogue, rules

    rule = rules.get("a-tool-result-missing")
    entry = {"summary": "Старый перевод.", "summary_of": "000000000000"}
    monkeypatch.setitem(catalogue._rule_texts, "ru", {rule.id: entry})
    with use_language("ru"):
        assert catalogue.rule_page(rule)[2] == rule.summary
        entry["summary_of"] = catalogue.text_hash(rule.summary)
        assert catalogue.rule_page(rule)[2] == "Старый перевод."
