"""Checks of the defining-tools lesson: tool definitions, consolidated tool sets, tool_choice.

- `tool-definition`: a Claude tool definition the API accepts (the linter's own rules, run
  on a request built around it) and the model can decide from (its description says what
  the exercise asks, its examples validate).
- `action-enum`: consolidated tools cover every original operation exactly once, keep the
  original parameters, and say which fields each action needs.
- `tool-choice`: one setup's `tool_choice` (and `strict`, and the `instruction` that
  stands in for forcing on models that reject it), judged by the API's rules for the model
  the setup runs on, then against what the setup needs.
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
TOOL_DEFINITION_PARTS = ("name", "shape", "description", "examples", "strict")
ACTION_ENUM_PARTS = ("actions", "parameters", "needs")

# --------------------------------------------------------------------------- reading text

_ABBREVIATIONS = re.compile(
    r"\b(e\.g|i\.e|etc|vs|cf|incl|approx|ex|p\.ex|т\.\s?е|т\.\s?к|т\.\s?п|напр|см)\.", re.IGNORECASE
)
#: where a sentence ends: . ! ? ; followed by a space (a decimal point is not), or a line end
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)|\n+")
_FULL_STOP = re.compile(r"[.!?]+(?=\s|$)|\n+")
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u2013]|\d+[.)])\s+")
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?|[A-Za-z0-9_]+")
_CLAUSE_END = re.compile(r",|\bbut\b|\bmas\b|\bно\b|\(|\)|\s[\u2013\u2014-]\s", re.IGNORECASE)

#: words that negate what follows them ("do not use it when ...")
_NEGATION = re.compile(
    r"\b(?:not|never|avoid|cannot|dont|n[a\u00e3]o|nunca|jamais|evite|"
    r"не|нет|нельзя|никогда|избега\w*)\b|n['\u2019]t\b",
    re.IGNORECASE,
)
#: words that say when a tool is meant to be used
_USE_CUE = re.compile(
    r"\b(?:use|uses|using|used|call|invoke|choose|pick|useful|helpful|whenever|when|if|"
    r"for\s+finding|to\s+find|"
    r"(?:best|good|meant|intended|designed|ideal|suited|made)\s+for|"
    r"quando|sempre\s+que|usar|use-a|use-o|chame|[u\u00fa]til|serve\s+para|"
    r"использу\w*|использова\w*|вызыва\w*|вызов\w*|вызвать|примен\w*|когда|если|"
    r"подходит\s+для|полез\w*|нужн\w*\s+для|нужен\s+для|предназначен\w*|годится|чтобы\s+найти)\b",
    re.IGNORECASE,
)
#: "when left out", "if omitted": a parameter's default, not a situation to use the tool in
_DEFAULT_AFTER = re.compile(
    r"^\W+(?:\w+\W+){0,2}?(?:omitted|left|absent|missing|given|set|unset|provided|present|"
    r"empty|null|none|omitido|ausente|vazio|"
    r"указан\w*|задан\w*|передан\w*|отсутству\w*|пуст\w*|опущен\w*)\b",
    re.IGNORECASE,
)
#: after a negation: "do not use", "never call", "not for"
_NEGATED_USE = re.compile(
    r"\b(?:use|using|call|invoke|choose|pick|for|when|if|usar|use-a|use-o|chame|para|quando|"
    r"использ\w*|вызыва\w*|вызов\w*|вызвать|примен\w*|для|когда|если)\b",
    re.IGNORECASE,
)
_INSTEAD = re.compile(
    r"\b(?:instead|rather\s+than|prefer\w*|skip\w*|unnecessary|no\s+need|em\s+vez|"
    r"ao\s+inv[e\u00e9]s|no\s+lugar|prefira|"
    r"вместо|лучше\s+(?:вызв|использ|примен)\w*|предпочт\w*|не\s+нужн\w*|незачем)\b",
    re.IGNORECASE,
)
#: "use it only when ...", "only for ...": the other cases are when not to
_ONLY_WHEN = re.compile(
    r"\bonly\b\W+(?:\w+\W+){0,2}?(?:when|if|for|to)\b|"
    r"\b(?:use|call)\w*\W+(?:\w+\W+){0,3}?only\b|\bs[o\u00f3]\s+(?:quando|se|para)\b|"
    r"\b(?:только|лишь)\s+(?:когда|если|для|чтобы)\b|"
    r"\b(?:использ|вызыва|примен)\w*\W+(?:\w+\W+){0,3}?(?:только|лишь)\b",
    re.IGNORECASE,
)
#: what may stand beside a thing to say the tool does not return it
_NOT_RETURNED = re.compile(
    r"\b(?:not|never|no|without|except\w*|exclud\w*|omit\w*|leav\w*\s+out|lack\w*|only|nor|"
    r"instead|"
    r"n[a\u00e3]o|nunca|sem|exceto|apenas|s[o\u00f3]|somente|nem|"
    r"не|нет|никогда|без|кроме|исключ\w*|только|лишь|ни)\b|n['\u2019]t\b",
    re.IGNORECASE,
)


def _normal(text: str) -> str:
    return _ABBREVIATIONS.sub(lambda m: m.group(1), text.replace("\u2019", "'"))


def sentences(text: str, semicolons: bool = True) -> list[str]:
    """The sentences of `text`: pieces ending in . ! ? or ; (unless `semicolons` is false),
    or a line of their own.

    A bulleted or numbered line is a sentence, with or without a full stop; "e.g." and
    similar abbreviations do not end one, and a decimal point does not either.
    """
    pieces = (_SENTENCE_END if semicolons else _FULL_STOP).split(_normal(text))
    return [_BULLET.sub("", p).strip() for p in pieces if p.strip()]


def count_sentences(text: str) -> int:
    """Sentences in `text` (see `sentences`) holding at least two words each."""
    return sum(1 for piece in sentences(text) if len(_WORD.findall(piece)) >= 2)


def _clauses(text: str) -> list[str]:
    return [c for s in sentences(text) for c in _CLAUSE_END.split(s) if c.strip()]


def _name_pattern(name: str) -> re.Pattern:
    """`ticket_id` as typed, or as `ticket id` / `ticket-id`, in any case, as a whole word."""
    parts = [re.escape(p) for p in re.split(r"[_\s-]+", name) if p]
    body = r"[_\s-]".join(parts) if parts else re.escape(name)
    return re.compile(rf"(?<![A-Za-z0-9_]){body}(?![A-Za-z0-9_])", re.IGNORECASE)


def mentions(text: str, name: str) -> bool:
    return bool(_name_pattern(name).search(text))


def says_when_to_use(text: str, alternatives: list[str]) -> bool:
    """A clause names a situation to use the tool in (not negated, not about another tool)."""
    for clause in _clauses(text):
        if _INSTEAD.search(clause) or any(mentions(clause, a) for a in alternatives):
            continue
        for m in _USE_CUE.finditer(clause):
            if _NEGATION.search(clause[: m.start()]):
                continue
            word = m.group(0).lower()
            if word in ("when", "if", "quando", "когда", "если") and _DEFAULT_AFTER.match(
                clause[m.end() :]
            ):
                continue
            return True
    return False


def says_when_not(text: str, alternatives: list[str]) -> bool:
    """A clause says when not to use the tool: a negated use, "instead", or another tool."""
    for clause in _clauses(text):
        if _INSTEAD.search(clause) or any(mentions(clause, a) for a in alternatives):
            return True
        if _ONLY_WHEN.search(clause):
            return True
        for m in _NEGATION.finditer(clause):
            if _NEGATED_USE.search(clause[m.end() :]):
                return True
    return False


def says_not_returned(text: str, things: list[str], alternatives: list[str]) -> bool:
    """A sentence names one of `things` beside a negation, "only", or another tool."""
    for sentence in sentences(text):
        if not any(re.search(rf"\b{re.escape(t)}\w*", sentence, re.IGNORECASE) for t in things):
            continue
        if _NOT_RETURNED.search(sentence) or any(mentions(sentence, a) for a in alternatives):
            return True
    return False


# --------------------------------------------------------------------------- definitions


def _definitions(value: Any, many: bool) -> tuple[list[tuple[str, Any]], str]:
    """[(pointer, definition)] and a shape complaint ("" when the shape is right)."""
    if not many:
        tools = value.get("tools") if isinstance(value, dict) else None
        if isinstance(tools, list) and len(tools) == 1:
            return [("/tools/0", tools[0])], ""
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


def _properties(d: Any) -> dict:
    schema = _schema(d) if isinstance(d, dict) else None
    props = schema.get("properties") if schema else None
    return props if isinstance(props, dict) else {}


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


def _is_openai_wrapper(d: dict) -> bool:
    return "function" in d or d.get("type") == "function"


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
    from checker.lint import lint_value

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
    if _is_openai_wrapper(d):
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
    schema = _usable_schema(d)
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
                    tools=_listing([f"`{a}`" for a in alternatives]),
                )
            )
        else:
            unsaid.append(tr("when not to use it"))
    things = [str(t) for t in params.get("never_returns") or []]
    if things and not says_not_returned(text, things, alternatives):
        unsaid.append(tr("that it does not return the {thing}", thing=things[0]))
    if unsaid:
        listed = _listing(unsaid)
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
    properties = _properties(d)
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
    examples = d.get("input_examples", _MISSING)
    if examples is _MISSING:
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
    schema = _usable_schema(d)
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
    definitions, complaint = _definitions(
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
            problems.append((_definition_at(path), problem))
            continue
        by_part: dict[str, list[Problem]] = {}
        for part, problem in api.get(index, []):
            by_part.setdefault(part, []).append(problem)
        found: list[Problem] = []
        if "shape" in parts:
            found += _part_shape(d, path, by_part.get("shape", []))
        if "name" in parts and not _is_openai_wrapper(d):
            found += by_part.get("name", [])
        if "description" in parts:
            found += _part_description(d, path, params)
        if "examples" in parts:
            found += _part_examples(d, path, params, by_part.get("examples", []))
        if "strict" in parts and d.get("strict") is True:
            found += by_part.get("strict", [])
        problems += [(_label(d, path), p) for p in found]
    errors = [(label, p) for label, p in problems if p[3] == "error"]
    diagnostics = [diag(p[0], p[1], p[2], p[3]) for _, p in problems[:20]]
    if not errors:
        return Outcome(True, "", diagnostics)
    label, first = errors[0]
    more = _more_problems(len(errors) - 1)
    if len(definitions) > 1:
        message = tr("In {label}, {problem}{more}.", label=label, problem=first[1], more=more)
    else:
        message = f"{first[1]}{more}."
    return Outcome(False, upper(message), diagnostics)


def _listing(items: list[str], conjunction: str = "or") -> str:
    """`a`, `a or b`, `a, b or c` (`and` with conjunction "and")."""
    if len(items) < 2:
        return "".join(items)
    some, last = ", ".join(items[:-1]), items[-1]
    if conjunction == "and":
        return tr("{some} and {last}", some=some, last=last)
    return tr("{some} or {last}", some=some, last=last)


def _more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


# --------------------------------------------------------------------------- action-enum


def _action_spec(spec: Any) -> tuple[str, list[str], list[str]]:
    """(original tool, fields it needs, optional fields) of one action's entry."""
    if isinstance(spec, Mapping):
        return (
            str(spec.get("tool", "")),
            [str(f) for f in spec.get("needs") or []],
            [str(f) for f in spec.get("optional") or []],
        )
    return str(spec), [], []


