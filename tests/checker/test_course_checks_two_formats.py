"""The bundled course's checks of the two-formats lesson (`tool-calls`, `tool-messages`,
`tool-use-blocks`, `tool-result-blocks`, `text-turn`, `field-map`): each passes a
faithful conversion, and names the cause of a wrong one.
"""

from __future__ import annotations

import json

import pytest
from course_check_judge import CALLS, LESSON_ODD_ANSWERS, OWN, judge

# --------------------------------------------------------------------------- tool-calls


def openai_turn(**overrides):
    turn = {
        "role": "assistant",
        "content": "Checking.",
        "tool_calls": [
            {
                "id": c["id"],
                "type": "function",
                "function": {"name": c["name"], "arguments": json.dumps(c["input"])},
            }
            for c in CALLS
        ],
    }
    turn.update(overrides)
    return [{"role": "user", "content": "Where?"}, turn]


def test_tool_calls_passes_with_string_arguments_in_any_spacing():
    answer = openai_turn()
    answer[1]["tool_calls"][0]["function"]["arguments"] = '{ "order_id" :"A" }'
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS, "text": "Checking."}, answer)
    assert criterion.passed
    body = {"model": "gpt-4.1", "messages": openai_turn()}
    assert judge("tool-calls", {"index": 1, "calls": CALLS, "text": "Checking."}, body)[0].passed


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda t: t["tool_calls"][0]["function"].update(arguments={"order_id": "A"}),
            'it is a string holding JSON text, here `{"order_id": "A"}`',
        ),
        (
            lambda t: t["tool_calls"][1]["function"].update(arguments='{"order_id": "C"}'),
            'the call\'s input was {"order_id": "B"}',
        ),
        (
            lambda t: t["tool_calls"][1]["function"].update(arguments="{order_id: B}"),
            "not valid JSON text",
        ),
        (
            lambda t: t["tool_calls"][0]["function"].update(
                arguments=json.dumps(json.dumps({"order_id": "A"}))
            ),
            "encoded twice",
        ),
        (lambda t: t["tool_calls"][0].update(id="call_1"), 'keep the original id "toolu_1"'),
        (lambda t: t["tool_calls"][0].pop("type"), '`"type": "function"`'),
        (lambda t: t["tool_calls"].pop(), "all 2 calls of the Claude turn belong in this one list"),
        (lambda t: t.update(content=None), "the assistant's words must survive"),
        (
            lambda t: t.update(content=[{"type": "text", "text": "Checking."}]),
            "the text is right, but as text blocks",
        ),
        (lambda t: t.pop("tool_calls"), "needs `tool_calls`"),
        (lambda t: t["tool_calls"].reverse(), "the calls are out of order"),
        (
            lambda t: t["tool_calls"].__setitem__(
                0, {"id": "toolu_1", "type": "tool_use", "name": "get_order_status", "input": {}}
            ),
            "in Claude's shape",
        ),
    ],
)
def test_tool_calls_explains_each_problem(mutate, expected):
    answer = openai_turn()
    mutate(answer[1])
    criterion, diags = judge(
        "tool-calls", {"index": 1, "calls": CALLS, "text": "Checking."}, answer
    )
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)
    assert "\\u00" not in criterion.message


def test_tool_calls_out_of_order_is_one_message():
    answer = openai_turn()
    answer[1]["tool_calls"].reverse()
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS}, answer)
    assert (
        criterion.message.startswith("The calls are out of order")
        and "more" not in criterion.message
    )


def test_tool_calls_wants_an_assistant_message():
    answer = openai_turn(role="user")
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS}, answer)
    assert not criterion.passed and "should be the assistant turn" in criterion.message
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS}, {"tools": []})
    assert not criterion.passed and "array of messages" in criterion.message


# ---------------------------------------------------------------- the converted results

RESULTS = [
    {"id": "toolu_1", "content": '{"status":"ok"}'},
    {"id": "toolu_2", "content": "Timed out.", "is_error": True},
]


