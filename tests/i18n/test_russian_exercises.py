"""The tool-types and defining-tools exercises in Russian: every learner's text translated,
Russian answers marked as fairly as English ones, and the feedback of the course's own
checks in Russian.

(`validate --lang ru` self-tests the overlays' `right_answers`; these are answers of our
own, right and wrong, that are in no YAML.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tooltutor.course import load_course
from tooltutor.marking import mark_answer

REPO = Path(__file__).resolve().parents[2]
RU = "ru"
MINE = {
    "tool-types": [
        "classify-tools",
        "errors-as-data",
        "search-leads",
        "resume-pause-turn",
        "untrusted-result",
    ],
    "defining-tools": ["definition-examples-validate", "pick-tool-choice", "consolidate-tools"],
}
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


@pytest.fixture(scope="module")
def course():
    return load_course(REPO, RU, audit_translations=[RU], use_cache=False)


def mark(course, exercise_id: str, answer) -> tuple[bool, str]:
    text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    verdict = mark_answer(course, course.exercise(exercise_id), text)
    said = [c.message for c in verdict.criteria if not c.passed]
    said += [f"{d.message} {d.hint}" for d in verdict.diagnostics]
    return verdict.passed, " ".join(said)


@pytest.mark.parametrize("exercise_id", [e for ids in MINE.values() for e in ids])
def test_every_text_a_learner_reads_is_russian(course, exercise_id):
    exercise = course.exercise(exercise_id)
    assert not exercise.untranslated, exercise.untranslated
    for text in [exercise.title, exercise.prompt, exercise.explanation, *exercise.hints]:
        assert CYRILLIC.search(text), text[:80]
    for criterion in exercise.criteria:
        assert CYRILLIC.search(criterion.get("label", "")), criterion


@pytest.mark.parametrize("lesson", sorted(MINE))
def test_each_overlay_is_stamped_from_its_current_source(lesson):
    import yaml

    from tooltutor.course.translation.fingerprint import source_hash

    for source in sorted((REPO / "exercises" / lesson).glob("*.yaml")):
        overlay = yaml.safe_load((source.parent / RU / source.name).read_text(encoding="utf-8"))
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        assert overlay["source_hash"] == source_hash(data), source.name


# -- definition-examples-validate: a description written in Russian ------------------------

SCHEMA = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "status": {"type": "string", "enum": ["open", "pending", "closed"]},
        "limit": {"type": "integer"},
    },
    "required": ["query"],
    "additionalProperties": False,
}


def definition(description: str) -> dict:
    return {
        "name": "search_tickets",
        "description": description,
        "strict": True,
        "input_schema": SCHEMA,
        "input_examples": [
            {"query": "деньги за заказ не вернулись"},
            {"query": "ошибка входа", "status": "pending", "limit": 3},
        ],
    }


PARAMETERS = (
    " Параметры: query — слова для поиска; status — только тикеты open, pending или closed;"
    " limit — сколько тикетов вернуть, от 1 до 50 (если не указан, 10)."
)
WHAT = (
    "Находит тикеты службы поддержки по словам темы и текста, лучшие первыми, с id, темой,"
    " статусом и датой последнего обновления."
)


def test_a_russian_description_that_says_it_all_passes(course):
    text = (
        WHAT + " Вызывай его, если пользователь жалуется на проблему и нужно найти похожие"
        " обращения. Если id тикета уже есть, вместо него вызови get_ticket. Сообщения"
        " переписки он не возвращает никогда." + PARAMETERS
    )
    passed, said = mark(course, "definition-examples-validate", definition(text))
    assert passed, said


def test_a_russian_description_that_never_says_when_not_fails_in_russian(course):
    text = (
        WHAT + " Используй его, когда пользователь описывает проблему. Переписку по тикету"
        " он не возвращает." + PARAMETERS
    )
    passed, said = mark(course, "definition-examples-validate", definition(text))
    assert not passed
    assert "когда его не использовать" in said or "не использовать" in said, said
    assert "get_ticket" in said, said


def test_a_russian_description_silent_on_the_conversation_fails(course):
    text = (
        WHAT + " Используй его, когда пользователь описывает проблему. Не используй его,"
        " если id тикета уже известен." + PARAMETERS
    )
    passed, said = mark(course, "definition-examples-validate", definition(text))
    assert not passed
    assert CYRILLIC.search(said), said


# -- pick-tool-choice: the router's instruction in Russian ---------------------------------

CHOICES = {
    "invoice-extraction": {
        "tool_choice": {"type": "tool", "name": "record_invoice", "disable_parallel_tool_use": True}
    },
    "general-chat": {"tool_choice": {"type": "auto"}},
    "wrap-up": {"tool_choice": {"type": "none"}},
    "transfer-agent": {"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}},
    "bookkeeper": {"tool_choice": {"type": "auto"}, "strict": True},
}


def router(instruction: str) -> dict:
    return {
        **CHOICES,
        "router": {
            "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
            "instruction": instruction,
        },
    }


@pytest.mark.parametrize(
    "instruction",
    [
        "На каждый запрос вызывай ровно один инструмент отдела.",
        "Всегда направляй обращение в один отдел, и никогда в два отдела.",
    ],
)
def test_a_russian_instruction_that_names_the_call_passes(course, instruction):
    passed, said = mark(course, "pick-tool-choice", router(instruction))
    assert passed, said


def test_a_russian_instruction_that_never_says_what_to_call_fails_in_russian(course):
    passed, said = mark(course, "pick-tool-choice", router("Будь вежлив и отвечай коротко."))
    assert not passed
    assert "`instruction`" in said and CYRILLIC.search(said), said


# -- errors-as-data: the messages for the model in Russian ---------------------------------

ERRORS = """
import json