def _type_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [t for t in value if isinstance(t, str)] if isinstance(value, list) else []


_ACTION_ENUM_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["services"],
    "properties": {
        "at": {"type": "string"},
        "field": {"type": "string"},
        "parts": {
            "type": "array",
            "items": {"enum": list(ACTION_ENUM_PARTS)},
            "uniqueItems": True,
        },
        "services": {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {
                "type": "object",
                "minProperties": 1,
                "additionalProperties": {
                    "oneOf": [
                        {"type": "string"},
                        {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["tool"],
                            "properties": {
                                "tool": {"type": "string"},
                                "needs": {"type": "array", "items": {"type": "string"}},
                                "optional": {"type": "array", "items": {"type": "string"}},
                            },
                        },
                    ]
                },
            },
        },
        "fields": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "type": {"type": "string"},
                    "enum": {"type": "array"},
                },
            },
        },
    },
}


@check("action-enum", kinds=("json",), params=_ACTION_ENUM_PARAMS)
@safe
def action_enum(ctx: JsonContext, params: Mapping) -> Outcome:
    """Consolidated tools: each original operation is one `action` value of exactly one tool.

    Params: `services` (name prefix -> {action: the original tool it replaces, or
    `{tool, needs, optional}` with the original tool's fields}), `field` (default
    `action`), `fields` (field -> `{type, enum}` of the original), `at`, `parts` (default
    all): `actions` (every action offered once, by a tool of its service, `field`
    required), `parameters` (each tool keeps the fields of the actions it offers, of the
    original type and enum, and requires only `field` and fields every one of its actions
    needs), `needs` (a sentence of the tool's description, or of `field`'s, names each
    action beside each field it needs). The answer is an array of definitions (or a body
    with `tools`); a tool's service is the prefix its name starts with, followed by `_`.
    """
    at = params.get("at", "")
    field = str(params.get("field", "action"))
    parts = params.get("parts") or ACTION_ENUM_PARTS
    services: Mapping = params.get("services") or {}
    definitions, complaint = _definitions(get_pointer(ctx.value, at, None), True)
    if complaint:
        return Outcome(False, complaint)
    owner = {action: service for service, actions in services.items() for action in actions}
    # (service, action) -> [(tool name, pointer of the enum value)]
    offered: dict[tuple[str, str], list[tuple[str, str]]] = {}
    # (pointer, definition, service, [its valid actions])
    tools: list[tuple[str, dict, str, list[str]]] = []
    problems: list[tuple[str, str]] = []
    #: services whose tools are already reported (None: a tool of no known service), so the
    #: operations they lose are knock-ons, not mistakes of their own
    broken: set[str | None] = set()
    prefixes = ", ".join(f"`{s}_`" for s in services)
    for path, d in definitions:
        path = at + path
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            problems.append(
                (path, tr("this definition has no `name`, so its service cannot be told"))
            )
            broken.add(None)
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
            broken.add(None)
            continue
        schema = _schema(d) or {}
        prop = _properties(d).get(field)
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
            broken.add(service)
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
        valid: list[str] = []
        originals = {_action_spec(spec)[0]: a for a, spec in services[service].items()}
        unknown = [(i, a) for i, a in enumerate(enum) if not isinstance(a, str) or a not in owner]
        if unknown:
            broken.add(service)
        if unknown and all(a in originals for _, a in unknown):
            # the old tool names where the actions go: one mistake, said once
            problems.append(
                (
                    where,
                    tr(
                        "the enum of {name} holds the old tool names ({found}); the actions are "
                        "named {names}",
                        name=quote(name),
                        found=", ".join(str(a) for _, a in unknown),
                        names=", ".join(services[service]),
                    ),
                )
            )
            unknown = []
        for i, action in unknown:
            problems.append(
                (
                    where + pointer(i),
                    tr(
                        "{action} in {name} is not one of the {service} action names ({names})",
                        action=json_text(action),
                        name=quote(name),
                        service=service,
                        names=", ".join(services[service]),
                    ),
                )
            )
        for i, action in enumerate(enum):
            if not isinstance(action, str) or action not in owner:
                continue
            if owner[action] != service:
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
                if action not in valid:
                    valid.append(action)
        tools.append((path, d, service, valid))
    for (_service, action), places in offered.items():
        # one tool defined twice is a duplicate name, which the API's rules report
        if len({n for n, _ in places}) > 1:
            names = _listing([quote(n) for n, _ in places], "and")
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
        if service in broken or None in broken:
            continue  # the tool that should offer them is already reported
        lost = [a for a in actions if (service, a) not in offered]
        if not lost:
            continue
        problems.append(
            (
                at,
                trn(
                    len(lost),
                    "no `{service}` tool offers {actions}, so {originals} is lost",
                    "no `{service}` tool offers {actions}, so {originals} are lost",
                    service=service,
                    actions=_listing([quote(a) for a in lost]),
                    originals=_listing([quote(_action_spec(actions[a])[0]) for a in lost], "and"),
                ),
            )
        )
    if "actions" not in parts:
        problems = []
    for path, d, service, valid in tools:
        specs = {a: _action_spec(services[service][a]) for a in valid}
        if "parameters" in parts:
            problems += _kept_parameters(path, d, field, specs, params.get("fields") or {})
        if "needs" in parts:
            problems += _needs_said(path, d, field, specs)
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])


