"""Marking checks written for the bundled course's exercises.

Each check is one small function registered with `@check(name)`; `checker.criteria`
imports this module at its end so they are known wherever criteria are. Like every
check, these never raise: an answer of the wrong type gives a failed `Outcome` whose
message says what shape was expected.

- `each-field`: one field of every entry of an object, compared with a key (with a
  threshold: "at least 8 of 10 reasons").
- `set-equals`: a list compared with a key as a set, naming the unexpected items.
- `in-order`: the key's items stand in the key's order.
- `tool-definition`: a Claude tool definition is well formed, described, exemplified.
- `action-enum`: consolidated tools cover every original operation exactly once.
- `tool-calls`: a Chat Completions assistant message carries the given calls.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from checker.criteria import JsonContext, Outcome, check, diag, get_pointer
from checker.diagnostics import describe, pointer, quote
from checker.i18n import tr, trn

_MISSING = object()


def _safe(function: Callable[..., Outcome]) -> Callable[..., Outcome]:
    """Turn any unforeseen failure inside a check into a failed Outcome: marking never raises."""

    @functools.wraps(function)
    def guarded(ctx: JsonContext, params: Mapping) -> Outcome:
        try:
            return function(ctx, params)
        except Exception:  # noqa: BLE001 - a learner's answer must never crash the checker
            return Outcome(
                False,
                tr(
                    "This part of your answer could not be checked: its shape is too far from "
                    "what the exercise asks for. Compare it with the shape shown in the task."
                ),
            )

    return guarded


def _where(at: str) -> str:
    return tr("the part of your answer at {at}", at=at) if at else tr("your answer")


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _same(actual: Any, expected: Any) -> bool:
    """JSON equality that keeps true apart from 1 (Python does not)."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return isinstance(actual, bool) and isinstance(expected, bool) and actual == expected
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(
            _same(actual[k], expected[k]) for k in actual
        )
    if isinstance(actual, list) and isinstance(expected, list):
        return len(actual) == len(expected) and all(map(_same, actual, expected))
    return actual == expected


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


_MARKUP_LIKE = re.compile(r"\[(?=[A-Za-z#/@])")


def _json_text(value: Any, limit: int = 80) -> str:
    """A small JSON value as compact text, safe for a terminal that reads markup."""
    if isinstance(value, str):
        return quote(value, limit)
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return _MARKUP_LIKE.sub("\\\\u005b", text)


def _not_an_array(at: str, target: Any, what: str) -> Outcome:
    """The failed Outcome for an answer (or part) that is not the JSON array expected;
    `what` is one item in words."""
    return Outcome(
        False,
        tr(
            "{where} is {value}; write a JSON array of {what}s.",
            where=_upper(_where(at)),
            value=describe(target),
            what=what,
        ),
    )


def _names(values: list[Any], limit: int = 6) -> str:
    shown = ", ".join(_json_text(v) for v in values[:limit])
    if len(values) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(values) - limit)
    return shown


# --------------------------------------------------------------------------- each-field


@check("each-field", kinds=("json",))
@_safe
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
    target = get_pointer(ctx.value, at, None)
    if not isinstance(target, dict):
        return Outcome(
            False,
            tr(
                "{where} is {value}; write a JSON object with one entry per item, each holding "
                "{field}.",
                where=_upper(_where(at)),
                value=describe(target),
                field=quote(field),
            ),
        )
    wrong: list[tuple[str, str, str]] = []  # (entry id, pointer, what is wrong)
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
        elif not _same(entry[field], expected):
            path = at + pointer(entry_id, field)
            wrong.append(
                (
                    entry_id,
                    path,
                    tr(
                        "{id}: {value} is not the right {what}",
                        id=quote(entry_id),
                        value=describe(entry[field]),
                        what=what,
                    ),
                )
            )
    total = len(key)
    correct = total - len(wrong)
    need = min(int(params.get("min_correct", total)), total)
    passed = correct >= need
    severity = "warning" if passed else "error"
    diags = [
        diag(path, message, str(notes.get(entry_id, "")), severity)
        for entry_id, path, message in wrong
    ]
    if not wrong:
        return Outcome(
            True, trn(total, "All {n} {what} match.", "All {n} {what}s match.", what=what)
        )
    listed = _names([w[0] for w in wrong])
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
    return Outcome(False, message, diags)


# --------------------------------------------------------------------------- set-equals


