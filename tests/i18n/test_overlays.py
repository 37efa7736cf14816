"""Overlay files: matched to their source, applied, checked, stamped (docs/translations.md)."""

from __future__ import annotations

import hashlib
import json

import pytest
from i18n_helpers import FIXTURE, replace_in

from tooltutor.course import load_course
from tooltutor.course.model import WHOLE
from tooltutor.course.translation.fingerprint import source_hash
from tooltutor.course.translation.stamp import stamp_text
from tooltutor.course.yamlsource import read_yaml

PT = "pt-BR"


def problems_of(course, severity=None):
    return [str(p) for p in course.problems if severity in (None, p.severity)]


# -- applying ----------------------------------------------------------------------------


def test_english_is_the_course_as_written_and_reads_no_overlay(monkeypatch):
    import tooltutor.course.translation.translator

    def refuse(*args, **kwargs):
        raise AssertionError("an overlay was read for the English course")

    monkeypatch.setattr(tooltutor.course.translation.translator.Translator, "__init__", refuse)
    course = load_course(FIXTURE)
    assert course.lang == "en" and course.source_language == "en"
    assert course.lesson("why-tools").title == "Why agents need tools"
    assert not course.lesson("why-tools").untranslated
    assert course.translations == {}
    assert course.problems == []


def test_loading_in_english_imports_no_translation_code(tmp_path):
    import os
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from tooltutor.course import load_course\n"
        f"assert load_course({str(FIXTURE)!r}).lang == 'en'\n"
        "print('tooltutor.course.translation' in sys.modules)\n"
    )
    env = {**os.environ, "TOOLTUTOR_HOME": str(tmp_path / "home")}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_the_loaders_globs_never_take_an_overlay_for_a_source():
    course = load_course(FIXTURE)
    paths = [le.path for le in course.lessons] + [ex.path for ex in course.exercises.values()]
    assert len(paths) == 4
    assert all(PT not in p.parts for p in paths)
    one = load_course(FIXTURE, PT, only_exercise="pick-one")  # what `check` loads
    assert PT not in one.exercise("pick-one").path.parts
    assert one.exercise("pick-one").title == "Escolha o pedido que precisa de uma ferramenta"


def test_a_full_translation_replaces_every_text_and_keeps_everything_else():
    english, course = load_course(FIXTURE), load_course(FIXTURE, PT)
    lesson, source = course.lesson("why-tools"), english.lesson("why-tools")
    assert lesson.untranslated == set()
    assert lesson.title == "Por que agentes precisam de ferramentas"
    assert lesson.recap == ["Um modelo só produz texto."]
    assert lesson.sources == [
        {"id": "S1", "title": "Visão geral do uso de ferramentas", "url": source.sources[0]["url"]}
    ]
    check = lesson.checks[0]
    assert check["id"] == "needs-tool"
    assert [c["correct"] for c in check["choices"]] == [False, True]
    assert check["choices"][1]["feedback"] == "Só uma consulta ao vivo pode dizer *agora*."
    assert (lesson.id, lesson.number, lesson.exercises) == (
        source.id,
        source.number,
        source.exercises,
    )
    assert source.title == "Why agents need tools"  # the source is never changed

    exercise, original = course.exercise("pick-one"), english.exercise("pick-one")
    assert exercise.untranslated == set()
    assert exercise.choices[1] == {
        "id": "b",
        "text": "Quanto está o EUR/USD agora?",
        "correct": True,
        "feedback": "Dados atuais precisam de uma ferramenta.",
    }
    assert exercise.criteria == [
        {**original.criteria[0], "label": "O pedido que precisa de dados atuais está marcado"}
    ]
    for key in ("solution", "starter", "wrong_answers", "given", "kind", "level", "lesson"):
        assert getattr(exercise, key) == getattr(original, key)
    assert course.lesson("why-tools").exercise_items == [exercise]