_JSON_TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
}


def _of_type(value: Any, kind: str) -> bool:
    """A JSON value of JSON Schema type `kind` (true is not an integer)."""
    python = _JSON_TYPES.get(kind)
    if python is None:
        return False
    return isinstance(value, python) and (kind == "boolean" or not isinstance(value, bool))


def _enum_values(enum: list, sub: dict) -> list[str]:
    """An enum's values as sorted JSON text; a `null` it adds for a type that allows null
    (the strict style of an optional field) does not count."""
    values = [v for v in enum if not (v is None and "null" in _type_list(sub.get("type")))]
    return sorted(map(json_text, values))


def _kept_values(
    where: str, field: str, sub: dict, want: Mapping, originals: str
) -> list[tuple[str, str]]:
    """A kept field that lost its original `enum` or `type`: the model could then send any
    value. A field whose `enum` holds only values of the original type keeps its type."""
    out: list[tuple[str, str]] = []
    enum = sub.get("enum")
    wanted_enum = want.get("enum")
    if isinstance(wanted_enum, list) and not isinstance(enum, list):
        out.append(
            (
                where,
                tr(
                    "{field} takes only {values} in {originals}, but here it has no `enum`, "
                    "so any value would do: keep its values",
                    field=quote(field),
                    values=", ".join(json_text(v) for v in wanted_enum),
                    originals=originals,
                ),
            )
        )
    if "type" in want and "type" not in sub:
        typed_enum = (
            isinstance(enum, list)
            and bool(enum)
            and all(v is None or _of_type(v, want["type"]) for v in enum)
        )
        if not typed_enum:
            out.append(
                (
                    where,
                    tr(
                        "{field} has no `type`; it is {type} in {originals}: keep it, so the "
                        "model knows what to send",
                        field=quote(field),
                        type=quote(want["type"]),
                        originals=originals,
                    ),
                )
            )
    return out


