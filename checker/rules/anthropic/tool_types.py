"""Anthropic-defined tools: a versioned `type`, its fixed `name`, and the fields of that version.

`tools[].type` is `custom` (or absent) for your own tools; any other value names a tool
Anthropic defines (`bash_20250124`, `web_search_20250305`, `code_execution_20260120`...),
which takes no schema and the fields of its version only. Client toolsets
(`computer_toolset_20260801`, `browser_toolset_20260801`) are one entry without a name.
The web tools' own parameters are in `web_tools`; `container` and `context_management`
in `container_context` (both registered from here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, close_match, warning
from checker.rules.anthropic.server_tools import DOCS, TOOL_REFERENCE
from checker.rules.record import Finding, needs_beta, note, rule
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

VERSIONING = f"{TOOL_REFERENCE}#tool-versioning"
TOOLSETS = f"{TOOL_REFERENCE}#client-toolsets"
PROPERTIES = f"{TOOL_REFERENCE}#tool-definition-properties"
COMPUTER_USE = f"{DOCS}/agents-and-tools/tool-use/computer-use-tool"
TEXT_EDITOR = f"{DOCS}/agents-and-tools/tool-use/text-editor-tool"


class ToolType(NamedTuple):
    """What one `tools[].type` value takes: its fixed name (None: a toolset), its own
    fields (beyond the common ones), the beta header it needs, its required fields."""

    name: str | None
    fields: tuple[str, ...] = ()
    beta: str | None = None
    required: tuple[str, ...] = ()


COMMON = ("type", "name", "cache_control", "defer_loading", "allowed_callers", "strict")
_EXAMPLES = ("input_examples",)
_SEARCH = ("max_uses", "allowed_domains", "blocked_domains", "user_location")
_FETCH = ("max_uses", "allowed_domains", "blocked_domains", "citations", "max_content_tokens")
_SCREEN = ("display_width_px", "display_height_px", "display_number")
_DISPLAY = ("display_width_px", "display_height_px")
_TOOLSET = ToolType(None, ("configs",))
TYPES: dict[str, ToolType] = {
    "bash_20250124": ToolType("bash", _EXAMPLES),
    "text_editor_20250124": ToolType("str_replace_editor", _EXAMPLES),
    "text_editor_20250429": ToolType("str_replace_based_edit_tool", _EXAMPLES),
    "text_editor_20250728": ToolType("str_replace_based_edit_tool", (*_EXAMPLES, "max_characters")),
    "memory_20250818": ToolType("memory", _EXAMPLES),
    "code_execution_20250522": ToolType("code_execution"),
    "code_execution_20250825": ToolType("code_execution"),
    "code_execution_20260120": ToolType("code_execution"),
    "code_execution_20260521": ToolType("code_execution"),
    "web_search_20250305": ToolType("web_search", _SEARCH),
    "web_search_20260209": ToolType("web_search", _SEARCH),
    "web_search_20260318": ToolType("web_search", (*_SEARCH, "response_inclusion")),
    "web_fetch_20250910": ToolType("web_fetch", _FETCH),
    "web_fetch_20260209": ToolType("web_fetch", _FETCH),
    "web_fetch_20260309": ToolType("web_fetch", (*_FETCH, "use_cache")),
    "web_fetch_20260318": ToolType("web_fetch", (*_FETCH, "use_cache", "response_inclusion")),
    "tool_search_tool_regex_20251119": ToolType("tool_search_tool_regex"),
    "tool_search_tool_regex": ToolType("tool_search_tool_regex"),
    "tool_search_tool_bm25_20251119": ToolType("tool_search_tool_bm25"),
    "tool_search_tool_bm25": ToolType("tool_search_tool_bm25"),
    "computer_toolset_20260801": _TOOLSET,
    "browser_toolset_20260801": _TOOLSET,
    # beta only: the type exists only with its anthropic-beta header
    "bash_20241022": ToolType("bash", (), "computer-use-2024-10-22"),
    "text_editor_20241022": ToolType("str_replace_editor", (), "computer-use-2024-10-22"),
    "computer_20241022": ToolType("computer", _SCREEN, "computer-use-2024-10-22", _DISPLAY),
    "computer_20250124": ToolType("computer", _SCREEN, "computer-use-2025-01-24", _DISPLAY),
    "computer_20251124": ToolType(
        "computer", (*_SCREEN, "enable_zoom"), "computer-use-2025-11-24", _DISPLAY
    ),
    "advisor_20260301": ToolType(
        "advisor", ("model", "max_uses"), "advisor-tool-2026-03-01", ("model",)
    ),
}
#: the types whose rules live elsewhere (`custom`: tools; `mcp_toolset`: mcp)
OTHER_TYPES = ("custom", "mcp_toolset")
DATED = re.compile(r"([a-z][a-z0-9_]*?)_(\d{8})")
FAMILIES: dict[str, list[str]] = {}
for _type in TYPES:
    _dated = DATED.fullmatch(_type)
    if _dated:
        FAMILIES.setdefault(_dated.group(1), []).append(_type)
#: fields of some tool kind: never just a typo, so wrong on another kind of tool
KNOWN_FIELDS = frozenset(f for t in TYPES.values() for f in t.fields) | {
    "input_schema",
    "description",
    "input_examples",
    "eager_input_streaming",
    "parameters",
    "function",
    "enable_zoom",
    "use_cache",
    "response_inclusion",
}
SCHEMA_FIELDS = ("input_schema", "description", "parameters", "function", "eager_input_streaming")
CALLERS = (
    "direct",
    "code_execution_20250825",
    "code_execution_20260120",
    "code_execution_20260521",
)


def anthropic_tools(ctx: Context) -> Iterator[tuple[int, dict[str, Any], str, ToolType]]:
    """(index, tool, type, its record) for each tool of a type tooltutor knows."""
    for k, tool in ctx.tools:
        kind = tool.get("type")
        if isinstance(kind, str) and kind in TYPES:
            yield k, tool, kind, TYPES[kind]


def latest(family: str) -> str | None:
    types = FAMILIES.get(family)
    return max(types, key=lambda t: (TYPES[t].beta is None, t)) if types else None


@rule(
    "a-tool-type-unknown",
    api="anthropic",
    scope="body",
    sources=(VERSIONING, "https://github.com/dirac-run/dirac/issues/57"),
    api_message=(
        "{loc}: Input tag '{value}' found using 'type' does not match any of the expected tags"
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search", "name": "web_search"}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search"}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
    near_misses=(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "custom", "name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    ),
)
def tool_type_unknown(ctx: Context) -> Iterator[Finding]:
    """`tools[].type` is `custom` or a tool version the API defines.

    The type picks the kind of tool: absent or `custom` for your own tools, otherwise a
    dated Anthropic tool such as `bash_20250124`, `web_search_20250305` or
    `code_execution_20260120` (the tool search tools also take their undated names). A
    type that is no tool version (OpenAI's `function`, a bare `web_search`, a typo) is
    rejected. A dated version tooltutor does not know is a warning: it may be newer than
    tooltutor, or exist only with a beta header (the body does not show the headers).
    """
    for k, tool in ctx.tools:
        if "type" not in tool:
            continue
        kind = tool["type"]
        path = pointer("tools", k, "type")
        if isinstance(kind, str) and (kind in TYPES or kind in OTHER_TYPES):
            continue
        if not isinstance(kind, str):
            yield Finding(
                path,
                tr("the tool `type` is {value}: it must be a string", value=describe(kind)),
                tr('Leave `type` out for your own tools, or write e.g. `"web_search_20250305"`.'),
            )
            continue
        dated = DATED.fullmatch(kind)
        if dated:
            family = dated.group(1)
            newest = latest(family)
            if newest is not None:
                message = tr(
                    "{type} is not a version of {family} that tooltutor knows (latest known: "
                    "{latest}); it may be newer, or a typo in the date",
                    type=quote(kind),
                    family=code(family),
                    latest=code(newest),
                )
            else:
                message = tr(
                    "{type} is not a tool type tooltutor knows; it may be newer than tooltutor "
                    "or need a beta header",
                    type=quote(kind),
                )
            yield warning(
                path, message, tr("Check the type against the tool's documentation page.")
            )
            continue
        if kind == "function":
            message = tr(
                '`type: "function"` is the OpenAI tool shape: Anthropic tools have no `type` '
                '(or `"custom"`) and a flat `name`, `description`, `input_schema`'
            )
            hint = tr('Write `{"name": "...", "description": "...", "input_schema": {...}}`.')
        elif kind in FAMILIES:
            message = tr(
                "{type} needs its version date: Anthropic tool types are dated, e.g. {latest}",
                type=quote(kind),
                latest=code(latest(kind)),
            )
            hint = tr(
                "Use the dated type from the tool's documentation, e.g. {latest}.",
                latest=code(latest(kind)),
            )
        else:
            close = close_match(kind, [*TYPES, *OTHER_TYPES])
            message = tr("{type} is not a tool type", type=quote(kind))
            hint = (
                tr("Did you mean {name}?", name=code(close[0]))
                if close
                else tr(
                    "Leave `type` out for your own tools; Anthropic "
                    "tools use a dated type such as `bash_20250124`."
                )
            )
        yield Finding(path, message, hint)


@rule(
    "a-tool-beta-required",
    api="anthropic",
    severity="note",
    scope="body",
    sources=(COMPUTER_USE, VERSIONING),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "computer_20250124", "name": "computer",
             "display_width_px": 1280, "display_height_px": 800}],
  "messages": [{"role": "user", "content": "Open the settings."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "bash_20250124", "name": "bash"}],
  "messages": [{"role": "user", "content": "List the files."}]
}""",
)
def tool_beta_required(ctx: Context) -> Iterator[Finding]:
    """A beta-only tool type needs its beta header.

    Some tool versions exist only with an `anthropic-beta` header: the `computer_*` tools,
    the `*_20241022` tools and the advisor tool. Without the header the API answers that
    the type matches none of the expected tags. The header is not part of the body, so
    this is a warning.
    """
    for k, _, kind, spec in anthropic_tools(ctx):
        if spec.beta is None:
            continue
        yield needs_beta(
            warning(
                pointer("tools", k, "type"),
                tr(
                    "{type} exists only with the header `anthropic-beta: {beta}`, which tooltutor "
                    "cannot see in the body",
                    type=code(kind),
                    beta=spec.beta,
                ),
                tr("Send that header (SDKs: `client.beta.messages.create(..., betas=[...])`)."),
            ),
            spec.beta,
        )