def test_a_partial_translation_shows_the_rest_in_english_and_validate_warns():
    english, course = load_course(FIXTURE), load_course(FIXTURE, PT, audit_translations=True)
    lesson = course.lesson("round-trip")
    assert lesson.title == "A ida e volta de uma chamada de ferramenta"
    assert lesson.untranslated == {"recap", "sections/diagram"}
    assert lesson.recap == english.lesson("round-trip").recap
    first, second = lesson.sections
    assert first["title"] == "Três blocos de JSON"
    assert first["blocks"][1]["code"]["caption"] == "A resposta do modelo pede uma chamada"
    assert (
        first["blocks"][1]["code"]["text"]
        == english.lesson("round-trip").sections[0]["blocks"][1]["code"]["text"]
    )
    assert second == english.lesson("round-trip").sections[1]

    exercise = course.exercise("write-tool-result")
    assert exercise.untranslated == {
        "explanation",
        "criteria/result-json",
        "criteria/protocol",
        "params_text/message-equals/what",
        "params_text/result-json/carries/0/name",
        "params_text/result-json/carries/1/name",
    }
    assert exercise.explanation == english.exercise("write-tool-result").explanation
    labels = [c["label"] for c in exercise.criteria]
    assert labels[0] == "Três mensagens, com os roles user, assistant, user"
    assert labels[-1] == "The API would accept the request"

    warnings = problems_of(course, "warning")
    overlay = "fixture_course/lessons/pt-BR/02-round-trip.yaml"
    assert any(
        overlay in w and "missing `recap` (the English text is shown)" in w for w in warnings
    )
    assert any(overlay in w and ":15:3: missing section 'diagram'" in w for w in warnings)
    exercise_overlay = "exercises/round-trip/pt-BR/01-write-tool-result.yaml"
    assert any(exercise_overlay in w and "missing criterion 'protocol'" in w for w in warnings)
    assert problems_of(course, "error") == []
    report = course.translations[PT]
    assert (
        report.summary()
        == "pt-BR: 2 of 2 lessons, 2 of 2 exercises translated; 2 partly translated"
    )


def test_an_item_without_an_overlay_is_all_english_and_marked_whole(course_copy):
    root = course_copy()
    (root / "exercises/why-tools/pt-BR/01-pick-one.yaml").unlink()
    course = load_course(root, PT, audit_translations=True)
    exercise = course.exercise("pick-one")
    assert exercise.untranslated == {WHOLE}
    assert exercise.title == "Pick the request that needs a tool"
    assert (
        course.translations[PT]
        .summary()
        .startswith("pt-BR: 2 of 2 lessons, 1 of 2 exercises translated")
    )


def test_model_is_expanded_in_translated_exercises(course_copy):
    root = course_copy()
    replace_in(
        root / "exercises/why-tools/pt-BR/01-pick-one.yaml",
        "prompt: Qual pedido",
        "prompt: Com {{model}}, qual pedido",
    )
    assert load_course(root, PT).exercise("pick-one").prompt.startswith("Com model-x, qual")


# -- the hash ----------------------------------------------------------------------------


