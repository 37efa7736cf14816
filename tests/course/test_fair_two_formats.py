"""Fair marking of the two-formats lesson: conversions written from each task's text, not
from its solution. Correct ones in other styles pass (a whole request body, other key
order, other spacing); wrong ones, from real misconceptions, fail with a message that
names the real cause (out of order, a missing or leftover prefix, the other format's
field, a type slip) before any raw difference.

None of these answers is in the exercises' YAML.
"""

from __future__ import annotations

import copy
import json

import pytest
from answer_marking import COURSE, assert_passes, mark, reordered, said
from answer_marking import assert_fails_because as _fails_because


def assert_fails_because(exercise_id: str, answer, word: str):
    """Fails, with `word` in what the learner reads, and no raw difference instead of it."""
    text = _fails_because(exercise_id, answer, word)
    assert "differ from the answer key" not in text and "differs from the answer key" not in text


# ------------------------------------------------------------------------ claude-to-openai

TO_OPENAI = "claude-to-openai"
QUESTION = "Where is ORD-2026-8842, and has ORD-2026-9001 shipped yet?"
FINAL = (
    "ORD-2026-8842 is in transit and due on 27 August. I couldn't reach the order service for "
    "ORD-2026-9001. Shall I try again?"
)
OK = '{"status":"in_transit","eta":"2026-08-27"}'


def openai_messages(args=None, sep=(", ", ": ")) -> list:
    args = args or [{"order_id": "ORD-2026-8842"}, {"order_id": "ORD-2026-9001"}]
    ids = ["toolu_01Hq7cR2mXv9", "toolu_01Kd3sW8pLa4"]
    return [
        {"role": "user", "content": QUESTION},
        {
            "role": "assistant",
            "content": "I'll check both orders.",
            "tool_calls": [
                {
                    "id": i,
                    "type": "function",
                    "function": {
                        "name": "get_order_status",
                        "arguments": json.dumps(a, separators=sep),
                    },
                }
                for i, a in zip(ids, args)
            ],
        },
        {"role": "tool", "tool_call_id": ids[0], "content": OK},
        {
            "role": "tool",
            "tool_call_id": ids[1],
            "content": "Error: Order service timed out after 10 s.",
        },
        {"role": "assistant", "content": FINAL},
    ]


def changed(change) -> list:
    messages = openai_messages()
    change(messages)
    return messages


ORDER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_order_status",
        "description": "Look up an order.",
        "parameters": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
}

TO_OPENAI_RIGHT = {
    "a whole request body": {"model": "gpt-4.1", "messages": openai_messages()},
    "a body with the tool defined": {
        "model": "gpt-4.1",
        "tools": [ORDER_TOOL],
        "messages": openai_messages(),
    },
    "compact arguments": openai_messages(sep=(",", ":")),
    "arguments with line breaks": changed(
        lambda m: m[1]["tool_calls"][0]["function"].update(
            arguments='{\n  "order_id": "ORD-2026-8842"\n}'
        )
    ),
    "every key in reverse order": reordered(openai_messages()),
    "the body's keys first messages then model": {"messages": openai_messages(), "model": "gpt-4o"},
    "one line of JSON": json.dumps(openai_messages(), separators=(",", ":")),
    "the final answer with a trailing newline": changed(
        lambda m: m[4].update(content=FINAL + "\n")
    ),
}


@pytest.mark.parametrize("answer", TO_OPENAI_RIGHT.values(), ids=TO_OPENAI_RIGHT.keys())
def test_to_openai_right_answers_pass(answer):
    assert_passes(TO_OPENAI, answer)


