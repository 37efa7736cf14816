"""A function's `parameters` root, judged alike in Chat Completions and Responses; dotted
function names in Chat Completions; the API's other wordings a rule declares.

Sources: the 400s quoted by nspady/google-calendar-mcp#39 (Chat Completions, an object
root with `anyOf`), elie222/inbox-zero#2272 (Responses, a bare root `anyOf`),
redhat-community-ai-tools/UnifAI#266 (a dotted function name refused).
"""

from __future__ import annotations

import json

import pytest

from checker import catalogue, lint, rules
from checker.explain import explain

UNION = [
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
    {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]},
]


def chat(params, *, strict=None, name="f"):
    fn = {"name": name, "parameters": params}
    if strict is not None:
        fn["strict"] = strict
    body = {
        "model": "gpt-4.1",
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"type": "function", "function": fn}],
    }
    return json.dumps(body)


def responses(params, *, strict=False):
    tool = {"type": "function", "name": "f", "strict": strict, "parameters": params}
    return json.dumps({"model": "gpt-5.4-mini", "input": "hi", "tools": [tool]})


def found(text, fmt, rule_id):
    return [d for d in lint(text, fmt).diagnostics if d.rule == rule_id]


ROOTS = {
    # a bare union (what a Zod discriminated union becomes): no `type`
    "bare anyOf": ({"anyOf": UNION}, "", "a union (`anyOf`)"),
    "bare oneOf": ({"oneOf": UNION}, "", "a union (`oneOf`)"),
    # `type: object` patched on, the union left beside it (no properties)
    "object + anyOf": ({"type": "object", "anyOf": UNION}, "/anyOf", "`anyOf` beside"),
    # ... and with properties: still refused at the top level
    "object + props + oneOf": (
        {"type": "object", "properties": {"a": {"type": "string"}}, "oneOf": UNION},
        "/oneOf",
        "`oneOf` beside",
    ),
    "object + props + enum": (
        {"type": "object", "properties": {}, "enum": [{}]},
        "/enum",
        "`enum` beside",
    ),
    "a string root": ({"type": "string"}, "/type", 'has type "string"'),
}


@pytest.mark.parametrize("case", ROOTS, ids=list(ROOTS))
@pytest.mark.parametrize("strict", [None, True])
def test_chat_and_responses_refuse_the_same_roots(case, strict):
    params, where, words = ROOTS[case]
    got_chat = found(chat(params, strict=strict), "openai", "o-parameters-invalid")
    got_resp = found(responses(params, strict=bool(strict)), "responses", "r-parameters-invalid")
    assert got_chat and got_resp, (got_chat, got_resp)
    assert got_chat[0].severity == got_resp[0].severity == "error"
    assert got_chat[0].path == "/tools/0/function/parameters" + where
    assert got_resp[0].path == "/tools/0/parameters" + where
    assert words in got_chat[0].message and got_chat[0].message == got_resp[0].message


NEAR = {
    "union under a property": {
        "type": "object",
        "properties": {"item": {"anyOf": UNION}},
        "required": ["item"],
    },
    "enum under a property": {"type": "object", "properties": {"u": {"enum": ["c", "f"]}}},
    "no arguments": {"type": "object", "properties": {}},
}


@pytest.mark.parametrize("case", NEAR, ids=list(NEAR))
def test_a_union_one_level_down_is_fine_in_both(case):
    assert not found(chat(NEAR[case]), "openai", "o-parameters-invalid")
    assert not found(responses(NEAR[case]), "responses", "r-parameters-invalid")


def test_a_nullable_object_root_stays_a_warning_in_both():
    params = {"type": ["object", "null"], "properties": {}}
    assert [d.severity for d in found(chat(params), "openai", "o-parameters-invalid")] == [
        "warning"
    ]
    assert [d.severity for d in found(responses(params), "responses", "r-parameters-invalid")] == [
        "warning"
    ]


def test_a_function_inside_a_responses_namespace_is_judged_too():
    inner = {"type": "function", "name": "f", "parameters": {"anyOf": UNION}}
    body = {
        "model": "gpt-5.4-mini",
        "input": "hi",
        "tools": [{"type": "namespace", "name": "ns", "description": "d", "tools": [inner]}],
    }
    got = found(json.dumps(body), "responses", "r-parameters-invalid")
    assert [d.path for d in got] == ["/tools/0/tools/0/parameters"]


@pytest.mark.parametrize("name", ["coding.start", "mcp_Coding_MCP_coding.start", "a.b.c"])
def test_a_dotted_function_name_is_an_error_in_chat_completions(name):
    got = found(
        chat({"type": "object", "properties": {}}, name=name), "openai", "o-function-name-pattern"
    )
    assert [d.severity for d in got] == ["error"]
    assert '"."' in got[0].message
    assert got[0].hint == f'Rename it, e.g. "{name.replace(".", "_")}".'


def test_a_dotted_name_in_the_history_is_an_error_too():
    body = {
        "model": "gpt-4.1",
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "fs.read", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
        ],
    }
    got = found(json.dumps(body), "openai", "o-function-name-pattern")
    assert [(d.severity, d.path) for d in got] == [
        ("error", "/messages/1/tool_calls/0/function/name")
    ]


MOVED = {
    "a-tool-result-missing": "Did not find 2 tool_result block(s) at the beginning of this "
    "message. Messages following tool_use blocks must begin with a matching number of "
    "tool_result blocks.",
    "a-thinking-sampling": "`temperature` may only be set to 1 when thinking is enabled or in "
    "adaptive mode. Please consult our documentation",
    "a-empty-content": "messages.3.content.0.text: text content blocks must contain "
    "non-whitespace text",
}


@pytest.mark.parametrize("rule_id", MOVED)
def test_a_rules_other_wordings_live_in_its_declaration(rule_id):
    rule = rules.get(rule_id)
    assert rule.other_wordings
    assert explain(MOVED[rule_id])[0].rule == rule_id
    page = catalogue.explain(rule_id)
    assert "Other wordings of this answer" in page
    for wording in rule.other_wordings:
        assert wording in page


def test_other_wordings_never_write_the_scripted_400():
    # a-thinking-sampling also refuses `top_p` and `top_k`: its temperature wording is not
    # its `api_message`, so no 400 text claims it for the other two
    assert rules.get("a-thinking-sampling").api_message is None