def tool_messages(*contents, ids=("toolu_1", "toolu_2")):
    return [{"role": "user", "content": "Where?"}, openai_turn()[1]] + [
        {"role": "tool", "tool_call_id": i, "content": c} for i, c in zip(ids, contents)
    ]


def test_tool_messages_passes_the_results_in_a_body_too():
    answer = tool_messages('{"status":"ok"}', "Error: Timed out.")
    params = {"index": 2, "results": RESULTS}
    assert judge("tool-messages", params, answer)[0].passed
    assert judge("tool-messages", params, {"model": "gpt-4.1", "messages": answer})[0].passed


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (tool_messages('{"status":"ok"}', "Timed out."), 'has no "Error: " prefix'),
        (tool_messages('{"status":"ok"}', "Error:Timed out."), 'exactly "Error: "'),
        (tool_messages('{"status":"ok"}', "error: Timed out."), 'found "error: "'),
        (tool_messages('Error: {"status":"ok"}', "Error: Timed out."), "takes no"),
        (
            tool_messages("Error: Timed out.", '{"status":"ok"}', ids=("toolu_2", "toolu_1")),
            "the results are out of order",
        ),
        (tool_messages({"status": "ok"}, "Error: Timed out."), "a string holding JSON"),
        (
            tool_messages([{"type": "text", "text": '{"status":"ok"}'}], "Error: Timed out."),
            "a list of text parts",
        ),
        (
            tool_messages('{"status":"ok"}', "Error: Timed out.", ids=("a", "b")),
            'should answer "toolu_1"',
        ),
    ],
)
def test_tool_messages_names_the_cause(answer, expected):
    criterion, _ = judge("tool-messages", {"index": 2, "results": RESULTS}, answer)
    assert not criterion.passed
    assert expected.lower() in criterion.message.lower(), criterion.message


def test_tool_messages_names_claude_fields_kept():
    answer = tool_messages('{"status":"ok"}', "Timed out.")
    answer[3]["is_error"] = True
    criterion, diags = judge("tool-messages", {"index": 2, "results": RESULTS}, answer)
    assert "has no `is_error`" in criterion.message and "more problem" not in criterion.message
    answer = tool_messages('{"status":"ok"}', "Error: Timed out.")
    answer[2]["tool_use_id"] = answer[2].pop("tool_call_id")
    assert (
        "`tool_use_id` is Claude's name"
        in judge("tool-messages", {"index": 2, "results": RESULTS}, answer)[0].message
    )
    blocks = tool_messages()[:2] + [
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "x"}],
        }
    ]
    assert (
        "still Claude's `tool_result` blocks"
        in judge("tool-messages", {"index": 2, "results": RESULTS}, blocks)[0].message
    )


CLAUDE_CALLS = [
    {"id": "call_1", "name": "refund", "input": {"order_id": "A"}},
    {"id": "call_2", "name": "status", "input": {"order_id": "B"}},
]
CLAUDE_RESULTS = [
    {"id": "call_1", "content": "Service down.", "is_error": True},
    {"id": "call_2", "content": '{"status":"ok"}'},
]


def claude_turns(blocks=None, results=None):
    uses = [
        {"type": "tool_use", "id": c["id"], "name": c["name"], "input": c["input"]}
        for c in CLAUDE_CALLS
    ]
    done = [
        {
            "type": "tool_result",
            "tool_use_id": "call_1",
            "is_error": True,
            "content": "Service down.",
        },
        {"type": "tool_result", "tool_use_id": "call_2", "content": '{"status":"ok"}'},
    ]
    return [
        {"role": "user", "content": "Refund?"},
        {"role": "assistant", "content": uses if blocks is None else blocks(uses)},
        {"role": "user", "content": done if results is None else results(done)},
    ]


