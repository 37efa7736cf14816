"""The exercise schema an editor reads for one course: the format, and how it is marked.

The schema the loader validates with (`exercise.schema.json`) knows the format only. The
copy `tooltutor new` and `validate --write-schemas` write into a course's `schemas/`
also knows the course's marking, so that an editor with the YAML language server
completes and checks it as you type:

- a criterion's `check` is one of the checks of the exercise's `kind` (the engine's and
  the course's own, each with its docstring as the description);
- a criterion's `params` follow the schema its check declares (completion of the
  parameters, a flag on a wrong one or a missing required one);
- the keys offered are those of the exercise's kind (`entry`, `script`... in a Python
  exercise, `choices` in a choice exercise, neither in a JSON one).

The loader never reads these copies; `validate` says the same things in its own words.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from tooltutor.kinds import KINDS as _KIND_TABLE

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: the keys that belong to one kind of exercise only (the kinds table's `own_keys`)
KIND_KEYS = {kind.name: kind.own_keys for kind in _KIND_TABLE.values() if kind.own_keys}
KINDS = ("json", "python", "choice")


def exercise_schema(base: Mapping[str, Any], checks: Mapping[str, Any]) -> dict:
    """`base` (the format's exercise schema) made to know `checks` (name -> CheckSpec)."""
    schema = copy.deepcopy(dict(base))
    schema["title"] = "tooltutor exercise"
    properties = schema["properties"]
    moved = {key: properties.pop(key) for keys in KIND_KEYS.values() for key in keys}
    # keys of one kind live in that kind's branch: allowed (and offered) only there
    schema.pop("additionalProperties", None)
    schema["unevaluatedProperties"] = False
    defs = schema.setdefault("$defs", {})
    branches = []
    for kind in KINDS:
        names = sorted(n for n, spec in checks.items() if kind in spec.kinds)
        then: dict[str, Any] = {
            "properties": {
                **{key: moved[key] for key in KIND_KEYS.get(kind, ())},
                "criteria": {"items": {"properties": {"check": _names(names, checks)}}},
            }
        }
        required = [k for k in _required_for(base, kind)]
        if required:
            then["required"] = required
        branches.append(
            {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": then}
        )
    schema["allOf"] = branches
    criterion = defs["criterion"]
    criterion["properties"]["check"] = {
        "type": "string",
        "description": "The check that marks this criterion (see docs/checks.md).",
    }
    criterion["allOf"] = [
        _params_branch(name, spec, defs) for name, spec in sorted(checks.items()) if spec.params
    ]
    return schema


def _names(names: list[str], checks: Mapping[str, Any]) -> dict:
    descriptions = [_first_line(checks[n].doc) for n in names]
    return {
        "enum": names,
        "enumDescriptions": descriptions,
        "markdownEnumDescriptions": descriptions,
    }


def _first_line(doc: str) -> str:
    return (doc or "").strip().split("\n\n")[0].replace("\n", " ") or "(no description)"


def _required_for(base: Mapping[str, Any], kind: str) -> list[str]:
    """The keys the format requires of `kind` (its `if kind ... then required`)."""
    for branch in base.get("allOf", []):
        const = branch.get("if", {}).get("properties", {}).get("kind", {}).get("const")
        if const == kind:
            return list(branch.get("then", {}).get("required", []))
    return []


#: a parameter may be written `"$given/pointer"`, standing for that part of `given`
GIVEN = {"type": "string", "pattern": "^\\$given(/.*)?$"}


def _or_given(node: Any) -> Any:
    """`node` (a params schema) where every parameter, at any depth, may also be a
    `$given/...` reference."""
    if not isinstance(node, dict):
        return node
    out = dict(node)
    if isinstance(node.get("properties"), dict):
        out["properties"] = {k: _either(v) for k, v in node["properties"].items()}
    if isinstance(node.get("items"), dict):
        out["items"] = _either(node["items"])
    return out


def _either(sub: Any) -> Any:
    if not isinstance(sub, dict) or sub in (GIVEN, {}):
        return sub
    inner = _or_given(sub)
    meta = {k: inner.pop(k) for k in ("description", "title") if k in inner}
    return {**meta, "anyOf": [inner, GIVEN]}


def _params_branch(name: str, spec: Any, defs: dict) -> dict:
    params = _or_given(_hoisted(name, copy.deepcopy(dict(spec.params)), defs))
    params.setdefault("description", f"The parameters of check '{name}'.")
    then: dict[str, Any] = {"properties": {"params": params}}
    if params.get("required"):
        then["required"] = ["params"]
    return {"if": {"properties": {"check": {"const": name}}, "required": ["check"]}, "then": then}


def _hoisted(name: str, params: dict, defs: dict) -> dict:
    """`params` with its own `$defs` moved into the exercise schema's, renamed, and its
    `#/$defs/...` references pointed at them."""
    own = params.pop("$defs", None) or params.pop("definitions", None) or {}
    if not own:
        return params
    prefix = f"check-{name}-"
    for key, value in own.items():
        defs[prefix + key] = value

    def rewrite(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: rewrite(v) for k, v in node.items()}
            ref = out.get("$ref")
            if isinstance(ref, str):
                for old in ("#/$defs/", "#/definitions/"):
                    if ref.startswith(old):
                        out["$ref"] = "#/$defs/" + prefix + ref[len(old) :]
            return out
        if isinstance(node, list):
            return [rewrite(v) for v in node]
        return node

    for key in own:
        defs[prefix + key] = rewrite(defs[prefix + key])
    return rewrite(params)
