"""The learner's strings of `given` and criteria `params`: translated by JSON pointer in an
exercise overlay (`given_text`, `params_text`), counted by validate, self-tested when they
change the marking (docs/translations.md)."""

from __future__ import annotations

import io

import pytest
from i18n_helpers import FIXTURE, REPO, replace_in

from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.course.translation.data_text import learner_text
from tooltutor.course.translation.fingerprint import source_hash
from tooltutor.course.yamlsource import read_yaml

PT = "pt-BR"
OVERLAY = "exercises/round-trip/pt-BR/01-write-tool-result.yaml"
SOURCE = "exercises/round-trip/01-write-tool-result.yaml"

PARAMS_TEXT = """params_text:
  message-equals: {/what: a mensagem do assistente}
  result-json:
    /carries/0/name: a condição (ensolarado)
    /carries/1/name: a temperatura (26)
"""

PORTUGUESE_ANSWER = (
    '[{"role": "user", "content": "What\'s the weather in Lisboa right now?"},'
    ' {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01LxWeather7731",'
    ' "name": "get_weather", "input": {"city": "Lisboa"}}]},'
    ' {"role": "user", "content": [{"type": "tool_result", "tool_use_id":'
    ' "toolu_01LxWeather7731", "content": "{\\"condicao\\": \\"ensolarado\\", \\"c\\": 26}"}]}]'
)


def _append(root, text: str) -> None:
    path = root / OVERLAY
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_learner_text_names_the_words_and_notes_of_params_and_given():
    given, params = learner_text(read_yaml(FIXTURE / SOURCE).value)
    assert given == {}
    assert params == {
        "message-equals": {"/what": "the assistant turn"},
        "result-json": {
            "/carries/0/name": "the condition (sunny)",
            "/carries/1/name": "the temperature (26)",
        },
    }
    value = {
        "given": {"notes": {"a": "A note.", "b": " "}, "key": {"a": "x"}},
        "criteria": [
            {"check": "each-field", "params": {"key": "$given/key", "notes": "$given/notes"}},
            {
                "check": "set-equals",
                "id": "s",
                "params": {"key": ["x"], "notes": [{"item": "y", "note": "Not y."}]},
            },
            {"check": "tool-choice", "params": {"key": {"tool_choice": {"name": "t"}}}},
        ],
    }
    assert learner_text(value) == ({"/notes/a": "A note."}, {"s": {"/notes/0/note": "Not y."}})


def test_the_learners_strings_of_params_are_part_of_the_source_hash(course_copy):
    root = course_copy()
    before = source_hash(read_yaml(root / SOURCE).value)
    replace_in(root / SOURCE, "what: the assistant turn", "what: the model's turn")
    assert source_hash(read_yaml(root / SOURCE).value) != before
    replace_in(root / SOURCE, "index: -1}", "index: 2}")  # marking data, not text
    changed = source_hash(read_yaml(root / SOURCE).value)
    replace_in(root / SOURCE, "index: 2}", "index: -1}")
    assert source_hash(read_yaml(root / SOURCE).value) == changed