from support import PermissionDenied, RateLimited


def to_tool_result(call_id, fn, args):
    block = {{"type": "tool_result", "tool_use_id": call_id}}
    try:
        value = fn(**args)
    except RateLimited as exc:
        error = {{"error": "rate_limited", "retry_after": exc.retry_after,
                 "message": {limited!r}}}
    except PermissionDenied:
        error = {{"error": "permission_denied", "message": {denied!r}}}
    else:
        block["content"] = json.dumps(value)
        return block
    block["is_error"] = True
    block["content"] = json.dumps(error, ensure_ascii=False)
    return block
"""


def test_russian_messages_that_say_what_to_do_next_pass(course):
    answer = ERRORS.format(
        limited="Сервис прогнозов перегружен: подожди немного и повтори запрос.",
        denied="Ключ не имеет доступа к прогнозам. Скажи пользователю, что прогноза нет.",
    )
    passed, said = mark(course, "errors-as-data", answer)
    assert passed, said


def test_a_russian_message_with_no_next_step_fails_with_russian_feedback(course):
    answer = ERRORS.format(
        limited="Сервис прогнозов перегружен.",
        denied="Ключ не имеет доступа к прогнозам.",
    )
    passed, said = mark(course, "errors-as-data", answer)
    assert not passed
    assert "подождать и повторить" in said, said
    assert "does not tell" not in said, said


# -- a course's own checks: the catalog `new translation ru` writes ------------------------


def test_a_new_russian_catalog_of_a_courses_checks_has_three_plural_forms(tmp_path):
    from checker.po_catalog import Message, read_po, write_po

    said = [Message("{n} slot is free", "{n} slots are free", str(tmp_path / "c.py"), 3)]
    text = write_po(said, None, RU, tmp_path)
    assert "nplurals=3" in text
    assert "msgstr[2]" in text
    filled = text.replace('msgstr[0] ""', 'msgstr[0] "свободен {n} слот"')
    filled = filled.replace('msgstr[1] ""', 'msgstr[1] "свободно {n} слота"')
    filled = filled.replace('msgstr[2] ""', 'msgstr[2] "свободно {n} слотов"')
    catalog = read_po(filled)
    forms = {n: catalog.text(said[0].msgid, said[0].plural, n) for n in (1, 3, 5, 11, 21)}
    assert forms == {
        1: "свободен {n} слот",
        3: "свободно {n} слота",
        5: "свободно {n} слотов",
        11: "свободно {n} слотов",
        21: "свободен {n} слот",
    }


# -- consolidate-tools: descriptions written in Russian ------------------------------------


def consolidated(helpdesk: str) -> list:
    import yaml

    overlay = REPO / "exercises/defining-tools/ru/03-consolidate-tools.yaml"
    right = yaml.safe_load(overlay.read_text(encoding="utf-8"))["right_answers"][0]
    answer = json.loads(right["answer"])
    answer[0]["description"] = helpdesk
    return answer


def test_russian_descriptions_that_never_tie_actions_to_fields_fail(course):
    vague = (
        "Работает с тикетами службы поддержки: create, update, close и comment. Параметры:"
        " ticket_id, subject, body, priority (low, normal, high), assignee, resolution."
    )
    passed, said = mark(course, "consolidate-tools", consolidated(vague))
    assert not passed
    assert CYRILLIC.search(said), said


def _russian_right_answers():
    import yaml

    for lesson in MINE:
        for path in sorted((REPO / "exercises" / lesson / RU).glob("*.yaml")):
            overlay = yaml.safe_load(path.read_text(encoding="utf-8"))
            for right in overlay.get("right_answers") or []:
                yield pytest.param(overlay["id"], right["answer"], id=overlay["id"])


@pytest.mark.parametrize(("exercise_id", "answer"), list(_russian_right_answers()))
def test_the_overlays_russian_right_answers_pass_under_ru(course, exercise_id, answer):
    passed, said = mark(course, exercise_id, answer.replace("{{model}}", course.model))
    assert passed, said