def test_tool_use_and_result_blocks_pass_a_faithful_conversion():
    assert judge("tool-use-blocks", {"index": 1, "calls": CLAUDE_CALLS}, claude_turns())[0].passed
    answer = claude_turns(results=lambda r: [r[0], {**r[1], "is_error": False}])
    assert judge("tool-result-blocks", {"index": 2, "results": CLAUDE_RESULTS}, answer)[0].passed


@pytest.mark.parametrize(
    ("blocks", "expected"),
    [
        (lambda u: [{"type": "text", "text": ""}, *u], "an empty text block"),
        (lambda u: [{**u[0], "input": json.dumps(u[0]["input"])}, u[1]], "a string holding JSON"),
        (lambda u: [u[1], u[0]], "the calls are out of order"),
        (lambda u: [u[0]], "the turn holds 1 call"),
        (lambda u: [{**u[0], "id": "toolu_x"}, u[1]], 'keep the original id "call_1"'),
        (lambda u: [{**u[0], "type": "function"}, u[1]], '`"type": "tool_use"`'),
    ],
)
def test_tool_use_blocks_names_the_cause(blocks, expected):
    criterion, _ = judge(
        "tool-use-blocks", {"index": 1, "calls": CLAUDE_CALLS}, claude_turns(blocks)
    )
    assert not criterion.passed and expected.lower() in criterion.message.lower(), criterion.message


def test_tool_use_blocks_names_openai_shapes():
    answer = claude_turns()
    answer[1] = {"role": "assistant", "content": None, "tool_calls": []}
    criterion, _ = judge("tool-use-blocks", {"index": 1, "calls": CLAUDE_CALLS}, answer)
    assert "`tool_calls` is OpenAI's" in criterion.message


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        (
            lambda r: [{**r[0], "content": "Error: Service down.", "is_error": None}, r[1]],
            "prefix stayed",
        ),
        (
            lambda r: [{k: v for k, v in r[0].items() if k != "is_error"}, r[1]],
            "needs `is_error: true`",
        ),
        (lambda r: [{**r[0], "content": "Error: Service down."}, r[1]], "still starts with"),
        (lambda r: [r[0], {**r[1], "is_error": True}], "takes no `is_error: true`"),
        (lambda r: [r[0], {**r[1], "content": {"status": "ok"}}], "a string holding JSON"),
        (
            lambda r: [r[0], {**r[1], "content": [{"type": "text", "text": '{"status":"ok"}'}]}],
            "list of text parts",
        ),
        (lambda r: [r[1], r[0]], "the results are out of order"),
        (lambda r: [{**r[0], "is_error": "true"}, r[1]], 'the string "true"'),
        (
            lambda r: [
                {
                    "type": "tool_result",
                    "tool_call_id": "call_1",
                    "is_error": True,
                    "content": "Service down.",
                },
                r[1],
            ],
            "`tool_call_id` is OpenAI's name",
        ),
    ],
)
def test_tool_result_blocks_names_the_cause(results, expected):
    def fix(r):
        out = results(r)
        for block in out:
            if block.get("is_error") is None and "is_error" in block:
                del block["is_error"]
        return out

    criterion, _ = judge(
        "tool-result-blocks", {"index": 2, "results": CLAUDE_RESULTS}, claude_turns(results=fix)
    )
    assert not criterion.passed and expected.lower() in criterion.message.lower(), criterion.message


def test_tool_result_blocks_names_split_and_tool_role():
    answer = claude_turns()
    done = answer[2]["content"]
    answer[2:] = [{"role": "user", "content": [done[0]]}, {"role": "user", "content": [done[1]]}]
    criterion, _ = judge("tool-result-blocks", {"index": 2, "results": CLAUDE_RESULTS}, answer)
    assert "split over two `user` messages" in criterion.message
    answer[2:] = [{"role": "tool", "tool_call_id": "call_1", "content": "Error: Service down."}]
    criterion, _ = judge("tool-result-blocks", {"index": 2, "results": CLAUDE_RESULTS}, answer)
    assert "Claude has no `tool` role" in criterion.message


