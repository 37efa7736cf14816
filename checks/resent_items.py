"""The `items-resent` check of the two-formats lesson: the Responses API's next `input`
holds the conversation so far again, the earlier input and the previous response's output
items (reasoning included), unchanged and in their order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.checks import (
    JsonContext,
    Outcome,
    check,
    describe,
    first_difference,
    quote,
    safe,
    same,
    tr,
)

from ._findings import MISSING, outcome
from ._responses_format import item_text

_ITEMS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["items"],
    "properties": {
        "items": {"type": "array", "items": {"type": "object"}, "minItems": 1},
    },
}
#: fields of an output item the API fills in that a request may leave out
_ITEM_OPTIONAL = frozenset({"status"})


def _same_item(found: Any, want: Mapping) -> bool:
    """`found` is `want` sent back: a message by its role and text, any other item field by
    field (the API's `status` may be left out)."""
    if not isinstance(found, dict):
        return False
    if want.get("role") and not want.get("id"):
        return found.get("role") == want["role"] and item_text(found) == item_text(want)
    keys = (set(found) | set(want)) - _ITEM_OPTIONAL
    return all(same(found.get(k, MISSING), want.get(k, MISSING)) for k in keys)


def _item_label(item: Mapping) -> str:
    kind = item.get("type") or "message"
    return f"`{kind}` {quote(item['id'])}" if item.get("id") else f"`{item.get('role')}` message"


def _find_item(items: list, want: Mapping, start: int) -> int | None:
    """Where `want` stands in `items` (its id, else the first message of its role)."""
    for k in range(start, len(items)):
        item = items[k]
        if not isinstance(item, dict):
            continue
        if want.get("id") and item.get("id") == want["id"]:
            return k
        if not want.get("id") and want.get("role") and item.get("role") == want["role"]:
            return k
    return None


def _missing(want: Mapping, items: list) -> str:
    """Why `want` is not in the input: a reasoning item dropped, calls in Chat Completions'
    shape, the earlier messages left out, or simply not sent back."""
    label = _item_label(want)
    if want.get("type") == "reasoning":
        return tr(
            "the reasoning item {id} is missing: a reasoning model's calls go back "
            "together with the reasoning item that came before them",
            id=quote(want.get("id")),
        )
    if want.get("type") == "function_call" and any(
        isinstance(m, dict) and "tool_calls" in m for m in items
    ):
        return tr(
            "{item} is missing: the calls are written as a Chat Completions "
            "`tool_calls` list; in the Responses API each call goes back as the "
            "`function_call` item the response held",
            item=label,
        )
    if want.get("role") and not want.get("id"):
        return tr(
            "the {role} message {text} is missing: the next `input` begins with the "
            "items of the one before",
            role=f"`{want['role']}`",
            text=quote(item_text(want), 60),
        )
    return tr("{item} is missing: send it back as the response gave it", item=label)


def _changed(found: Any, want: Mapping, base: str) -> tuple[str, str]:
    """The finding for an item sent back changed: where it first differs, and how."""
    difference = first_difference(
        {key: v for key, v in found.items() if key not in _ITEM_OPTIONAL}
        if isinstance(found, dict)
        else found,
        {key: v for key, v in want.items() if key not in _ITEM_OPTIONAL},
    )
    where, what = difference if difference else ("", tr("it differs"))
    return (
        base + where,
        tr(
            "{item} must go back unchanged: at {where}, {what}",
            item=_item_label(want),
            where=where or tr("the top"),
            what=what,
        ),
    )


@check("items-resent", kinds=("json",), params=_ITEMS_PARAMS)
@safe
def items_resent(ctx: JsonContext, params: Mapping) -> Outcome:
    """The Responses `input` holds `items` again, unchanged and in their order: the earlier
    input, then the previous response's output items (reasoning included).

    A message counts by its role and text (a string or text parts); any other item field
    by field, except the `status` the API fills in. A dropped reasoning item, a call sent
    back in Chat Completions' shape, an item changed or out of order are named as such.
    """
    if ctx.messages is None:
        return Outcome(
            False,
            tr(
                "Your answer is {value}; write the JSON array of input items (or a request "
                "body whose `input` is that array).",
                value=describe(ctx.value),
            ),
        )
    items, problems, after = ctx.messages, [], 0
    if isinstance(ctx.value, dict) and "previous_response_id" in ctx.value:
        problems.append(
            (
                "/previous_response_id",
                tr(
                    "this task keeps the conversation in `input` itself, without "
                    "`previous_response_id`: send the earlier items again"
                ),
            )
        )
    for want in params["items"]:
        k = _find_item(items, want, 0)
        label = _item_label(want)
        if k is None:
            problems.append((ctx.messages_ptr, _missing(want, items)))
            continue
        base = ctx.message_ptr(k)
        if k < after:
            problems.append(
                (
                    base,
                    tr(
                        "{item} is out of order: keep the items in the order the conversation "
                        "produced them",
                        item=label,
                    ),
                )
            )
        after = max(after, k)
        if not _same_item(items[k], want):
            problems.append(_changed(items[k], want, base))
    return outcome(problems)
