"""The checker in Brazilian Portuguese: the words change, rule ids do not.

`checker.i18n.tr` looks English templates up in the gettext catalog
`checker/locales/pt_BR/LC_MESSAGES/checker.mo` (tests/i18n/test_catalogs.py checks that
it is complete, compiled and keeps the placeholders); these tests make sure that
switching language changes the words and nothing else (rule ids, paths, positions,
pass/fail), that the catalog's words read as the translator wrote them, and that the
language chosen in one context does not leak into another.
"""

from __future__ import annotations

import contextvars
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from checker_requests import (
    anthropic_body,
    assistant,
    fn_call,
    openai_body,
    parallel_body,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

from checker import i18n as checker_i18n
from checker import lint
from checker.i18n import (
    N_,
    current_language,
    normalise_language,
    reset_language,
    set_default_language,
    set_language,
    tr,
    trn,
    use_language,
)
from checker.report import format_human

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "checker" / "locales" / "pt_BR" / "LC_MESSAGES" / "checker.po"
#: code shown in a template that the translation words differently (a placeholder name)
RENAMED_CODE = {
    "tooltutor lint --format anthropic FILE": "tooltutor lint --format anthropic ARQUIVO",
}


def _translations() -> list[tuple[str, str]]:
    """(English, Portuguese) for every form of every entry of the checker's catalog."""
    from babel.messages.pofile import read_po

    with open(CATALOG, "rb") as po:
        catalog = read_po(po)
    pairs = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            singular, plural = message.id
            pairs += [(singular, message.string[0])]
            pairs += [(plural, form) for form in message.string[1:]]
        else:
            pairs.append((message.id, message.string))
    return pairs


@pytest.fixture
def pt_br():
    token = set_language("pt-BR")
    yield
    reset_language(token)


# --------------------------------------------------------------------------- the catalog


def test_translations_are_plain_text_and_keep_code_as_it_is():
    for template, translated in _translations():
        assert translated.strip(), template
        assert "[/" not in translated and "[bold" not in translated, template
        # code in backticks is never translated
        for part in template.split("`")[1::2]:
            part = RENAMED_CODE.get(part, part)
            assert f"`{part}`" in translated, (template, part)


# --------------------------------------------------------------------------- tr itself


def test_tr_formats_only_when_given_values():
    assert tr('Write `{"type": "any"}`.') == 'Write `{"type": "any"}`.'
    assert tr("{n} error", n=3) == "3 error"
    assert trn(1, "{n} error", "{n} errors") == "1 error"
    assert trn(2, "{n} error", "{n} errors") == "2 errors"
    assert N_("valid: no problems found") == "valid: no problems found"


def test_tr_translates_and_falls_back_to_english(pt_br):
    assert tr("valid: no problems found") == "válido: nenhum problema encontrado"
    assert trn(2, "{n} error", "{n} errors") == "2 erros"
    assert tr("a template nobody translated {x}", x=1) == "a template nobody translated 1"


def test_a_translation_that_does_not_fit_falls_back_to_english(pt_br, monkeypatch):
    import gettext

    class Misfit(gettext.NullTranslations):
        def gettext(self, message):
            return "{count} erro"

        def ngettext(self, singular, plural, n):
            return "{count} erros"

    monkeypatch.setitem(checker_i18n._catalogs, "pt-BR", Misfit())
    assert tr("{n} error", n=1) == "1 error"
    assert trn(2, "{n} error", "{n} errors") == "2 errors"


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("pt-BR", "pt-BR"),
        ("pt_BR", "pt-BR"),
        ("pt_BR.UTF-8", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("pt", "pt-BR"),
        ("en", "en"),
        ("en_US.UTF-8", "en"),
        ("fr", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_language_tags_are_read_loosely(tag, language):
    assert normalise_language(tag) == language


def test_english_needs_no_catalog():
    code = (
        "import sys\n"
        "from checker import i18n, lint\n"
        "from checker.exercise import mark\n"
        'lint(\'[{"role": "user"}]\')\n'
        "assert not i18n._catalogs and 'gettext' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# --------------------------------------------------------------------------- lint in pt-BR

BROKEN = {
    "orphan": anthropic_body(
        [
            user("Weather in Paris?"),
            assistant([tool_use("toolu_01A")]),
            user([tool_result("get_weather")]),
        ]
    ),
    "missing": anthropic_body([user("Hi"), assistant([tool_use("toolu_01A")]), user("thanks")]),
    "parallel": parallel_body(),
    "shape": {"messages": [{"role": "user"}, 3]},
    "openai": openai_body(
        [
            user("Weather?"),
            {"role": "assistant", "content": None, "tool_calls": [fn_call("call_1")]},
            {"role": "tool", "tool_call_id": "get_weather", "content": "18 C"},
        ]
    ),
    "tools": anthropic_body(
        tools=[weather_tool(), weather_tool(), {"name": "bad name", "parameters": {}}],
        tool_choice="required",
    ),
}
BROKEN["parallel"]["messages"][2]["content"].pop()


def _lint_both(value, indent=2):
    text = json.dumps(value, indent=indent)
    english = lint(text)
    with use_language("pt-BR"):
        portuguese = lint(text)
    return text, english, portuguese


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_lint_in_portuguese_keeps_rules_paths_and_positions(name):
    _, english, portuguese = _lint_both(BROKEN[name])
    assert english.diagnostics, name
    assert (english.valid, english.format) == (portuguese.valid, portuguese.format)
    where = [(d.rule, d.severity, d.path, d.line, d.column) for d in english.diagnostics]
    assert where == [(d.rule, d.severity, d.path, d.line, d.column) for d in portuguese.diagnostics]
    for en, pt in zip(english.diagnostics, portuguese.diagnostics):
        assert en.message != pt.message, en.message
        assert not en.hint or en.hint != pt.hint, en.hint


def test_lint_messages_read_as_portuguese():
    _, _, result = _lint_both(BROKEN["orphan"])
    orphan = next(d for d in result.diagnostics if d.rule == "a-tool-result-orphan")
    assert "ferramenta" in orphan.message and '"get_weather"' in orphan.message
    assert "Defina" in orphan.hint and '"toolu_01A"' in orphan.hint
    _, _, result = _lint_both(BROKEN["missing"])
    assert any("mensagem" in d.message for d in result.diagnostics)


def test_json_syntax_errors_in_portuguese():
    text = '{"messages": [{"role": "user", "content": "Hi",}]}'
    english = lint(text)
    with use_language("pt-BR"):
        portuguese = lint(text)
    [en], [pt] = english.diagnostics, portuguese.diagnostics
    assert (pt.rule, pt.line, pt.column) == (en.rule, en.line, en.column)
    assert pt.rule == "json-syntax"
    assert pt.message == "JSON inválido: vírgula sobrando antes de `}`"
    assert "Remova a vírgula" in pt.hint


def test_human_report_in_portuguese():
    text, english, portuguese = _lint_both(BROKEN["orphan"])
    report = format_human(english, text, "request.json")
    assert "error a-tool-result-orphan" in report and "  hint: " in report
    with use_language("pt-BR"):
        report = format_human(portuguese, text, "request.json")
        valid = format_human(lint('[{"role": "user", "content": "Oi"}]'), None)
    assert "erro a-tool-result-orphan" in report and "  dica: " in report
    assert report.rstrip().endswith("2 erros (Anthropic Messages)")
    assert "válido: " in valid


def test_messages_in_portuguese_stay_plain_text():
    from checker_requests import assert_plain_text

    for value in BROKEN.values():
        _, _, result = _lint_both(value)
        for d in result.diagnostics:
            assert_plain_text(d)


# --------------------------------------------------------------------------- marking


def _exercise(exercise_id: str):
    from tooltutor.course import load_course

    course = load_course(None)
    exercise = course.exercise(exercise_id)
    assert exercise is not None, exercise_id
    return course, exercise


def _shape(verdict) -> tuple:
    """Everything in a verdict but its words."""
    return (
        verdict.passed,
        verdict.status,
        [(c.id, c.label, c.passed) for c in verdict.criteria],
        [(d.rule, d.severity, d.path, d.line, d.column) for d in verdict.diagnostics],
    )


def test_marking_a_wrong_answer_in_portuguese_keeps_ids_and_results():
    from checker.exercise import mark

    course, exercise = _exercise("write-tool-result")
    spec = exercise.spec()
    assert exercise.wrong_answers
    for wrong in exercise.wrong_answers:
        answer = course.expand(wrong["answer"])
        english = mark(spec, answer, model=course.model)
        with use_language("pt-BR"):
            portuguese = mark(spec, answer, model=course.model)
        assert not english.passed, wrong["note"]
        assert _shape(portuguese) == _shape(english), wrong["note"]
        failed = [
            (en, pt) for en, pt in zip(english.criteria, portuguese.criteria) if not en.passed
        ]
        assert failed, wrong["note"]
        for en, pt in failed:
            assert en.message != pt.message, en.message
        for en, pt in zip(english.diagnostics, portuguese.diagnostics):
            assert en.message != pt.message, en.message
        as_json = portuguese.to_dict()
        assert [t["id"] for t in as_json["tests"]] == [c.id for c in english.criteria]
        assert [d["rule"] for d in as_json["diagnostics"]] == [d.rule for d in english.diagnostics]


def test_a_known_wrong_answer_reads_as_portuguese():
    from checker.exercise import mark

    course, exercise = _exercise("write-tool-result")
    wrong = next(w for w in exercise.wrong_answers if "name used as the id" in w["note"])
    with use_language("pt-BR"):
        verdict = mark(exercise.spec(), course.expand(wrong["answer"]), model=course.model)
    tool_result = next(c for c in verdict.criteria if c.id == "tool-result")
    assert "o nome da ferramenta" in tool_result.message
    assert (
        '"get_weather"' in tool_result.message and '"toolu_01LxWeather7731"' in tool_result.message
    )
    orphan = next(d for d in verdict.diagnostics if d.rule == "a-tool-result-orphan")
    assert "é o nome da ferramenta" in orphan.message


def test_an_unreadable_answer_in_portuguese():
    from checker.exercise import mark

    _, exercise = _exercise("write-tool-result")
    with use_language("pt-BR"):
        verdict = mark(exercise.spec(), '[{"role": "user",}]')
        binary = mark(exercise.spec(), b"\xff\xfe[]")
    assert verdict.status == binary.status == "error"
    assert verdict.diagnostics[0].rule == "json-syntax"
    assert verdict.criteria[0].message == "Não verificado: sua resposta ainda não é um JSON válido."
    assert binary.diagnostics[0].rule == "input-encoding"
    assert "UTF-8" in binary.diagnostics[0].message and "byte 0xff" in binary.diagnostics[0].message


def test_a_python_exercise_in_portuguese():
    from checker.exercise import mark

    course, exercise = _exercise("fix-round-trip")
    starter = course.expand(exercise.starter)
    with use_language("pt-BR"):
        verdict = mark(exercise.spec(), starter, model=course.model)
    english = mark(exercise.spec(), starter, model=course.model)
    assert _shape(verdict) == _shape(english)
    failed = {c.id: c.message for c in verdict.criteria if not c.passed}
    assert {"assistant-turn-resent", "tool-result-id", "tools-resent"} <= set(failed)
    assert failed["tool-result-id"].startswith("Na requisição 2 da execução 1,")
    assert "ferramenta" in failed["tools-resent"]
    # the protocol diagnostics come from the child process: it speaks the same language
    sent = [d for d in verdict.diagnostics if d.path.startswith("/requests/")]
    assert sent and all(d.message.startswith("requisição ") for d in sent)
    assert any("mensagem" in d.message for d in sent)


def test_sandbox_reasons_in_portuguese():
    from checker.sandbox import run_python

    with use_language("pt-BR"):
        report = run_python("def f(:\n", entry="f", call={}, script=[], tool_results={})
    assert report.status == "syntax-error"
    assert report.reason.startswith("O Python não conseguiu ler solution.py:")
    assert "(linha 1, coluna" in report.reason


# --------------------------------------------------------------------------- no leaks


def test_the_language_does_not_leak_out_of_its_context():
    text = json.dumps(BROKEN["orphan"])
    english = [d.message for d in lint(text).diagnostics]

    def in_portuguese():
        set_language("pt-BR")
        return [d.message for d in lint(text).diagnostics]

    portuguese = contextvars.copy_context().run(in_portuguese)
    assert portuguese != english
    assert current_language() == "en"
    assert [d.message for d in lint(text).diagnostics] == english
    with use_language("pt-BR") as language:
        assert language == current_language() == "pt-BR"
        assert [d.message for d in lint(text).diagnostics] == portuguese
    assert [d.message for d in lint(text).diagnostics] == english


def test_a_thread_starts_in_the_default_language():
    seen = []
    with use_language("pt-BR"):
        worker = threading.Thread(target=lambda: seen.append(current_language()))
        worker.start()
        worker.join()
    assert seen == ["en"]
    try:
        set_default_language("pt_BR.UTF-8")
        worker = threading.Thread(target=lambda: seen.append(current_language()))
        worker.start()
        worker.join()
        with use_language("en"):
            assert current_language() == "en"
    finally:
        set_default_language("en")
    assert seen == ["en", "pt-BR"]
    assert current_language() == "en"


# --------------------------------------------------------------------------- speed


def test_lint_in_portuguese_stays_fast():
    messages = [user("Plan a trip.")]
    for k in range(1, 15):
        messages.append(assistant([tool_use(f"toolu_{k:02d}")]))
        messages.append(user([tool_result(f"toolu_{k:02d}")]))
    messages.append(assistant("Done."))
    text = json.dumps(anthropic_body(messages), indent=2)
    assert len(messages) == 30
    with use_language("pt-BR"):
        lint(text)
        best = min(_timed(lambda: lint(text)) for _ in range(30))
    assert best < 0.002, f"{best * 1000:.2f} ms"


def _timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started
