"""The `tool-definition` check of the defining-tools lesson: a Claude tool definition the
API accepts (the linter's own rules, run on a request built around it) and the model can
decide from (its description says what the exercise asks, its examples validate). Each
finding belongs to one part of the definition, and an exercise marks the parts it teaches.
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
    pointer,
    quote,
    safe,
    tr,
    trn,
    upper,
)

from ._description_text import (
    count_sentences,
    mentions,
    says_not_returned,
    says_when_not,
    says_when_to_use,
)
from ._tool_definitions import (
    MISSING,
    definition_at,
    definitions_in,
    is_openai_wrapper,
    listing,
    more_problems,
    properties_of,
    tool_label,
    usable_schema,
)

TOOL_DEFINITION_PARTS = ("name", "shape", "description", "examples", "strict")

# ------------------------------------------------------------ the API's rules (the linter)

#: the part of `tool-definition` each of the linter's tool rules belongs to (else `shape`)
_LINT_PART = {
    "a-tool-name-pattern": "name",
    "a-tool-name-duplicate": "name",
    "a-input-examples-invalid": "examples",
    "a-strict-schema-unsupported": "strict",
    "a-strict-schema-limit": "strict",
}
#: warnings that fail a part all the same: the course keeps names to 64 characters
_WARNINGS_THAT_FAIL = {"name"}
#: warnings worth showing (without failing): the ones about strict mode
_WARNINGS_SHOWN = {"strict"}

Problem = tuple[str, str, str, str]  # (pointer, message, hint, severity)


def _api_findings(definitions: list[tuple[str, Any]], model: str | None) -> dict[int, list]:
    """The linter's findings about each definition, by definition: [(part, Problem)].

    The definitions are linted as the `tools` of a minimal Messages API request, so every
    rule the API applies to a tool definition is applied here as it is to a real request.
    """
    from checker.checks import lint_value

    body: dict[str, Any] = {
        "max_tokens": 1024,
        "tools": [d for _, d in definitions],
        "messages": [{"role": "user", "content": "Hello"}],
    }
    if model:
        body["model"] = model
    # A linter that fails raises: the criterion runner makes that an `error` verdict,
    # never "the API would accept these definitions".
    result = lint_value(body, "anthropic", fragment=True)
    found: dict[int, list] = {}
    for d in result.diagnostics:
        m = re.match(r"^/tools/(\d+)(/.*)?$", d.path or "")
        if not m or int(m.group(1)) >= len(definitions):
            continue
        part = _LINT_PART.get(d.rule, "shape")
        if d.is_error or part in _WARNINGS_THAT_FAIL:
            severity = "error"
            message = (
                tr("the API answers 400: {problem}", problem=d.message) if d.is_error else d.message
            )
        elif part in _WARNINGS_SHOWN:
            severity, message = "warning", d.message
        else:
            continue
        index = int(m.group(1))
        path = definitions[index][0] + (m.group(2) or "")
        found.setdefault(index, []).append((part, (path, message, d.hint, severity)))
    return found


# ------------------------------------------------------------------------------ the parts


def _part_shape(d: dict, path: str, api: list[Problem]) -> list[Problem]:
    if is_openai_wrapper(d):
        return [
            (
                path + ("/function" if "function" in d else "/type"),
                tr(
                    "this is OpenAI's wrapper (`type: function` around a `function` object); a "
                    "Claude definition is flat: `name`, `description` and `input_schema` at the "
                    "top level"
                ),
                "",
                "error",
            )
        ]
    out = list(api)
    schema = usable_schema(d)
    if schema is None or any(p[3] == "error" for p in api):
        return out
    properties = schema.get("properties", {})
    required = schema.get("required", [])
    for i, name in enumerate(required if isinstance(required, list) else []):
        if isinstance(properties, dict) and name not in properties:
            out.append(
                (
                    path + pointer("input_schema", "required", i),
                    tr(
                        "{name} is listed in `required` but is not one of the `properties`",
                        name=quote(name),
                    ),
                    "",
                    "error",
                )
            )
    return out


def _explained(name: str, sub: Any, text: str) -> bool:
    """A parameter is explained by its own description, by name, or by all its enum values."""
    own = sub.get("description") if isinstance(sub, dict) else None
    if isinstance(own, str) and own.strip():
        return True
    if mentions(text, name):
        return True
    enum = sub.get("enum") if isinstance(sub, dict) else None
    return (
        isinstance(enum, list)
        and bool(enum)
        and all(isinstance(v, str) and mentions(text, v) for v in enum)
    )


def _part_description(d: dict, path: str, params: Mapping) -> list[Problem]:
    text = d.get("description")
    if not isinstance(text, str) or not text.strip():
        return [
            (
                path,
                tr(
                    "the definition has no `description`; the model reads it to decide when and "
                    "how to call"
                ),
                "",
                "error",
            )
        ]
    out: list[Problem] = []
    where = path + "/description"
    alternatives = [str(a) for a in params.get("alternatives") or []]
    min_sentences = int(params.get("min_sentences", 0))
    n = count_sentences(text)
    if n < min_sentences:
        out.append(
            (
                where,
                trn(
                    n,
                    "the description has {n} sentence; the task asks for at least {min} (a "
                    "bulleted line counts as one)",
                    "the description has {n} sentences; the task asks for at least {min} (a "
                    "bulleted line counts as one)",
                    min=min_sentences,
                ),
                "",
                "error",
            )
        )
    unsaid: list[str] = []  # what the description never says, as the task asks
    if params.get("when_to_use") and not says_when_to_use(text, alternatives):
        unsaid.append(tr("when to use the tool"))
    if params.get("when_not") and not says_when_not(text, alternatives):
        if alternatives:
            unsaid.append(
                tr(
                    "when not to use it ({tools} is the one to call then)",
                    tools=listing([f"`{a}`" for a in alternatives]),
                )
            )
        else:
            unsaid.append(tr("when not to use it"))
    things = [str(t) for t in params.get("never_returns") or []]
    if things and not says_not_returned(text, things, alternatives):
        unsaid.append(tr("that it does not return the {thing}", thing=things[0]))
    if unsaid:
        listed = listing(unsaid)
        message = tr(
            "the description never says {what}: the model reads it to decide whether to call",
            what=listed,
        )
        if out:  # the sentence count, at the same place: one message for the description
            first = out.pop()[1]
            message = tr("{first}, and it never says {what}", first=first, what=listed)
        out.append(
            (
                where,
                message,
                tr('Say it in so many words, e.g. "Use it when ...", "Do not use it when ...".'),
                "error",
            )
        )
    properties = properties_of(d)
    for name, sub in properties.items():
        if _explained(name, sub, text):
            continue
        out.append(
            (
                path + pointer("input_schema", "properties", name),
                tr(
                    "the parameter {name} is explained nowhere: give it a `description`, or "
                    "say in the tool's description what it means",
                    name=quote(name),
                ),
                "",
                "error",
            )
        )
    return out


#: string values that stand for "fill this in", not for a value a real call would carry
_PLACEHOLDERS = re.compile(
    r"^\s*(?:|\.{2,}|…|string|str|text|value|example|todo|tbd|xxx+|foo|bar|test|"
    r"<[^<>]*>|\{[^{}]*\}|n/?a|null|none|placeholder)\s*$",
    re.IGNORECASE,
)


def _placeholder_examples(examples: list, path: str) -> list[Problem]:
    """Examples that teach nothing: one repeated, or a string value left as a placeholder
    (empty, "...", "string", "<id>"). An example shows the model a real call."""
    out: list[Problem] = []
    seen: list[Any] = []
    for i, example in enumerate(examples):
        where = path + pointer("input_examples", i)
        if example in seen:
            out.append(
                (
                    where,
                    tr(
                        "example {n} repeats an earlier one; show a different call (another "
                        "action, other values)",
                        n=i + 1,
                    ),
                    "",
                    "error",
                )
            )
        seen.append(example)
        if not isinstance(example, dict):
            continue
        for key, value in example.items():
            if isinstance(value, str) and _PLACEHOLDERS.match(value):
                out.append(
                    (
                        where + pointer(key),
                        tr(
                            "example {n} gives {key} as {value}, a placeholder: write a value "
                            "a real call would carry",
                            n=i + 1,
                            key=quote(key),
                            value=quote(value),
                        ),
                        "",
                        "error",
                    )
                )
                break
    return out


def _part_examples(d: dict, path: str, params: Mapping, api: list[Problem]) -> list[Problem]:
    min_examples = int(params.get("min_examples", 2))
    examples = d.get("input_examples", MISSING)
    if examples is MISSING:
        return [
            (
                path,
                tr(
                    "add `input_examples`: a list of at least {min} sample inputs",
                    min=min_examples,
                ),
                "",
                "error",
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
                "",
                "error",
            )
        ]
    out: list[Problem] = []
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
                "",
                "error",
            )
        )
    out += api  # each example the API would reject, and why
    out += _placeholder_examples(examples, path)
    schema = usable_schema(d)
    dicts = [e for e in examples if isinstance(e, dict)]
    if schema is None:
        if dicts:
            out.append(
                (
                    path + "/input_schema",
                    tr("the examples can be checked once `input_schema` is a valid object schema"),
                    "",
                    "error",
                )
            )
        return out
    required = schema.get("required", [])
    optional = [p for p in schema.get("properties", {}) if p not in required]
    if (
        params.get("omit_optional", True)
        and optional
        and dicts
        and all(all(p in e for p in optional) for e in dicts)
    ):
        out.append(
            (
                path + "/input_examples",
                tr(
                    "every example sets every optional parameter ({names}); leave at least one "
                    "out somewhere, so the model learns that a call without it is normal",
                    names=", ".join(quote(p) for p in optional),
                ),
                "",
                "error",
            )
        )
    return out


_TOOL_DEFINITION_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "at": {"type": "string", "description": "JSON pointer of the definition(s)"},
        "many": {"type": "boolean", "description": "an array of definitions (or a body's tools)"},
        "parts": {
            "type": "array",
            "items": {"enum": list(TOOL_DEFINITION_PARTS)},
            "uniqueItems": True,
        },
        "min_sentences": {"type": "integer", "minimum": 0},
        "when_to_use": {"type": "boolean"},
        "when_not": {"type": "boolean"},
        "alternatives": {"type": "array", "items": {"type": "string"}},
        "never_returns": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "min_examples": {"type": "integer", "minimum": 0},
        "omit_optional": {"type": "boolean"},
    },
}


@check("tool-definition", kinds=("json",), params=_TOOL_DEFINITION_PARAMS)
@safe
def tool_definition(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) is a Claude tool definition the API and model can use.

    The definition is linted as the `tools` of a Messages API request, so the API's own
    rules apply (name pattern, `input_schema` shape and no top-level combinator, known
    fields and their types, valid `input_examples`, the strict-mode subset); each finding
    belongs to one part. `parts` picks what is marked (default all): `name`, `shape` (flat,
    not OpenAI's wrapper, a valid object `input_schema`, `required` within `properties`),
    `description` (every parameter explained: by its own description, by name, or by all
    its enum values; `min_sentences` if given, a bulleted line counting as one;
    `when_to_use`, `when_not` (a negated use, "instead", or one of `alternatives`, the
    tools to use instead), `never_returns` (one of these words beside a negation or
    "only")), `examples` (at least `min_examples`, each valid, one leaving out an optional
    parameter unless `omit_optional` is false), `strict` (the strict-mode rules).
    `many: true` marks every definition of an array (or of a body's `tools`).
    """
    at = params.get("at", "")
    parts = params.get("parts") or TOOL_DEFINITION_PARTS
    definitions, complaint = definitions_in(
        get_pointer(ctx.value, at, None), bool(params.get("many"))
    )
    if complaint:
        return Outcome(False, complaint)
    if not definitions:
        return Outcome(False, tr("The array holds no tool definition."))
    definitions = [(at + path, d) for path, d in definitions]
    api = _api_findings(definitions, ctx.model)
    problems: list[tuple[str, Problem]] = []  # (label, problem)
    for index, (path, d) in enumerate(definitions):
        if not isinstance(d, dict):
            problem = (
                path,
                tr("a tool definition is an object, not {value}", value=describe(d)),
                "",
                "error",
            )
            problems.append((definition_at(path), problem))
            continue
        by_part: dict[str, list[Problem]] = {}
        for part, problem in api.get(index, []):
            by_part.setdefault(part, []).append(problem)
        found: list[Problem] = []
        if "shape" in parts:
            found += _part_shape(d, path, by_part.get("shape", []))
        if "name" in parts and not is_openai_wrapper(d):
            found += by_part.get("name", [])
        if "description" in parts:
            found += _part_description(d, path, params)
        if "examples" in parts:
            found += _part_examples(d, path, params, by_part.get("examples", []))
        if "strict" in parts and d.get("strict") is True:
            found += by_part.get("strict", [])
        problems += [(tool_label(d, path), p) for p in found]
    errors = [(label, p) for label, p in problems if p[3] == "error"]
    diagnostics = [diag(p[0], p[1], p[2], p[3]) for _, p in problems[:20]]
    if not errors:
        return Outcome(True, "", diagnostics)
    label, first = errors[0]
    more = more_problems(len(errors) - 1)
    if len(definitions) > 1:
        message = tr("In {label}, {problem}{more}.", label=label, problem=first[1], more=more)
    else:
        message = f"{first[1]}{more}."
    return Outcome(False, upper(message), diagnostics)
