"""The bundled course's own JSON checks (`checks/`) and the engine's general ones
(`checker/json_checks.py`): each passes a right answer, fails a
wrong one with a message that says what is wrong, and never raises."""

from __future__ import annotations

import importlib
import json

import pytest

from checker.criteria import CHECKS
from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.marking import course_checks

OWN = course_checks(load_course(None))
count_sentences = importlib.import_module(
    OWN["tool-definition"].function.__module__
).count_sentences


def judge(check: str, params: dict, answer, *, api: str = "none"):
    """The first criterion of a one-criterion exercise, and its diagnostics."""
    exercise = {
        "kind": "json",
        "api": api,
        "criteria": [{"check": check, "label": check, "params": params}],
    }
    text = answer if isinstance(answer, str) else json.dumps(answer, indent=2)
    verdict = mark(exercise, text, checks=OWN)
    return verdict.criteria[0], verdict.diagnostics


# --------------------------------------------------------------------------- each-field

KEY = {
    "fx": {"needs_tool": True, "reason": "fresh_data"},
    "poem": {"needs_tool": False, "reason": "none"},
    "refund": {"needs_tool": True, "reason": "side_effect"},
}


def test_each_field_passes_when_every_field_matches():
    answer = {k: dict(v) for k, v in KEY.items()}
    criterion, _ = judge("each-field", {"key": KEY, "field": "needs_tool"}, answer)
    assert criterion.passed


def test_each_field_names_the_wrong_entries_but_not_the_expected_value():
    answer = {k: dict(v) for k, v in KEY.items()}
    answer["poem"]["needs_tool"] = True
    params = {"key": KEY, "field": "needs_tool", "what": "verdict", "notes": {"poem": "Text only."}}
    criterion, diags = judge("each-field", params, answer)
    assert not criterion.passed
    assert "2 of 3 verdicts match" in criterion.message and '"poem"' in criterion.message
    assert diags[0].path == "/poem/needs_tool" and diags[0].hint == "Text only."


def test_each_field_threshold_passes_with_a_warning():
    answer = {k: dict(v) for k, v in KEY.items()}
    answer["fx"]["reason"] = "private_data"
    params = {"key": KEY, "field": "reason", "what": "reason", "min_correct": 2}
    criterion, diags = judge("each-field", params, answer)
    assert criterion.passed and "enough to pass" in criterion.message
    assert [d.severity for d in diags] == ["warning"]
    answer["poem"]["reason"] = "fresh_data"
    criterion, _ = judge("each-field", params, answer)
    assert not criterion.passed and "at least 2 must" in criterion.message


def test_each_field_keeps_true_apart_from_one_and_reports_missing_entries():
    answer = {"fx": {"needs_tool": 1, "reason": "fresh_data"}, "poem": KEY["poem"]}
    criterion, diags = judge("each-field", {"key": KEY, "field": "needs_tool"}, answer)
    assert not criterion.passed
    assert any("is missing" in d.message for d in diags)
    assert any(d.path == "/fx/needs_tool" for d in diags)


def test_each_field_explains_a_wrong_shape():
    criterion, _ = judge("each-field", {"key": KEY, "field": "reason"}, [1, 2])
    assert not criterion.passed and "write a JSON object" in criterion.message


# --------------------------------------------------------------------------- set-equals


def test_set_equals_ignores_order():
    params = {"key": [["b", "a"], ["d", "c"]], "what": "pair"}
    criterion, _ = judge("set-equals", params, [["d", "c"], ["b", "a"]])
    assert criterion.passed


def test_set_equals_names_unexpected_items_where_they_stand_with_their_note():
    params = {
        "key": [["b", "a"], ["d", "c"]],
        "what": "pair",
        "notes": [{"item": ["x", "y"], "note": "x never waits on y"}],
    }
    criterion, diags = judge("set-equals", params, [["d", "c"], ["x", "y"]])
    assert not criterion.passed
    assert '["x", "y"]' in criterion.message and "x never waits on y" in criterion.message
    assert "1 pair is missing" in criterion.message
    assert diags[0].path == "/1" and diags[0].hint == "x never waits on y"


