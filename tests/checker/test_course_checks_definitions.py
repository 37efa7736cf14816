"""The bundled course's checks of tool definitions (`tool-definition`, `action-enum`,
`tool-choice`): each passes a right answer, and fails a wrong one with a message that
says what is wrong.
"""

from __future__ import annotations

import json

import pytest
from course_check_judge import LESSON_ODD_ANSWERS, OWN, SERVICES, count_sentences, judge

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


# ------------------------------------------------------------- the lesson checks never raise

LESSON_PARAMS = {
    "tool-definition": {**SAYS, "parts": None, "many": True},
    "action-enum": {"services": NEEDS, "fields": FIELDS},
    "tool-choice": CHOICE,
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