@check("set-equals", kinds=("json",))
@_safe
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
        _canon(n.get("item")): str(n.get("note", ""))
        for n in params.get("notes") or []
        if isinstance(n, Mapping)
    }
    target = get_pointer(ctx.value, at, None)
    if not isinstance(target, list):
        return _not_an_array(at, target, what)
    expected = {_canon(v) for v in key}
    seen: set[str] = set()
    diags, unexpected, twice = [], [], []
    for i, item in enumerate(target):
        c = _canon(item)
        path = at + pointer(i)
        if c in seen:
            twice.append(item)
            diags.append(diag(path, tr("{item} is listed twice", item=_json_text(item))))
        elif c not in expected:
            unexpected.append(item)
            diags.append(
                diag(
                    path,
                    tr("{item} does not belong here", item=_json_text(item)),
                    notes.get(c, ""),
                )
            )
        seen.add(c)
    missing = len(expected - seen)
    if not (unexpected or twice or missing):
        return Outcome(True)
    parts = []
    if unexpected:
        parts.append(
            trn(
                len(unexpected),
                "{items} does not belong here",
                "{items} do not belong here",
                items=_names(unexpected),
            )
        )
        noted = [notes[_canon(u)] for u in unexpected if notes.get(_canon(u))]
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
                items=_names(twice),
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


# --------------------------------------------------------------------------- item-count


@check("item-count", kinds=("json",))
@_safe
def item_count(ctx: JsonContext, params: Mapping) -> Outcome:
    """The array at `at` holds at least `min` and at most `max` items (`what`: an item in words)."""
    at = params.get("at", "")
    what = str(params.get("what", "item"))
    target = get_pointer(ctx.value, at, None)
    if not isinstance(target, list):
        return _not_an_array(at, target, what)
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


@check("in-order", kinds=("json",))
@_safe
def in_order(ctx: JsonContext, params: Mapping) -> Outcome:
    """Every item of `key` appears in the list at `at`, and they stand in the key's order.

    Items not in the key are ignored here (mark them with `set-equals`). The first pair
    out of order is named.
    """
    at = params.get("at", "")
    key = list(params.get("key") or [])
    what = str(params.get("what", "item"))
    target = get_pointer(ctx.value, at, None)
    if not isinstance(target, list):
        return _not_an_array(at, target, what)
    rank = {_canon(v): i for i, v in enumerate(key)}
    placed: list[tuple[int, Any, int]] = []  # (position in answer, item, rank)
    seen: set[str] = set()
    for i, item in enumerate(target):
        c = _canon(item)
        if c in rank and c not in seen:
            seen.add(c)
            placed.append((i, item, rank[c]))
    missing = len(rank) - len(placed)
    if missing:
        return Outcome(
            False,
            tr(
                "The order can be judged once all {items} are in the list; {missing}.",
                items=trn(len(rank), "{n} {what}", "{n} {what}s", what=what),
                missing=trn(missing, "{n} is missing", "{n} are missing"),
            ),
        )
    for (i, item, r), (_, later, r2) in zip(placed, placed[1:]):
        if r > r2:
            first, then = _json_text(item), _json_text(later)
            message = tr(
                "{first} stands before {then}, but {then} has to happen first.",
                first=first,
                then=then,
            )
            return Outcome(False, message, [diag(at + pointer(i), message)])
    return Outcome(True)


# --------------------------------------------------------------------------- tool-definition

NAME_PATTERN = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_ABBREVIATIONS = re.compile(r"\b(e\.g|i\.e|etc|vs|cf|incl|approx)\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?]+(?:\s+|$)")
_WORD = re.compile(r"[A-Za-z0-9]+")
TOOL_DEFINITION_PARTS = ("name", "shape", "description", "examples", "strict")


def count_sentences(text: str) -> int:
    """Sentences in `text`: pieces ending in . ! or ? with at least two words each.

    "e.g." and similar abbreviations do not end a sentence; a decimal point does not either
    (no space follows it).
    """
    text = _ABBREVIATIONS.sub(lambda m: m.group(1), text)
    return sum(1 for piece in _SENTENCE_END.split(text) if len(_WORD.findall(piece)) >= 2)