def test_set_equals_names_a_reversed_pair_and_does_not_count_it_missing():
    params = {
        "key": [["b", "a"], ["d", "c"]],
        "what": "pair",
        "notes": [{"item": ["a", "b"], "note": "this pair is reversed"}],
    }
    criterion, diags = judge("set-equals", params, [["d", "c"], ["a", "b"]])
    assert not criterion.passed
    assert '["a", "b"] is the wrong way round' in criterion.message
    assert "missing" not in criterion.message
    assert diags[0].path == "/1" and diags[0].hint == "this pair is reversed"


def test_set_equals_counts_missing_items_without_revealing_them_and_flags_duplicates():
    criterion, diags = judge("set-equals", {"key": ["x", "y", "z"]}, ["x", "x"])
    assert not criterion.passed
    assert "listed twice" in criterion.message and "2 items are missing" in criterion.message
    assert '"y"' not in criterion.message


def test_set_equals_at_a_pointer_and_on_a_wrong_type():
    criterion, _ = judge("set-equals", {"at": "/ids", "key": ["a"]}, {"ids": ["a"]})
    assert criterion.passed
    criterion, _ = judge("set-equals", {"at": "/ids", "key": ["a"]}, {"ids": "a"})
    assert not criterion.passed and "write a JSON array" in criterion.message


# --------------------------------------------------------------------------- item-count


def test_item_count_bounds():
    params = {"min": 1, "max": 3, "what": "definition"}
    assert judge("item-count", params, [{}, {}])[0].passed
    criterion, _ = judge("item-count", params, [{}] * 5)
    assert not criterion.passed and "5 definitions; at most 3" in criterion.message
    criterion, _ = judge("item-count", params, [])
    assert not criterion.passed and "at least 1" in criterion.message
    criterion, _ = judge("item-count", params, {"tools": []})
    assert not criterion.passed and "write a JSON array" in criterion.message


# --------------------------------------------------------------------------- in-order

STEPS = ["request", "call", "extract", "execute", "result", "answer"]


def test_in_order_passes_and_ignores_items_outside_the_key():
    assert judge("in-order", {"key": STEPS}, STEPS)[0].passed
    assert judge("in-order", {"key": STEPS}, ["request", "lookup", *STEPS[1:]])[0].passed


def test_in_order_names_the_first_pair_out_of_order():
    answer = ["request", "call", "execute", "extract", "result", "answer"]
    criterion, diags = judge("in-order", {"key": STEPS, "what": "step"}, answer)
    assert not criterion.passed
    assert criterion.message.startswith('"execute" stands before "extract"')
    assert diags[0].path == "/2"


def test_in_order_waits_for_every_item():
    criterion, _ = judge("in-order", {"key": STEPS, "what": "step"}, STEPS[:4])
    assert not criterion.passed and "2 are missing" in criterion.message


# --------------------------------------------------------------------------- tool-definition

