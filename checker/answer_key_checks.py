"""The engine's checks of an answer against a key: json-schema (the answer validates) and
equals (the answer is the key, with the differences a learner may leave)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping

from checker.answer_context import JsonContext
from checker.check_registry import POINTER, Outcome, check, params_schema
from checker.diagnostics import (
    describe,
    diag,
    item_of,
    json_text,
    pointer,
    quote,
    schema_type,
    split_pointer,
    wrong_type,
)
from checker.i18n import tr, trn
from checker.jsonpointer import resolve as get_pointer

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: a default for `get_pointer` that marks an absent value
_ABSENT = object()

#: diagnostics one criterion reports at most (the message counts them all)
MAX_DIAGNOSTICS = 40

JSON_SCHEMA_PARAMS = params_schema(
    {"schema": {"type": ["object", "boolean"]}, "at": POINTER}, ("schema",)
)
EQUALS_PARAMS = params_schema(
    {
        "key": {"description": "the expected value, any JSON"},
        "at": POINTER,
        "unordered": {
            "description": "true, or the pointers (`*` for any token) of the lists whose "
            "order does not matter",
            "oneOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "string"}}],
        },
        "ignore_false": {"type": "array", "items": {"type": "string"}},
        "ignore_whitespace": {"type": "boolean"},
        "tolerance": {"type": "number", "minimum": 0},
        "reveal": {"type": "boolean"},
    },
    ("key",),
)


@check("json-schema", kinds=("json",), params=JSON_SCHEMA_PARAMS)
def json_schema(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) validates against the JSON Schema `schema`.

    Each problem is a diagnostic where it stands, in the order of the answer's text; the
    message counts the items at fault (an entry, a message), not every keyword broken.
    """
    # on first use, not at import: checker.schema_tools, checker.schema_errors, ... (5 modules)
    from checker.schema_tools import validation_errors

    schema = params["schema"]
    at = params.get("at", "")
    ptr, target = ctx.resolve(at, whole_is_array=_wants_array(schema))
    problems = validation_errors(schema, target)
    if not problems:
        return Outcome(True)
    diags = [diag(ptr + p, m) for p, m in problems[:MAX_DIAGNOSTICS]]
    items = {item_of(p, target) for p, _ in problems}
    first_path, first_message = problems[0]
    return Outcome(
        False,
        trn(
            len(items),
            "{n} part of the answer does not fit the expected shape. First, at {where}: {problem}",
            "{n} parts of the answer do not fit the expected shape. First, at {where}: {problem}",
            where=ptr + first_path or tr("the top"),
            problem=first_message,
        ),
        diags,
    )


def _wants_array(schema: Any) -> bool:
    return isinstance(schema, Mapping) and (
        schema.get("type") == "array" or "items" in schema or "prefixItems" in schema
    )


def _pattern_matches(pattern: str, ptr: str) -> bool:
    a, b = split_pointer(pattern), split_pointer(ptr)
    return len(a) == len(b) and all(x in ("*", y) for x, y in zip(a, b))


def _normalise(value: Any, ptr: str, params: Mapping) -> Any:
    unordered = params.get("unordered", False)
    ignore_false = set(params.get("ignore_false", []))
    if isinstance(value, dict):
        return {
            k: _normalise(v, ptr + pointer(k), params)
            for k, v in value.items()
            if not (k in ignore_false and v is False)
        }
    if isinstance(value, list):
        items = [_normalise(v, ptr + pointer(i), params) for i, v in enumerate(value)]
        if unordered is True or (
            isinstance(unordered, list) and any(_pattern_matches(p, ptr) for p in unordered)
        ):
            items.sort(key=_canon)
        return items
    if isinstance(value, str) and params.get("ignore_whitespace"):
        return "".join(value.split())
    return value


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _numbers_close(a: Any, b: Any, tolerance: float) -> bool:
    numeric = (int, float)
    return (
        isinstance(a, numeric)
        and isinstance(b, numeric)
        and not isinstance(a, bool)
        and not isinstance(b, bool)
        and abs(a - b) <= tolerance
    )