TO_OPENAI_WRONG = {
    "the arguments kept as objects": (
        changed(
            lambda m: m[1]["tool_calls"][0]["function"].update(
                arguments={"order_id": "ORD-2026-8842"}
            )
        ),
        "string holding JSON",
    ),
    "the arguments encoded twice": (
        changed(
            lambda m: m[1]["tool_calls"][0]["function"].update(
                arguments=json.dumps(json.dumps({"order_id": "ORD-2026-8842"}))
            )
        ),
        "encoded twice",
    ),
    "the Error: prefix forgotten": (
        changed(lambda m: m[3].update(content="Order service timed out after 10 s.")),
        'no "Error: " prefix',
    ),
    "the prefix without its space": (
        changed(lambda m: m[3].update(content="Error:Order service timed out after 10 s.")),
        "exactly",
    ),
    "the prefix on the result that worked too": (
        changed(lambda m: m[2].update(content="Error: " + OK)),
        "did not fail",
    ),
    "the results swapped": (
        changed(lambda m: m.__setitem__(slice(2, 4), [m[3], m[2]])),
        "results are out of order",
    ),
    "the calls swapped": (
        changed(lambda m: m[1]["tool_calls"].reverse()),
        "calls are out of order",
    ),
    "Claude's tool_use_id kept": (
        changed(lambda m: m[2].update(tool_use_id=m[2].pop("tool_call_id"))),
        "tool_use_id",
    ),
    "the is_error flag kept instead of the prefix": (
        changed(
            lambda m: m[3].update(content="Order service timed out after 10 s.", is_error=True)
        ),
        "no `is_error`",
    ),
    "new call ids": (
        changed(lambda m: m[1]["tool_calls"][0].update(id="call_1")),
        "original id",
    ),
    "the assistant's words dropped": (changed(lambda m: m[1].update(content=None)), "survive"),
    "the text kept as Claude blocks": (
        changed(lambda m: m[4].update(content=[{"type": "text", "text": FINAL}])),
        "as text blocks",
    ),
    "the result decoded into an object": (
        changed(lambda m: m[2].update(content=json.loads(OK))),
        "string holding JSON",
    ),
    "a Claude tool_use block inside tool_calls": (
        changed(
            lambda m: m[1]["tool_calls"].__setitem__(
                0,
                {
                    "id": "toolu_01Hq7cR2mXv9",
                    "type": "tool_use",
                    "name": "get_order_status",
                    "input": {"order_id": "ORD-2026-8842"},
                },
            )
        ),
        "Claude's shape",
    ),
}


@pytest.mark.parametrize(("answer", "word"), TO_OPENAI_WRONG.values(), ids=TO_OPENAI_WRONG.keys())
def test_to_openai_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(TO_OPENAI, answer, word)


def test_to_openai_one_message_per_wrong_item():
    # both results swapped: one "out of order", not four field differences
    verdict = mark(TO_OPENAI, changed(lambda m: m.__setitem__(slice(2, 4), [m[3], m[2]])))
    failing = [c for c in verdict.criteria if not c.passed]
    assert [c.id for c in failing] == ["results"]
    assert "more problem" not in failing[0].message


# ------------------------------------------------------------------------ openai-to-claude

TO_CLAUDE = "openai-to-claude"
REPLY = (
    "ORD-2026-8842 is in transit and due on 27 August. The refund service is down right now, "
    "so I couldn't check ORD-2026-7710."
)


def claude_messages() -> list:
    return [
        {
            "role": "user",
            "content": "Is my refund for ORD-2026-7710 through, and where is ORD-2026-8842?",
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "call_Rf41aQ9",
                    "name": "get_refund_status",
                    "input": {"order_id": "ORD-2026-7710"},
                },
                {
                    "type": "tool_use",
                    "id": "call_Os73kT2",
                    "name": "get_order_status",
                    "input": {"order_id": "ORD-2026-8842"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_Rf41aQ9",
                    "is_error": True,
                    "content": "Refund service unavailable (HTTP 503).",
                },
                {"type": "tool_result", "tool_use_id": "call_Os73kT2", "content": OK},
            ],
        },
        {"role": "assistant", "content": REPLY},
        {"role": "user", "content": "OK, please try the refund again."},
    ]


def claude_changed(change) -> list:
    messages = claude_messages()
    change(messages)
    return messages


def claude_tool(name):
    return {
        "name": name,
        "description": "Look up an order.",
        "input_schema": {"type": "object", "properties": {"order_id": {"type": "string"}}},
    }


TO_CLAUDE_RIGHT = {
    "a body with the tools defined": {
        "model": COURSE.model,
        "max_tokens": 1024,
        "tools": [claude_tool("get_refund_status"), claude_tool("get_order_status")],
        "messages": claude_messages(),
    },
    "is_error false spelled out": claude_changed(
        lambda m: m[2]["content"][1].update(is_error=False)
    ),
    "every key in reverse order": reordered(claude_messages()),
    "one line of JSON": json.dumps(claude_messages(), separators=(",", ":")),
    "the body's keys in another order": {
        "messages": claude_messages(),
        "tools": [claude_tool("get_order_status"), claude_tool("get_refund_status")],
        "max_tokens": 2048,
        "model": COURSE.model,
    },
    "a body without model and max_tokens, the messages and tools only": {
        "tools": [claude_tool("get_refund_status"), claude_tool("get_order_status")],
        "messages": claude_messages(),
    },
    "the reply with surrounding spaces": claude_changed(
        lambda m: m[3].update(content=f" {REPLY} ")
    ),
    "is_error before tool_use_id": claude_changed(
        lambda m: m[2]["content"].__setitem__(
            0,
            {
                "is_error": True,
                "content": "Refund service unavailable (HTTP 503).",
                "type": "tool_result",
                "tool_use_id": "call_Rf41aQ9",
            },
        )
    ),
}