GOOD_TOOL = {
    "name": "search_tickets",
    "description": (
        "Searches help-desk tickets and returns the best matches first. Use it to find earlier "
        "tickets. Do not use it when you know the id, e.g. T-1042. The query is free text."
    ),
    "strict": True,
    "input_schema": {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "status": {
                "type": "string",
                "enum": ["open", "closed"],
                "description": "Only tickets with this status.",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    "input_examples": [{"query": "refund"}, {"query": "login", "status": "open"}],
}

#: what exercise 1 asks of the description
SAYS = {
    "parts": ["description"],
    "when_to_use": True,
    "when_not": True,
    "alternatives": ["get_ticket"],
    "never_returns": ["conversation", "message", "conversa"],
}


def tool(**changes):
    value = json.loads(json.dumps(GOOD_TOOL))
    for key, new in changes.items():
        if new is None:
            value.pop(key, None)
        else:
            value[key] = new
    return value


def schema(**changes):
    value = json.loads(json.dumps(GOOD_TOOL["input_schema"]))
    value.update(changes)
    return value


def test_tool_definition_passes_a_complete_definition():
    criterion, diags = judge("tool-definition", {}, GOOD_TOOL)
    assert criterion.passed, criterion.message
    assert not diags


def test_count_sentences_skips_abbreviations_and_decimals():
    assert count_sentences("One two. Three four, e.g. five six. Pi is 3.14 here!") == 3
    assert count_sentences("Searches tickets.") == 1
    assert count_sentences("") == 0


def test_count_sentences_counts_a_bulleted_line_as_a_sentence():
    text = "Searches tickets by text.\n- query: the words\n- status: open or closed\n* limit: 1-50"
    assert count_sentences(text) == 4
    assert count_sentences("create needs subject; close needs resolution") == 2


@pytest.mark.parametrize(
    ("answer", "part", "expected"),
    [
        (tool(name="search tickets"), "name", "contains space"),
        (tool(name="x" * 65), "name", "65 characters"),
        (tool(name=None), "name", "no `name`"),
        (
            {"type": "function", "function": {"name": "x", "parameters": {"type": "object"}}},
            "shape",
            "OpenAI's wrapper",
        ),
        (
            tool(input_schema=None, parameters={"type": "object"}),
            "shape",
            "`parameters`, the OpenAI",
        ),
        (tool(input_schema={"type": "array"}), "shape", '"type": "object"'),
        (tool(input_schema={"type": "object", "required": "query"}), "shape", "not a valid JSON"),
        (
            tool(input_schema={"type": "object", "properties": {}, "required": ["page"]}),
            "shape",
            '"page" is listed in `required`',
        ),
        (tool(input_schema=schema(anyOf=[{"required": ["query"]}])), "shape", "`anyOf` at its top"),
        (tool(input_schema=schema(allOf=[{"required": ["query"]}])), "shape", "`allOf` at its top"),
        (tool(annotations={"readOnlyHint": True}), "shape", "`annotations`"),
        (tool(strict="true"), "shape", "must be a boolean"),
        (tool(description="Searches tickets."), "description", 'the parameter "query"'),
        (tool(description=None), "description", "no `description`"),
        (tool(input_examples=None), "examples", "add `input_examples`"),
        (tool(input_examples=[{"query": "x"}]), "examples", "holds 1 example"),
        (
            tool(input_examples=[{"query": "x"}, {"query": "y", "status": "pending"}]),
            "examples",
            "example 1 does not match",
        ),
        (tool(input_examples=["x", {"query": "y"}]), "examples", "example 0 is a string"),
        (
            tool(
                input_examples=[
                    {"query": "x", "status": "open"},
                    {"query": "y", "status": "closed"},
                ]
            ),
            "examples",
            "every example sets every optional parameter",
        ),
        (
            tool(input_schema={"type": "object", "properties": {"query": {"type": "string"}}}),
            "strict",
            'strict schemas need `"additionalProperties": false`',
        ),
        (
            tool(
                input_schema=schema(
                    properties={
                        "query": {"type": "string"},
                        "limit": {"type": "integer", "minimum": 1},
                    }
                ),
                input_examples=[{"query": "x"}, {"query": "y", "limit": 2}],
            ),
            "strict",
            "do not support `minimum`",
        ),
    ],
)
def test_tool_definition_explains_each_problem(answer, part, expected):
    criterion, diags = judge("tool-definition", {"parts": [part]}, answer)
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)


def test_tool_definition_reports_the_api_rules_with_their_400():
    answer = tool(input_schema=schema(oneOf=[{"required": ["query"]}]))
    criterion, diags = judge("tool-definition", {"parts": ["shape"]}, answer)
    assert criterion.message.startswith("The API answers 400: ")
    assert diags[0].path == "/input_schema/oneOf"
    answer = tool(input_examples=[{"query": 5}, {"query": "y"}])
    criterion, diags = judge("tool-definition", {"parts": ["examples"]}, answer)
    assert "the api answers 400" in criterion.message.lower()
    assert diags[0].path == "/input_examples/0/query"


def test_tool_definition_strict_rules_apply_only_to_a_strict_tool():
    loose = tool(
        strict=False, input_schema=schema(properties={"q": {"type": "integer", "maximum": 3}})
    )
    assert judge("tool-definition", {"parts": ["strict"]}, loose)[0].passed
    # a keyword the documented subset does not list is a warning: shown, not failed
    hinted = tool(input_schema=schema(properties={"query": {"oneOf": [{"type": "string"}]}}))
    criterion, diags = judge("tool-definition", {"parts": ["strict"]}, hinted)
    assert criterion.passed and diags and diags[0].severity == "warning"


def test_tool_definition_openai_wrapper_is_one_message():
    answer = {"type": "function", "function": {"name": "x", "parameters": {"type": "object"}}}
    criterion, diags = judge("tool-definition", {"parts": ["name", "shape"]}, answer)
    assert not criterion.passed and "more problem" not in criterion.message
    assert len(diags) == 1


def test_tool_definition_strict_reaches_nested_objects():
    nested = {
        "type": "object",
        "additionalProperties": False,
        "properties": {"filter": {"type": "object", "properties": {"tag": {"type": "string"}}}},
    }
    criterion, diags = judge("tool-definition", {"parts": ["strict"]}, tool(input_schema=nested))
    assert not criterion.passed and diags[0].path == "/input_schema/properties/filter"
    loose = tool(input_schema=nested, strict=False)
    assert judge("tool-definition", {"parts": ["strict"]}, loose)[0].passed


def test_tool_definition_many_names_the_tool_at_fault():
    answer = [GOOD_TOOL, tool(name="other", description="Too short.")]
    criterion, _ = judge("tool-definition", {"many": True, "parts": ["description"]}, answer)
    assert not criterion.passed and criterion.message.startswith('In tool "other"')
    criterion, _ = judge("tool-definition", {}, [GOOD_TOOL])
    assert not criterion.passed and "not an array" in criterion.message


def test_tool_definition_takes_a_body_holding_the_one_tool():
    criterion, diags = judge("tool-definition", {}, {"tools": [GOOD_TOOL]})
    assert criterion.passed, criterion.message
    criterion, diags = judge("tool-definition", {"parts": ["name"]}, {"tools": [tool(name="a b")]})
    assert not criterion.passed and diags[0].path == "/tools/0/name"


def test_tool_definition_survives_a_schema_jsonschema_cannot_use():
    answer = tool(
        input_schema={"type": "object", "properties": {"q": {"type": "string", "pattern": "("}}}
    )
    criterion, _ = judge("tool-definition", {"parts": ["examples"]}, answer)
    assert isinstance(criterion.passed, bool)


@pytest.mark.parametrize(
    "description",
    [
        GOOD_TOOL["description"].replace(
            "e.g. T-1042.", "call get_ticket, which gives the conversation this one never returns."
        ),
        "Full-text ticket search.\n- Use when: the user describes a problem\n- Don't use when "
        "you have the id (get_ticket)\n- Never returns messages\n- query: words; status: filter",
        "Busca tickets. Use quando o usuário descreve um problema. Não use quando já tiver o "
        "id: chame get_ticket. Nunca devolve a conversa. query é o texto, status o filtro.",
        "Call it if the user reports a problem. If you have the ticket number, get_ticket is "
        "the tool instead; it returns the conversation, search results only list query matches "
        "by status.",
    ],
)
def test_tool_definition_description_says_what_was_asked_in_any_style(description):
    criterion, _ = judge("tool-definition", SAYS, tool(description=description))
    assert criterion.passed, criterion.message


@pytest.mark.parametrize(
    ("description", "unsaid"),
    [
        (
            "Searches tickets. query is the text; status filters open or closed, leave it out "
            "for all; limit is 10 when left out.",
            ["when to use the tool", "when not to use it", "does not return"],
        ),
        (
            "Use it to find earlier tickets. The query is free text and status a filter. It "
            "never returns the conversation.",
            ["when not to use it"],
        ),
        (
            "Use it to find earlier tickets, but never when you know the id: use get_ticket. "
            "query is the text; status a filter.",
            ["does not return the conversation"],
        ),
        (
            "Never use it when you know the id; get_ticket returns the conversation it never "
            "includes. query is text; status a filter.",
            ["when to use the tool"],
        ),
    ],
)
def test_tool_definition_description_names_what_it_never_says(description, unsaid):
    criterion, diags = judge("tool-definition", SAYS, tool(description=description))
    assert not criterion.passed
    for words in unsaid:
        assert words in criterion.message
    assert len([d for d in diags if d.path == "/description"]) == 1  # one message, one place


def test_tool_definition_parameters_explained_by_name_description_or_enum_values():
    text = "Use it to search. Don't use it for ids. Give the ticket id if known; open or closed."
    answer = tool(
        description=text,
        input_schema=schema(
            properties={"ticket_id": {"type": "string"}, "state": {"enum": ["open", "closed"]}}
        ),
        input_examples=[{"ticket_id": "a"}, {"state": "open", "ticket_id": "b"}],
    )
    answer["input_schema"]["required"] = []
    assert judge("tool-definition", {"parts": ["description"]}, answer)[0].passed
    answer["description"] = "Use it to search. Don't use it for ids."
    criterion, _ = judge("tool-definition", {"parts": ["description"]}, answer)
    assert '"ticket_id" is explained nowhere' in criterion.message


def test_tool_definition_sentence_minimum_only_when_asked_and_said_with_the_bullets():
    answer = tool(description="Searches tickets by query and status.")
    assert judge("tool-definition", {"parts": ["description"]}, answer)[0].passed
    criterion, _ = judge("tool-definition", {"parts": ["description"], "min_sentences": 3}, answer)
    assert "1 sentence" in criterion.message and "bulleted line counts" in criterion.message
    bullets = tool(description="Searches tickets.\n- query: the text\n- status: open or closed")
    assert judge("tool-definition", {"parts": ["description"], "min_sentences": 3}, bullets)[
        0
    ].passed


# --------------------------------------------------------------------------- action-enum

SERVICES = {
    "helpdesk": {"create": "create_ticket", "close": "close_ticket"},
    "billing": {"refund": "refund_invoice"},
}
NEEDS = {
    "helpdesk": {
        "create": {"tool": "create_ticket", "needs": ["subject"], "optional": ["priority"]},
        "close": {"tool": "close_ticket", "needs": ["ticket_id", "resolution"]},
    },
    "billing": {"refund": {"tool": "refund_invoice", "needs": ["invoice_id", "amount_cents"]}},
}
FIELDS = {
    "amount_cents": {"type": "integer"},
    "priority": {"type": "string", "enum": ["low", "high"]},
}


def action_tool(name, actions, required=True, fields=(), description="x"):
    props = {"action": {"type": "string", "enum": actions}}
    props.update({f: {"type": "integer" if f == "amount_cents" else "string"} for f in fields})
    if "priority" in props:
        props["priority"]["enum"] = ["low", "high"]
    return {
        "name": name,
        "description": description,
        "input_schema": {
            "type": "object",
            "properties": props,
            "required": ["action"] if required else [],
        },
    }


def good_pair():
    return [
        action_tool(
            "helpdesk_ticket",
            ["create", "close"],
            fields=["subject", "priority", "ticket_id", "resolution"],
            description="create needs subject (priority optional). close needs ticket_id and "
            "resolution.",
        ),
        action_tool(
            "billing_x",
            ["refund"],
            fields=["invoice_id", "amount_cents"],
            description="Refunds: needs invoice_id and amount_cents.",
        ),
    ]


def test_action_enum_passes_when_each_operation_lives_in_one_tool():
    answer = [
        action_tool("helpdesk_ticket", ["create", "close"]),
        action_tool("billing_x", ["refund"]),
    ]
    assert judge("action-enum", {"services": SERVICES}, answer)[0].passed
    assert judge("action-enum", {"services": NEEDS, "fields": FIELDS}, good_pair())[0].passed


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            [action_tool("tickets", ["create", "close"]), action_tool("billing_x", ["refund"])],
            '"tickets" starts with none of the service prefixes',
        ),
        (
            [action_tool("helpdesk_ticket", ["create"]), action_tool("billing_x", ["refund"])],
            'no `helpdesk` tool offers "close", so "close_ticket" is lost',
        ),
        (
            [
                action_tool("helpdesk_a", ["create", "close"]),
                action_tool("helpdesk_b", ["close"]),
                action_tool("billing_x", ["refund"]),
            ],
            '"close" is offered by "helpdesk_a" and "helpdesk_b"',
        ),
        (
            [action_tool("helpdesk_ticket", ["create", "close", "refund"])],
            '"refund" is a `billing` operation',
        ),
        (
            [
                action_tool("helpdesk_ticket", ["create", "shut"]),
                action_tool("billing_x", ["refund"]),
            ],
            '"shut" in "helpdesk_ticket" is not one of the helpdesk action names (create, close)',
        ),
        (
            [
                action_tool("helpdesk_ticket", ["create_ticket", "close_ticket"]),
                action_tool("billing_x", ["refund"]),
            ],
            "holds the old tool names (create_ticket, close_ticket)",
        ),
        (
            [
                action_tool("helpdesk_ticket", ["create", "close"], required=False),
                action_tool("billing_x", ["refund"]),
            ],
            "should be `required`",
        ),
        (
            [
                {"name": "helpdesk_t", "input_schema": {"type": "object"}},
                action_tool("billing_x", ["refund"]),
            ],
            'has no "action" property',
        ),
    ],
)
def test_action_enum_explains_each_problem(answer, expected):
    criterion, diags = judge("action-enum", {"services": SERVICES}, answer)
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)


