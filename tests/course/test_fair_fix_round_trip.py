"""Fair marking of the fix-round-trip exercise, both ways: correct loops in other styles
pass, and each misconception fails with a message naming its cause.
"""

from __future__ import annotations

import pytest
from round_trip_marking import COURSE, assert_fails, assert_passes, everything_said, verdict

# ------------------------------------------------------------------------ fix-round-trip

DUMP = """\
MODEL = "{{model}}"


def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model=MODEL, max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason != "tool_use":
        return response
    call = [b for b in response.content if b.type == "tool_use"][0]
    output = run_tool(call.name, call.input)
    assistant = {"role": "assistant", "content": [b.model_dump() for b in response.content]}
    results = {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": call.id,
                "content": [{"type": "text", "text": output}],
            }
        ],
    }
    return client.messages.create(
        model=MODEL, max_tokens=1024, tools=tools, messages=messages + [assistant, results]
    )
"""

LOOP = '''\
def handle_turn(client, user_text, tools, run_tool):
    """Ask, and keep answering tool calls until the model is done."""
    messages = [{"role": "user", "content": user_text}]
    while True:
        response = client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
        if response.stop_reason != "tool_use":
            return response
        messages.append({"role": "assistant", "content": response.content})
        results = []
        for block in response.content:
            if block.type == "tool_use":
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": block.id,
                        "content": run_tool(block.name, block.input),
                    }
                )
        messages.append({"role": "user", "content": results})
'''

KWARGS = """\
def handle_turn(client, user_text, tools, run_tool):
    request = {"model": "{{model}}", "max_tokens": 1024, "tools": tools}
    history = [{"role": "user", "content": user_text}]
    first = client.messages.create(messages=history, **request)
    if first.stop_reason == "tool_use":
        call = next(block for block in first.content if block.type == "tool_use")
        history = history + [
            {"role": "assistant", "content": first.content},
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": call.id,
                        "content": run_tool(call.name, call.input),
                        "is_error": False,
                    }
                ],
            },
        ]
        return client.messages.create(messages=history, **request)
    return first
"""

ONLYCALL = """\
MODEL = "{{model}}"


def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model=MODEL, max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append({"role": "assistant", "content": [call]})
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            }
        )
        response = client.messages.create(
            model=MODEL, max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

TODICT = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        results = []
        for block in response.content:
            if block.type == "tool_use":
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": block.id,
                        "content": str(run_tool(block.name, block.input)),
                    }
                )
        messages = [
            *messages,
            {"role": "assistant", "content": [b.to_dict() for b in response.content]},
            {"role": "user", "content": results},
        ]
        response = client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

NOQUESTION = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        follow_up = [
            {"role": "assistant", "content": response.content},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            },
        ]
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=follow_up
        )
    return response
"""

AFTER = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            }
        )
        messages.append({"role": "assistant", "content": response.content})
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

MSGID = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append({"role": "assistant", "content": response.content})
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": response.id, "content": output}
                ],
            }
        )
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

RETURNSFIRST = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append({"role": "assistant", "content": response.content})
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            }
        )
        client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

TOOLROLE = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "tool", "tool_call_id": call.id, "content": output})
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""

CATCH = """\
import anthropic


def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            }
        )
        try:
            return client.messages.create(
                model="{{model}}", max_tokens=1024, tools=tools, messages=messages
            )
        except Exception:
            return response
    return response
"""

PASSBLOCK = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call)
        messages.append({"role": "assistant", "content": response.content})
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": call.id, "content": output}],
            }
        )
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
"""


FIX_RIGHT = {
    "the solution": COURSE.exercise("fix-round-trip").solution,
    "blocks as dicts, a new list, text-block results": DUMP,
    "a loop until the model is done": LOOP,
    "shared arguments in a dict": KWARGS,
    "a loop over the blocks, to_dict, a spread list": TODICT,
    "the solution with the tool_result built first": """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason != "tool_use":
        return response
    call = next(b for b in response.content if b.type == "tool_use")
    output = run_tool(call.name, call.input)
    answer = {"type": "tool_result", "tool_use_id": call.id, "content": output}
    messages.extend([
        {"role": "assistant", "content": response.content},
        {"role": "user", "content": [answer]},
    ])
    final = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    return final
""",
    "a helper function for the request": """\
