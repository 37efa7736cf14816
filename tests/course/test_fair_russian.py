"""Answers written in Russian, marked with the course in Russian (issue 31, part 3).

Wherever an exercise reads words of the learner's own (a value the task names in the
learner's language, a tool description, a router's instruction, an error message for the
model, words between choice ids), a Russian answer passes under `ru`, an English one still
does, and a Russian answer that misses the point fails with the real reason, in Russian.
The overlays' own `right_answers` are proven by `validate --lang ru`; these are others.
"""

from __future__ import annotations

import json

import pytest

from tooltutor.course import load_course
from tooltutor.marking import mark_answer

RU = load_course(None, lang="ru")


def mark(exercise_id: str, answer, course=RU):
    text = answer if isinstance(answer, str) else json.dumps(answer, indent=2, ensure_ascii=False)
    return mark_answer(course, course.exercise(exercise_id), text)


def said(verdict) -> str:
    parts = [c.message for c in verdict.criteria if not c.passed]
    parts += [f"{d.message} {d.hint}" for d in verdict.diagnostics]
    return " ".join(parts)


def assert_passes(exercise_id: str, answer, course=RU):
    verdict = mark(exercise_id, answer, course)
    assert verdict.passed, said(verdict)


def assert_fails_because(exercise_id: str, answer, words: str):
    verdict = mark(exercise_id, answer)
    assert not verdict.passed, "a wrong answer passed"
    text = said(verdict)
    assert words.lower() in text.lower(), text
    assert "\\u04" not in text, text  # Cyrillic shown as itself, never as escapes


def solution(exercise_id: str):
    return json.loads(RU.exercise(exercise_id).solution)


# ----------------------------------------------------------------- write-tool-result


def weather_answer(content: str) -> list:
    return [
        {"role": "user", "content": "What's the weather in Lisboa right now?"},
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_01LxWeather7731",
                    "name": "get_weather",
                    "input": {"city": "Lisboa"},
                }
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01LxWeather7731", "content": content}
            ],
        },
    ]


def test_the_russian_task_names_the_weather_in_russian():
    prompt = RU.exercise("write-tool-result").prompt
    assert "солнечно" in prompt and "sunny" in prompt


@pytest.mark.parametrize(
    "condition",
    ["солнечно", "Солнечно", "СОЛНЕЧНАЯ ПОГОДА", "солнце", "ясно", "Ясная погода", "безоблачно"]
    + ["sunny", "Clear sky"],
)
def test_a_russian_or_english_condition_passes_under_ru(condition):
    content = json.dumps({"условия": condition, "температура": 26}, ensure_ascii=False)
    assert_passes("write-tool-result", weather_answer(content))


@pytest.mark.parametrize("condition", ["пасмурно", "дождь", "неясно", "переменная облачность"])
def test_another_condition_fails_under_ru_naming_what_is_missing(condition):
    content = json.dumps({"condition": condition, "temp_c": 26}, ensure_ascii=False)
    assert_fails_because(
        "write-tool-result", weather_answer(content), "в нём нет погодных условий (солнечно)"
    )


def test_the_temperature_is_still_required_in_russian():
    content = json.dumps({"погода": "солнечно"}, ensure_ascii=False)
    assert_fails_because("write-tool-result", weather_answer(content), "температуры (26)")


def test_a_russian_condition_is_not_the_english_tasks_answer():
    """Under English the task says "sunny": the Russian words are the ru overlay's only."""
    english = load_course(None)
    content = json.dumps({"condition": "солнечно", "temp_c": 26}, ensure_ascii=False)
    assert not mark("write-tool-result", weather_answer(content), english).passed


# ----------------------------------------------------------------- did-anything-happen


@pytest.mark.parametrize(
    "answer", ["ходы 7 и 13", "Ход 13 и ход 7.", "реплики 7, 13", "7 и 13", "варианты 7 и 13"]
)
def test_choice_ids_written_among_russian_words_pass(answer):
    assert_passes("did-anything-happen", answer)


