"""JSON Schema questions the rules ask: is a tool's schema valid, does a value satisfy it.

Usual tool schemas are judged without jsonschema (`_simple_ok`); the rest, and every
instance check, import it on first use. Problems come back in plain words with the path
inside the schema or the value.
"""

from __future__ import annotations

import functools
import json
import re

from checker import schema_errors
from checker.diagnostics import split_pointer
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})


#: Keywords the fast schema check understands, with the check of their value.
_MAX_SCHEMA_DEPTH = 64


_SCHEMA_CACHE: dict[str, tuple[tuple[str, ...], str] | None] = {}


#: Keywords of the 2020-12 vocabularies (and the deprecated ones the meta-schema still
#: types): a schema using one the fast check does not understand goes to jsonschema.
_KNOWN_KEYWORDS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 60 quoted items)
        "$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs allOf "
        "anyOf oneOf not if then else dependentSchemas prefixItems items contains properties "
        "patternProperties additionalProperties propertyNames unevaluatedItems "
        "unevaluatedProperties type const enum multipleOf maximum exclusiveMaximum minimum "
        "exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains "
        "minContains maxProperties minProperties required dependentRequired title description "
        "default deprecated readOnly writeOnly examples format contentEncoding contentMediaType "
        "contentSchema definitions dependencies $recursiveRef $recursiveAnchor"
    ).split()
)


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _simple_ok(schema: Any, depth: int = 0) -> bool:
    """True when `schema` is certainly a valid 2020-12 schema, checked without jsonschema.

    Covers what tool schemas usually contain; anything else answers False, and the caller
    asks jsonschema (slower, and the one that words the error).
    """
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict) or depth > _MAX_SCHEMA_DEPTH:
        return False
    for key, value in schema.items():
        if key not in _KNOWN_KEYWORDS:
            continue  # unknown keywords are allowed by the meta-schema
        if key == "type":
            ok = (
                value in _TYPES
                if isinstance(value, str)
                else (
                    isinstance(value, list)
                    and value
                    and all(isinstance(t, str) and t in _TYPES for t in value)
                    and len(set(value)) == len(value)
                )
            )
        elif key in ("description", "title", "$comment", "format"):
            ok = isinstance(value, str)
        elif key in ("properties", "$defs"):
            ok = isinstance(value, dict) and all(_simple_ok(v, depth + 1) for v in value.values())
        elif key in ("items", "additionalProperties", "not"):
            ok = _simple_ok(value, depth + 1)
        elif key in ("anyOf", "oneOf", "allOf"):
            ok = isinstance(value, list) and value and all(_simple_ok(v, depth + 1) for v in value)
        elif key == "required":
            ok = (
                isinstance(value, list)
                and all(isinstance(v, str) for v in value)
                and len(set(value)) == len(value)
            )
        elif key in ("enum", "examples"):
            ok = isinstance(value, list)
        elif key in ("const", "default"):
            ok = True
        elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            ok = _is_number(value)
        elif key in (
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
        ):
            ok = _is_count(value)
        elif key in ("uniqueItems", "deprecated", "readOnly", "writeOnly"):
            ok = isinstance(value, bool)
        else:
            ok = False
        if not ok:
            return False
    return True


def json_depth(value: Any, limit: int) -> int | None:
    """Nesting depth of a JSON value, or None if deeper than `limit`, cyclic or not JSON."""
    stack = [(value, 1)]
    seen: set[int] = set()
    deepest = 0
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return None
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            if id(item) in seen:
                return None
            seen.add(id(item))
            if not all(isinstance(k, str) for k in item):
                return None
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            if id(item) in seen:
                return None
            seen.add(id(item))
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return None
        elif not (item is None or isinstance(item, (str, int))):
            return None
    return deepest


@functools.lru_cache(maxsize=1)
def _meta_validator() -> Any:
    """One Draft 2020-12 meta-schema validator, built on first use (imports jsonschema)."""
    # on first use, not at import: jsonschema, attr, attrs, idna, ... (106 modules)
    from jsonschema import Draft202012Validator

    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