MODEL = "{{model}}"


def ask(client, tools, messages):
    return client.messages.create(model=MODEL, max_tokens=1024, tools=tools, messages=messages)


def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = ask(client, tools, messages)
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": call.id,
             "content": run_tool(call.name, call.input)}
        ]})
        response = ask(client, tools, messages)
    return response
""",
}


@pytest.mark.parametrize("answer", FIX_RIGHT.values(), ids=FIX_RIGHT.keys())
def test_fix_round_trip_accepts_every_correct_style(answer):
    assert_passes("fix-round-trip", answer)


def _only(bug_fixed: str) -> str:
    """The solution with two of the three fixes undone."""
    solution = COURSE.exercise("fix-round-trip").solution
    undo = {
        "turn": (
            '        messages.append({"role": "assistant", "content": response.content})\n',
            "",
        ),
        "id": ('"tool_use_id": call.id', '"tool_use_id": call.name'),
        "tools": (
            "max_tokens=1024, tools=tools, messages=messages\n        )\n    return",
            "max_tokens=1024, messages=messages\n        )\n    return",
        ),
    }
    text = solution
    for name, (old, new) in undo.items():
        if name != bug_fixed:
            assert old in text, name
            text = text.replace(old, new)
    return text


FIX_WRONG = [
    (
        "the untouched starter",
        COURSE.exercise("fix-round-trip").starter,
        "assistant-turn-resent",
        [
            "own turn is missing",
            "that is the tool's `name`",
            "has no `tools`",
            "fix the request rather than catch the error",
        ],
    ),
    ("only bug 1 fixed", _only("turn"), "tool-result-id", ["tool's `name`"]),
    ("only bug 2 fixed", _only("id"), "tools-resent", ["has no `tools`"]),
    ("only bug 3 fixed", _only("tools"), "assistant-turn-resent", ["own turn is missing"]),
    (
        "only the call resent, its text block dropped",
        ONLYCALL,
        "assistant-turn-resent",
        ["`text` block is missing", "whole"],
    ),
    (
        "the question dropped from the follow-up",
        NOQUESTION,
        "history-kept",
        ["a question it never saw"],
    ),
    (
        "the assistant turn after the result",
        AFTER,
        "assistant-turn-resent",
        ["not right before the message with the results"],
    ),
    ("the response's id used as the call's id", MSGID, "tool-result-id", ['"msg_01RoundTrip0001"']),
    ("the OpenAI tool role", TOOLROLE, "tool-result-id", ["the OpenAI shape"]),
    ("the 400 caught, bug 1 left in", CATCH, "assistant-turn-resent", ["own turn is missing"]),
    ("the whole block passed to run_tool", PASSBLOCK, "tool-ran", ["whole tool_use block"]),
    ("the first reply returned", RETURNSFIRST, "returns-final", ["final response"]),
    (
        "the id written into the code",
        _only("turn")
        .replace("call.name", "call.id")
        .replace('"tool_use_id": call.id', '"tool_use_id": "toolu_01Hq7cR2mXv9"'),
        "tool-result-id",
        ["written into the code"],
    ),
    (
        "the tool run twice",
        """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="{{model}}", max_tokens=1024, tools=tools, messages=messages
    )
    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        run_tool(call.name, call.input)
        output = run_tool(call.name, call.input)
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": call.id, "content": output}]})
        return client.messages.create(
            model="{{model}}", max_tokens=1024, tools=tools, messages=messages
        )
    return response
""",
        "tool-ran",
        ["The tool ran 2 times"],
    ),
]


@pytest.mark.parametrize(
    "answer, criterion, words",
    [w[1:] for w in FIX_WRONG],
    ids=[w[0] for w in FIX_WRONG],
)
def test_fix_round_trip_rejects_misconceptions_with_their_cause(answer, criterion, words):
    assert_fails("fix-round-trip", answer, criterion, *words)


def test_fix_round_trip_never_advises_catching_the_apis_400():
    v = verdict("fix-round-trip", COURSE.exercise("fix-round-trip").starter)
    said = everything_said(v)
    assert "instead of letting the error escape" not in said
    exception = next(d for d in v.diagnostics if d.rule == "python-exception")
    assert "refused request 2" in exception.message
    returns = next(c for c in v.criteria if c.id == "returns-final")
    assert "Fix that request" in returns.message