def test_action_enum_folds_the_lost_operations_under_their_cause():
    # the untouched starter: one message per service, not one per operation
    criterion, diags = judge("action-enum", {"services": SERVICES}, [action_tool("helpdesk_t", [])])
    assert len(diags) == 2
    assert 'offers "create" or "close", so "create_ticket" and "close_ticket" are lost' in (
        criterion.message
    )
    # old tool names: said once per tool, and what they lose is not said again
    answer = [
        action_tool("helpdesk_t", ["create_ticket", "close_ticket"]),
        action_tool("billing_x", ["refund"]),
    ]
    criterion, diags = judge("action-enum", {"services": SERVICES}, answer)
    assert len(diags) == 1 and "more problem" not in criterion.message


def test_action_enum_parameters_kept_typed_and_required_only_where_every_action_needs_them():
    params = {"services": NEEDS, "fields": FIELDS, "parts": ["parameters"]}
    answer = good_pair()
    del answer[0]["input_schema"]["properties"]["resolution"]
    criterion, _ = judge("action-enum", params, answer)
    assert 'has no "resolution" property, which "close_ticket" took' in criterion.message
    answer = good_pair()
    answer[1]["input_schema"]["properties"]["amount_cents"] = {"type": "string"}
    criterion, _ = judge("action-enum", params, answer)
    assert '"amount_cents" is "integer" in "refund_invoice", but here it is "string"' in (
        criterion.message
    )
    answer = good_pair()
    answer[0]["input_schema"]["properties"]["priority"]["enum"] = ["low", "urgent"]
    assert "its `enum` here is" in judge("action-enum", params, answer)[0].message
    answer = good_pair()
    answer[0]["input_schema"]["required"] = ["action", "ticket_id"]
    criterion, _ = judge("action-enum", params, answer)
    assert '"ticket_id" is `required`' in criterion.message and '"create" does not' in (
        criterion.message
    )
    # a field every action of the tool needs may be required
    answer = good_pair()
    answer[1]["input_schema"]["required"] = ["action", "invoice_id"]
    assert judge("action-enum", params, answer)[0].passed


