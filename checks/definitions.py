"""Checks of the defining-tools lesson: one tool definition, and a set of consolidated tools.

- `tool-definition`: a Claude tool definition is well formed, described and exemplified.
- `action-enum`: consolidated tools cover every original operation exactly once.
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
    diag,
    get_pointer,
    json_text,
    pointer,
    quote,
    safe,
    tr,
    trn,
    upper,
)

_MISSING = object()
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
@safe
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
    return Outcome(False, upper(message), [diag(p, m) for _, p, m in problems[:20]])


def _more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


# --------------------------------------------------------------------------- action-enum


@check("action-enum", kinds=("json",))
@safe
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
                            action=json_text(action),
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
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])


# --------------------------------------------------------------------------- tool-calls