def _definitions(value: Any, many: bool) -> tuple[list[tuple[str, Any]], str]:
    """[(pointer, definition)] and a shape complaint ("" when the shape is right)."""
    if not many:
        if isinstance(value, dict):
            return [("", value)], ""
        if isinstance(value, list):
            return [], tr(
                "Your answer is {value}; write one tool definition, a JSON object with `name`, "
                "`description` and `input_schema` (just the object, not an array holding it).",
                value=describe(value),
            )
        return [], tr(
            "Your answer is {value}; write one tool definition, a JSON object with `name`, "
            "`description` and `input_schema`.",
            value=describe(value),
        )
    base = ""
    if isinstance(value, dict) and isinstance(value.get("tools"), list):
        value, base = value["tools"], "/tools"
    if not isinstance(value, list):
        return [], tr(
            "Your answer is {value}; write a JSON array of tool definitions.",
            value=describe(value),
        )
    return [(base + pointer(i), d) for i, d in enumerate(value)], ""


def _label(d: Any, path: str) -> str:
    name = d.get("name") if isinstance(d, dict) else None
    if isinstance(name, str):
        return tr("tool {name}", name=quote(name))
    return _definition_at(path)


def _definition_at(path: str) -> str:
    return tr("the definition at {path}", path=path or tr("the top"))


def _schema(d: dict) -> dict | None:
    schema = d.get("input_schema")
    return schema if isinstance(schema, dict) else None


def _schema_errors(schema: dict) -> list[tuple[str, str]]:
    """Meta-validation problems of `schema` against Draft 2020-12 ([] when valid)."""
    from jsonschema import Draft202012Validator

    from checker.schema_tools import validation_errors

    return validation_errors(Draft202012Validator.META_SCHEMA, schema)


def _usable_schema(d: dict) -> dict | None:
    """The definition's input_schema when it is a valid schema of type object."""
    schema = _schema(d)
    if schema is None or schema.get("type") != "object":
        return None
    try:
        return None if _schema_errors(schema) else schema
    except Exception:  # noqa: BLE001 - a schema jsonschema cannot digest is simply unusable
        return None


def _part_name(d: dict, path: str) -> list[tuple[str, str]]:
    name = d.get("name")
    if not isinstance(name, str):
        return [(path, tr("the definition has no `name` (a string)"))]
    if NAME_PATTERN.fullmatch(name):
        return []
    if not name:
        why = tr("it is empty")
    elif len(name) > 64:
        why = tr("it is {n} characters long; keep names to 64", n=len(name))
    else:
        bad = sorted({c for c in name if not re.fullmatch(r"[a-zA-Z0-9_-]", c)})
        why = tr(
            "it contains {chars}; only letters, digits, `_` and `-` are allowed",
            chars=", ".join(quote(c) for c in bad),
        )
    return [
        (
            path + "/name",
            tr(
                "the name {name} does not match ^[a-zA-Z0-9_-]{{1,64}}$: {why}",
                name=quote(name),
                why=why,
            ),
        )
    ]


def _part_shape(d: dict, path: str) -> list[tuple[str, str]]:
    out = []
    if "function" in d or d.get("type") == "function":
        out.append(
            (
                path + ("/function" if "function" in d else "/type"),
                tr(
                    "this is OpenAI's wrapper (`type: function` around a `function` object); a "
                    "Claude definition is flat: `name`, `description` and `input_schema` at the "
                    "top level"
                ),
            )
        )
    if "parameters" in d:
        out.append(
            (
                path + "/parameters",
                tr(
                    "`parameters` is OpenAI's name for the schema; Claude reads `input_schema`, "
                    "and the API would answer 400 because `input_schema` is missing"
                ),
            )
        )
    schema = d.get("input_schema", _MISSING)
    if schema is _MISSING:
        if "parameters" not in d:
            out.append((path, tr("the definition has no `input_schema`")))
        return out
    if not isinstance(schema, dict):
        return out + [
            (
                path + "/input_schema",
                tr(
                    "`input_schema` must be a JSON Schema object, not {value}",
                    value=describe(schema),
                ),
            )
        ]
    if schema.get("type") != "object":
        out.append(
            (
                path + "/input_schema",
                tr(
                    'the top level of `input_schema` must say `"type": "object"`; found {value}',
                    value=describe(schema.get("type")),
                ),
            )
        )
    try:
        problems = _schema_errors(schema)
    except Exception:  # noqa: BLE001 - never raise on input
        problems = [("", tr("jsonschema could not read it"))]
    if problems:
        where, message = problems[0]
        out.append(
            (
                path + "/input_schema" + where,
                tr(
                    "`input_schema` is not a valid JSON Schema (Draft 2020-12): {problem}",
                    problem=message,
                ),
            )
        )
        return out
    properties = schema.get("properties", {})
    for i, name in enumerate(schema.get("required", [])):
        if name not in properties:
            out.append(
                (
                    path + pointer("input_schema", "required", i),
                    tr(
                        "{name} is listed in `required` but is not one of the `properties`",
                        name=quote(name),
                    ),
                )
            )
    return out