def test_action_enum_needs_an_action_named_beside_its_fields():
    params = {"services": NEEDS, "parts": ["needs"]}
    answer = good_pair()
    answer[0]["description"] = "Manages tickets. ticket_id, subject and resolution are fields."
    criterion, diags = judge("action-enum", params, answer)
    assert 'never says which fields "create" and "close" need' in criterion.message
    assert len(diags) == 1
    # by field, in bullets, or in the action's own description: all say it
    for text in (
        "subject is needed to create a ticket. ticket_id and resolution are needed to close it.",
        "- create: subject\n- close: ticket_id, resolution",
        "Creates tickets (needs subject) and closes them (needs the ticket id and a resolution).",
    ):
        answer[0]["description"] = text
        assert judge("action-enum", params, answer)[0].passed, text
    answer[0]["description"] = "Tickets."
    answer[0]["input_schema"]["properties"]["action"]["description"] = (
        "create (subject); close (ticket_id, resolution)"
    )
    assert judge("action-enum", params, answer)[0].passed


# --------------------------------------------------------------------------- tool-choice

CHOICE = {
    "at": "/pipeline",
    "model": "claude-sonnet-5",
    "tools": ["record_invoice", "lookup_vendor"],
    "key": {
        "tool_choice": {"type": "tool", "name": "record_invoice", "disable_parallel_tool_use": True}
    },
}


