"""The engine's general JSON checks, and the helpers a course's own checks use too.

- `each-field`: one field of every entry of an object, compared with a key (with a
  threshold: "at least 8 of 10 reasons").
- `set-equals`: a list compared with a key as a set, naming the unexpected items.
- `item-count`: a list (or object) has a number of items in a range.
- `in-order`: the key's items stand in the key's order.

Like every check, these never raise: an answer of the wrong type gives a failed
`Outcome` whose message says what shape was expected (`safe`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping

from checker.answer_context import JsonContext
from checker.check_registry import POINTER, WORDS, Outcome, check, params_schema
from checker.diagnostics import (
    describe,
    diag,
    json_text,
    pointer,
    quote,
    schema_type,
    wrong_type,
)
from checker.i18n import tr, trn

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

_MISSING = object()


def safe(function: Callable[..., Outcome]) -> Callable[..., Outcome]:
    """Turn any unforeseen failure inside a check into a failed Outcome: marking never raises.

    The exception rides on the Outcome (`raised`), so that the criterion still carries the
    check's fault for its author (`checker.criterion_run.CheckFault`)."""

    @functools.wraps(function)
    def guarded(ctx: JsonContext, params: Mapping) -> Outcome:
        try:
            return function(ctx, params)
        except Exception as exc:  # noqa: BLE001 - a learner's answer must never crash the checker
            outcome = Outcome(
                False,
                tr(
                    "This part of your answer could not be checked: its shape is too far from "
                    "what the exercise asks for. Compare it with the shape shown in the task."
                ),
            )
            outcome.raised = exc  # type: ignore[attr-defined] - the check's bug, for its author
            return outcome

    return guarded


def where(at: str) -> str:
    return tr("the part of your answer at {at}", at=at) if at else tr("your answer")


def upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def same(actual: Any, expected: Any) -> bool:
    """JSON equality that keeps true apart from 1 (Python does not)."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return isinstance(actual, bool) and isinstance(expected, bool) and actual == expected
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(
            same(actual[k], expected[k]) for k in actual
        )
    if isinstance(actual, list) and isinstance(expected, list):
        return len(actual) == len(expected) and all(map(same, actual, expected))
    return actual == expected


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def not_an_array(at: str, target: Any, what: str) -> Outcome:
    """The failed Outcome for an answer (or part) that is not the JSON array expected;
    `what` is one item in words."""
    return Outcome(
        False,
        tr(
            "{where} is {value}; write a JSON array of {what}s.",
            where=upper(where(at)),
            value=describe(target),
            what=what,
        ),
    )


def names(values: list[Any], limit: int = 6) -> str:
    shown = ", ".join(json_text(v) for v in values[:limit])
    if len(values) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(values) - limit)
    return shown


# --------------------------------------------------------------------------- each-field


@check(
    "each-field",
    kinds=("json",),
    params=params_schema(
        {
            "key": {"type": "object"},
            "field": {"type": "string"},
            "at": POINTER,
            "min_correct": {"type": "integer", "minimum": 0},
            "what": WORDS,
            "notes": {"type": "object", "additionalProperties": {"type": "string"}},
        },
        ("key", "field"),
    ),
)
@safe
def each_field(ctx: JsonContext, params: Mapping) -> Outcome:
    """Entry by entry, `field` of the object at `at` equals `key[entry]`; `min_correct` must.

    Params: `key` (entry id -> expected value, or an object holding `field`, so one key can
    serve several fields), `field`, `at`, `min_correct` (default: all), `what` (the field in
    words, singular), `notes` (entry id -> a hint shown when wrong). Wrong entries are
    listed by id; the expected values are never shown.
    """
    at = params.get("at", "")
    key: Mapping = params.get("key") or {}
    field = str(params.get("field", ""))
    what = str(params.get("what", field))
    notes: Mapping = params.get("notes") or {}
    at, target = ctx.resolve(at)
    if not isinstance(target, dict):
        return Outcome(
            False,
            tr(
                "{where} is {value}; write a JSON object with one entry per item, each holding "
                "{field}.",
                where=upper(where(at)),
                value=describe(target),
                field=quote(field),
            ),
        )
    wrong, typed = _wrong_entries(target, key, field, what, at)
    total = len(key)
    correct = total - len(wrong)
    need = min(int(params.get("min_correct", total)), total)
    passed = correct >= need
    severity = "warning" if passed else "error"
    # A note explains a wrong choice; it would mislead about a value of the wrong type.
    diags = [
        diag(path, message, "" if entry_id in typed else str(notes.get(entry_id, "")), severity)
        for entry_id, path, message in wrong
    ]
    if not wrong:
        return Outcome(
            True, trn(total, "All {n} {what} match.", "All {n} {what}s match.", what=what)
        )
    listed = names([w[0] for w in wrong])
    counts = {"correct": correct, "total": total, "what": what, "listed": listed}
    if passed:
        return Outcome(
            True,
            tr(
                "{correct} of {total} {what}s match, enough to pass; look again at {listed}.",
                **counts,
            ),
            diags,
        )
    if typed and len(typed) == len(wrong):
        # Every miss is a value of the wrong JSON type: that is the one thing to fix.
        first = wrong[0][2]
        message = trn(
            len(typed),
            "{correct} of {total} {what}s match: {n} has the wrong type ({first}).",
            "{correct} of {total} {what}s match: {n} have the wrong type (the first: {first}).",
            first=first,
            **counts,
        )
        return Outcome(False, message, diags)
    if need == total:
        message = tr(
            "{correct} of {total} {what}s match (all of them must). Not right yet: {listed}.",
            **counts,
        )
    else:
        message = tr(
            "{correct} of {total} {what}s match (at least {need} must). Not right yet: {listed}.",
            need=need,
            **counts,
        )
    if typed:
        first = next(w for w in wrong if w[0] in typed)
        message += " " + trn(
            len(typed),
            "{n} of them has the wrong type ({first}).",
            "{n} of them have the wrong type (the first: {first}).",
            first=first[2],
        )
    return Outcome(False, message, diags)


def _wrong_entries(
    target: dict, key: Mapping, field: str, what: str, at: str
) -> tuple[list[tuple[str, str, str]], set[str]]:
    """The entries whose `field` is not the key's: (entry id, pointer, what is wrong), and
    the ids of those whose value has the wrong JSON type."""
    wrong: list[tuple[str, str, str]] = []  # (entry id, pointer, what is wrong)
    typed: set[str] = set()  # entries whose value has the wrong JSON type
    for entry_id, expected in key.items():
        if isinstance(expected, Mapping) and field in expected:
            expected = expected[field]
        entry = target.get(entry_id, _MISSING)
        if entry is _MISSING:
            wrong.append((entry_id, at, tr("the entry {id} is missing", id=quote(entry_id))))
        elif not isinstance(entry, dict) or field not in entry:
            path = at + pointer(entry_id)
            wrong.append(
                (entry_id, path, tr("{id} has no {field}", id=quote(entry_id), field=quote(field)))
            )
        elif not same(entry[field], expected):
            path = at + pointer(entry_id, field)
            slip = _wrong_type(entry[field], expected)
            if slip:
                typed.add(entry_id)
                why = tr("{id}: {slip}", id=quote(entry_id), slip=slip)
            else:
                why = tr(
                    "{id}: {value} is not the right {what}",
                    id=quote(entry_id),
                    value=describe(entry[field]),
                    what=what,
                )
            wrong.append((entry_id, path, why))
    return wrong, typed


def _wrong_type(value: Any, expected: Any) -> str | None:
    """`expected a boolean, not the string "true"` when `value`'s JSON type is not the
    key's (a number is a number, whole or not); None when the types agree."""
    wanted = schema_type(expected)
    if wanted == "integer":
        wanted = "number"
    return wrong_type(value, [wanted])