def test_a_wrong_pick_among_russian_words_gets_its_russian_feedback():
    assert_fails_because("did-anything-happen", "ходы 7, 9 и 13", "лишь сообщает, что сделал ход 7")


def test_an_unknown_russian_word_is_not_dropped_as_filler():
    assert_fails_because("did-anything-happen", "ходы 7 и 13, а также первый", "первый")


# ----------------------------------------------------------------- defining-tools

RU_SEARCH_DESCRIPTIONS = {
    "use / do not use / never returns": (
        "Ищет по словам в темах и текстах тикетов хелпдеска и возвращает лучшие совпадения "
        "первыми: id, тему, статус и дату последнего обновления. Используйте, когда "
        "пользователь описывает проблему и нужны похожие или прежние тикеты. Не используйте, "
        "если id тикета уже известен: вызовите get_ticket, он возвращает и переписку. Этот "
        "инструмент никогда не возвращает переписку по тикету. query — текст поиска; status "
        "оставляет только тикеты open, pending или closed; limit — сколько тикетов вернуть, "
        "от 1 до 50, по умолчанию 10."
    ),
    "suited for / better call the other tool / messages left out": (
        "Поиск тикетов хелпдеска по теме и тексту, лучшие совпадения первыми. Подходит для "
        "поиска похожих обращений, когда клиент сообщает о проблеме. Если номер тикета "
        "известен, искать не нужно, лучше вызвать get_ticket. Сообщения тикета в результатах "
        "не возвращаются. Параметры: query — слова для поиска; status — фильтр по статусу; "
        "limit — от 1 до 50, по умолчанию 10."
    ),
    "only when, abbreviations, bullets": (
        "Полнотекстовый поиск по тикетам (т. е. по теме и тексту), лучшие совпадения первыми.\n"
        "- Вызывайте его только если пользователь описывает проблему, напр. ошибку входа.\n"
        "- Без переписки: её отдаёт get_ticket.\n"
        "- query — слова; status — open, pending или closed; limit — 1–50, по умолчанию 10."
    ),
}


@pytest.mark.parametrize(
    "description", RU_SEARCH_DESCRIPTIONS.values(), ids=RU_SEARCH_DESCRIPTIONS.keys()
)
def test_a_russian_tool_description_passes(description):
    answer = solution("definition-examples-validate")
    answer["description"] = description
    assert_passes("definition-examples-validate", answer)


def test_a_russian_description_that_never_says_when_not_fails_in_russian():
    answer = solution("definition-examples-validate")
    answer["description"] = (
        "Ищет тикеты хелпдеска по словам в теме и тексте и возвращает лучшие совпадения. "
        "Используйте, когда пользователь описывает проблему. Переписку не возвращает. "
        "query — текст, status — фильтр, limit — от 1 до 50, по умолчанию 10."
    )
    assert_fails_because("definition-examples-validate", answer, "когда его не использовать")


def test_do_not_use_alone_is_not_when_to_use():
    answer = solution("definition-examples-validate")
    answer["description"] = (
        "Ищет тикеты хелпдеска по словам в теме и тексте. Не используйте его, если id тикета "
        "известен: вызовите get_ticket. Переписку не возвращает. query — текст, status — "
        "фильтр, limit — от 1 до 50, по умолчанию 10."
    )
    assert_fails_because("definition-examples-validate", answer, "когда использовать инструмент")


def test_if_left_out_is_a_default_not_when_to_use():
    answer = solution("definition-examples-validate")
    answer["description"] = (
        "Ищет тикеты хелпдеска по словам в теме и тексте; limit равен 10, если не указан. "
        "Не используйте его, если id тикета известен: вызовите get_ticket. Переписку не "
        "возвращает. query — текст, status — фильтр, limit — от 1 до 50."
    )
    assert_fails_because("definition-examples-validate", answer, "когда использовать инструмент")