def test_source_hash_is_the_documented_digest():
    doc = read_yaml(FIXTURE / "exercises/why-tools/01-pick-one.yaml")
    value = doc.value
    structure = {
        "title": value["title"],
        "prompt": value["prompt"],
        "hints": value["hints"],
        "explanation": value["explanation"],
        "criteria": [{"id": "choice", "label": value["criteria"][0]["label"]}],
        "choices": [
            {"id": c["id"], "text": c["text"], "feedback": c["feedback"]} for c in value["choices"]
        ],
    }
    canonical = json.dumps(structure, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    expected = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
    assert source_hash(value) == expected
    course = load_course(FIXTURE)
    assert source_hash(course.exercise("pick-one")) == expected  # the Exercise as loaded


def test_source_hash_of_a_lesson_follows_the_overlay_structure():
    course = load_course(FIXTURE)
    lesson = course.lesson("round-trip")
    value = read_yaml(lesson.path).value
    assert source_hash(lesson) == source_hash(value)
    blocks = value["sections"][1]["blocks"]
    structure = {
        "title": value["title"],
        "summary": value["summary"],
        "objectives": value["objectives"],
        "recap": value["recap"],
        "sources": [{"id": s["id"], "title": s["title"]} for s in value["sources"]],
        "sections": [
            {
                "id": "three-blocks",
                "title": value["sections"][0]["title"],
                "blocks": [
                    {"markdown": value["sections"][0]["blocks"][0]["markdown"]},
                    {"code": {"caption": value["sections"][0]["blocks"][1]["code"]["caption"]}},
                ],
            },
            {
                "id": "diagram",
                "title": value["sections"][1]["title"],
                "blocks": [
                    {"markdown": blocks[0]["markdown"]},
                    {
                        "sequence": {
                            "caption": blocks[1]["sequence"]["caption"],
                            "participants": blocks[1]["sequence"]["participants"],
                            "steps": [{"text": s["text"]} for s in blocks[1]["sequence"]["steps"]],
                        }
                    },
                    {
                        "check": {
                            "prompt": blocks[2]["check"]["prompt"],
                            "why_here": blocks[2]["check"]["why_here"],
                            "choices": [
                                {"text": c["text"], "feedback": c["feedback"]}
                                for c in blocks[2]["check"]["choices"]
                            ],
                        }
                    },
                ],
            },
        ],
    }
    canonical = json.dumps(structure, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    assert source_hash(lesson) == hashlib.sha256(canonical.encode()).hexdigest()[:12]


def test_a_change_outside_the_translatable_text_keeps_the_hash(course_copy):
    root = course_copy()
    before = source_hash(read_yaml(root / "exercises/why-tools/01-pick-one.yaml").value)
    replace_in(root / "exercises/why-tools/01-pick-one.yaml", "solution: b", "solution: 'b'")
    replace_in(root / "exercises/why-tools/01-pick-one.yaml", "level: 1", "level: 2")
    assert source_hash(read_yaml(root / "exercises/why-tools/01-pick-one.yaml").value) == before


# -- stale translations --------------------------------------------------------------------


def test_a_stale_translation_is_a_warning_with_the_new_hash_and_stamping_fixes_it(course_copy, run):
    root = course_copy()
    source = root / "exercises/why-tools/01-pick-one.yaml"
    overlay = root / "exercises/why-tools/pt-BR/01-pick-one.yaml"
    before = load_course(root, audit_translations=True)
    assert not [p for p in before.problems if "stale" in p.message or p.severity == "error"]
    replace_in(source, "Which request needs a tool? Tick it.", "Which request needs live data?")
    new = source_hash(read_yaml(source).value)

    result = run("validate", root)
    assert result.returncode == 0, result.stdout + result.stderr
    stale = [line for line in result.stdout.splitlines() if "stale translation" in line]
    assert len(stale) == 1
    assert stale[0].startswith(f"{overlay}:4:14: stale translation")
    assert f"now {new}" in stale[0]
    assert f"tooltutor stamp pt-BR --dir {root}" in stale[0]
    assert "pt-BR: 2 of 2 lessons, 2 of 2 exercises translated; 2 partly translated, 1 stale" in (
        result.stdout
    )
    assert load_course(root, PT).exercise("pick-one").prompt.startswith("Qual pedido")

    before = overlay.read_bytes()
    stamped = run_stamp(root)
    assert stamped.returncode == 0, stamped.stdout + stamped.stderr
    assert "01-pick-one.yaml: source_hash " in stamped.stdout and f"-> {new}" in stamped.stdout
    assert "pt-BR: 1 stamped, 4 already up to date" in stamped.stdout
    after = overlay.read_bytes()
    assert after.replace(new.encode(), b"OLD") == before.replace(
        before.split(b'source_hash: "')[1][:12], b"OLD"
    )
    result = run("validate", root)
    assert "stale translation" not in result.stdout and ", 1 stale" not in result.stdout


def run_stamp(root):
    """`python -m tooltutor.course.translation stamp ROOT pt-BR`."""
    import subprocess
    import sys

    from i18n_helpers import REPO

    return subprocess.run(
        [sys.executable, "-m", "tooltutor.course.translation", "stamp", str(root), "pt-BR"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_stamp_text_changes_only_the_hash_line():
    text = "id: x\r\nlang: pt-BR\r\nsource_hash: 000000000000  # made from v1\r\ntitle: T\r\n"
    new, old = stamp_text(text, "abcdefabcdef")
    assert old == "000000000000"
    assert (
        new == 'id: x\r\nlang: pt-BR\r\nsource_hash: "abcdefabcdef"  # made from v1\r\ntitle: T\r\n'
    )
    added, none = stamp_text("id: x\nlang: pt-BR\ntitle: T\n", "abcdefabcdef")
    assert none is None
    assert added == 'id: x\nlang: pt-BR\nsource_hash: "abcdefabcdef"\ntitle: T\n'


def test_an_overlay_without_a_hash_is_stale(course_copy):
    root = course_copy()
    overlay = root / "lessons/pt-BR/01-why-tools.yaml"
    text = overlay.read_text(encoding="utf-8")
    overlay.write_text(text.replace(text.split("\n")[4] + "\n", ""), encoding="utf-8")
    course = load_course(root, audit_translations=[PT])
    [warning] = [p for p in course.problems if "source_hash" in p.message]
    assert warning.severity == "warning" and "no source_hash" in warning.message
    assert course.translations[PT].stale == 1
    assert course.lesson("why-tools").untranslated == set()


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "message"),
    [
        (
            "lessons/pt-BR/02-round-trip.yaml",
            "  - id: three-blocks",
            "  - id: three-block",
            ":15:9:",
            "the source has no section 'three-block' (did you mean 'three-blocks'?",
        ),
        (
            "lessons/pt-BR/02-round-trip.yaml",
            "{id: S2, title:",
            "{id: S9, title:",
            ":13:10:",
            "the source has no source 'S9' (it has: S1, S2)",
        ),
        (
            "exercises/round-trip/pt-BR/01-write-tool-result.yaml",
            "{id: user-text, label:",
            "{id: user-txt, label:",
            ":43:10:",
            "the source has no criterion 'user-txt' (did you mean 'user-text'?",
        ),
        (
            "exercises/why-tools/pt-BR/01-pick-one.yaml",
            "{id: b, text:",
            "{id: c, text:",
            ":13:10:",
            "the source has no choice 'c' (it has: a, b)",
        ),
    ],
)
def test_an_unknown_id_is_an_error_at_its_place(course_copy, file, old, new, where, message):
    root = course_copy()
    replace_in(root / file, old, new)
    course = load_course(root, PT, audit_translations=True)
    errors = problems_of(course, "error")
    assert any(f"{file}{where} {message}" in e for e in errors), errors


def test_a_list_of_another_length_or_a_block_of_another_kind_is_an_error(course_copy):
    root = course_copy()
    overlay = root / "lessons/pt-BR/01-why-tools.yaml"
    replace_in(
        overlay, "  - Um modelo só produz texto.\n", "  - Um modelo só produz texto.\n  - Mais.\n"
    )
    replace_in(overlay, "      - check:\n", "      - markdown: Pergunta?\n      - check:\n")
    course = load_course(root, PT)
    errors = problems_of(course, "error")
    assert any(":11:3: `recap` has 2 recap points, but the source has 1" in e for e in errors), (
        errors
    )
    assert any("`blocks` has 3 blocks, but the source has 2" in e for e in errors), errors
    lesson = course.lesson("why-tools")
    assert lesson.recap == ["A model only produces text."]
    assert lesson.untranslated == {"recap", "sections/talk/blocks"}
    assert lesson.title == "Por que agentes precisam de ferramentas"

    overlay.write_bytes((FIXTURE / "lessons/pt-BR/01-why-tools.yaml").read_bytes())
    text = overlay.read_text(encoding="utf-8")
    first_block = text[text.index("      - markdown: |") : text.index("      - check:")]
    overlay.write_text(text.replace(first_block, "      - code: {caption: X}\n"), encoding="utf-8")
    course = load_course(root, PT)
    [error] = problems_of(course, "error")
    assert ":18:15: this is a `markdown` block in the source, not `code`" in error
    lesson = course.lesson("why-tools")
    assert lesson.untranslated == {"sections/talk/blocks/1"}
    assert (
        lesson.sections[0]["blocks"][0]
        == load_course(FIXTURE).lesson("why-tools").sections[0]["blocks"][0]
    )
    assert lesson.sections[0]["blocks"][1]["check"]["prompt"].startswith("Qual pedido")


def test_an_overlay_for_another_id_or_in_the_wrong_folder_is_an_error(course_copy):
    root = course_copy()
    replace_in(root / "lessons/pt-BR/01-why-tools.yaml", "id: why-tools", "id: round-trip")
    replace_in(root / "exercises/why-tools/pt-BR/01-pick-one.yaml", "lang: pt-BR", "lang: pt-PT")
    course = load_course(root, PT, audit_translations=True)
    errors = problems_of(course, "error")
    assert any(
        "lessons/pt-BR/01-why-tools.yaml:3:5: this translation names lesson 'round-trip', but" in e
        for e in errors
    ), errors
    assert any(
        "01-pick-one.yaml:3:7: lang is 'pt-PT', but the file is in the folder pt-BR/" in e
        for e in errors
    )
    assert course.lesson("why-tools").untranslated == {WHOLE}
    assert "1 with errors" not in course.translations[PT].summary()
    assert "2 with errors" in course.translations[PT].summary()


def test_a_schema_error_in_an_overlay_is_reported_and_the_item_stays_english(course_copy):
    root = course_copy()
    replace_in(root / "lessons/pt-BR/01-why-tools.yaml", "summary:", "sumary:")
    course = load_course(root, PT, audit_translations=True)
    errors = problems_of(course, "error")
    assert any(
        "01-why-tools.yaml:7:1: unknown key `sumary` (did you mean `summary`?)" in e for e in errors
    ), errors
    assert course.lesson("why-tools").untranslated == {WHOLE}
    assert course.lesson("why-tools").title == "Why agents need tools"


def test_folders_and_files_that_match_nothing_are_errors(course_copy):
    root = course_copy()
    (root / "lessons/fr").mkdir()
    (root / "lessons/fr/01-why-tools.yaml").write_text("id: why-tools\nlang: fr\n")
    (root / "lessons/pt-BR/09-extra.yaml").write_text("id: extra\nlang: pt-BR\n")
    course = load_course(root, audit_translations=True)
    errors = problems_of(course, "error")
    assert any(
        "course.yaml:7:12: lessons/fr/ holds translations into 'fr', but `languages` does not "
        "list 'fr'" in e
        for e in errors
    ), errors
    assert any("09-extra.yaml:1:1: no source file" in e for e in errors), errors


def test_validate_lang_checks_one_language(run, course_copy):
    root = course_copy()
    result = run("validate", root, "--lang", "pt-br")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pt-BR: 2 of 2 lessons, 2 of 2 exercises translated; 2 partly translated" in (
        result.stdout
    )
    result = run("validate", root, "--lang", "fr")
    assert result.returncode == 1
    assert "no translation into 'fr' to check" in result.stdout


def test_validate_on_a_course_without_translations_prints_no_language_line(run, tmp_path):
    import sys

    from i18n_helpers import REPO

    sys.path.insert(0, str(REPO / "tests/course"))
    from minimal import write_course

    root = write_course(tmp_path / "tiny")
    result = run("validate", root)
    assert result.returncode == 0
    assert ": valid:" in result.stdout and "translated" not in result.stdout