def _part_description(d: dict, path: str, min_sentences: int) -> list[tuple[str, str]]:
    text = d.get("description")
    if not isinstance(text, str) or not text.strip():
        return [
            (
                path,
                tr(
                    "the definition has no `description`; the model reads it to decide when and "
                    "how to call"
                ),
            )
        ]
    out = []
    n = count_sentences(text)
    if n < min_sentences:
        out.append(
            (
                path + "/description",
                trn(
                    n,
                    "the description has {n} sentence; write at least {min}: what the tool "
                    "does, when to use it and when not, what each parameter means",
                    "the description has {n} sentences; write at least {min}: what the tool "
                    "does, when to use it and when not, what each parameter means",
                    min=min_sentences,
                ),
            )
        )
    schema = _schema(d) or {}
    properties = schema.get("properties")
    if isinstance(properties, dict):
        for name, sub in properties.items():
            own = sub.get("description") if isinstance(sub, dict) else None
            if isinstance(own, str) and own.strip():
                continue
            if re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text):
                continue
            out.append(
                (
                    path + pointer("input_schema", "properties", name),
                    tr(
                        "the parameter {name} is explained nowhere: give it a `description`, or "
                        "say in the tool's description what it means",
                        name=quote(name),
                    ),
                )
            )
    return out


def _part_examples(
    d: dict, path: str, min_examples: int, omit_optional: bool
) -> list[tuple[str, str]]:
    examples = d.get("input_examples", _MISSING)
    if examples is _MISSING:
        return [
            (
                path,
                tr(
                    "add `input_examples`: a list of at least {min} sample inputs",
                    min=min_examples,
                ),
            )
        ]
    if not isinstance(examples, list):
        return [
            (
                path + "/input_examples",
                tr(
                    "`input_examples` must be a list of input objects, not {value}",
                    value=describe(examples),
                ),
            )
        ]
    out = []
    if len(examples) < min_examples:
        out.append(
            (
                path + "/input_examples",
                trn(
                    len(examples),
                    "`input_examples` holds {n} example; give at least {min}",
                    "`input_examples` holds {n} examples; give at least {min}",
                    min=min_examples,
                ),
            )
        )
    schema = _usable_schema(d)
    for i, example in enumerate(examples):
        where = path + pointer("input_examples", i)
        if not isinstance(example, dict):
            out.append(
                (
                    where,
                    tr(
                        "example {i} is {value}; each example is an input object",
                        i=i,
                        value=describe(example),
                    ),
                )
            )
            continue
        if schema is None:
            continue
        try:
            from checker.schema_tools import validation_errors

            problems = validation_errors(schema, example)
        except Exception:  # noqa: BLE001 - never raise on input
            problems = [("", tr("the schema could not be applied to it"))]
        if problems:
            inner, message = problems[0]
            out.append(
                (
                    where + inner,
                    tr(
                        "example {i} does not validate against `input_schema` (at {where}: "
                        "{problem}); the API would answer 400 and reject the whole request",
                        i=i,
                        where=inner or tr("its top level"),
                        problem=message,
                    ),
                )
            )
    if schema is None and not any(isinstance(e, dict) for e in examples):
        return out
    if schema is None:
        out.append(
            (
                path + "/input_schema",
                tr("the examples can be checked once `input_schema` is a valid object schema"),
            )
        )
        return out
    optional = [p for p in schema.get("properties", {}) if p not in schema.get("required", [])]
    dicts = [e for e in examples if isinstance(e, dict)]
    if omit_optional and optional and dicts and all(all(p in e for p in optional) for e in dicts):
        out.append(
            (
                path + "/input_examples",
                tr(
                    "every example sets every optional parameter ({names}); leave at least one "
                    "out somewhere, so the model learns that a call without it is normal",
                    names=", ".join(quote(p) for p in optional),
                ),
            )
        )
    return out