def _kept_parameters(
    path: str, d: dict, field: str, specs: Mapping, fields: Mapping
) -> list[tuple[str, str]]:
    """Each original field the tool dropped, changed or requires although an action lacks it."""
    out: list[tuple[str, str]] = []
    name = d.get("name")
    properties = _properties(d)
    schema = _schema(d) or {}
    # field -> the original tools that took it, in order
    takers: dict[str, list[str]] = {}
    for original, needs, optional in specs.values():
        for f in [*needs, *optional]:
            if original not in takers.setdefault(f, []):
                takers[f].append(original)
    for f, originals in takers.items():
        where = path + pointer("input_schema", "properties", f)
        listed = _listing([quote(o) for o in originals], "and")
        if f not in properties:
            out.append(
                (
                    path + "/input_schema/properties",
                    tr(
                        "{name} has no {field} property, which {originals} took: keep every "
                        "original parameter, under its own name",
                        name=quote(name),
                        field=quote(f),
                        originals=listed,
                    ),
                )
            )
            continue
        sub = properties[f]
        want = fields.get(f) or {}
        if not isinstance(sub, dict):
            continue
        out += _kept_values(where, f, sub, want, listed)
        if "type" in want and "type" in sub and want["type"] not in _type_list(sub["type"]):
            out.append(
                (
                    where + "/type",
                    tr(
                        "{field} is {type} in {originals}, but here it is {found}",
                        field=quote(f),
                        type=quote(want["type"]),
                        originals=listed,
                        found=describe(sub["type"]),
                    ),
                )
            )
        enum = sub.get("enum")
        if (
            isinstance(want.get("enum"), list)
            and isinstance(enum, list)
            and _enum_values(enum, sub) != sorted(map(json_text, want["enum"]))
        ):
            out.append(
                (
                    where + "/enum",
                    tr(
                        "{field} takes {values} in {originals}; its `enum` here is {found}",
                        field=quote(f),
                        values=", ".join(json_text(v) for v in want["enum"]),
                        originals=listed,
                        found=json_text(enum),
                    ),
                )
            )
    required = schema.get("required")
    for i, f in enumerate(required if isinstance(required, list) else []):
        if f == field or not isinstance(f, str):
            continue
        lacking = [a for a, (_, needs, _o) in specs.items() if f not in needs]
        if lacking and specs:
            out.append(
                (
                    path + pointer("input_schema", "required", i),
                    tr(
                        "{field} is `required`, so every call of {name} must carry it, but "
                        "{action} does not need it: require only {key} and fields every action "
                        "needs",
                        field=quote(f),
                        name=quote(name),
                        action=quote(lacking[0]),
                        key=quote(field),
                    ),
                )
            )
    return out