@pytest.mark.parametrize("answer", TO_CLAUDE_RIGHT.values(), ids=TO_CLAUDE_RIGHT.keys())
def test_to_claude_right_answers_pass(answer):
    assert_passes(TO_CLAUDE, answer)


def result(k, **changes):
    def change(m):
        block = m[2]["content"][k]
        for key, value in changes.items():
            if value is None:
                block.pop(key, None)
            else:
                block[key] = value

    return change


TO_CLAUDE_WRONG = {
    # a whole body is welcome, but the API rejects one whose history has calls and no tools
    "a whole body that defines no tools": (
        {"model": COURSE.model, "max_tokens": 1024, "messages": claude_messages()},
        "defines no `tools`",
    ),
    "the results split over two user messages": (
        claude_changed(
            lambda m: m.__setitem__(
                slice(2, 3),
                [
                    {"role": "user", "content": [m[2]["content"][0]]},
                    {"role": "user", "content": [m[2]["content"][1]]},
                ],
            )
        ),
        "split over two",
    ),
    "the tool role kept": (
        claude_changed(
            lambda m: m.__setitem__(
                slice(2, 3),
                [
                    {
                        "role": "tool",
                        "tool_call_id": "call_Rf41aQ9",
                        "content": "Error: Refund service unavailable (HTTP 503).",
                    },
                    {"role": "tool", "tool_call_id": "call_Os73kT2", "content": OK},
                ],
            )
        ),
        "no `tool` role",
    ),
    "the input left as a JSON string": (
        claude_changed(lambda m: m[1]["content"][0].update(input='{"order_id": "ORD-2026-7710"}')),
        "string holding JSON",
    ),
    "an empty text block for the null content": (
        claude_changed(lambda m: m[1]["content"].insert(0, {"type": "text", "text": ""})),
        "empty text",
    ),
    "the prefix left in, no flag": (
        claude_changed(
            result(0, is_error=None, content="Error: Refund service unavailable (HTTP 503).")
        ),
        "prefix stayed",
    ),
    "the prefix left in beside the flag": (
        claude_changed(result(0, content="Error: Refund service unavailable (HTTP 503).")),
        "still starts with",
    ),
    "the flag forgotten": (claude_changed(result(0, is_error=None)), "needs `is_error: true`"),
    "the flag as a string": (claude_changed(result(0, is_error="true")), 'the string "true"'),
    "the flag on both results": (claude_changed(result(1, is_error=True)), "this call worked"),
    "OpenAI's tool_call_id kept": (
        claude_changed(result(1, tool_use_id=None, tool_call_id="call_Os73kT2")),
        "tool_call_id",
    ),
    "the results swapped": (
        claude_changed(lambda m: m[2]["content"].reverse()),
        "results are out of order",
    ),
    "the calls swapped": (
        claude_changed(lambda m: m[1]["content"].reverse()),
        "calls are out of order",
    ),
    "the result decoded into an object": (
        claude_changed(result(1, content=json.loads(OK))),
        "string holding JSON",
    ),
    "the reply turned into text blocks": (
        claude_changed(lambda m: m[3].update(content=[{"type": "text", "text": REPLY}])),
        "as text blocks",
    ),
    "OpenAI's tool_calls kept on the assistant turn": (
        claude_changed(
            lambda m: m.__setitem__(
                1,
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_Rf41aQ9",
                            "type": "function",
                            "function": {
                                "name": "get_refund_status",
                                "arguments": '{"order_id": "ORD-2026-7710"}',
                            },
                        },
                    ],
                },
            )
        ),
        "`tool_calls` is OpenAI's",
    ),
}


@pytest.mark.parametrize(("answer", "word"), TO_CLAUDE_WRONG.values(), ids=TO_CLAUDE_WRONG.keys())
def test_to_claude_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(TO_CLAUDE, answer, word)


# ------------------------------------------------------------------------------ field-map