def schema_problem(schema: dict[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """None when `schema` is a valid JSON Schema, else (path inside it, plain message).

    Usual tool schemas are recognised as valid without jsonschema; the rest are checked
    against the 2020-12 meta-schema (results cached by the schema's JSON text). Schemas
    nested deeper than 64 levels, cyclic or not JSON are not judged (None).
    """
    if _simple_ok(schema):
        return None
    if json_depth(schema, _MAX_SCHEMA_DEPTH) is None:
        return None
    key = json.dumps(schema, sort_keys=True)
    if key in _SCHEMA_CACHE:
        return _SCHEMA_CACHE[key]
    # on first use, not at import: jsonschema, attr, attrs, idna, ... (106 modules)
    from jsonschema.exceptions import best_match

    error = best_match(_meta_validator().iter_errors(schema))
    result = None if error is None else schema_errors.schema_error(error)
    if len(_SCHEMA_CACHE) > 512:
        _SCHEMA_CACHE.clear()
    _SCHEMA_CACHE[key] = result
    return result


def instance_problem(schema: dict[str, Any], value: Any) -> tuple[tuple[str, ...], str] | None:
    """None when `value` validates against `schema`, else (path in value, plain message).

    Schemas that cannot be evaluated (unresolvable or circular `$ref`, a `pattern` Python
    cannot compile, too deep values) are not judged: None.
    """
    if json_depth(value, _MAX_SCHEMA_DEPTH) is None:
        return None
    # on first use, not at import: jsonschema, referencing, attr, attrs, ... (106 modules)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
    from referencing.exceptions import Unresolvable

    try:
        error = best_match(Draft202012Validator(schema).iter_errors(value))
    except (Unresolvable, RecursionError, re.error):
        return None
    if error is None:
        return None
    return schema_errors.instance_error(error)


# ----------------------------------------------------------------- strict schemas
#
# `strict: true` tools and `output_config.format` compile their JSON Schema into a grammar,
# so they accept only a subset of JSON Schema (docs: structured outputs, "JSON Schema
# limitations"). `strict_schema_report` walks a schema once and lists what falls outside it,
# and counts what the per-request complexity limits count.

#: `format` values a strict schema may use (the docs' list, as the SDKs' transform keeps).
STRICT_FORMATS = frozenset(
    ("date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid")
)
#: keywords the docs name as not supported in strict schemas (beyond `minItems` 0 or 1)
STRICT_UNSUPPORTED = frozenset(
    (  # noqa: SIM905
        "minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minLength maxLength "
        "maxItems uniqueItems contains minContains maxContains"
    ).split()
)
#: keywords the documented subset does not list: they may be rejected
STRICT_UNDOCUMENTED = frozenset(
    (  # noqa: SIM905
        "oneOf not if then else patternProperties propertyNames dependentRequired "
        "dependentSchemas dependencies unevaluatedProperties unevaluatedItems prefixItems "
        "minProperties maxProperties $dynamicRef $dynamicAnchor $recursiveRef "
        "contentEncoding contentMediaType contentSchema"
    ).split()
)
#: regex features the docs list as unsupported in `pattern` (patterns `re` compiles on
#: first use and keeps in its cache: a request without tools does not pay for them)
_BAD_PATTERN = (
    (r"(?<!\\)(?:\\\\)*\\[1-9]", "backreference"),
    (r"(?<!\\)(?:\\\\)*\\k<", "backreference"),
    (r"\(\?<?[=!]", "lookaround"),
    (r"(?<!\\)(?:\\\\)*\\[bB]", "word boundary"),
)
#: keywords whose value is one schema, a list of schemas, or a map of schemas
_SUB_ONE = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
)
_SUB_LIST = ("anyOf", "allOf", "oneOf", "prefixItems")
_SUB_MAP = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")


class StrictIssue(NamedTuple):
    """One thing a strict schema may not hold: where, what kind, and its details."""

    #: path inside the schema (keys and indices as strings)
    path: tuple[str, ...]
    #: "additional-missing", "additional-not-false", "keyword", "min-items", "format",
    #: "enum", "ref-external", "ref-recursive", "allof-ref", "pattern" (errors) and
    #: "undocumented" (a keyword outside the documented subset: a warning)
    kind: str
    #: the keyword involved
    keyword: str
    #: the schema's `type` in the API's words ("integer", "array", ...), or "" when untyped
    type: str = ""
    #: extra detail: the `format` value, the regex feature, the `$ref` target
    detail: str = ""


class StrictReport(NamedTuple):
    """What `strict_schema_report` found in one schema."""

    issues: list[StrictIssue]
    #: properties not listed in their object's `required` (the docs' "optional parameters")
    optional: int
    #: properties whose schema uses `anyOf` or a list of types (the docs' "union types")
    unions: int


def _type_word(node: dict[str, Any]) -> str:
    t = node.get("type")
    if isinstance(t, str):
        return t
    if isinstance(t, list) and t and all(isinstance(x, str) for x in t):
        return next((x for x in t if x != "null"), t[0])
    return ""


def _is_object_schema(node: dict[str, Any]) -> bool:
    t = node.get("type")
    if t == "object" or (isinstance(t, list) and "object" in t):
        return True
    return t is None and isinstance(node.get("properties"), dict)


def _local_refs(schema: dict[str, Any]) -> dict[str, set[str]]:
    """`$defs`/`definitions` name -> the local names its subtree refers to ("#" for root)."""
    graph: dict[str, set[str]] = {}

    def refs_in(node: Any, out: set[str], depth: int) -> None:
        if depth > _MAX_SCHEMA_DEPTH:
            return
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str):
                out.add(_ref_name(ref))
            for key, value in node.items():
                if key not in ("$defs", "definitions") or depth == 0:
                    refs_in(value, out, depth + 1)
        elif isinstance(node, list):
            for value in node:
                refs_in(value, out, depth + 1)

    for section in ("$defs", "definitions"):
        defs = schema.get(section)
        if isinstance(defs, dict):
            for name, sub in defs.items():
                found: set[str] = set()
                refs_in(sub, found, 1)
                graph[f"{section}/{name}"] = found
    return graph