def _needs_said(path: str, d: dict, field: str, specs: Mapping) -> list[tuple[str, str]]:
    """The actions whose needed fields no sentence of the descriptions names beside them
    (one problem per tool)."""
    texts = [d.get("description")]
    prop = _properties(d).get(field)
    if isinstance(prop, dict):
        texts.append(prop.get("description"))
    pieces = [s for t in texts if isinstance(t, str) for s in sentences(t, semicolons=False)]
    unsaid: list[tuple[str, list[str]]] = []  # (action, the needed fields never beside it)
    for action, (_original, needs, _optional) in specs.items():
        # "close", "closes", "closing"; a tool of one action names it implicitly
        named = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(action)}\w*", re.IGNORECASE)
        beside = [s for s in pieces if len(specs) == 1 or named.search(s)]
        missing = [f for f in needs if not any(mentions(s, f) for s in beside)]
        if missing:
            unsaid.append((action, missing))
    if not unsaid:
        return []
    where = path + ("/description" if isinstance(d.get("description"), str) else "")
    if len(unsaid) == 1:
        action, missing = unsaid[0]
        message = tr(
            "the description of {name} never says that {action} needs {fields}: name each "
            "action together with the fields it needs",
            name=quote(d.get("name")),
            action=quote(action),
            fields=_listing([f"`{f}`" for f in missing], "and"),
        )
    else:
        message = tr(
            "the description of {name} never says which fields {actions} need: name each "
            "action together with the fields it needs",
            name=quote(d.get("name")),
            actions=_listing([quote(a) for a, _ in unsaid], "and"),
        )
    return [(where, message)]