def choice_of(value, **params):
    return judge("tool-choice", {**CHOICE, **params}, {"pipeline": value})


def test_tool_choice_passes_the_key_in_any_order_with_harmless_extras():
    right = {
        "tool_choice": {"disable_parallel_tool_use": True, "name": "record_invoice", "type": "tool"}
    }
    assert choice_of(right)[0].passed
    assert choice_of({**right, "strict": True})[0].passed
    none = {"tool_choice": {"type": "none", "disable_parallel_tool_use": True}}
    assert choice_of(none, key={"tool_choice": {"type": "none"}})[0].passed


@pytest.mark.parametrize(
    ("entry", "params", "expected"),
    [
        ({"tool_choice": "auto"}, {}, 'the string "auto"; Anthropic wants an object'),
        ({"tool_choice": {"type": "required"}}, {}, "Anthropic says `any`"),
        (
            {"tool_choice": {"type": "tool", "name": "record_invoices"}},
            {},
            "not defined in `tools`",
        ),
        (
            {"tool_choice": {"type": "any", "disable_parallel_tool_use": True}},
            {},
            "needs `record_invoice` itself",
        ),
        (
            {"tool_choice": {"type": "tool", "name": "record_invoice"}},
            {},
            "does not make it a single call",
        ),
        (
            {
                "tool_choice": {
                    "type": "tool",
                    "name": "record_invoice",
                    "disable_parallel_tool_use": "true",
                }
            },
            {},
            'not "true"',
        ),
        (
            {"tool_choice": {"type": "tool", "name": "record_invoice"}},
            {"model": "claude-opus-5-5"},
            "Claude Opus 5.5 does not take a forced tool",
        ),
        (
            {"tool_choice": {"type": "auto"}},
            {"key": {"tool_choice": {"type": "none"}}},
            "on this turn it must not call any",
        ),
        (
            {"tool_choice": {"type": "any"}},
            {"key": {"tool_choice": {"type": "auto"}}},
            "only when it needs one",
        ),
        (
            {"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}},
            {"key": {"tool_choice": {"type": "auto"}}},
            "may need several calls",
        ),
        (
            {"tool_choice": {"type": "auto"}},
            {"key": {"tool_choice": {"type": "auto"}, "strict": True}},
            '`"strict": true` to this entry',
        ),
        (
            {"tool_choice": {"type": "auto"}, "strict": "true"},
            {"key": {"tool_choice": {"type": "auto"}, "strict": True}},
            'the string "true"',
        ),
        (
            {"tool_choice": {"type": "auto", "strict": True}},
            {"key": {"tool_choice": {"type": "auto"}, "strict": True}},
            "`strict` is not part of `tool_choice`",
        ),
        ({}, {}, "no `tool_choice`"),
    ],
)
def test_tool_choice_explains_each_problem(entry, params, expected):
    criterion, diags = choice_of(entry, **params)
    assert not criterion.passed
    assert expected in criterion.message, criterion.message
    if "strict" in (entry.get("tool_choice") or {}):
        assert "more problem" not in criterion.message  # the missing strict is the same mistake


def test_tool_choice_without_the_entry():
    criterion, _ = judge("tool-choice", CHOICE, {"other": {}})
    assert not criterion.passed and "no entry for `pipeline`" in criterion.message


# --------------------------------------------------------------------------- tool-calls

CALLS = [
    {"id": "toolu_1", "name": "get_order_status", "input": {"order_id": "A"}},
    {"id": "toolu_2", "name": "get_order_status", "input": {"order_id": "B"}},
]


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

LESSON_ODD_ANSWERS = [
    "null",
    "[]",
    "{}",
    '"text"',
    '[null, 1, "x", [], {}]',
    '[{"name": 5, "input_schema": {"type": 5, "properties": []}, "input_examples": "x"}]',
    '{"name": "t", "input_schema": {"type": "object", "properties": {"a": 5}}, "strict": true}',
    '[{"role": "assistant", "tool_calls": [null, {"function": 3}]}, {"role": "tool"}, 5]',
    '[{"role": "user", "content": [{"type": "tool_result"}, null]}, '
    '{"role": "assistant", "content": [5, {"type": "tool_use", "input": "{"}]}]',
    '{"pipeline": {"tool_choice": [1]}, "g": {"stop": 3, "flag": {"openai": []}}}',
]

LESSON_PARAMS = {
    "tool-definition": {**SAYS, "parts": None, "many": True},
    "action-enum": {"services": NEEDS, "fields": FIELDS},
    "tool-choice": CHOICE,
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


# --------------------------------------------------------------------------- robustness

ODD_ANSWERS = [
    "null",
    "[]",
    "{}",
    "42",
    '"text"',
    '[null, 1, "x", [], {}]',
    '{"a": {"b": [1, {"c": null}]}}',
    '[{"name": 5, "input_schema": {"type": 5, "properties": []}, "input_examples": "x"}]',
    '{"name": "t", "input_schema": {"type": "object", "properties": {"a": 5}}, "strict": true}',
    '[{"role": "assistant", "tool_calls": [null, {"function": 3}]}]',
]


@pytest.mark.parametrize(
    "name",
    [
        "each-field",
        "set-equals",
        "item-count",
        "in-order",
        "tool-definition",
        "action-enum",
        "tool-calls",
    ],
)
@pytest.mark.parametrize("answer", ODD_ANSWERS)
def test_course_checks_never_raise(name, answer):
    params = {
        "each-field": {"key": KEY, "field": "reason"},
        "set-equals": {"key": ["a"]},
        "item-count": {"min": 1, "max": 2},
        "in-order": {"key": ["a", "b"]},
        "tool-definition": {},
        "action-enum": {"services": SERVICES},
        "tool-calls": {"index": 0, "calls": CALLS, "text": "x"},
    }[name]
    assert name in CHECKS or name in OWN
    criterion, _ = judge(name, params, answer)
    assert criterion.passed or criterion.message
    # each check handles odd shapes itself; the last-resort guard is not what answered
    assert "could not be checked" not in criterion.message


def test_the_guard_turns_a_crash_into_a_failed_criterion():
    criterion, _ = judge("each-field", {"key": ["not", "a", "mapping"], "field": "x"}, {})
    assert not criterion.passed and "could not be checked" in criterion.message
