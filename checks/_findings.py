"""What the two-formats checks share: a finding, an outcome of several, the text of a
content, and the judgement of a converted result's content.

A finding is `(pointer, message)`; a check collects them in order, the first cause first,
and `outcome` makes the learner's headline of the first and a diagnostic of each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from checker.checks import JsonContext, Outcome, describe, diag, quote, same, tr, trn, upper

MISSING = object()

Problem = tuple[str, str]  # (pointer, message)

#: a prefix that looks like the failure prefix but is not exactly it
PREFIX_LIKE = re.compile(r"^\s*error\s*[:\-]?\s*", re.IGNORECASE)


def more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


def outcome(problems: list[Problem]) -> Outcome:
    """A pass when there is no finding; else the first as the headline, each as a diagnostic."""
    if not problems:
        return Outcome(True)
    more = more_problems(len(problems) - 1)
    return Outcome(False, f"{upper(problems[0][1])}{more}.", [diag(p, m) for p, m in problems[:20]])


def no_messages(ctx: JsonContext) -> Outcome:
    return Outcome(
        False,
        tr("Your answer is {value}; write a JSON array of messages.", value=describe(ctx.value)),
    )


def text_of(content: Any) -> str | None:
    """The text of a content string or of a list of text parts/blocks (None otherwise)."""
    if isinstance(content, str):
        return content
    if (
        isinstance(content, list)
        and content
        and all(isinstance(p, dict) and p.get("type") == "text" for p in content)
    ):
        texts = [p.get("text") for p in content]
        return "".join(texts) if all(isinstance(t, str) for t in texts) else None
    return None


def as_blocks() -> str:
    """The finding for the right text written as text blocks instead of a string."""
    return tr("the text is right, but as text blocks; the task keeps it the `content` string")


def shown(value: Any) -> str:
    """A learner's short string as typed, in backticks; anything else as `quote` shows it."""
    if isinstance(value, str) and value.isprintable() and "`" not in value and len(value) <= 60:
        return f"`{value}`"
    return quote(value)


def order_problem(found: list[Any], wanted: list[str], where: str, what: str) -> Problem | None:
    """ "out of order" when `found` holds exactly the ids of `wanted` in another order;
    `what` is "calls" or "results"."""
    if len(found) != len(wanted) or found == wanted or sorted(map(str, found)) != sorted(wanted):
        return None
    if what == "calls":
        message = tr(
            "the calls are out of order: {first} comes first in the original; keep the "
            "original order",
            first=quote(wanted[0]),
        )
    else:
        message = tr(
            "the results are out of order: the result for {first} comes first, as its call "
            "does; keep the original order",
            first=quote(wanted[0]),
        )
    return (where, message)


def no_prefix(where: str, prefix: str) -> Problem:
    """The finding for a result that did not fail but carries the failure prefix."""
    return (
        where,
        tr(
            "this result did not fail, so its content takes no {prefix} prefix",
            prefix=quote(prefix),
        ),
    )


# ---------------------------------------------------------- a converted result's content


def _not_a_string(found: Any, original: str, where: str) -> Problem:
    """The finding for a content that is not a string: decoded JSON, text parts, or else."""
    text = text_of(found)
    if isinstance(found, (dict, list)) and not isinstance(text, str):
        try:
            decoded = json.loads(original)
        except ValueError:
            decoded = MISSING
        if decoded is not MISSING and same(found, decoded):
            return (
                where,
                tr(
                    "the content is the result decoded into {value}; keep it as it came, a "
                    "string holding JSON",
                    value=describe(found),
                ),
            )
    if isinstance(text, str):
        return (
            where,
            tr(
                "the content is a list of text parts; the task keeps each result's content "
                "a string, as it was"
            ),
        )
    return (where, tr("the content is {value}; it is a string, as it was", value=describe(found)))


def _prefix_slip(found: str, original: str, prefix: str, where: str) -> Problem | None:
    """A failed result (Chat Completions) without its prefix, or with another prefix."""
    if found == original:
        return (
            where,
            tr(
                "the failed result has no {prefix} prefix: Chat Completions has no error "
                "flag, so the prefix is all that tells the model the call failed",
                prefix=quote(prefix),
            ),
        )
    rest = PREFIX_LIKE.sub("", found, count=1)
    if rest == original or rest.strip() == original.strip():
        return (
            where,
            tr(
                "the prefix must be exactly {prefix}, with its case, colon and one space; "
                "found {found}",
                prefix=quote(prefix),
                found=quote(found[: len(found) - len(rest)]),
            ),
        )
    return None


def content_problem(
    found: Any, result: Mapping, prefix: str, where: str, *, flag: str
) -> Problem | None:
    """What is wrong with a converted result's content (None: it is right).

    `flag` is where the failure goes: "prefix" (Chat Completions: the content starts with
    `prefix`) or "is_error" (Claude: the prefix is dropped, the block's flag says it).
    """
    original = str(result.get("content", ""))
    failed = bool(result.get("is_error"))
    wanted = prefix + original if failed and flag == "prefix" else original
    if isinstance(found, str) and found == wanted:
        return None
    if not isinstance(found, str):
        return _not_a_string(found, original, where)
    if flag == "prefix" and failed:
        slip = _prefix_slip(found, original, prefix, where)
        if slip:
            return slip
    if found.startswith(prefix) and found[len(prefix) :] == original:
        if flag == "prefix":
            return no_prefix(where, prefix)
        return (
            where,
            tr(
                "the content still starts with {prefix}: drop the prefix; `is_error: true` is "
                "what says the call failed",
                prefix=quote(prefix),
            ),
        )
    return (
        where,
        tr(
            "the content must be the original result unchanged{extra}: {wanted}; found {found}",
            extra=tr(", with the prefix") if failed and flag == "prefix" else "",
            wanted=quote(wanted, 80),
            found=quote(found, 80),
        ),
    )