def test_text_turn():
    answer = [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": " Done. "}]
    params = {"index": 1, "text": "Done."}
    assert judge("text-turn", params, answer)[0].passed
    answer[1]["content"] = [{"type": "text", "text": "Done."}]
    assert "as text blocks" in judge("text-turn", params, answer)[0].message
    answer[1]["content"] = "Finished."
    assert 'found "Finished."' in judge("text-turn", params, answer)[0].message
    answer[1]["role"] = "user"
    assert 'has role "user"' in judge("text-turn", params, answer)[0].message


# ------------------------------------------------------------------------------ field-map

MAP_KEY = {
    "stop": {"anthropic": "stop_reason", "openai": "choices[0].finish_reason"},
    "flag": {"anthropic": "is_error", "openai": None},
    "role": {"anthropic": "user", "openai": "tool"},
    "value": {"anthropic": "tool_use", "openai": "tool_calls"},
}


def field_map(**entries):
    group = json.loads(json.dumps(MAP_KEY))
    for name, sides in entries.items():
        group[name].update(sides)
    return judge("field-map", {"at": "/g", "key": MAP_KEY}, {"g": group})


def test_field_map_passes_with_spaces_and_fails_without_showing_the_key():
    assert field_map(stop={"openai": "choices[0]. finish_reason"})[0].passed
    criterion, _ = field_map(stop={"openai": "choices[0].stop_reason"})
    assert not criterion.passed and "finish_reason" not in criterion.message


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ({"value": {"anthropic": '"tool_use"'}}, "has quotes of its own"),
        ({"flag": {"openai": "null"}}, "write JSON `null`"),
        ({"flag": {"openai": ""}}, "write JSON `null`"),
        ({"stop": {"anthropic": None}}, "`null` is not right here"),
        ({"stop": {"openai": "finish_reason"}}, "only the end of the path"),
        ({"stop": {"openai": "response.choices[0].finish_reason"}}, "drop `response.`"),
        ({"stop": {"openai": "choices.0.finish_reason"}}, "as `[0]`"),
        ({"stop": {"anthropic": "Stop_Reason"}}, "case-sensitive"),
        ({"value": {"openai": "function_call"}}, "Responses API"),
        ({"role": {"anthropic": "tool_result"}}, "is not a role"),
        ({"value": {"openai": ""}}, "still empty"),
        ({"value": {"openai": 5}}, "not a string"),
    ],
)
def test_field_map_names_the_likely_cause(entries, expected):
    criterion, _ = field_map(**entries)
    assert not criterion.passed and expected in criterion.message, criterion.message
    assert "\\u00" not in criterion.message and '\\"' not in criterion.message


# ------------------------------------------------------------- the lesson checks never raise

LESSON_PARAMS = {
    "tool-calls": {"index": 0, "calls": CALLS, "text": "x"},
    "tool-messages": {"index": 1, "results": RESULTS},
    "tool-use-blocks": {"index": 1, "calls": CLAUDE_CALLS},
    "tool-result-blocks": {"index": 0, "results": CLAUDE_RESULTS},
    "text-turn": {"index": 0, "text": "x"},
    "field-map": {"at": "/g", "key": MAP_KEY},
}


@pytest.mark.parametrize("name", sorted(LESSON_PARAMS))
@pytest.mark.parametrize("answer", LESSON_ODD_ANSWERS)
def test_lesson_checks_never_raise(name, answer):
    params = {k: v for k, v in LESSON_PARAMS[name].items() if v is not None}
    criterion, _ = judge(name, params, answer)
    assert criterion.passed or criterion.message
    assert "could not be checked" not in criterion.message


@pytest.mark.parametrize("name", sorted(LESSON_PARAMS))
def test_lesson_checks_declare_their_params(name):
    from jsonschema import Draft202012Validator

    spec = OWN[name]
    assert spec.params is not None and spec.params.get("additionalProperties") is False
    params = {k: v for k, v in LESSON_PARAMS[name].items() if v is not None}
    assert not list(Draft202012Validator(spec.params).iter_errors(params))