@pytest.mark.parametrize(
    "instruction",
    [
        "Передавай каждый запрос ровно в один отдел, вызывая его инструмент.",
        "Всегда направляй пользователя ровно в один отдел.",
        "Каждый запрос заканчивай вызовом одной функции: billing_desk, tech_support или "
        "sales_desk.",
    ],
)
def test_a_russian_router_instruction_passes(instruction):
    answer = solution("pick-tool-choice")
    answer["router"]["instruction"] = instruction
    assert_passes("pick-tool-choice", answer)


def test_a_russian_instruction_that_names_nothing_to_call_fails():
    answer = solution("pick-tool-choice")
    answer["router"]["instruction"] = "Отвечай пользователю вежливо и кратко."
    assert_fails_because("pick-tool-choice", answer, "нигде не говорит, что вызывать")


def test_russian_descriptions_of_the_merged_tools_pass():
    answer = solution("consolidate-tools")
    answer[0]["description"] = (
        "Работает с тикетами хелпдеска; action выбирает операцию. create требует subject и "
        "body, priority необязателен. update требует ticket_id и priority или assignee. "
        "close требует ticket_id и resolution. comment требует ticket_id и body. Возвращает id "
        "тикета и его новое состояние. Используйте только для тикетов, никогда для счетов."
    )
    answer[1]["description"] = (
        "Читает, перечисляет, возвращает или аннулирует счета; action выбирает операцию. get "
        "требует invoice_id. list требует customer_id, status — необязательный фильтр. refund "
        "требует invoice_id и amount_cents, сумму возврата в центах. void требует invoice_id и "
        "reason. Возврат и аннулирование необратимы: вызывайте их только после подтверждения "
        "пользователя. С тикетами не работает."
    )
    assert_passes("consolidate-tools", answer)


# ----------------------------------------------------------------- errors-as-data

ENGLISH_RATE = (
    'f"The weather service is rate-limited. Retry in {exc.retry_after} s, "\n'
    '                "or answer without the forecast."'
)
ENGLISH_DENIED = (
    'f"The weather service refused the request ({exc}). Retrying will not "\n'
    '                "help: tell the user the forecast is unavailable."'
)


def errors_answer(rate: str, denied: str) -> str:
    text = RU.exercise("errors-as-data").solution
    assert ENGLISH_RATE in text and ENGLISH_DENIED in text, "the solution changed: update"
    return text.replace(ENGLISH_RATE, rate).replace(ENGLISH_DENIED, denied)


def test_error_messages_for_the_model_in_russian_pass():
    answer = errors_answer(
        'f"Сервис погоды ограничил частоту запросов. Повторите через {exc.retry_after} с "\n'
        '                "или ответьте без прогноза."',
        'f"Сервис погоды отклонил запрос ({exc}). Повторять бесполезно: сообщите "\n'
        '                "пользователю, что прогноза нет."',
    )
    assert_passes("errors-as-data", answer)


def test_russian_error_messages_that_give_no_next_step_fail():
    answer = errors_answer(
        'f"Сервис погоды ограничил частоту запросов: лимит исчерпан, код 429."',
        'f"Сервис погоды отклонил запрос ({exc}): ключ не имеет доступа к прогнозу."',
    )
    assert_fails_because("errors-as-data", answer, "запуске 2")


# ----------------------------------------------------------------- field-map


@pytest.mark.parametrize("word", ["нет", "Отсутствует", "ничего"])
def test_no_such_field_written_in_russian_is_told_to_be_json_null(word):
    answer = solution("field-map")
    answer["result"]["error_flag"]["openai"] = word
    assert_fails_because("field-map", answer, "напишите JSON `null` без кавычек")


# ----------------------------------------------------------------- English still passes


@pytest.mark.parametrize(
    "exercise_id",
    [
        "write-tool-result",
        "did-anything-happen",
        "definition-examples-validate",
        "pick-tool-choice",
        "consolidate-tools",
    ],
)
def test_the_english_solution_passes_under_ru(exercise_id):
    assert_passes(exercise_id, RU.exercise(exercise_id).solution)
