"""The `field-map` check of the two-formats lesson: the map of fields between Claude's
Messages API, OpenAI's Chat Completions and the Responses API, one group of
`{anthropic, openai, responses}` entries, each a path or a value.

A wrong value is named by its likely cause (quotes of its own, the string "null", a case
slip, a path that starts too high or too low, the other OpenAI API's name), never by
showing the expected value.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from checker.checks import (
    JsonContext,
    Outcome,
    check,
    describe,
    get_pointer,
    pointer,
    quote,
    safe,
    tr,
)

from ._findings import MISSING, Problem, outcome, shown

#: Responses API names: right in another API, wrong in a map of Chat Completions
_RESPONSES_NAMES = frozenset(
    {"function_call", "call_id", "function_call_output", "output", "output_text", "input_text"}
)
#: Chat Completions names: right in another API, wrong in a map of the Responses API
_CHAT_NAMES = frozenset(
    {"tool_calls", "tool_call_id", "finish_reason", "function", "tool", "message", "choices"}
)
_ROLES = frozenset({"user", "assistant", "system", "tool", "developer"})
#: what a learner writes for "no such field" when JSON `null` is meant, in the course's languages
_NULL_WORDS = frozenset(
    {"null", "none", "nil", "n/a", "na", "-", "", "undefined", "nothing"}
    | {"нет", "ничего", "отсутствует", "пусто", "нету", "—"}
)
_FIELD_MAP_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["at", "key"],
    "properties": {
        "at": {"type": "string"},
        "key": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {"type": ["string", "null"]},
            },
        },
    },
}


def _normal_value(value: Any) -> Any:
    """`value` without spaces, and without a final `[]`: `content[]` is the lesson's way of
    writing the array `content`."""
    if not isinstance(value, str):
        return value
    return re.sub(r"\s+", "", value).removesuffix("[]")


def _chat_name(path: str) -> bool:
    """`path` starts or ends with a name only Chat Completions uses."""
    return path.split(".", 1)[0].split("[", 1)[0] in _CHAT_NAMES or (
        path.rsplit(".", 1)[-1] in _CHAT_NAMES
    )


def _entry_problem(found: Any, want: Any, side: str = "openai") -> str | None:
    """Why `found` is not `want` on `side` (None: it is right), never showing `want`."""
    if _normal_value(found) == _normal_value(want) and type(found) is type(want):
        return None
    if want is None:
        if isinstance(found, str) and found.strip().strip("\"'`").lower() in _NULL_WORDS:
            return tr(
                "{found} is a string; write JSON `null`, without quotes, for a field this "
                "format does not have",
                found=quote(found),
            )
        if side == "responses" and isinstance(found, str):
            bare = _normal_value(found).strip("\"'`")
            if bare in ("status", "completed"):
                return tr(
                    "{found}: a response's `status` says whether it finished, not why; it is "
                    "`completed` when the model asks for function calls too",
                    found=shown(found),
                )
            if _chat_name(bare):
                return tr(
                    "{found} is a name of Chat Completions; this column is the Responses API",
                    found=shown(found),
                )
        return tr("{found} is not right", found=shown(found))
    if found is None:
        return tr("this format has such a field, so `null` is not right here")
    if not isinstance(found, str):
        return tr(
            "{found} is not a string; write the path or value as a string", found=describe(found)
        )
    if not found.strip():
        return tr("this entry is still empty")
    value, target = _normal_value(found), _normal_value(want)
    if target in _ROLES and value.strip("\"'`") not in _ROLES:
        return tr(
            "{found} is not a role: a message's role says who sends it (`user`, `assistant`, "
            "`system` or `tool`)",
            found=shown(found),
        )
    bare = value.strip("\"'`")
    if bare != value and bare == target:
        return tr("{found} has quotes of its own; write the value without them", found=shown(found))
    if bare.lower() == target.lower():
        return tr("{found} is not right: names are case-sensitive", found=shown(found))
    if side == "responses" and target == "call_id" and bare == "id":
        return tr(
            "{found} is the item's own id; the id that pairs a call with its result is "
            "another field of the same item",
            found=shown(found),
        )
    if side == "responses" and _chat_name(bare):
        return tr(
            "{found} is a name of Chat Completions; this column is the Responses API",
            found=shown(found),
        )
    if re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", bare) == target:
        return tr("write an array index as `[0]`, as in the task: {found}", found=shown(found))
    if bare.endswith("." + target):
        return tr(
            "{found} starts above where this group's paths start: drop {extra}",
            found=shown(found),
            extra=shown(bare[: len(bare) - len(target)]),
        )
    if target.endswith("." + bare):
        return tr("{found} is only the end of the path: it starts higher up", found=shown(found))
    if side == "openai" and (
        bare in _RESPONSES_NAMES or bare.rsplit(".", 1)[-1] in _RESPONSES_NAMES
    ):
        return tr(
            "{found} is a name of OpenAI's Responses API; this column is Chat Completions",
            found=shown(found),
        )
    return tr("{found} is not right", found=shown(found))


@check("field-map", kinds=("json",), params=_FIELD_MAP_PARAMS)
@safe
def field_map(ctx: JsonContext, params: Mapping) -> Outcome:
    """The group at `at` maps each entry of `key` to its values, one per API (`anthropic`,
    `openai` for Chat Completions, `responses` for the Responses API: the sides `key` has).

    Whitespace does not count, nor a final `[]` on an array's path; `null` is JSON null. A
    wrong value is named by its likely cause (quotes of its own, the string "null", a case
    slip, a path that starts too high or too low, the other OpenAI API's name) and the
    expected value is never shown.
    """
    at = str(params["at"])
    key: Mapping = params["key"]
    group = get_pointer(ctx.value, at, MISSING)
    if not isinstance(group, dict):
        message = (
            tr("The group {at} is missing.", at=f"`{at.lstrip('/')}`")
            if group is MISSING
            else tr(
                "The group {at} is {value}; write an object of entries.",
                at=f"`{at.lstrip('/')}`",
                value=describe(group),
            )
        )
        return Outcome(False, message)
    problems: list[Problem] = []
    for entry, sides in key.items():
        where = at + pointer(entry)
        found = group.get(entry, MISSING)
        if not isinstance(found, dict):
            problems.append(
                (
                    where if found is not MISSING else at,
                    tr("the entry {entry} is missing", entry=f"`{entry}`")
                    if found is MISSING
                    else tr(
                        "the entry {entry} is not an object of {sides}",
                        entry=f"`{entry}`",
                        sides=", ".join(f"`{side}`" for side in sides),
                    ),
                )
            )
            continue
        for side, want in sides.items():
            value = found.get(side, MISSING)
            if value is MISSING:
                problems.append(
                    (where, tr("{entry} has no {side} value", entry=f"`{entry}`", side=f"`{side}`"))
                )
                continue
            why = _entry_problem(value, want, side)
            if why:
                problems.append(
                    (
                        where + pointer(side),
                        tr("{entry}, {side}: {why}", entry=f"`{entry}`", side=side, why=why),
                    )
                )
    return outcome(problems)