def test_one_english_string_of_params_keeps_validate_from_saying_up_to_date(course_copy, run):
    root = course_copy()
    # translate everything the fixture leaves out, but for one `what`
    replace_in(
        root / OVERLAY,
        "criteria:\n",
        "explanation: Três mensagens.\ncriteria:\n",
    )
    _append(
        root,
        "  - {id: result-json, label: O resultado é JSON}\n"
        "  - {id: protocol, label: A API aceitaria a requisição}\n"
        + PARAMS_TEXT.replace("  message-equals: {/what: a mensagem do assistente}\n", ""),
    )
    from tooltutor.course.translation.stamp import stamp

    stamp(root, PT, out=io.StringIO())
    course = load_course(root, PT, audit_translations=True)
    exercise = course.exercise("write-tool-result")
    assert exercise.untranslated == {"params_text/message-equals/what"}
    warnings = [str(p) for p in course.problems if p.severity == "warning"]
    assert any("missing params_text `message-equals` `/what`" in w for w in warnings)
    result = run("validate", root, "--lang", PT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "partly translated" in result.stdout and "up to date" not in result.stdout

    _append(root, "  message-equals: {/what: a mensagem do assistente}\n")
    result = run("validate", root, "--lang", PT)
    assert "pt-BR: 2 of 2 lessons, 2 of 2 exercises translated; 1 partly translated" in (
        result.stdout
    )  # the lesson round-trip is still partial; the exercise is whole
    course = load_course(root, PT, audit_translations=True)
    assert course.exercise("write-tool-result").untranslated == set()


def test_translated_params_and_given_reach_the_checker(course_copy):
    root = course_copy()
    _append(root, PARAMS_TEXT)
    english = load_course(root).exercise("write-tool-result")
    exercise = load_course(root, PT).exercise("write-tool-result")
    carries = exercise.criteria[4]["params"]["carries"]
    assert [c["name"] for c in carries] == ["a condição (ensolarado)", "a temperatura (26)"]
    assert exercise.criteria[4]["label"] == english.criteria[4]["label"]  # no label given
    assert exercise.criteria[2]["label"] == (
        "O turno do assistente é reenviado sem mudanças, com todo o content"
    )
    assert english.criteria[4]["params"]["carries"][0]["name"] == "the condition (sunny)"


@pytest.mark.parametrize(
    "text, where, message",
    [
        (
            "given_text:\n  /nothing: x\n",
            ":7",
            "the source's `given` has no string at /nothing",
        ),
        (
            "params_text:\n  result-jsn: {/what: x}\n",
            "",
            "the source has no criterion 'result-jsn' (did you mean 'result-json'?",
        ),
        (
            "params_text:\n  tool-result: {/index: x}\n",
            "",
            "the params of criterion 'tool-result' have no string at /index",
        ),
        (
            "params_text:\n  user-text: {/text: x}\n",
            "",
            "a `$given/...` reference is translated in given_text",
        ),
    ],
)
def test_a_pointer_to_no_string_of_the_source_is_an_error(course_copy, text, where, message):
    root = course_copy()
    _append(root, text)
    course = load_course(root, PT, audit_translations=True)
    errors = [str(p) for p in course.problems if p.severity == "error"]
    assert any(OVERLAY in e and message in e for e in errors), errors


def test_a_schema_error_in_params_text_is_reported(course_copy):
    root = course_copy()
    _append(root, "params_text:\n  result-json: {what: x}\n")  # not a pointer
    course = load_course(root, PT, audit_translations=True)
    assert any(OVERLAY in str(p) and p.severity == "error" for p in course.problems)


def test_a_retuned_param_is_self_tested_under_the_language(course_copy, run):
    root = course_copy()
    _append(
        root,
        'params_text:\n  result-json: {/carries/0/text: "sun|clear|ensolarad"}\n'
        "right_answers:\n  - note: in Portuguese\n    answer: |\n      " + PORTUGUESE_ANSWER + "\n",
    )
    course = load_course(root, PT, audit_translations=True)
    (retuned,) = course.translations[PT].retuned
    assert mark(retuned.spec(), PORTUGUESE_ANSWER, model="m").passed
    english = load_course(root).exercise("write-tool-result")
    assert not mark(english.spec(), PORTUGUESE_ANSWER, model="m").passed
    result = run("validate", root, "--lang", PT)
    assert result.returncode == 0, result.stdout + result.stderr

    # a pattern that no longer accepts the English answers fails the self-test in pt-BR
    replace_in(root / OVERLAY, '"sun|clear|ensolarad"', '"ensolarad"')
    result = run("validate", root, "--lang", PT)
    assert result.returncode == 1
    assert "in pt-BR: the reference solution does not pass" in result.stdout


def test_the_bundled_course_has_no_english_learner_text_in_pt_br():
    course = load_course(REPO, PT, audit_translations=[PT], use_cache=False)
    for exercise in course.exercises.values():
        data = {u for u in exercise.untranslated if u.startswith(("given_text", "params_text"))}
        assert not data, (exercise.id, data)
    assert course.exercise("tool-or-not").given["notes"]["board-deck"].startswith('A "nossa"')


# -- the course's title and description ----------------------------------------------------


def test_the_course_title_and_description_come_from_the_language_folder(course_copy, run):
    root = course_copy()
    english, course = load_course(root), load_course(root, PT)
    assert english.title == "Tool calling, a small course for screenshots"
    assert course.title == "Chamada de ferramentas, um curso pequeno para capturas de tela"
    assert course.description.startswith("Duas lições curtas")
    listing = run("--course", root, "--lang", PT, "list")
    assert listing.stdout.splitlines()[0] == course.title, listing.stdout + listing.stderr
    progress = run("--course", root, "--lang", PT, "progress")
    assert progress.stdout.startswith(course.title + " (i18n-fixture)"), progress.stdout


def test_a_course_title_left_in_english_keeps_validate_from_saying_up_to_date(course_copy, run):
    root = course_copy()
    (root / "pt-BR/course.yaml").unlink()
    course = load_course(root, PT, audit_translations=True)
    assert course.title == "Tool calling, a small course for screenshots"
    summary = course.translations[PT].summary()
    assert summary.endswith("the course's title not translated"), summary

    (root / "pt-BR/course.yaml").write_text(
        "id: i18n-fixture\nlang: pt-BR\ntitle: Um curso\n", encoding="utf-8"
    )
    course = load_course(root, PT, audit_translations=True)
    assert course.title == "Um curso" and course.description == english_description(root)
    warnings = [str(p) for p in course.problems if p.severity == "warning"]
    assert any("pt-BR/course.yaml" in w and "missing `description`" in w for w in warnings)
    assert any("pt-BR/course.yaml" in w and "no source_hash" in w for w in warnings)


def english_description(root) -> str:
    return load_course(root).description