@rule(
    "a-tool-name-mismatch",
    api="anthropic",
    scope="body",
    sources=(VERSIONING, TEXT_EDITOR),
    api_message="{loc}: Input should be {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "text_editor_20250728", "name": "str_replace_editor"}],
  "messages": [{"role": "user", "content": "Fix primes.py"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}],
  "messages": [{"role": "user", "content": "Fix primes.py"}]
}""",
)
def tool_name_mismatch(ctx: Context) -> Iterator[Finding]:
    """An Anthropic-defined tool has the name its version fixes.

    Each tool version has one name: `bash` for `bash_*`, `str_replace_editor` for
    `text_editor_20250124`, `str_replace_based_edit_tool` for later text editors,
    `web_search`, `web_fetch`, `code_execution`, `memory`, `computer`... Claude was trained
    on that name, so another one is rejected.
    """
    for k, tool, kind, spec in anthropic_tools(ctx):
        name = tool.get("name")
        if spec.name is None or not isinstance(name, str) or name == spec.name:
            continue
        yield Finding(
            pointer("tools", k, "name"),
            tr(
                "a {type} tool must be named {expected}, not {name}",
                type=code(kind),
                expected=quote(spec.name),
                name=quote(name),
            ),
            tr('Write `"name": {expected}`.', expected=quote(spec.name)),
        )


@rule(
    "a-tool-field-unsupported",
    api="anthropic",
    scope="body",
    sources=(PROPERTIES, TEXT_EDITOR),
    api_message="{loc}: Extra inputs are not permitted",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "bash_20250124", "name": "bash",
             "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}}}],
  "messages": [{"role": "user", "content": "List the files."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "bash_20250124", "name": "bash"}],
  "messages": [{"role": "user", "content": "List the files."}]
}""",
)
def tool_field_unsupported(ctx: Context) -> Iterator[Finding]:
    """An Anthropic-defined tool has only the fields of its version.

    These tools bring their own schema, so `input_schema`, `description` (and OpenAI's
    `parameters`/`function`) are rejected, and each version takes its own options:
    `max_characters` only from `text_editor_20250728`, `user_location` only on web search,
    `use_cache` from `web_fetch_20260309`, `response_inclusion` on the `_20260318` web
    tools, `input_examples` on client tools only... A key no tool kind has is a warning
    (maybe a typo, maybe a field newer than tooltutor). Toolsets: `a-toolset-shape`.
    """
    for k, tool, kind, spec in anthropic_tools(ctx):
        if spec.name is None:
            continue
        allowed = (*COMMON, *spec.fields)
        for key in tool:
            if key in allowed:
                continue
            path = pointer("tools", k, key)
            if key in SCHEMA_FIELDS:
                yield Finding(
                    path,
                    tr(
                        "{type} is an Anthropic-defined tool: it "
                        "has its own schema and takes no `{key}`",
                        type=code(kind),
                        key=key,
                    ),
                    tr(
                        "Remove `{key}`; only custom tools (no "
                        "`type`) take a schema and description.",
                        key=key,
                    ),
                )
            elif key in KNOWN_FIELDS and spec.beta is None:
                family = DATED.fullmatch(kind)
                others = [
                    t
                    for t, s in TYPES.items()
                    if key in s.fields and family and t.startswith(family.group(1) + "_")
                ]
                yield Finding(
                    path,
                    tr(
                        "`{key}` is not a field of {type}{versions}",
                        key=key,
                        type=code(kind),
                        versions=tr(
                            " (it is one of {types})", types=", ".join(code(t) for t in others[:3])
                        )
                        if others
                        else "",
                    ),
                    tr("Remove `{key}`, or use a tool version that has it.", key=key),
                )
            else:  # a field newer than our table (recorded accepted): only a note
                yield note(
                    path,
                    tr(
                        "`{key}` is not a field of {type} that tooltutor knows: the API rejects "
                        "unknown fields",
                        key=key,
                        type=code(kind),
                    ),
                    tr("Check the spelling against the tool's documentation."),
                )


