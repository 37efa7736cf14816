"""Fair marking of the consolidate-tools exercise: consolidated tool sets written in other
styles pass; wrong ones, from real misconceptions, fail with a message that names the
real cause.
"""

from __future__ import annotations

import copy

import pytest
from answer_marking import COURSE, assert_fails_because, assert_passes, mark, reordered

#: the exercise of one tool definition
DEF = "definition-examples-validate"

# ------------------------------------------------------------------------ consolidate-tools

CONS = "consolidate-tools"
HELPDESK = {
    "name": "helpdesk_ticket",
    "description": (
        "Works on help-desk tickets; action picks the operation. create needs subject and body, "
        "with an optional priority (low, normal or high). update needs ticket_id, and a new "
        "priority or assignee. close needs ticket_id and resolution. comment needs ticket_id and "
        "body."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["create", "update", "close", "comment"]},
            "ticket_id": {"type": "string"},
            "subject": {"type": "string"},
            "body": {"type": "string"},
            "priority": {"type": "string", "enum": ["low", "normal", "high"]},
            "assignee": {"type": "string"},
            "resolution": {"type": "string"},
        },
        "required": ["action"],
        "additionalProperties": False,
    },
    "input_examples": [
        {"action": "comment", "ticket_id": "T-9", "body": "Looking into it."},
        {"action": "create", "subject": "Export fails", "body": "CSV export times out."},
    ],
}
BILLING = {
    "name": "billing_invoice",
    "description": (
        "Billing operations on invoices, chosen by action. get needs invoice_id. list needs "
        "customer_id; status (open, paid or void) filters it. refund needs invoice_id and "
        "amount_cents. void needs invoice_id and reason."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": ["get", "list", "refund", "void"]},
            "invoice_id": {"type": "string"},
            "customer_id": {"type": "string"},
            "status": {"type": "string", "enum": ["open", "paid", "void"]},
            "amount_cents": {"type": "integer"},
            "reason": {"type": "string"},
        },
        "required": ["action"],
        "additionalProperties": False,
    },
    "input_examples": [
        {"action": "get", "invoice_id": "INV-1"},
        {"action": "refund", "invoice_id": "INV-2", "amount_cents": 500},
    ],
}


def tools(helpdesk=None, billing=None) -> list:
    h, b = copy.deepcopy(HELPDESK), copy.deepcopy(BILLING)
    if helpdesk:
        helpdesk(h)
    if billing:
        billing(b)
    return [h, b]


def split_billing() -> list:
    read = copy.deepcopy(BILLING)
    read["name"] = "billing_invoice_read"
    read["description"] = (
        "Reads invoices. get needs invoice_id. list needs customer_id; status filters."
    )
    read["input_schema"]["properties"] = {
        "action": {"type": "string", "enum": ["get", "list"]},
        "invoice_id": {"type": "string"},
        "customer_id": {"type": "string"},
        "status": {"type": "string", "enum": ["open", "paid", "void"]},
    }
    read["input_examples"] = [
        {"action": "get", "invoice_id": "INV-1"},
        {"action": "list", "customer_id": "C-1"},
    ]
    change = copy.deepcopy(BILLING)
    change["name"] = "billing_invoice_change"
    change["description"] = (
        "Refunds or voids an invoice; both need invoice_id. refund needs amount_cents too, "
        "void needs a reason. Both are final."
    )
    change["input_schema"]["properties"] = {
        "action": {"type": "string", "enum": ["refund", "void"]},
        "invoice_id": {"type": "string"},
        "amount_cents": {"type": "integer"},
        "reason": {"type": "string"},
    }
    change["input_schema"]["required"] = ["action", "invoice_id"]
    change["input_examples"] = [
        {"action": "refund", "invoice_id": "INV-2", "amount_cents": 100},
        {"action": "void", "invoice_id": "INV-3", "reason": "Duplicate."},
    ]
    return [copy.deepcopy(HELPDESK), read, change]


def set_description(text):
    def change(tool):
        tool["description"] = text

    return change


CONS_RIGHT = {
    "billing first, keys reversed": reordered(list(reversed(tools()))),
    "billing split in two, a field every action needs required": split_billing(),
    "bulleted descriptions": tools(
        helpdesk=set_description(
            "Help-desk tickets, one action at a time:\n"
            "\u2022 create \u2014 subject, body (priority optional: low/normal/high)\n"
            "\u2022 update \u2014 ticket_id; priority and/or assignee\n"
            "\u2022 close \u2014 ticket_id, resolution\n"
            "\u2022 comment \u2014 ticket_id, body"
        )
    ),
    "the needs in the action parameter's description": tools(
        helpdesk=lambda t: (
            t.update(
                description="Help-desk tickets. The action field says what to do and what it "
                "needs; ticket_id, subject, body, priority, assignee and resolution are the "
                "ticket's fields."
            ),
            t["input_schema"]["properties"]["action"].update(
                description="create: subject, body. update: ticket_id. close: ticket_id, "
                "resolution. comment: ticket_id, body."
            ),
        )
    ),
    "strict tools": tools(
        helpdesk=lambda t: t.update(strict=True), billing=lambda t: t.update(strict=True)
    ),
    "enum values and properties in another order": tools(
        billing=lambda t: t["input_schema"].update(
            properties={
                "reason": {"type": "string"},
                "amount_cents": {"type": "integer"},
                "status": {"enum": ["void", "paid", "open"], "type": "string"},
                "customer_id": {"type": "string"},
                "invoice_id": {"type": "string"},
                "action": {"enum": ["void", "refund", "list", "get"], "type": "string"},
            }
        )
    ),
    "descriptions in Portuguese, naming the actions": tools(
        helpdesk=set_description(
            "Opera tickets do help desk; action escolhe a operação. create precisa de subject e "
            "body, com priority opcional. update precisa de ticket_id e de priority ou assignee. "
            "close precisa de ticket_id e resolution. comment precisa de ticket_id e body."
        )
    ),
    "the ticket id spelled in words": tools(
        helpdesk=set_description(
            "Works on help-desk tickets. create needs a subject and a body (priority optional). "
            "update needs the ticket id plus priority or assignee. close needs the ticket id "
            "and a resolution. comment needs the ticket id and a body."
        )
    ),
    "plural tool names": tools(
        helpdesk=lambda t: t.update(name="helpdesk_tickets"),
        billing=lambda t: t.update(name="billing_invoices"),
    ),
}


