"""Fair marking of the defining-tools lesson: answers written from each task's text, not
from its solution. Correct ones in other styles pass; wrong ones, from real
misconceptions, fail with a message that names the real cause.

None of these answers is in the exercises' YAML (their `right_answers` and
`wrong_answers` are proven by `validate`). consolidate-tools has a file of its own:
test_fair_consolidate_tools.py.
"""

from __future__ import annotations

import copy
import json

import pytest
from answer_marking import COURSE, assert_fails_because, assert_passes, mark, reordered

#: the exercise of one tool definition
DEF = "definition-examples-validate"

# ------------------------------------------------------------- definition-examples-validate

DESCRIPTION = (
    "Searches ticket subjects and bodies and returns the best matches first, each with its id, "
    "subject, status and last update. Use it when the user describes a problem and earlier "
    "tickets could help. Do not use it when you already have the ticket id: call get_ticket, "
    "which returns the conversation that this tool never includes."
)


def ticket_tool(**changes) -> dict:
    value = {
        "name": "search_tickets",
        "description": DESCRIPTION,
        "strict": True,
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Words to search for."},
                "status": {
                    "type": "string",
                    "enum": ["open", "pending", "closed"],
                    "description": "Only tickets with this status; leave out for all.",
                },
                "limit": {
                    "type": "integer",
                    "description": "How many tickets, from 1 to 50; 10 when left out.",
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        "input_examples": [
            {"query": "refund not received"},
            {"query": "cannot log in", "status": "open", "limit": 5},
        ],
    }
    for key, new in changes.items():
        if new is None:
            value.pop(key, None)
        else:
            value[key] = new
    return value


def with_schema(**changes) -> dict:
    tool = ticket_tool()
    for key, new in changes.items():
        if new is None:
            tool["input_schema"].pop(key, None)
        else:
            tool["input_schema"][key] = new
    return tool


def with_property(name: str, value) -> dict:
    tool = ticket_tool()
    tool["input_schema"]["properties"][name] = value
    return tool


DEF_RIGHT = {
    "every key in reverse order": reordered(ticket_tool()),
    "a bulleted description with headings": ticket_tool(
        description=(
            "Ticket search (subject + body), best matches first.\n"
            "* Returns: id, subject, status, updated date\n"
            "* When to use: the user mentions an issue, you want similar or older tickets\n"
            "* When NOT to use: you have the ticket id already; use get_ticket\n"
            "* It never returns messages or the conversation"
        )
    ),
    "the parameters explained in the tool's description only": ticket_tool(
        description=DESCRIPTION + " query is the search text; status is open, pending or "
        "closed; limit is 1 to 50, 10 by default.",
        input_schema={
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "status": {"type": "string", "enum": ["open", "pending", "closed"]},
                "limit": {"type": "integer"},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    ),
    "call it when / avoid it when / thread": ticket_tool(
        description=(
            "Call this tool when a customer reports a problem and you want to see whether it "
            "happened before. Avoid it when you know the ticket number; get_ticket fetches one "
            "ticket with its full thread, which search results never contain."
        )
    ),
    "does not include the conversation": ticket_tool(
        description=(
            "Finds tickets by text. Useful when the user describes an issue without a ticket "
            "number. If you already know the ticket id, don't search: get_ticket is the right "
            "tool. Results do not include the ticket conversation."
        )
    ),
    "three examples, the status given by enum alone": ticket_tool(
        input_examples=[
            {"query": "invoice shows wrong VAT"},
            {"query": "password reset", "limit": 20},
            {"query": "mobile app crash", "status": "pending"},
        ],
        input_schema={
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Free text."},
                "status": {"enum": ["open", "pending", "closed"], "description": "Filter."},
                "limit": {"type": "integer", "description": "Between 1 and 50 (default 10)."},
            },
            "required": ["query"],
            "additionalProperties": False,
        },
    ),
    "harmless extra fields: type custom, cache_control, a schema title": {
        **ticket_tool(),
        "type": "custom",
        "cache_control": {"type": "ephemeral"},
    },
    "a description in Portuguese": ticket_tool(
        description=(
            "Busca tickets pelo texto do assunto e do corpo, os mais relevantes primeiro. Use "
            "quando o cliente relata um problema. Não use se você já tem o id do ticket: nesse "
            "caso chame get_ticket. A busca nunca devolve a conversa do ticket."
        )
    ),
    "one long paragraph without full stops between the parts": ticket_tool(
        description=(
            "searches help-desk tickets (subject and body) and lists the best matches with id, "
            "subject, status and last update; use it whenever the user describes a problem; "
            "skip it and call get_ticket instead if the ticket id is known; it never returns "
            "the conversation"
        )
    ),
    "good for / not for, results exclude the history": ticket_tool(
        description=(
            "Keyword search over help-desk tickets.\n"
            "Good for: finding similar past issues.\n"
            "Not for: fetching a specific ticket by id (that is get_ticket).\n"
            "Note: results exclude the conversation history."
        )
    ),
    "only when, and what it won't return": ticket_tool(
        description=(
            "Searches tickets by text and lists the best matches. Only use it when you do not "
            "know the ticket id. It won't return messages; get_ticket does."
        )
    ),
    "skip it when, prefer the other tool": ticket_tool(
        description=(
            "Looks up tickets whose subject or body match the query. Run it when a user "
            "describes a problem. Skip it when the id is known and prefer get_ticket, since "
            "this search leaves out the conversation."
        )
    ),
}


@pytest.mark.parametrize("answer", DEF_RIGHT.values(), ids=DEF_RIGHT.keys())
def test_definition_right_answers_pass(answer):
    assert_passes(DEF, answer)


DEF_WRONG = {
    "OpenAI's function wrapper": (
        {
            "type": "function",
            "function": {
                "name": "search_tickets",
                "description": DESCRIPTION,
                "parameters": ticket_tool()["input_schema"],
                "strict": True,
            },
        },
        "OpenAI's wrapper",
    ),
    "parameters instead of input_schema": (
        {**ticket_tool(input_schema=None), "parameters": ticket_tool()["input_schema"]},
        "parameters",
    ),
    "minimum and maximum under strict": (
        with_property("limit", {"type": "integer", "minimum": 1, "maximum": 50}),
        "do not support `minimum`",
    ),
    "a top-level oneOf": (
        with_schema(oneOf=[{"required": ["status"]}, {"required": ["limit"]}]),
        "`oneOf` at its top level",
    ),
    "strict without additionalProperties": (
        with_schema(additionalProperties=None),
        "additionalProperties",
    ),
    "strict as the string true": (ticket_tool(strict="true"), "not the string"),
    "limit as a string in an example": (
        ticket_tool(input_examples=[{"query": "x"}, {"query": "y", "limit": "5"}]),
        "must be an integer",
    ),
    "an example with a key the schema closes out": (
        ticket_tool(input_examples=[{"query": "x"}, {"query": "y", "sort": "newest"}]),
        "sort",
    ),
    "every example fills every optional parameter": (
        ticket_tool(
            input_examples=[
                {"query": "x", "status": "open", "limit": 10},
                {"query": "y", "status": "closed", "limit": 3},
            ]
        ),
        "every example sets every optional parameter",
    ),
    "one example only": (ticket_tool(input_examples=[{"query": "x"}]), "holds 1 example"),
    "a description of the parameters only": (
        ticket_tool(
            description="query: the search text. status: open, pending or closed. limit: "
            "how many results, 1 to 50, default 10."
        ),
        "when to use the tool",
    ),
    "no word on when not to use it": (
        ticket_tool(
            description="Searches tickets. Use it when the user describes a problem. It never "
            "returns the conversation."
        ),
        "when not to use it",
    ),
    "no word on what it never returns": (
        ticket_tool(
            description="Searches tickets. Use it when the user describes a problem. Do not "
            "use it when you have the id: call get_ticket."
        ),
        "does not return the conversation",
    ),
    "a status enum missing pending": (
        with_property("status", {"type": "string", "enum": ["open", "closed"]}),
        "status",
    ),
    "status required as well": (with_schema(required=["query", "status"]), "required"),
    "a name in camel case": (ticket_tool(name="searchTickets"), "search_tickets"),
}


@pytest.mark.parametrize(("answer", "word"), DEF_WRONG.values(), ids=DEF_WRONG.keys())
def test_definition_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(DEF, answer, word)


def test_definition_an_untouched_starter_gets_one_message_per_wrong_item():
    verdict = mark(DEF, COURSE.exercise(DEF).starter)
    assert not verdict.passed
    assert len(verdict.diagnostics) <= 5


# ------------------------------------------------------------------------ pick-tool-choice

PICK = "pick-tool-choice"
ROUTE = "Hand every request to exactly one department: billing_desk, tech_support or sales_desk."
PICK_KEY = {
    "invoice-extraction": {
        "tool_choice": {"type": "tool", "name": "record_invoice", "disable_parallel_tool_use": True}
    },
    "general-chat": {"tool_choice": {"type": "auto"}},
    "wrap-up": {"tool_choice": {"type": "none"}},
    "router": {
        "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
        "instruction": ROUTE,
    },
    "transfer-agent": {"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}},
    "bookkeeper": {"tool_choice": {"type": "auto"}, "strict": True},
}


def setups(**changes) -> dict:
    value = copy.deepcopy(PICK_KEY)
    for setup, entry in changes.items():
        value[setup.replace("_", "-")] = entry
    return value


PICK_RIGHT = {
    "keys reversed everywhere": reordered(PICK_KEY),
    "one line of JSON": json.dumps(PICK_KEY, separators=(",", ":")),
    "disable_parallel_tool_use false spelled out": setups(
        general_chat={"tool_choice": {"type": "auto", "disable_parallel_tool_use": False}},
        bookkeeper={
            "tool_choice": {"type": "auto", "disable_parallel_tool_use": False},
            "strict": True,
        },
    ),
    "strict false on the setups that need no strict": {
        k: ({**v, "strict": False} if k != "bookkeeper" else v) for k, v in PICK_KEY.items()
    },
    "strict on the pipeline too": setups(
        invoice_extraction={**PICK_KEY["invoice-extraction"], "strict": True}
    ),
    "one call at a time for the bookkeeper": setups(
        bookkeeper={
            "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
            "strict": True,
        }
    ),
    "the flag on none, where it changes nothing": setups(
        wrap_up={"tool_choice": {"disable_parallel_tool_use": True, "type": "none"}}
    ),
    "strict first in the bookkeeper's entry": setups(
        bookkeeper={"strict": True, "tool_choice": {"type": "auto"}}
    ),
    "the router's instruction naming departments, not tools": setups(
        router={**PICK_KEY["router"], "instruction": "Always route the user to one department."}
    ),
    "the router's instruction in Portuguese": setups(
        router={
            **PICK_KEY["router"],
            "instruction": "Encaminhe todo pedido a um único setor, chamando a ferramenta dele.",
        }
    ),
    "an instruction where forcing already does the job": setups(
        invoice_extraction={
            **PICK_KEY["invoice-extraction"],
            "instruction": "Call record_invoice once per invoice.",
        }
    ),
}


@pytest.mark.parametrize("answer", PICK_RIGHT.values(), ids=PICK_RIGHT.keys())
def test_tool_choice_right_answers_pass(answer):
    assert_passes(PICK, answer)


PICK_WRONG = {
    "the general assistant forced": (
        setups(general_chat={"tool_choice": {"type": "any"}}),
        "does not take a forced tool",
    ),
    "one call at a time for the general assistant": (
        setups(general_chat={"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}}),
        "several calls in one reply",
    ),
    "auto on the wrap-up turn": (
        setups(wrap_up={"tool_choice": {"type": "auto"}}),
        "must not call any",
    ),
    "the router forced on a model that rejects forcing": (
        setups(router={"tool_choice": {"type": "any", "disable_parallel_tool_use": True}}),
        "Claude Sonnet 5.5 does not take a forced tool",
    ),
    "the router pinned to one department": (
        setups(
            router={
                "tool_choice": {
                    "type": "tool",
                    "name": "billing_desk",
                    "disable_parallel_tool_use": True,
                },
                "instruction": ROUTE,
            }
        ),
        "does not take a forced tool",
    ),
    "the router without the one-call flag": (
        setups(router={"tool_choice": {"type": "auto"}, "instruction": ROUTE}),
        "at most one",
    ),
    "the router with no instruction": (
        setups(router={"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}}),
        "add an `instruction`",
    ),
    "the router's instruction naming nothing to call": (
        setups(router={**PICK_KEY["router"], "instruction": "Be friendly and brief."}),
        "never says what to call",
    ),
    "the router's instruction a list, not a sentence": (
        setups(router={**PICK_KEY["router"], "instruction": ["billing_desk"]}),
        "expected a string",
    ),
    "the pipeline forced with any": (
        setups(
            invoice_extraction={"tool_choice": {"type": "any", "disable_parallel_tool_use": True}}
        ),
        "`record_invoice` itself",
    ),
    "the pipeline forced without the flag": (
        setups(invoice_extraction={"tool_choice": {"type": "tool", "name": "record_invoice"}}),
        "single call",
    ),
    "the pipeline on auto, though its model takes forcing": (
        setups(
            invoice_extraction={
                "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
                "instruction": "Always call record_invoice.",
            }
        ),
        "must end in a call",
    ),
    "a typo in the forced tool's name": (
        setups(
            invoice_extraction={
                "tool_choice": {
                    "type": "tool",
                    "name": "record_invoices",
                    "disable_parallel_tool_use": True,
                }
            }
        ),
        "not defined",
    ),
    "forcing on claude-opus-5-5": (
        setups(bookkeeper={"tool_choice": {"type": "any"}, "strict": True}),
        "Claude Opus 5.5 does not take a forced tool",
    ),
    "strict forgotten on claude-opus-5-5": (
        setups(bookkeeper={"tool_choice": {"type": "auto"}}),
        "strict",
    ),
    "strict inside tool_choice": (
        setups(bookkeeper={"tool_choice": {"type": "auto", "strict": True}}),
        "not part of `tool_choice`",
    ),
    "none for the transfer agent": (
        setups(transfer_agent={"tool_choice": {"type": "none"}}),
        "forbids every call",
    ),
    "the transfer agent without the flag": (
        setups(transfer_agent={"tool_choice": {"type": "auto"}}),
        "several calls in one reply",
    ),
    "OpenAI's required": (
        setups(
            invoice_extraction={
                "tool_choice": {"type": "required", "disable_parallel_tool_use": True}
            }
        ),
        "Anthropic says `any`",
    ),
    "OpenAI's string auto": (setups(general_chat={"tool_choice": "auto"}), "wants an object"),
}


@pytest.mark.parametrize(("answer", "word"), PICK_WRONG.values(), ids=PICK_WRONG.keys())
def test_tool_choice_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(PICK, answer, word)


def test_tool_choice_each_setup_says_its_model_in_the_task():
    exercise = COURSE.exercise(PICK)
    for setup in PICK_KEY:
        criterion = next(c for c in exercise.criteria if c.get("id") == setup)
        model = criterion["params"]["model"]
        assert f"`{setup}`, on `{model}`" in exercise.prompt, setup


def test_tool_choice_forcing_is_right_only_where_the_model_takes_it():
    from checker.rules.anthropic.models import model_info

    exercise = COURSE.exercise(PICK)
    takes = set()
    for criterion in exercise.criteria:
        if criterion["check"] != "tool-choice":
            continue
        params = criterion["params"]
        info = model_info(params["model"])
        assert info is not None, params["model"]
        takes.add(info.forced_tool_choice)
        if params["key"]["tool_choice"]["type"] in ("any", "tool"):
            assert info.forced_tool_choice is True, criterion["id"]
    assert takes == {True, False}, "setups on models that take forcing and on models that do not"
