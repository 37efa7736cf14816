"""The `action-enum` check of the defining-tools lesson: consolidated tools cover every
original operation exactly once (as one `action` value of one tool of its service), keep
the original parameters, and say which fields each action needs.
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

from ._description_text import mentions, sentences
from ._tool_definitions import definitions_in, input_schema, listing, more_problems, properties_of

ACTION_ENUM_PARTS = ("actions", "parameters", "needs")


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
    definitions, complaint = definitions_in(get_pointer(ctx.value, at, None), True)
    if complaint:
        return Outcome(False, complaint)
    survey = _Survey(services, field)
    for path, d in definitions:
        survey.read(at + path, d)
    survey.shared_actions()
    survey.lost_operations(at)
    problems = survey.problems if "actions" in parts else []
    for path, d, service, valid in survey.tools:
        specs = {a: _action_spec(services[service][a]) for a in valid}
        if "parameters" in parts:
            problems += _kept_parameters(path, d, field, specs, params.get("fields") or {})
        if "needs" in parts:
            problems += _needs_said(path, d, field, specs)
    if not problems:
        return Outcome(True)
    more = more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])


class _Survey:
    """The operations the consolidated tools offer, read tool by tool, and the problems of
    the `actions` part met on the way."""

    def __init__(self, services: Mapping, field: str) -> None:
        self.services = services
        self.field = field
        #: action -> its service
        self.owner = {
            action: service for service, actions in services.items() for action in actions
        }
        #: (service, action) -> [(tool name, pointer of the enum value)]
        self.offered: dict[tuple[str, str], list[tuple[str, str]]] = {}
        #: (pointer, definition, service, [its valid actions])
        self.tools: list[tuple[str, dict, str, list[str]]] = []
        self.problems: list[tuple[str, str]] = []
        #: services whose tools are already reported (None: a tool of no known service), so
        #: the operations they lose are knock-ons, not mistakes of their own
        self.broken: set[str | None] = set()
        self.prefixes = ", ".join(f"`{s}_`" for s in services)

    def read(self, path: str, d: Any) -> None:
        """One definition: its service, its `field` property and the actions it offers."""
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            self.problems.append(
                (path, tr("this definition has no `name`, so its service cannot be told"))
            )
            self.broken.add(None)
            return
        name = d["name"]
        service = next((s for s in self.services if name.startswith(f"{s}_")), None)
        if service is None:
            self.problems.append(
                (
                    path + "/name",
                    tr(
                        "{name} starts with none of the service prefixes ({prefixes})",
                        name=quote(name),
                        prefixes=self.prefixes,
                    ),
                )
            )
            self.broken.add(None)
            return
        schema = input_schema(d) or {}
        prop = properties_of(d).get(self.field)
        enum = prop.get("enum") if isinstance(prop, dict) else None
        if not isinstance(enum, list):
            self.problems.append(
                (
                    path + "/input_schema",
                    tr(
                        "{name} has no {field} property with an `enum` of operations",
                        name=quote(name),
                        field=quote(self.field),
                    ),
                )
            )
            self.broken.add(service)
            return
        required = schema.get("required")
        if not (isinstance(required, list) and self.field in required):
            self.problems.append(
                (
                    path + "/input_schema",
                    tr(
                        "in {name}, {field} should be `required`: without it the tool cannot "
                        "tell which operation is meant",
                        name=quote(name),
                        field=quote(self.field),
                    ),
                )
            )
        valid = self._offered_actions(path, name, service, enum)
        self.tools.append((path, d, service, valid))

    def _offered_actions(self, path: str, name: str, service: str, enum: list) -> list[str]:
        """The actions of a tool's enum that belong to its service; the others reported."""
        where = path + pointer("input_schema", "properties", self.field, "enum")
        valid: list[str] = []
        originals = {_action_spec(spec)[0]: a for a, spec in self.services[service].items()}
        unknown = [
            (i, a) for i, a in enumerate(enum) if not isinstance(a, str) or a not in self.owner
        ]
        if unknown:
            self.broken.add(service)
        if unknown and all(a in originals for _, a in unknown):
            # the old tool names where the actions go: one mistake, said once
            self.problems.append(
                (
                    where,
                    tr(
                        "the enum of {name} holds the old tool names ({found}); the actions are "
                        "named {names}",
                        name=quote(name),
                        found=", ".join(str(a) for _, a in unknown),
                        names=", ".join(self.services[service]),
                    ),
                )
            )
            unknown = []
        for i, action in unknown:
            self.problems.append(
                (
                    where + pointer(i),
                    tr(
                        "{action} in {name} is not one of the {service} action names ({names})",
                        action=json_text(action),
                        name=quote(name),
                        service=service,
                        names=", ".join(self.services[service]),
                    ),
                )
            )
        for i, action in enumerate(enum):
            if not isinstance(action, str) or action not in self.owner:
                continue
            if self.owner[action] != service:
                self.problems.append(
                    (
                        where + pointer(i),
                        tr(
                            "{action} is a `{owner}` operation, but {name} is a `{service}` tool",
                            action=quote(action),
                            owner=self.owner[action],
                            name=quote(name),
                            service=service,
                        ),
                    )
                )
            else:
                self.offered.setdefault((service, action), []).append((name, where + pointer(i)))
                if action not in valid:
                    valid.append(action)
        return valid

    def shared_actions(self) -> None:
        """An action offered by two tools."""
        for (_service, action), places in self.offered.items():
            # one tool defined twice is a duplicate name, which the API's rules report
            if len({n for n, _ in places}) > 1:
                names = listing([quote(n) for n, _ in places], "and")
                self.problems.append(
                    (
                        places[-1][1],
                        tr(
                            "{action} is offered by {names}; each operation belongs to one tool",
                            action=quote(action),
                            names=names,
                        ),
                    )
                )

    def lost_operations(self, at: str) -> None:
        """Operations no tool offers (unless their service's tools are reported already)."""
        for service, actions in self.services.items():
            if service in self.broken or None in self.broken:
                continue  # the tool that should offer them is already reported
            lost = [a for a in actions if (service, a) not in self.offered]
            if not lost:
                continue
            self.problems.append(
                (
                    at,
                    trn(
                        len(lost),
                        "no `{service}` tool offers {actions}, so {originals} is lost",
                        "no `{service}` tool offers {actions}, so {originals} are lost",
                        service=service,
                        actions=listing([quote(a) for a in lost]),
                        originals=listing(
                            [quote(_action_spec(actions[a])[0]) for a in lost], "and"
                        ),
                    ),
                )
            )


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
    properties = properties_of(d)
    schema = input_schema(d) or {}
    # field -> the original tools that took it, in order
    takers: dict[str, list[str]] = {}
    for original, needs, optional in specs.values():
        for f in [*needs, *optional]:
            if original not in takers.setdefault(f, []):
                takers[f].append(original)
    for f, originals in takers.items():
        where = path + pointer("input_schema", "properties", f)
        listed = listing([quote(o) for o in originals], "and")
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
    prop = properties_of(d).get(field)
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
            fields=listing([f"`{f}`" for f in missing], "and"),
        )
    else:
        message = tr(
            "the description of {name} never says which fields {actions} need: name each "
            "action together with the fields it needs",
            name=quote(d.get("name")),
            actions=listing([quote(a) for a, _ in unsaid], "and"),
        )
    return [(where, message)]