@rule(
    "a-tool-field-missing",
    api="anthropic",
    scope="body",
    sources=(COMPUTER_USE, VERSIONING),
    api_message="{loc}: Field required",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305"}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search"}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
)
def tool_field_missing(ctx: Context) -> Iterator[Finding]:
    """An Anthropic-defined tool has its required fields.

    Every versioned tool except a toolset carries its fixed `name`; the computer tools also
    need `display_width_px` and `display_height_px`, and the advisor tool its `model`.
    """
    for k, tool, kind, spec in anthropic_tools(ctx):
        if spec.name is None:
            continue
        needed = ("name", *spec.required)
        for key in needed:
            if key in tool:
                continue
            example = {
                "name": quote(spec.name),
                "display_width_px": "1280",
                "display_height_px": "800",
            }.get(key, '"..."')
            yield Finding(
                pointer("tools", k),
                tr("this {type} tool has no `{key}`", type=code(kind), key=key),
                tr('Add `"{key}": {example}`.', key=key, example=example),
            )


def _int_problem(value: Any, minimum: int) -> tuple[str, bool] | None:
    """(problem, is_warning) when `value` is not a whole number >= `minimum`."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if value >= minimum:
            return None
        return tr("{value} is below the minimum {minimum}", value=value, minimum=minimum), False
    if isinstance(value, str) and value.strip().isdigit():
        return tr("{value} is a string: write the number itself", value=quote(value)), True
    return tr("{type} is not a whole number", type=json_type(value)), False


_INTS = {
    "max_uses": 1,
    "max_content_tokens": 1,
    "max_characters": 1,
    "display_width_px": 1,
    "display_height_px": 1,
    "display_number": 0,
}
_BOOLS = ("defer_loading", "strict", "enable_zoom", "use_cache")


@rule(
    "a-tool-field-invalid",
    api="anthropic",
    scope="body",
    sources=(PROPERTIES, f"{DOCS}/api/messages#body-tools"),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 0}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 5}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
)
def tool_field_invalid(ctx: Context) -> Iterator[Finding]:
    """A tool's options have the values the API accepts.

    `max_uses`, `max_content_tokens`, `max_characters` and the display sizes are whole
    numbers of at least 1; `defer_loading`, `strict`, `enable_zoom`, `use_cache` are
    booleans; `allowed_callers` lists `direct` and/or code execution versions;
    `response_inclusion` is `full` or `excluded`; domain lists are arrays of strings. A
    number written as a string is a warning (the API may convert it).
    """
    for k, tool in ctx.tools:
        kind = tool.get("type")
        if kind is None or kind == "custom":
            callers = tool.get("allowed_callers")
            if isinstance(callers, (list, tuple)) and all(isinstance(c, str) for c in callers):
                yield from _callers(pointer("tools", k, "allowed_callers"), callers)
            continue  # a custom tool's field types: a-tool-field-type
        if not isinstance(kind, str) or kind not in TYPES or TYPES[kind].name is None:
            continue  # mcp_toolset: mcp; toolsets: a-toolset-shape; unknown: a-tool-type-unknown
        for key, value in tool.items():
            path = pointer("tools", k, key)
            problem: tuple[str, bool] | None = None
            if key in _INTS:
                problem = _int_problem(value, _INTS[key])
            elif key in _BOOLS and value is not None and not isinstance(value, bool):
                problem = tr("{value} is not `true` or `false`", value=describe(value)), False
            elif key == "allowed_callers" and value is not None:
                yield from _callers(path, value)
            elif key == "response_inclusion" and value not in ("full", "excluded", None):
                problem = tr("{value} is not `full` or `excluded`", value=describe(value)), False
            elif key in ("allowed_domains", "blocked_domains") and value is not None:
                if not isinstance(value, (list, tuple)) or not all(
                    isinstance(d, str) for d in value
                ):
                    problem = (
                        tr("{value} is not an array of domain strings", value=describe(value)),
                        False,
                    )
            elif key == "citations" and value is not None:
                if not isinstance(value, dict) or not isinstance(value.get("enabled", False), bool):
                    problem = (
                        tr(
                            '{value} is not `{{"enabled": true}}` or `{{"enabled": false}}`',
                            value=describe(value),
                        ),
                        False,
                    )
            elif key == "model" and not isinstance(value, str):
                problem = tr("{value} is not a model id", value=describe(value)), False
            if problem is None:
                continue
            text, soft = problem
            message = tr("`{key}`: {problem}", key=key, problem=text)
            hint = tr("See the tool's documentation for the values `{key}` takes.", key=key)
            yield warning(path, message, hint) if soft else Finding(path, message, hint)


def _callers(path: str, value: Any) -> Iterator[Finding]:
    hint = tr('Write e.g. `"allowed_callers": ["direct"]` or `["code_execution_20260120"]`.')
    if not isinstance(value, (list, tuple)):
        yield Finding(
            path,
            tr("`allowed_callers` is {type}: it must be an array", type=json_type(value)),
            hint,
        )
        return
    for n, caller in enumerate(value):
        if caller in CALLERS:
            continue
        if (
            isinstance(caller, str)
            and DATED.fullmatch(caller)
            and caller.startswith("code_execution_")
        ):
            yield warning(
                path + pointer(n),
                tr(
                    "{caller} is not a code execution version tooltutor knows", caller=quote(caller)
                ),
                hint,
            )
        else:
            yield Finding(
                path + pointer(n),
                tr(
                    "{caller} is not a caller: use `direct` or a code execution version",
                    caller=describe(caller),
                ),
                hint,
            )
