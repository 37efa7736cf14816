"""Fair marking of the round-trip exercises, both ways: learner answers that are not in the
exercise files, written from the task text a learner reads.

Correct answers differ from the solution the way learners differ (a whole request body,
text blocks instead of strings, other JSON field names, another code style or a loop);
wrong ones come from real misconceptions and must fail with a message naming the cause.
fix-round-trip has a file of its own: test_fair_fix_round_trip.py.
"""

from __future__ import annotations

import copy
import json

import pytest
from round_trip_marking import COURSE, assert_fails, assert_passes

# --------------------------------------------------------------------- write-tool-result

QUESTION = "What's the weather in Lisboa right now?"
CALL = {
    "type": "tool_use",
    "id": "toolu_01LxWeather7731",
    "name": "get_weather",
    "input": {"city": "Lisboa"},
}
WEATHER_TOOL = {
    "name": "get_weather",
    "description": "The current weather in a city: condition and temperature in Celsius.",
    "input_schema": {
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
}


def result(content, **extra) -> dict:
    return {
        "type": "tool_result",
        "tool_use_id": "toolu_01LxWeather7731",
        "content": content,
        **extra,
    }


def conversation(*results, question=QUESTION, call=CALL) -> list:
    return [
        {"role": "user", "content": question},
        {"role": "assistant", "content": [call]},
        {"role": "user", "content": list(results)},
    ]


GOOD = json.dumps({"condition": "sunny", "temp_c": 26})


def body(messages, **extra) -> dict:
    return {
        "model": COURSE.model,
        "max_tokens": 1024,
        "tools": [WEATHER_TOOL],
        **extra,
        "messages": messages,
    }


WRITE_RIGHT = {
    "the bare messages array": conversation(result(GOOD)),
    "a whole request body": body(conversation(result(GOOD))),
    "a body naming another current model": {
        **body(conversation(result(GOOD))),
        "model": "claude-sonnet-4-5",
    },
    "a body with a system prompt and tool_choice": body(
        conversation(result(GOOD)),
        system="You are a weather assistant.",
        tool_choice={"type": "auto"},
    ),
    "the question as a text block": [
        {"role": "user", "content": [{"type": "text", "text": QUESTION}]},
        *conversation(result(GOOD))[1:],
    ],
    "the result as text blocks": conversation(result([{"type": "text", "text": GOOD}])),
    "is_error false written out": conversation(result(GOOD, is_error=False)),
    "other JSON field names": conversation(
        result(json.dumps({"weather": "Sunny", "temperature": 26, "unit": "C"}))
    ),
    "clear sky, temperature with its unit": conversation(
        result(json.dumps({"sky": "clear", "temperature": "26 °C"}))
    ),
    "the city echoed, compact JSON": conversation(
        result(
            json.dumps(
                {"city": "Lisboa", "condition": "sunny", "temp_c": 26}, separators=(",", ":")
            )
        )
    ),
    "a note after the result": conversation(
        result(GOOD), {"type": "text", "text": "Answer in one sentence, please."}
    ),
    "keys of every block in another order": [
        {"content": QUESTION, "role": "user"},
        {"content": [dict(reversed(list(CALL.items())))], "role": "assistant"},
        {"content": [dict(reversed(list(result(GOOD).items())))], "role": "user"},
    ],
}


@pytest.mark.parametrize("answer", WRITE_RIGHT.values(), ids=WRITE_RIGHT.keys())
def test_write_tool_result_accepts_correct_requests_written_differently(answer):
    assert_passes("write-tool-result", json.dumps(answer, ensure_ascii=False, indent=2))


def _stop_reason_copied():
    messages = conversation(result(GOOD))
    messages[1] = {"role": "assistant", "stop_reason": "tool_use", "content": [CALL]}
    return messages


def _input_changed():
    call = copy.deepcopy(CALL)
    call["input"]["city"] = "Lisbon"
    return conversation(result(GOOD), call=call)


def _envelope():
    messages = conversation(result(GOOD))
    messages[1] = {
        "id": "msg_01",
        "type": "message",
        "role": "assistant",
        "model": COURSE.model,
        "content": [CALL],
    }
    return messages


WRITE_WRONG = [
    (
        "the assistant turn not resent",
        [conversation(result(GOOD))[0], conversation(result(GOOD))[2]],
        "roles",
        ["no call to answer"],
    ),
    (
        "a body whose assistant turn is missing",
        body([conversation(result(GOOD))[0], conversation(result(GOOD))[2]]),
        "a-tool-result-orphan",
        ["no call to answer"],
    ),
    (
        "the tool's name as the id",
        conversation({**result(GOOD), "tool_use_id": "get_weather"}),
        "tool-result",
        ["the tool's name"],
    ),
    (
        "OpenAI's tool role",
        conversation(result(GOOD))[:2]
        + [{"role": "tool", "tool_call_id": "toolu_01LxWeather7731", "content": GOOD}],
        "roles",
        ["`tool` is the OpenAI role"],
    ),
    (
        "text before the result",
        conversation({"type": "text", "text": "Here is the weather:"}, result(GOOD)),
        "tool-result",
        ["Results come first"],
    ),
    (
        "prose instead of JSON",
        conversation(result("sunny, 26 °C")),
        "result-json",
        ["cannot parse"],
    ),
    (
        "the Python repr of a dict",
        conversation(result("{'condition': 'sunny', 'temp_c': 26}")),
        "result-json",
        ["cannot parse"],
    ),
    (
        "a JSON object where JSON text is wanted",
        conversation(result({"condition": "sunny", "temp_c": 26})),
        "a-tool-result-content-type",
        ["json.dumps"],
    ),
    (
        "stop_reason copied into the turn",
        _stop_reason_copied(),
        "message-equals",
        ["response envelope"],
    ),
    (
        "the whole response object resent",
        _envelope(),
        "a-envelope-field-in-message",
        ["response envelope"],
    ),
    ("the call's input changed", _input_changed(), "message-equals", ['"Lisbon"']),
    (
        "the temperature left out",
        conversation(result(json.dumps({"condition": "sunny"}))),
        "result-json",
        ["the temperature (26)"],
    ),
    (
        "the tool marked as failed",
        conversation(result(GOOD, is_error=True)),
        "tool-result",
        ["`is_error` should be absent"],
    ),
    (
        "the question reworded",
        conversation(result(GOOD), question="Weather in Lisboa?"),
        "user-text",
        ["exactly"],
    ),
    (
        "only the new message",
        [conversation(result(GOOD))[2]],
        "roles",
        ["yours is user"],
    ),
    (
        "the result inside the assistant turn",
        [conversation(result(GOOD))[0], {"role": "assistant", "content": [CALL, result(GOOD)]}],
        "a-tool-result-wrong-role",
        ["in a user message"],
    ),
    (
        "a body that leaves the tools out",
        {"model": COURSE.model, "max_tokens": 1024, "messages": conversation(result(GOOD))},
        "a-tools-required",
        ["`tools`"],
    ),
]


@pytest.mark.parametrize(
    "answer, criterion, words",
    [w[1:] for w in WRITE_WRONG],
    ids=[w[0] for w in WRITE_WRONG],
)
def test_write_tool_result_rejects_misconceptions_with_their_cause(answer, criterion, words):
    assert_fails(
        "write-tool-result", json.dumps(answer, ensure_ascii=False, indent=2), criterion, *words
    )


# ------------------------------------------------------------------------------ must-wait

CUSTOMER, ORDERS, BALANCE, WITHDRAW = (
    "toolu_01Mc4kZt",
    "toolu_01Lo8PqW",
    "toolu_01Rb2WxN",
    "toolu_01Wd5RkY",
)
PAIRS = [[ORDERS, CUSTOMER], [WITHDRAW, BALANCE]]
FIRST = [CUSTOMER, BALANCE]

WAIT_RIGHT = {
    "as in the solution": {"must_wait": PAIRS, "first_round": FIRST},
    "first_round first": {"first_round": FIRST, "must_wait": PAIRS},
    "the ids in another order": {"first_round": FIRST[::-1], "must_wait": PAIRS},
    "the pairs in another order": {"must_wait": PAIRS[::-1], "first_round": FIRST},
    "both reordered": {"first_round": FIRST[::-1], "must_wait": PAIRS[::-1]},
    "a note of the learner's own": {
        "first_round": FIRST,
        "must_wait": PAIRS,
        "note": "list_orders needs the real id",
    },
    "a reason for each pair beside them": {
        "first_round": FIRST,
        "must_wait": PAIRS,
        "why": {ORDERS: "needs the customer id", WITHDRAW: "needs the balance"},
    },
    "compact": {"must_wait": PAIRS, "first_round": FIRST},
}


@pytest.mark.parametrize("name", WAIT_RIGHT)
def test_must_wait_accepts_correct_answers_written_differently(name):
    answer = WAIT_RIGHT[name]
    text = (
        json.dumps(answer, separators=(",", ":"))
        if name == "compact"
        else json.dumps(answer, indent=2)
    )
    assert_passes("must-wait", text)


WAIT_WRONG = [
    (
        "the batch trusted as it came",
        {"must_wait": [], "first_round": [CUSTOMER, ORDERS, BALANCE, WITHDRAW]},
        "first-round",
        ["C-10001", "only if there is enough"],
    ),
    (
        "the withdrawal looks independent",
        {"must_wait": [PAIRS[0]], "first_round": [CUSTOMER, BALANCE, WITHDRAW]},
        "first-round",
        ["only if there is enough"],
    ),
    (
        "the order listing looks independent",
        {"must_wait": [PAIRS[1]], "first_round": [CUSTOMER, ORDERS, BALANCE]},
        "first-round",
        ["C-10001"],
    ),
    (
        "the pairs reversed",
        {"must_wait": [p[::-1] for p in PAIRS], "first_round": FIRST},
        "must-wait",
        ["wrong way round"],
    ),
    (
        "the waiting calls run now as well",
        {"must_wait": PAIRS, "first_round": [CUSTOMER, ORDERS, BALANCE, WITHDRAW]},
        "first-round",
        ['"toolu_01Lo8PqW", "toolu_01Wd5RkY" do not belong here'],
    ),
    (
        "the balance waits for the customer",
        {"must_wait": [*PAIRS, [BALANCE, CUSTOMER]], "first_round": [CUSTOMER]},
        "must-wait",
        ['["toolu_01Rb2WxN", "toolu_01Mc4kZt"] does not belong here'],
    ),
    (
        "the withdrawal paired with the wrong call",
        {"must_wait": [PAIRS[0], [WITHDRAW, CUSTOMER]], "first_round": FIRST},
        "must-wait",
        ["1 pair is missing"],
    ),
    (
        "tool names instead of call ids",
        {
            "must_wait": [["list_orders", "get_customer"]],
            "first_round": ["get_customer", "read_balance"],
        },
        "shape",
        ['"get_customer" is not one of'],
    ),
    (
        "pairs as objects",
        {"must_wait": [{"waiting": ORDERS, "on": CUSTOMER}], "first_round": FIRST},
        "shape",
        ["expected an array, found an object"],
    ),
    (
        "a chain of three in one item",
        {"must_wait": [[WITHDRAW, BALANCE, CUSTOMER]], "first_round": FIRST},
        "shape",
        ["expected at most 2 items, found 3"],
    ),
    (
        "must_wait left out",
        {"first_round": FIRST},
        "shape",
        ['"must_wait" is missing'],
    ),
    (
        "the first round as one string",
        {"must_wait": PAIRS, "first_round": f"{CUSTOMER}, {BALANCE}"},
        "shape",
        ["expected an array, found the string"],
    ),
    (
        "a call listed twice",
        {"must_wait": PAIRS, "first_round": [CUSTOMER, BALANCE, CUSTOMER]},
        "first-round",
        ['"toolu_01Mc4kZt" is listed twice'],
    ),
]


@pytest.mark.parametrize(
    "answer, criterion, words",
    [w[1:] for w in WAIT_WRONG],
    ids=[w[0] for w in WAIT_WRONG],
)
def test_must_wait_rejects_misconceptions_with_their_cause(answer, criterion, words):
    assert_fails("must-wait", json.dumps(answer, indent=2), criterion, *words)


# ----------------------------------------------------------------------- thinking-round-trip

THINKING = COURSE.exercise("thinking-round-trip")


def _thinking_body(**changes) -> str:
    """The solution's body, with `changes` applied to the assistant turn's blocks."""
    body = json.loads(COURSE.expand(THINKING.solution))
    blocks = body["messages"][1]["content"]
    for key, value in changes.items():
        if key == "blocks":
            blocks[:] = value(blocks)
        else:
            blocks[0][key] = value
    return json.dumps(body)


THINKING_WRONG = {
    "the thinking block dropped": (
        {"blocks": lambda b: b[1:]},
        "thinking-turn-resent",
        ["lost its thinking block"],
    ),
    "the thinking text edited": (
        {"thinking": "Look it up."},
        "thinking-turn-resent",
        ["`thinking` was edited", "signature"],
    ),
    "another signature": (
        {"signature": "EuYBCkQYAiJA"},
        "thinking-turn-resent",
        ["`signature` is not the one"],
    ),
    "the blocks reordered": (
        {"blocks": lambda b: b[1:] + b[:1]},
        "thinking-turn-resent",
        ["position 2", "first"],
    ),
}


@pytest.mark.parametrize("note", THINKING_WRONG)
def test_thinking_round_trip_names_the_real_reason(note):
    changes, criterion, words = THINKING_WRONG[note]
    assert_fails("thinking-round-trip", _thinking_body(**changes), criterion, *words)