def _object_schemas(schema: Any, path: str):
    """(pointer, subschema) for every subschema of `schema` that describes an object."""
    if not isinstance(schema, dict):
        return
    kind = schema.get("type")
    if kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in schema:
        yield path, schema
    for key in ("properties", "$defs", "definitions", "patternProperties"):
        if isinstance(schema.get(key), dict):
            for name, sub in schema[key].items():
                yield from _object_schemas(sub, path + pointer(key, name))
    for key in ("items", "additionalProperties", "not", "if", "then", "else", "contains"):
        if isinstance(schema.get(key), dict):
            yield from _object_schemas(schema[key], path + pointer(key))
    for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
        if isinstance(schema.get(key), list):
            for i, sub in enumerate(schema[key]):
                yield from _object_schemas(sub, path + pointer(key, i))


def _part_strict(d: dict, path: str) -> list[tuple[str, str]]:
    if d.get("strict") is not True:
        return []
    out = []
    for where, sub in _object_schemas(_schema(d), path + "/input_schema"):
        if sub.get("additionalProperties") is not False:
            out.append(
                (
                    where,
                    tr(
                        "`strict` is on, but the object schema at {where} does not set "
                        "`additionalProperties: false`",
                        where=where,
                    ),
                )
            )
    return out


@check("tool-definition", kinds=("json",))
@_safe
def tool_definition(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) is a Claude tool definition the API and model can use.

    `parts` picks what is marked (default all): `name` (^[a-zA-Z0-9_-]{1,64}$), `shape`
    (flat, no OpenAI `parameters`/`function`, an `input_schema` of type object that is a
    valid Draft 2020-12 schema, `required` within `properties`), `description` (at least
    `min_sentences`, every parameter explained), `examples` (at least `min_examples`
    `input_examples`, each valid against the schema, one leaving out an optional
    parameter unless `omit_optional` is false), `strict` (with `strict: true`, every object
    schema sets `additionalProperties: false`). `many: true` marks every definition of an
    array (or of a body's `tools`).
    """
    at = params.get("at", "")
    parts = params.get("parts") or TOOL_DEFINITION_PARTS
    definitions, complaint = _definitions(
        get_pointer(ctx.value, at, None), bool(params.get("many"))
    )
    if complaint:
        return Outcome(False, complaint)
    if not definitions:
        return Outcome(False, tr("The array holds no tool definition."))
    problems: list[tuple[str, str, str]] = []  # (label, pointer, message)
    for path, d in definitions:
        path = at + path
        if not isinstance(d, dict):
            problems.append(
                (
                    _definition_at(path),
                    path,
                    tr("a tool definition is an object, not {value}", value=describe(d)),
                )
            )
            continue
        found = []
        if "shape" in parts:
            found += _part_shape(d, path)
        if "name" in parts:
            found += _part_name(d, path)
        if "description" in parts:
            found += _part_description(d, path, int(params.get("min_sentences", 3)))
        if "examples" in parts:
            found += _part_examples(
                d, path, int(params.get("min_examples", 2)), bool(params.get("omit_optional", True))
            )
        if "strict" in parts:
            found += _part_strict(d, path)
        problems += [(_label(d, path), p, m) for p, m in found]
    if not problems:
        return Outcome(True)
    label, _, first = problems[0]
    more = _more_problems(len(problems) - 1)
    if len(definitions) > 1:
        message = tr("In {label}, {problem}{more}.", label=label, problem=first, more=more)
    else:
        message = f"{first}{more}."
    return Outcome(False, _upper(message), [diag(p, m) for _, p, m in problems[:20]])


def _more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


# --------------------------------------------------------------------------- action-enum


@check("action-enum", kinds=("json",))
@_safe
def action_enum(ctx: JsonContext, params: Mapping) -> Outcome:
    """Consolidated tools: each original operation is one `action` value of exactly one tool.

    Params: `services` (name prefix -> {action: the original tool it replaces}), `field`
    (default `action`), `at`. The answer is an array of definitions (or a body with
    `tools`); a tool's service is the prefix its name starts with, followed by `_`.
    """
    at = params.get("at", "")
    field = str(params.get("field", "action"))
    services: Mapping = params.get("services") or {}
    definitions, complaint = _definitions(get_pointer(ctx.value, at, None), True)
    if complaint:
        return Outcome(False, complaint)
    owner = {action: service for service, actions in services.items() for action in actions}
    # (service, action) -> [(tool name, pointer of the enum value)]
    offered: dict[tuple[str, str], list[tuple[str, str]]] = {}
    problems: list[tuple[str, str]] = []
    prefixes = ", ".join(f"`{s}_`" for s in services)
    for path, d in definitions:
        path = at + path
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            problems.append(
                (path, tr("this definition has no `name`, so its service cannot be told"))
            )
            continue
        name = d["name"]
        service = next((s for s in services if name.startswith(f"{s}_")), None)
        if service is None:
            problems.append(
                (
                    path + "/name",
                    tr(
                        "{name} starts with none of the service prefixes ({prefixes})",
                        name=quote(name),
                        prefixes=prefixes,
                    ),
                )
            )
            continue
        schema = _schema(d) or {}
        prop = (
            schema.get("properties", {}).get(field)
            if isinstance(schema.get("properties"), dict)
            else None
        )
        enum = prop.get("enum") if isinstance(prop, dict) else None
        if not isinstance(enum, list):
            problems.append(
                (
                    path + "/input_schema",
                    tr(
                        "{name} has no {field} property with an `enum` of operations",
                        name=quote(name),
                        field=quote(field),
                    ),
                )
            )
            continue
        required = schema.get("required")
        if not (isinstance(required, list) and field in required):
            problems.append(
                (
                    path + "/input_schema",
                    tr(
                        "in {name}, {field} should be `required`: without it the tool cannot "
                        "tell which operation is meant",
                        name=quote(name),
                        field=quote(field),
                    ),
                )
            )
        where = path + pointer("input_schema", "properties", field, "enum")
        for i, action in enumerate(enum):
            if not isinstance(action, str) or action not in owner:
                names = ", ".join(services[service])
                problems.append(
                    (
                        where + pointer(i),
                        tr(
                            "{action} in {name} is not one of the {service} action names ({names})",
                            action=_json_text(action),
                            name=quote(name),
                            service=service,
                            names=names,
                        ),
                    )
                )
            elif owner[action] != service:
                problems.append(
                    (
                        where + pointer(i),
                        tr(
                            "{action} is a `{owner}` operation, but {name} is a `{service}` tool",
                            action=quote(action),
                            owner=owner[action],
                            name=quote(name),
                            service=service,
                        ),
                    )
                )
            else:
                offered.setdefault((service, action), []).append((name, where + pointer(i)))
    for (_service, action), places in offered.items():
        if len(places) > 1:
            names = tr(" and ").join(quote(n) for n, _ in places)
            problems.append(
                (
                    places[-1][1],
                    tr(
                        "{action} is offered by {names}; each operation belongs to one tool",
                        action=quote(action),
                        names=names,
                    ),
                )
            )
    for service, actions in services.items():
        for action, original in actions.items():
            if (service, action) not in offered:
                problems.append(
                    (
                        at,
                        tr(
                            "no `{service}` tool offers {action}, so {original} is lost",
                            service=service,
                            action=quote(action),
                            original=quote(original),
                        ),
                    )
                )
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{_upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])


# --------------------------------------------------------------------------- tool-calls


def _openai_text(content: Any) -> str | None:
    """The text of a Chat Completions message content: a string or text parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(
        isinstance(p, dict) and p.get("type") == "text" for p in content
    ):
        texts = [p.get("text") for p in content]
        return "".join(texts) if all(isinstance(t, str) for t in texts) else None
    return None


def _call_problems(call: Any, want: Mapping, base: str, i: int) -> list[tuple[str, str]]:
    if not isinstance(call, dict):
        return [
            (
                base,
                tr("tool call {i} is {value}; each call is an object", i=i, value=describe(call)),
            )
        ]
    out = []
    if call.get("id") != want.get("id"):
        out.append(
            (
                base + "/id",
                tr(
                    "tool call {i} has id {found}; keep the original id {id}",
                    i=i,
                    found=describe(call.get("id")),
                    id=quote(want.get("id")),
                ),
            )
        )
    if call.get("type") != "function":
        out.append(
            (
                base + "/type",
                tr(
                    'tool call {i} needs `"type": "function"`; found {found}',
                    i=i,
                    found=describe(call.get("type")),
                ),
            )
        )
    function = call.get("function")
    if not isinstance(function, dict):
        return out + [
            (
                base,
                tr(
                    "tool call {i} needs a `function` object holding `name` and `arguments`; "
                    "found {found}",
                    i=i,
                    found=describe(function),
                ),
            )
        ]
    if function.get("name") != want.get("name"):
        out.append(
            (
                base + "/function/name",
                tr(
                    "tool call {i} names {found}; it should be {name}",
                    i=i,
                    found=describe(function.get("name")),
                    name=quote(want.get("name")),
                ),
            )
        )
    arguments = function.get("arguments", _MISSING)
    where = base + "/function/arguments"
    if arguments is _MISSING:
        out.append((base + "/function", tr("tool call {i} has no `arguments`", i=i)))
    elif not isinstance(arguments, str):
        out.append(
            (
                where,
                tr(
                    "`arguments` of tool call {i} is {found}; in Chat Completions it is a string "
                    "holding JSON, such as {example}",
                    i=i,
                    found=describe(arguments),
                    example=quote(json.dumps(want.get("input"))),
                ),
            )
        )
    else:
        try:
            decoded = json.loads(arguments)
        except ValueError:
            out.append(
                (
                    where,
                    tr(
                        "`arguments` of tool call {i} is not valid JSON text: {text}",
                        i=i,
                        text=quote(arguments, 40),
                    ),
                )
            )
        else:
            if not _same(decoded, want.get("input")):
                out.append(
                    (
                        where,
                        tr(
                            "`arguments` of tool call {i} decodes to {value}, not to the "
                            "original input",
                            i=i,
                            value=_json_text(decoded),
                        ),
                    )
                )
    return out


@check("tool-calls", kinds=("json",))
@_safe
def tool_calls(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Chat Completions assistant message carrying `calls` in order.

    Params: `index`, `calls` (a list of `{id, name, input}`), `text` (the expected
    `content`, when the message has one). Each call must keep its id, have
    `type: "function"`, and carry `arguments` as a JSON string that decodes to `input`.
    """
    if ctx.messages is None:
        return Outcome(
            False,
            tr(
                "Your answer is {value}; write a JSON array of messages.",
                value=describe(ctx.value),
            ),
        )
    index, message = ctx.message(int(params.get("index", 1)))
    wanted = [c for c in params.get("calls") or [] if isinstance(c, Mapping)]
    if message is None:
        return Outcome(
            False,
            tr(
                "There is no message {index} to carry the tool calls.",
                index=params.get("index", 1),
            ),
        )
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "assistant":
        role = message.get("role") if isinstance(message, dict) else None
        return Outcome(
            False,
            tr(
                "Message {index} should be the assistant turn with the calls; it has role {role}.",
                index=index,
                role=describe(role),
            ),
            [diag(base, tr("the calls belong in an assistant message"))],
        )
    problems: list[tuple[str, str]] = []
    if "text" in params:
        text = _openai_text(message.get("content"))
        if text is None or text.strip() != str(params["text"]).strip():
            problems.append(
                (
                    base + "/content",
                    tr(
                        "the assistant's words must survive as the message's `content` string, "
                        "{text}; found {found}",
                        text=quote(str(params["text"]), 50),
                        found=describe(message.get("content")),
                    ),
                )
            )
    calls = message.get("tool_calls", _MISSING)
    if "content" in message and isinstance(message["content"], list):
        blocks = [b.get("type") for b in message["content"] if isinstance(b, dict)]
        if "tool_use" in blocks:
            problems.append(
                (
                    base + "/content",
                    tr(
                        "`tool_use` blocks are Claude's; in Chat Completions calls go in "
                        "`tool_calls`"
                    ),
                )
            )
    if not isinstance(calls, list):
        found = describe(None if calls is _MISSING else calls)
        problems.append(
            (
                base,
                trn(
                    len(wanted),
                    "message {index} needs `tool_calls`, a list of {n} call; found {found}",
                    "message {index} needs `tool_calls`, a list of {n} calls; found {found}",
                    index=index,
                    found=found,
                ),
            )
        )
    else:
        if len(calls) != len(wanted):
            problems.append(
                (
                    base + "/tool_calls",
                    trn(
                        len(calls),
                        "`tool_calls` holds {n} call; all {wanted} calls of the Claude turn "
                        "belong in this one list",
                        "`tool_calls` holds {n} calls; all {wanted} calls of the Claude turn "
                        "belong in this one list",
                        wanted=len(wanted),
                    ),
                )
            )
        for i, (call, want) in enumerate(zip(calls, wanted)):
            problems += _call_problems(call, want, base + pointer("tool_calls", i), i)
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{_upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])