# --------------------------------------------------------------------------- set-equals


@check(
    "set-equals",
    kinds=("json",),
    params=params_schema(
        {
            "key": {"type": "array"},
            "at": POINTER,
            "what": WORDS,
            "notes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"item": {}, "note": {"type": "string"}},
                    "required": ["item", "note"],
                    "additionalProperties": False,
                },
            },
        },
        ("key",),
    ),
)
@safe
def set_equals(ctx: JsonContext, params: Mapping) -> Outcome:
    """The list at `at` holds the items of `key`, each once, in any order.

    Params: `key` (list), `at`, `what` (an item in words, singular), `notes` (a list of
    `{item, note}`: the explanation shown when the learner lists that wrong item).
    Unexpected items are named where they stand; missing ones are only counted.
    """
    at = params.get("at", "")
    key = list(params.get("key") or [])
    what = str(params.get("what", "item"))
    notes = {
        canon(n.get("item")): str(n.get("note", ""))
        for n in params.get("notes") or []
        if isinstance(n, Mapping)
    }
    at, target = ctx.resolve(at, whole_is_array=True)
    if not isinstance(target, list):
        return not_an_array(at, target, what)
    expected = {canon(v) for v in key}
    seen: set[str] = set()
    diags, unexpected, twice, reversed_ = [], [], [], []
    for i, item in enumerate(target):
        c = canon(item)
        path = at + pointer(i)
        if c in seen:
            twice.append(item)
            diags.append(diag(path, tr("{item} is listed twice", item=json_text(item))))
        elif c not in expected and _reversed(item) in expected - seen:
            # A named diagnosis: the right pair, the wrong way round.
            reversed_.append(item)
            seen.add(_reversed(item))
            diags.append(
                diag(
                    path,
                    tr("{item} is the wrong way round", item=json_text(item)),
                    notes.get(c, ""),
                )
            )
        elif c not in expected:
            unexpected.append(item)
            diags.append(
                diag(
                    path,
                    tr("{item} does not belong here", item=json_text(item)),
                    notes.get(c, ""),
                )
            )
        seen.add(c)
    missing = len(expected - seen)
    if not (unexpected or twice or missing or reversed_):
        return Outcome(True)
    parts = []
    if reversed_:
        parts.append(
            trn(
                len(reversed_),
                "{items} is the wrong way round",
                "{items} are the wrong way round",
                items=names(reversed_),
            )
        )
    if unexpected:
        parts.append(
            trn(
                len(unexpected),
                "{items} does not belong here",
                "{items} do not belong here",
                items=names(unexpected),
            )
        )
        noted = [notes[canon(u)] for u in unexpected if notes.get(canon(u))]
        if len(unexpected) == 1 and noted:
            parts[-1] += f" ({noted[0]})"
        elif noted:
            parts[-1] += tr(" (see the note on each below)")
    if twice:
        parts.append(
            trn(
                len(twice),
                "{items} is listed twice",
                "{items} are listed twice",
                items=names(twice),
            )
        )
    if missing:
        parts.append(trn(missing, "{n} {what} is missing", "{n} {what}s are missing", what=what))
    message = trn(
        len(expected),
        "Looking for {n} {what}: {problems}.",
        "Looking for {n} {what}s: {problems}.",
        what=what,
        problems="; ".join(parts),
    )
    return Outcome(False, message, diags)