FIELD_MAP = "field-map"
MAP = {
    "tool_definition": {
        "schema": {
            "anthropic": "input_schema",
            "openai": "function.parameters",
            "responses": "parameters",
        }
    },
    "response": {
        "stop_field": {
            "anthropic": "stop_reason",
            "openai": "choices[0].finish_reason",
            "responses": None,
        },
        "stop_value": {"anthropic": "tool_use", "openai": "tool_calls", "responses": None},
        "calls": {
            "anthropic": "content",
            "openai": "choices[0].message.tool_calls",
            "responses": "output",
        },
    },
    "call": {
        "type": {"anthropic": "tool_use", "openai": "function", "responses": "function_call"},
        "id": {"anthropic": "id", "openai": "id", "responses": "call_id"},
        "name": {"anthropic": "name", "openai": "function.name", "responses": "name"},
        "arguments": {
            "anthropic": "input",
            "openai": "function.arguments",
            "responses": "arguments",
        },
        "arguments_type": {"anthropic": "object", "openai": "string", "responses": "string"},
    },
    "result": {
        "role": {"anthropic": "user", "openai": "tool", "responses": None},
        "type": {"anthropic": "tool_result", "openai": None, "responses": "function_call_output"},
        "id": {"anthropic": "tool_use_id", "openai": "tool_call_id", "responses": "call_id"},
        "error_flag": {"anthropic": "is_error", "openai": None, "responses": None},
    },
}


def field_map(**changes) -> dict:
    """`group__entry={"openai": ...}` changes one entry."""
    value = copy.deepcopy(MAP)
    for where, sides in changes.items():
        group, entry = where.split("__")
        value[group][entry].update(sides)
    return value


FIELD_MAP_RIGHT = {
    "groups and entries in reverse order": reordered(MAP),
    "one line of JSON": json.dumps(MAP, separators=(",", ":")),
    "spaces inside the paths": field_map(
        response__calls={"openai": "choices[0] . message . tool_calls"},
        tool_definition__schema={"openai": " function.parameters "},
    ),
    "spaces around the values": field_map(
        response__stop_value={"anthropic": " tool_use", "openai": "tool_calls "}
    ),
    "openai before anthropic in each entry": {
        g: {e: dict(reversed(list(v.items()))) for e, v in entries.items()}
        for g, entries in MAP.items()
    },
    "the lesson's [] for arrays": field_map(
        response__calls={
            "anthropic": "content[]",
            "openai": "choices[0].message.tool_calls[]",
            "responses": "output []",
        }
    ),
    "a path broken over a space after the dot": field_map(
        response__stop_field={"openai": "choices[0]. finish_reason"}
    ),
    "tabs in a path": field_map(call__name={"openai": "function.\tname"}),
    "indented with tabs": json.dumps(MAP, indent="\t"),
}


@pytest.mark.parametrize("answer", FIELD_MAP_RIGHT.values(), ids=FIELD_MAP_RIGHT.keys())
def test_field_map_right_answers_pass(answer):
    assert_passes(FIELD_MAP, answer)


FIELD_MAP_WRONG = {
    "the Responses API's call type": (
        field_map(call__type={"openai": "function_call"}),
        "Responses API",
    ),
    "the Responses API's call id": (field_map(result__id={"openai": "call_id"}), "Responses API"),
    "the message outside choices[0]": (
        field_map(response__calls={"openai": "message.tool_calls"}),
        "only the end of the path",
    ),
    "quotes of its own": (
        field_map(response__stop_value={"openai": '"tool_calls"'}),
        "quotes of its own",
    ),
    "the string null": (field_map(result__error_flag={"openai": "null"}), "JSON `null`"),
    "an empty string for no field": (field_map(result__error_flag={"openai": ""}), "JSON `null`"),
    "arguments taken for an object": (
        field_map(call__arguments_type={"openai": "object"}),
        "not right",
    ),
    "the block type as a role": (
        field_map(result__role={"anthropic": "tool_result"}),
        "not a role",
    ),
    "the path started at the request": (
        field_map(tool_definition__schema={"openai": "tools[0].function.parameters"}),
        "drop `tools[0].`",
    ),
    "an index written with a dot": (
        field_map(response__stop_field={"openai": "choices.0.finish_reason"}),
        "`[0]`",
    ),
    "a case slip": (
        field_map(tool_definition__schema={"anthropic": "Input_Schema"}),
        "case-sensitive",
    ),
    "Chat Completions names in the Responses column": (
        field_map(call__type={"responses": "function"}),
        "a name of Chat Completions",
    ),
    "the call item's own id in the Responses column": (
        field_map(call__id={"responses": "id"}),
        "the item's own id",
    ),
    "status taken for the Responses stop field": (
        field_map(response__stop_field={"responses": "status"}),
        "`completed`",
    ),
    "an error flag invented for OpenAI": (
        field_map(result__error_flag={"openai": "is_error"}),
        "not right",
    ),
}