# --------------------------------------------------------------------------- tool-choice

_FORCING = ("any", "tool")

_TOOL_CHOICE_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["at", "key"],
    "properties": {
        "at": {"type": "string", "description": "JSON pointer of the setup's entry"},
        "key": {
            "type": "object",
            "additionalProperties": False,
            "required": ["tool_choice"],
            "properties": {
                "tool_choice": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {"enum": ["auto", "any", "tool", "none"]},
                        "name": {"type": "string"},
                        "disable_parallel_tool_use": {"type": "boolean"},
                    },
                    "additionalProperties": False,
                },
                "strict": {"type": "boolean"},
                "instruction": {
                    "type": "boolean",
                    "description": "the entry needs an `instruction` (system-prompt text) "
                    "telling the model to call the tool, where forcing is not available",
                },
            },
        },
        "model": {"type": "string", "description": "the model the setup runs on"},
        "instruction_words": {
            "type": "array",
            "items": {"type": "string"},
            "description": "words besides the tools' names that an instruction may use to "
            "say what to call (a department, say)",
        },
        "tools": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "ignore_parallel": {
            "type": "boolean",
            "description": "any disable_parallel_tool_use is right for this setup",
        },
    },
}


def _type_advice(want: str, found: str, name: str) -> str:
    """Why `found` is the wrong `tool_choice` type where `want` is needed."""
    if want == "none":
        if found == "auto":
            return tr(
                "`auto` leaves the model free to call a tool; on this turn it must not call any"
            )
        return tr(
            "`{found}` forces a call; on this turn the model must not call any tool", found=found
        )
    if found == "none":
        return tr("`none` forbids every call, and this setup needs the model to call a tool")
    if want == "auto":
        return tr(
            "`{found}` forces a call on every request, and takes away the text before it; "
            "here the model should call a tool only when it needs one",
            found=found,
        )
    if found == "auto":
        return tr(
            "`auto` lets the model answer without calling any tool; here every request must "
            "end in a call"
        )
    if want == "tool":
        return tr(
            "`any` lets the model pick any of the tools; this setup needs {name} itself, "
            "named with type `tool`",
            name=f"`{name}`",
        )
    return tr(
        "`tool` pins one tool in advance; here the model must choose which of the tools to "
        "call, which is `any`"
    )


