"""OpenAI's Responses API, read for the two-formats checks (see `_chat_format` for what a
reader offers).

Here the conversation is a list of items: a call is a `function_call` item of its own,
named by its `call_id` (its `id` is the item's), and its result is a `function_call_output`
item quoting that `call_id`, its `output` a string with the failure prefix in front when
the call failed. A message item's text is its content string or its text parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.checks import describe, quote, tr

from ._findings import PREFIX_LIKE, Problem, no_prefix


def item_text(item: Mapping) -> str | None:
    """The text of a message item: a content string or its text parts joined."""
    content = item.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        texts = [p.get("text") if isinstance(p, dict) else None for p in content]
        if all(isinstance(t, str) for t in texts):
            return "".join(texts)
    return None


def call_items(items: list, call_id: str) -> list[int]:
    """Where the `function_call` items of `call_id` are."""
    return [
        j
        for j, it in enumerate(items)
        if isinstance(it, dict)
        and it.get("type") == "function_call"
        and it.get("call_id") == call_id
    ]


def output_items(items: list) -> list[tuple[int, dict]]:
    """The `function_call_output` items, each with where it is."""
    return [
        (k, it)
        for k, it in enumerate(items)
        if isinstance(it, dict) and it.get("type") == "function_call_output"
    ]


def result_id(item: Mapping) -> Any:
    return item.get("call_id")


def result_problem(found: Any, result: Mapping, prefix: str, where: str) -> Problem | None:
    """What is wrong with a `function_call_output`'s `output` (None: it is right)."""
    original = str(result["content"])
    failed = bool(result.get("is_error"))
    wanted = prefix + original if failed else original
    if found == wanted:
        return None
    if not isinstance(found, str):
        return (
            where,
            tr(
                "`output` is {value}; send the tool's result as the string it came as",
                value=describe(found),
            ),
        )
    if failed and found == original:
        return (
            where,
            tr(
                "the failed result has no {prefix} prefix: the Responses API has no error "
                "flag either, so the prefix is all that tells the model the call failed",
                prefix=quote(prefix),
            ),
        )
    rest = PREFIX_LIKE.sub("", found, count=1)
    if failed and rest.strip() == original.strip():
        return (
            where,
            tr(
                "the prefix must be exactly {prefix}, with its case, colon and one space; "
                "found {found}",
                prefix=quote(prefix),
                found=quote(found[: len(found) - len(rest)]),
            ),
        )
    if not failed and found == prefix + original:
        return no_prefix(where, prefix)
    return (
        where,
        tr(
            "`output` must be the result unchanged: {wanted}; found {found}",
            wanted=quote(wanted, 80),
            found=quote(found, 80),
        ),
    )