def _json_equal(a: Any, b: Any, tolerance: float = 0) -> bool:
    """JSON equality: true is not 1; numbers within `tolerance` are equal."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k], tolerance) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y, tolerance) for x, y in zip(a, b))
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a == b or _numbers_close(a, b, tolerance)


class _Differences:
    """Where an answer departs from a key: (pointer, what, expected) triples, each named
    by what went wrong (a wrong type, a missing prefix, an item listed twice, items out
    of order) before any raw difference."""

    def __init__(self, tolerance: float, reveal: bool, *, sent: bool = False) -> None:
        self.tolerance = tolerance
        self.reveal = reveal
        #: the key is what the API sent (a turn to resend): an extra key is named as such
        self.sent = sent
        self.out: list[tuple[str, str, Any]] = []

    def add(self, path: str, what: str, expected: Any = None) -> None:
        self.out.append((path, what, expected))

    def compare(self, actual: Any, expected: Any, path: str) -> None:
        if _json_equal(actual, expected, self.tolerance):
            return
        if isinstance(expected, dict) and isinstance(actual, dict):
            for key in expected:
                if key not in actual:
                    self.add(path, tr("{key} is missing", key=quote(key)))
                else:
                    self.compare(actual[key], expected[key], path + pointer(key))
            for key in actual:
                if key not in expected:
                    if self.sent:
                        what = tr("the key {key} was not in what the API sent", key=quote(key))
                    else:
                        what = tr("{key} is not expected here", key=quote(key))
                    self.add(path + pointer(key), what)
        elif isinstance(expected, list) and isinstance(actual, list):
            self.compare_lists(actual, expected, path)
        else:
            self.add(path, self.scalar(actual, expected), expected)

    def scalar(self, actual: Any, expected: Any) -> str:
        """What is wrong with `actual` where `expected` stands, named where it can be."""
        wanted = schema_type(expected)
        own = schema_type(actual)
        numbers = ("integer", "number")
        if own != wanted and not (own in numbers and wanted in numbers):
            return wrong_type(actual, [wanted if wanted not in numbers else "number"]) or ""
        if isinstance(actual, str) and isinstance(expected, str):
            return self.text(actual, expected)
        return tr("{value} is not right", value=describe(actual))

    def text(self, actual: str, expected: str) -> str:
        value = describe(actual)
        if actual and expected.endswith(actual):
            prefix = expected[: len(expected) - len(actual)]
            if self.reveal or not prefix.strip(" :").isalnum() or len(prefix) <= 8:
                return tr("{value} lacks the prefix {prefix}", value=value, prefix=quote(prefix))
            return tr("{value} lacks a prefix: the rest matches", value=value)
        if expected and actual.endswith(expected):
            return tr(
                "{value} has {extra} before the expected text",
                value=value,
                extra=quote(actual[: len(actual) - len(expected)]),
            )
        if actual and expected.startswith(actual):
            return tr("{value} stops short: the end of the text is missing", value=value)
        if actual.casefold() == expected.casefold():
            return tr("{value} differs only in upper and lower case", value=value)
        if "".join(actual.split()) == "".join(expected.split()):
            return tr("{value} differs only in spaces", value=value)
        return tr("{value} is not right", value=value)

    def compare_lists(self, actual: list, expected: list, path: str) -> None:
        want = Counter(_canon(e) for e in expected)
        rest: list[tuple[int, Any]] = []  # (index in the answer, item), repeats left out
        seen: Counter = Counter()
        for i, item in enumerate(actual):
            c = _canon(item)
            seen[c] += 1
            if want[c] and seen[c] > want[c]:
                self.add(path + pointer(i), tr("{item} is listed twice", item=json_text(item)))
            else:
                rest.append((i, item))
        surplus = len(rest) - len(expected)
        if surplus > 0:
            extra = [(i, item) for i, item in rest if not want[_canon(item)]][:surplus]
            for i, item in extra:
                self.add(path + pointer(i), tr("{item} is not expected here", item=json_text(item)))
            dropped = {i for i, _ in extra}
            rest = [(i, item) for i, item in rest if i not in dropped]
        if len(rest) == len(expected):
            pairs = [(i, a, e) for (i, a), e in zip(rest, expected) if _canon(a) != _canon(e)]
            if not pairs:
                return
            if sorted(_canon(a) for _, a in rest) == sorted(want.elements()):
                i, item, _ = pairs[0]
                self.add(
                    path,
                    tr(
                        "the right items, but out of order: {item} (at {where}) is out of place",
                        item=json_text(item),
                        where=path + pointer(i),
                    ),
                )
                return
            for i, item, e in pairs:
                self.compare(item, e, path + pointer(i))
            return
        if len(rest) < len(expected) and all(want[_canon(item)] for _, item in rest):
            missing = len(expected) - len(rest)
            self.add(path, trn(missing, "{n} item is missing", "{n} items are missing"))
            return
        for (i, item), e in zip(rest, expected):
            self.compare(item, e, path + pointer(i))
        self.add(
            path,
            trn(
                len(expected),
                "expected {n} item, found {found}",
                "expected {n} items, found {found}",
                found=len(actual),
            ),
        )


def first_difference(actual: Any, expected: Any, path: str = "") -> tuple[str, str] | None:
    """(pointer, what differs) for the first place `actual` departs from `expected`, named
    where it can be (a wrong type, an item too many, items out of order)."""
    found = _Differences(0, reveal=True, sent=True)
    found.compare(actual, expected, path)
    if not found.out:
        return None
    where, what, _ = found.out[0]
    return where, what


def _found_elsewhere(ctx: JsonContext, ptr: str, key: Any, at: str, params: Mapping) -> str | None:
    """ "out of order" when the item expected at `ptr` (an array element) stands at another
    index of the same array."""
    tokens = split_pointer(ptr)
    if not tokens or not tokens[-1].isdigit():
        return None
    parent = get_pointer(ctx.value, pointer(*tokens[:-1]), None)
    if not isinstance(parent, list):
        return None
    here = int(tokens[-1])
    expected = _normalise(key, at, params)
    tolerance = float(params.get("tolerance", 0))
    for index, item in enumerate(parent):
        if index != here and _json_equal(_normalise(item, at, params), expected, tolerance):
            return tr(
                "out of order: what belongs here stands at {other}",
                other=pointer(*tokens[:-1], index),
            )
    return None


@check("equals", kinds=("json",), params=EQUALS_PARAMS)
def equals(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) equals `key` (lists unordered where declared).

    `at` is written against what the exercise asks for: with a request body for an
    answer, `/2` is the third message. Each difference is named (a wrong type, a missing
    prefix, an item listed twice, items out of order) before any raw difference; with
    `reveal`, a hint shows the expected value.
    """
    at = params.get("at", "")
    key = params["key"]
    ptr, _ = ctx.resolve(at, whole_is_array=isinstance(key, list))
    actual = get_pointer(ctx.value, ptr, _ABSENT)
    reveal = bool(params.get("reveal", False))
    found = _Differences(float(params.get("tolerance", 0)), reveal)
    if actual is _ABSENT:
        found.add(ptr, tr("{where} is missing", where=ptr or tr("the answer")), key)
    else:
        expected = _normalise(key, at, params)
        found.compare(_normalise(actual, at, params), expected, ptr)
    out = found.out
    if not out:
        return Outcome(True)
    elsewhere = _found_elsewhere(ctx, ptr, key, at, params)
    if elsewhere is not None:
        out = [(ptr, elsewhere, None)]
    diags = []
    for path, what, want in out[:MAX_DIAGNOSTICS]:
        hint = tr("expected {value}", value=describe(want)) if reveal and want is not None else ""
        diags.append(diag(path, what, hint))
    shown = "; ".join(f"{p or tr('the answer')}: {w}" for p, w, _ in out[:3])
    more = tr(" (and {n} more)", n=len(out) - 3) if len(out) > 3 else ""
    return Outcome(
        False,
        trn(
            len(out),
            "{n} place differs from the answer key: {places}{more}.",
            "{n} places differ from the answer key: {places}{more}.",
            places=shown,
            more=more,
        ),
        diags,
    )