def _ref_name(ref: str) -> str:
    """`#/$defs/x` -> `$defs/x`; `#` -> `#`; anything else unchanged."""
    if ref in ("#", "#/"):
        return "#"
    if ref.startswith("#/"):
        return "/".join(split_pointer(ref[1:]))
    return ref


def _recursive_defs(graph: dict[str, set[str]]) -> set[str]:
    """The definitions that can reach themselves (or the root) through `$ref`s."""
    recursive: set[str] = set()
    for start in graph:
        seen: set[str] = set()
        stack = list(graph[start])
        while stack:
            name = stack.pop()
            if name == start or name == "#":
                recursive.add(start)
                break
            if name in seen or name not in graph:
                continue
            seen.add(name)
            stack.extend(graph[name])
    return recursive


def strict_schema_report(schema: Any) -> StrictReport | None:
    """What a strict tool's (or JSON output's) schema holds outside the strict subset.

    None when the schema cannot be judged (not an object, cyclic, deeper than 64 levels).
    Walks the schema once: every object needs `additionalProperties: false`; numeric,
    string-length and array-size constraints, complex `enum` values, formats outside
    `STRICT_FORMATS`, recursive or external `$ref`, `allOf` with `$ref` and regex
    backreferences, lookaround and word boundaries are unsupported; keywords the documented
    subset does not list come back as "undocumented".
    """
    if not isinstance(schema, dict) or json_depth(schema, _MAX_SCHEMA_DEPTH) is None:
        return None
    issues: list[StrictIssue] = []
    recursive = _recursive_defs(_local_refs(schema))
    counts = [0, 0]

    def walk(node: Any, path: tuple[str, ...], home: str) -> None:
        # `home`: the definition this node is inside ("" at the root)
        if not isinstance(node, dict):
            return
        kind = _type_word(node)
        for key, value in node.items():
            at = (*path, key)
            if key in STRICT_UNSUPPORTED:
                issues.append(StrictIssue(at, "keyword", key, kind))
            elif key == "minItems":
                if _is_number(value) and value > 1:
                    issues.append(StrictIssue(at, "min-items", key, kind or "array"))
            elif key in STRICT_UNDOCUMENTED:
                issues.append(StrictIssue(at, "undocumented", key, kind))
            elif key == "format" and isinstance(value, str) and value not in STRICT_FORMATS:
                # the documented formats are string formats; `int32` on an integer (as
                # OpenAPI generators write) is not documented either way
                string = kind in ("", "string")
                issues.append(
                    StrictIssue(at, "format" if string else "undocumented", key, kind, value)
                )
            elif key == "enum" and isinstance(value, list):
                if any(isinstance(v, (dict, list)) for v in value):
                    issues.append(StrictIssue(at, "enum", key, kind))
            elif key == "pattern" and isinstance(value, str):
                for regex, feature in _BAD_PATTERN:
                    if re.search(regex, value):
                        issues.append(StrictIssue(at, "pattern", key, kind, feature))
                        break
            elif key == "$ref" and isinstance(value, str):
                name = _ref_name(value)
                if not value.startswith("#"):
                    issues.append(StrictIssue(at, "ref-external", key, kind, value))
                elif name == "#" or (home in recursive and name in recursive):
                    issues.append(StrictIssue(at, "ref-recursive", key, kind, value))
            elif (
                key == "allOf"
                and isinstance(value, list)
                and any(isinstance(v, dict) and "$ref" in v for v in value)
            ):
                issues.append(StrictIssue(at, "allof-ref", key, kind))
        if _is_object_schema(node):
            extra = node.get("additionalProperties", None)
            if "additionalProperties" not in node:
                issues.append(StrictIssue(path, "additional-missing", "additionalProperties",
                                          "object"))  # fmt: skip
            elif extra is not False:
                issues.append(StrictIssue((*path, "additionalProperties"), "additional-not-false",
                                          "additionalProperties", "object"))  # fmt: skip
            props = node.get("properties")
            if isinstance(props, dict):
                required = node.get("required")
                needed = set(required) if isinstance(required, list) and all(
                    isinstance(r, str) for r in required) else set()  # fmt: skip
                for name, sub in props.items():
                    if name not in needed:
                        counts[0] += 1
                    if isinstance(sub, dict) and (
                        isinstance(sub.get("anyOf"), list) or isinstance(sub.get("type"), list)
                    ):
                        counts[1] += 1
        for key in _SUB_ONE:
            if isinstance(node.get(key), dict):
                walk(node[key], (*path, key), home)
        for key in _SUB_LIST:
            if isinstance(node.get(key), list):
                for n, sub in enumerate(node[key]):
                    walk(sub, (*path, key, str(n)), home)
        for key in _SUB_MAP:
            if isinstance(node.get(key), dict):
                for name, sub in node[key].items():
                    inside = (
                        f"{key}/{name}" if not path and key in ("$defs", "definitions") else home
                    )
                    walk(sub, (*path, key, name), inside)
        if isinstance(node.get("items"), list):
            for n, sub in enumerate(node["items"]):
                walk(sub, (*path, "items", str(n)), home)

    walk(schema, (), "")
    return StrictReport(issues, counts[0], counts[1])