@check("tool-choice", kinds=("json",), params=_TOOL_CHOICE_PARAMS)
@safe
def tool_choice(ctx: JsonContext, params: Mapping) -> Outcome:
    """The setup at `at` holds the `tool_choice` of `key` (and `strict` when the key has it).

    The entry's `tool_choice` is first linted in a Messages API request with the setup's
    `model` (default: the course's) and `tools` (names), so a shape the API rejects, or
    forcing on a model that does not take it, is reported with the API's rule. Then the
    type, the forced tool's name and `disable_parallel_tool_use` (unless `ignore_parallel`,
    and never for `none`, where it changes nothing) are compared with the key, each wrong
    one with what it does, and `strict` when the key asks for it. With `instruction: true`
    in the key (a model that rejects forcing, where the call is asked for in words), the
    entry needs an `instruction`: a sentence naming one of the `tools` or one of the
    `instruction_words`.
    """
    at = str(params["at"])
    setup = at.rsplit("/", 1)[-1] or tr("the top")
    key = params["key"]
    want = key["tool_choice"]
    entry = get_pointer(ctx.value, at, _MISSING)
    if entry is _MISSING or not isinstance(entry, dict):
        if entry is _MISSING:
            message = tr("There is no entry for {setup}.", setup=f"`{setup}`")
        else:
            message = tr(
                "The entry for {setup} is {value}; write an object holding `tool_choice`.",
                setup=f"`{setup}`",
                value=describe(entry),
            )
        return Outcome(False, message, [diag(at if entry is not _MISSING else "", message)])
    problems: list[tuple[str, str, str]] = []  # (pointer, message, hint)
    choice = entry.get("tool_choice", _MISSING)
    misplaced = isinstance(choice, dict) and "strict" in choice
    base = at + "/tool_choice"
    if choice is _MISSING:
        problems.append((at, tr("the entry has no `tool_choice`"), ""))
    elif misplaced:
        problems.append(
            (
                base + "/strict",
                tr(
                    "`strict` is not part of `tool_choice`: it is set on a tool's definition, so "
                    "in this answer it stands beside `tool_choice`, in the setup's entry"
                ),
                "",
            )
        )
    else:
        problems += _lint_choice(choice, base, params.get("model") or ctx.model, params)
        if not problems and isinstance(choice, dict):
            problems += _compare_choice(choice, want, base, params)
    if "strict" in key and not misplaced:
        strict = entry.get("strict", _MISSING)
        if key["strict"] is True and strict is not True:
            if isinstance(strict, str):
                message = tr(
                    "`strict` is the string {value}; it takes a boolean, `true`, without quotes",
                    value=quote(strict),
                )
            else:
                message = tr(
                    "a tool's input matches its schema every time only with `strict: true` on "
                    "its definition, and `tool_choice` cannot promise it; add "
                    '`"strict": true` to this entry'
                )
            problems.append((at + ("/strict" if strict is not _MISSING else ""), message, ""))
    if key.get("instruction") and not misplaced:
        problems += _instruction_problems(entry, at, params.get("model") or ctx.model, params)
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m, h) for p, m, h in problems[:20]])


#: words that name what to call in any setup
#: (`mentions` ends a word only at a Latin letter, digit or _, so `инструмент` is found in
#: every case of the Russian word: инструмента, инструментом...)
_TOOL_WORDS = (
    "tool",
    "tools",
    "function",
    "ferramenta",
    "ferramentas",
    "função",
    "funcao",
    "инструмент",
    "функци",
)