@pytest.mark.parametrize(("answer", "word"), FIELD_MAP_WRONG.values(), ids=FIELD_MAP_WRONG.keys())
def test_field_map_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(FIELD_MAP, answer, word)


def test_field_map_never_shows_the_key():
    verdict = mark(FIELD_MAP, field_map(response__stop_field={"openai": "choices[0].stop_reason"}))
    assert not verdict.passed and "finish_reason" not in said(verdict)


# -------------------------------------------------------------------- responses-round-trip

NEXT = "responses-round-trip"
R_USER = {"role": "user", "content": QUESTION}
R_REASONING = {"type": "reasoning", "id": "rs_0c4e9a7f2b81d35e", "summary": []}
R_CALLS = [
    {
        "type": "function_call",
        "id": "fc_0c4e9a7f3a19c6d2",
        "call_id": "call_Hq7cR2mXv9",
        "name": "get_order_status",
        "arguments": '{"order_id":"ORD-2026-8842"}',
        "status": "completed",
    },
    {
        "type": "function_call",
        "id": "fc_0c4e9a7f3b7e0a44",
        "call_id": "call_Kd3sW8pLa4",
        "name": "get_order_status",
        "arguments": '{"order_id":"ORD-2026-9001"}',
        "status": "completed",
    },
]
R_OUTPUTS = [
    {
        "type": "function_call_output",
        "call_id": "call_Hq7cR2mXv9",
        "output": '{"status":"in_transit","eta":"2026-08-27"}',
    },
    {
        "type": "function_call_output",
        "call_id": "call_Kd3sW8pLa4",
        "output": "Error: Order service timed out after 10 s.",
    },
]
R_INPUT = [R_USER, R_REASONING, *R_CALLS, *R_OUTPUTS]

NEXT_RIGHT = {
    "the bare input array": R_INPUT,
    "a body with a model and store": {"model": "gpt-6.1-sol", "store": True, "input": R_INPUT},
    "the outputs interleaved with the calls": [
        R_USER,
        R_REASONING,
        R_CALLS[0],
        R_OUTPUTS[0],
        R_CALLS[1],
        R_OUTPUTS[1],
    ],
    "the question as input_text parts": [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": QUESTION}]},
        *R_INPUT[1:],
    ],
}


@pytest.mark.parametrize("answer", NEXT_RIGHT.values(), ids=NEXT_RIGHT.keys())
def test_responses_right_answers_pass(answer):
    assert_passes(NEXT, answer)


NEXT_WRONG = {
    "the reasoning item dropped": (
        [R_USER, *R_CALLS, *R_OUTPUTS],
        "reasoning item",
    ),
    "the item ids quoted": (
        [
            R_USER,
            R_REASONING,
            *R_CALLS,
            *({**o, "call_id": c["id"]} for o, c in zip(R_OUTPUTS, R_CALLS)),
        ],
        "call item's own `id`",
    ),
    "previous_response_id with the whole history": (
        {"previous_response_id": "resp_0c4e9a7f", "input": R_OUTPUTS},
        "without `previous_response_id`",
    ),
    "the output decoded": (
        [*R_INPUT[:4], {**R_OUTPUTS[0], "output": {"status": "in_transit"}}, R_OUTPUTS[1]],
        "string it came as",
    ),
    "the call's arguments changed": (
        [
            R_USER,
            R_REASONING,
            {**R_CALLS[0], "arguments": '{"order_id": "ORD-2026-8842"}'},
            *R_INPUT[3:],
        ],
        "unchanged",
    ),
}


@pytest.mark.parametrize(("answer", "word"), NEXT_WRONG.values(), ids=NEXT_WRONG.keys())
def test_responses_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(NEXT, answer, word)


def test_a_responses_exercise_is_linted_as_responses_without_the_course_model():
    """The course's Claude model says nothing about an OpenAI request: no model mismatch."""
    verdict = mark(NEXT, R_INPUT)
    assert verdict.passed
    assert not [d for d in verdict.diagnostics if d.rule == "r-reasoning-model-mismatch"]