@pytest.mark.parametrize("answer", CONS_RIGHT.values(), ids=CONS_RIGHT.keys())
def test_consolidate_right_answers_pass(answer):
    assert_passes(CONS, answer)


def drop(name):
    return lambda t: t["input_schema"]["properties"].pop(name)


CONS_WRONG = {
    "assignee dropped": (tools(helpdesk=drop("assignee")), '"assignee"'),
    "body renamed to text": (
        tools(
            helpdesk=lambda t: (
                t["input_schema"]["properties"].pop("body"),
                t["input_schema"]["properties"].update(text={"type": "string"}),
            )
        ),
        "keep every original parameter",
    ),
    "ticket_id required": (
        tools(helpdesk=lambda t: t["input_schema"].update(required=["action", "ticket_id"])),
        "require only",
    ),
    "no word on what each action needs": (
        tools(
            helpdesk=set_description(
                "Help-desk tickets. ticket_id, subject, body, priority, assignee and resolution "
                "are the fields."
            )
        ),
        "never says which fields",
    ),
    "the needs as a top-level oneOf": (
        tools(
            helpdesk=lambda t: t["input_schema"].update(
                oneOf=[
                    {
                        "properties": {"action": {"const": "close"}},
                        "required": ["ticket_id", "resolution"],
                    }
                ]
            )
        ),
        "`oneOf` at its top level",
    ),
    "the old tool names in the enum": (
        tools(
            billing=lambda t: t["input_schema"]["properties"]["action"].update(
                enum=["get_invoice", "list_invoices", "refund_invoice", "void_invoice"]
            )
        ),
        "old tool names",
    ),
    "amount_cents as a number of any kind": (
        tools(
            billing=lambda t: t["input_schema"]["properties"].update(
                amount_cents={"type": "number"}
            )
        ),
        '"integer"',
    ),
    "a status value lost": (
        tools(
            billing=lambda t: t["input_schema"]["properties"].update(
                status={"type": "string", "enum": ["open", "paid"]}
            )
        ),
        "`enum` here",
    ),
    "four tools": (tools() + split_billing()[1:] + [copy.deepcopy(HELPDESK)], "at most"),
    "an example with an action the enum lacks": (
        tools(
            helpdesk=lambda t: t["input_examples"].__setitem__(
                0, {"action": "delete", "ticket_id": "T-1"}
            )
        ),
        '"delete"',
    ),
    "one example only": (tools(billing=lambda t: t["input_examples"].pop()), "holds 1 example"),
    "comment forgotten": (
        tools(
            helpdesk=lambda t: t["input_schema"]["properties"]["action"].update(
                enum=["create", "update", "close"]
            )
        ),
        '"comment"',
    ),
    "resolution explained nowhere": (
        tools(
            helpdesk=set_description(
                "create needs subject and body. update needs ticket_id, priority or assignee. "
                "comment needs ticket_id and body. close needs ticket_id."
            )
        ),
        '"resolution"',
    ),
    "a strict tool with a minimum": (
        tools(
            billing=lambda t: (
                t.update(strict=True),
                t["input_schema"]["properties"].update(
                    amount_cents={"type": "integer", "minimum": 1}
                ),
            )
        ),
        "do not support `minimum`",
    ),
    "no service prefix": (
        tools(helpdesk=lambda t: t.update(name="tickets")),
        "prefix",
    ),
}


@pytest.mark.parametrize(("answer", "word"), CONS_WRONG.values(), ids=CONS_WRONG.keys())
def test_consolidate_wrong_answers_fail_for_their_reason(answer, word):
    assert_fails_because(CONS, answer, word)


def test_consolidate_the_starter_gets_one_message_per_wrong_item():
    verdict = mark(CONS, COURSE.exercise(CONS).starter)
    assert not verdict.passed
    assert len(verdict.diagnostics) <= 6


def test_the_explanations_no_longer_suggest_a_top_level_combinator():
    text = COURSE.exercise(CONS).explanation
    assert "not with `oneOf`, `anyOf` or `allOf` at" in text
    assert "OpenAI's strict rules" not in COURSE.exercise(DEF).explanation