def _instruction_problems(entry: dict, at: str, model: str | None, params: Mapping) -> list:
    """Where forcing is not available, the entry's `instruction` asks for the call."""
    from checker.rules.anthropic.models import model_info

    info = model_info(model)
    name = info.name if info is not None else f"`{model}`"
    tools = [str(n) for n in params.get("tools") or []]
    listing = _listing([f"`{t}`" for t in tools]) if tools else tr("the tool")
    text = entry.get("instruction", _MISSING)
    if text is _MISSING:
        return [
            (
                at,
                tr(
                    "`auto` lets the model answer without a call, and {model} rejects forcing, "
                    "so the request must ask for the call in words: add an `instruction` beside "
                    "`tool_choice`, the system-prompt sentence that tells the model to call "
                    "{tools}",
                    model=name,
                    tools=listing,
                ),
                "",
            )
        ]
    where = at + "/instruction"
    if not isinstance(text, str) or len(_WORD.findall(text)) < 3:
        return [
            (
                where,
                tr(
                    "the `instruction` is {value}; write the sentence for the system prompt "
                    "that tells the model to call {tools}",
                    value=describe(text),
                    tools=listing,
                ),
                "",
            )
        ]
    words = [*tools, *(str(w) for w in params.get("instruction_words") or []), *_TOOL_WORDS]
    if not any(mentions(text, w) for w in words):
        return [
            (
                where,
                tr(
                    "the `instruction` {text} never says what to call: name {tools}, so the "
                    "model knows which call every request must end in",
                    text=quote(text),
                    tools=listing,
                ),
                "",
            )
        ]
    return []


def _lint_choice(choice: Any, base: str, model: str | None, params: Mapping) -> list:
    """The API's rules on this `tool_choice`, in a request with the setup's model and tools."""
    from checker.lint import lint_value

    names = [str(n) for n in params.get("tools") or []]
    want = params["key"]["tool_choice"]
    if not names and want.get("name"):
        names = [str(want["name"])]
    forced = choice.get("name") if isinstance(choice, dict) else None
    if want.get("type") != "tool" and isinstance(forced, str) and forced not in names:
        # the task names no tools here: pinning one is the mistake, not its name
        names.append(forced)
    body: dict[str, Any] = {
        "max_tokens": 1024,
        "tools": [
            {"name": n, "description": n, "input_schema": {"type": "object", "properties": {}}}
            for n in names or ["tool"]
        ],
        "tool_choice": choice,
        "messages": [{"role": "user", "content": "Hello"}],
    }
    if model:
        body["model"] = model
    result = lint_value(body, "anthropic", fragment=True)  # a failure is an `error` verdict
    out = []
    for d in result.diagnostics:
        if d.is_error and (d.path or "").startswith("/tool_choice"):
            out.append((base + d.path[len("/tool_choice") :], d.message, d.hint))
    return out[:1]  # the first cause; what follows from it is the same mistake


def _compare_choice(choice: dict, want: Mapping, base: str, params: Mapping) -> list:
    found_type, want_type = choice.get("type"), want["type"]
    name = str(want.get("name", ""))
    if found_type != want_type:
        return [(base + "/type", _type_advice(want_type, str(found_type), name), "")]
    out = []
    if want_type == "tool" and choice.get("name") != name:
        out.append(
            (
                base + "/name",
                tr(
                    "`tool_choice` forces {found}, but this setup must call {name}",
                    found=describe(choice.get("name")),
                    name=f"`{name}`",
                ),
                "",
            )
        )
    if want_type == "none" or params.get("ignore_parallel"):
        return out
    wanted = want.get("disable_parallel_tool_use") is True
    got = choice.get("disable_parallel_tool_use") is True
    if wanted and not got:
        if want_type in _FORCING:
            message = tr(
                "forcing a call does not make it a single call: the reply may still hold "
                'several; add `"disable_parallel_tool_use": true` for exactly one'
            )
        else:
            message = tr(
                "`auto` may still put several calls in one reply; add "
                '`"disable_parallel_tool_use": true` for at most one'
            )
        out.append((base, message, ""))
    elif got and not wanted:
        out.append(
            (
                base + "/disable_parallel_tool_use",
                tr(
                    "`disable_parallel_tool_use: true` allows at most one call per reply, and "
                    "this setup may need several calls in one reply"
                ),
                "",
            )
        )
    return out