def _reversed(item: Any) -> str:
    """The canonical text of a list item read backwards ("" for anything else)."""
    return canon(item[::-1]) if isinstance(item, list) and len(item) > 1 else ""


# --------------------------------------------------------------------------- item-count


@check(
    "item-count",
    kinds=("json",),
    params=params_schema(
        {
            "at": POINTER,
            "min": {"type": "integer", "minimum": 0},
            "max": {"type": "integer", "minimum": 0},
            "what": WORDS,
        }
    ),
)
@safe
def item_count(ctx: JsonContext, params: Mapping) -> Outcome:
    """The array at `at` holds at least `min` and at most `max` items (`what`: an item in words)."""
    at = params.get("at", "")
    what = str(params.get("what", "item"))
    at, target = ctx.resolve(at, whole_is_array=True)
    if not isinstance(target, list):
        return not_an_array(at, target, what)
    low, high = params.get("min"), params.get("max")
    n = len(target)
    here = trn(n, "{n} {what} here", "{n} {what}s here", what=what)
    if low is not None and n < int(low):
        return Outcome(
            False,
            trn(
                n,
                "The array holds {n} {what}; write at least {low}.",
                "The array holds {n} {what}s; write at least {low}.",
                what=what,
                low=low,
            ),
            [diag(at, here)],
        )
    if high is not None and n > int(high):
        return Outcome(
            False,
            trn(
                n,
                "The array holds {n} {what}; at most {high} are allowed.",
                "The array holds {n} {what}s; at most {high} are allowed.",
                what=what,
                high=high,
            ),
            [diag(at, here)],
        )
    return Outcome(True)


# --------------------------------------------------------------------------- in-order


@check(
    "in-order",
    kinds=("json",),
    params=params_schema({"key": {"type": "array"}, "at": POINTER, "what": WORDS}, ("key",)),
)
@safe
def in_order(ctx: JsonContext, params: Mapping) -> Outcome:
    """Every item of `key` appears in the list at `at`, and they stand in the key's order.

    Items not in the key are ignored here (mark them with `set-equals`). The first pair
    out of order is named.
    """
    at = params.get("at", "")
    key = list(params.get("key") or [])
    what = str(params.get("what", "item"))
    at, target = ctx.resolve(at, whole_is_array=True)
    if not isinstance(target, list):
        return not_an_array(at, target, what)
    rank = {canon(v): i for i, v in enumerate(key)}
    placed: list[tuple[int, Any, int]] = []  # (position in answer, item, rank)
    seen: set[str] = set()
    for i, item in enumerate(target):
        c = canon(item)
        if c in rank and c not in seen:
            seen.add(c)
            placed.append((i, item, rank[c]))
    missing = len(rank) - len(placed)
    for (i, item, r), (_, later, r2) in zip(placed, placed[1:]):
        if r > r2:
            first, then = json_text(item), json_text(later)
            message = tr(
                "{first} stands before {then}, but {then} has to happen first.",
                first=first,
                then=then,
            )
            return Outcome(False, message, [diag(at + pointer(i), message)])
    if missing:
        # What is there is in order; the order of the whole waits for the missing items.
        return Outcome(
            False,
            tr(
                "The {what}s there are in order, but the order can be judged in full once all "
                "{items} are in the list; {missing}.",
                what=what,
                items=trn(len(rank), "{n} {what}", "{n} {what}s", what=what),
                missing=trn(missing, "{n} is missing", "{n} are missing"),
            ),
        )
    return Outcome(True)
