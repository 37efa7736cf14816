"""Client toolsets: one `tools[]` entry declaring a family of client tools (computer, browser).

Registered from `tool_types` (it imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, close_match
from checker.rules.anthropic.tool_types import TOOLSETS
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: toolset type -> (the tool name it replaces, its members: the keys `configs` accepts)
MEMBERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "computer_toolset_20260801": (
        "computer",
        (
            "cursor_position", "double_click", "hold_key", "key", "left_click",
            "left_click_drag", "left_mouse_down", "left_mouse_up", "middle_click",
            "mouse_move", "right_click", "screenshot", "scroll", "triple_click", "type",
            "wait", "zoom",
        ),
    ),
    "browser_toolset_20260801": (
        "browser",
        (
            "close_tab", "double_click", "file_upload", "find", "form_input", "get_page_text",
            "hold_key", "hover", "javascript_exec", "key", "left_click", "left_click_drag",
            "left_mouse_down", "left_mouse_up", "list_tabs", "middle_click", "mouse_move",
            "navigate", "new_tab", "read_console", "read_network", "read_page", "right_click",
            "screenshot", "scroll", "scroll_to", "switch_tab", "triple_click", "type", "wait",
            "zoom",
        ),
    ),
}  # fmt: skip
_ENTRY_KEYS = ("type", "configs", "cache_control", "allowed_callers")
_MEMBER_KEYS = ("enabled", "defer_loading")


@rule(
    "a-toolset-shape",
    api="anthropic",
    scope="body",
    sources=(TOOLSETS,),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "tools": [{"type": "browser_toolset_20260801", "name": "browser",
             "configs": {"javascript_exec": {"enabled": true}}}],
  "messages": [{"role": "user", "content": "Open example.com and read the headline."}]
}""",
    fix="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "tools": [{"type": "browser_toolset_20260801",
             "configs": {"javascript_exec": {"enabled": true}},
             "cache_control": {"type": "ephemeral"}}],
  "messages": [{"role": "user", "content": "Open example.com and read the headline."}]
}""",
)
def toolset_shape(ctx: Context) -> Iterator[Finding]:
    """A client toolset entry has a `type`, optional member `configs`, and nothing else.

    `computer_toolset_20260801` and `browser_toolset_20260801` declare a whole family of
    tools in one entry: no `name`, `strict`, `input_examples` or entry-level
    `defer_loading`, and `allowed_callers` only `["direct"]`. `configs` maps the
    toolset's members (`left_click`, `navigate`...) to `{enabled, defer_loading}`; an
    unknown member is rejected, every enabled member must resolve to the same
    `defer_loading`, and at least one member stays enabled. One entry per toolset, and no
    other tool with the family's name (`computer`, `browser`) beside it.
    """
    seen: dict[str, int] = {}
    names = {t.get("name"): k for k, t in ctx.tools if isinstance(t.get("name"), str)}
    for k, tool in ctx.tools:
        kind = tool.get("type")
        if not isinstance(kind, str) or kind not in MEMBERS:
            continue
        base = pointer("tools", k)
        family, members = MEMBERS[kind]
        if kind in seen:
            yield Finding(
                base + "/type",
                tr(
                    "a second {type} entry (the first is tool {first})",
                    type=code(kind),
                    first=seen[kind],
                ),
                tr("Declare each toolset once; configure its members in `configs`."),
            )
        seen.setdefault(kind, k)
        other = names.get(family)
        if other is not None and other != k:
            yield Finding(
                pointer("tools", other, "name"),
                tr(
                    "a tool named {name} next to the {type} toolset, which provides that family",
                    name=quote(family),
                    type=code(kind),
                ),
                tr("Keep either the toolset or the single tool, not both."),
            )
        for key in tool:
            if key in _ENTRY_KEYS:
                continue
            yield Finding(
                base + pointer(key),
                tr(
                    "`{key}` is not a field of a toolset entry (it takes `type`, `configs` and "
                    "`cache_control`)",
                    key=key,
                ),
                tr("Remove `name`: the toolset is named by its type.")
                if key == "name"
                else tr("Remove `{key}`; per-member options go in `configs`.", key=key),
            )
        callers = tool.get("allowed_callers")
        if callers is not None and not (
            isinstance(callers, (list, tuple)) and list(callers) == ["direct"]
        ):
            yield Finding(
                base + "/allowed_callers",
                tr('a toolset can be called only directly: `allowed_callers` must be `["direct"]`'),
                tr('Remove `allowed_callers`, or write `["direct"]`.'),
            )
        if "configs" in tool:
            yield from _configs(base + "/configs", tool["configs"], kind, members)


def _configs(path: str, configs: Any, kind: str, members: tuple[str, ...]) -> Iterator[Finding]:
    if not isinstance(configs, dict):
        yield Finding(
            path,
            tr(
                "`configs` is {type}: it maps member names to their options",
                type=json_type(configs),
            ),
            tr('Write e.g. `"configs": {"zoom": {"enabled": false}}`.'),
        )
        return
    defer: dict[str, bool] = {}
    disabled = 0
    for member, config in configs.items():
        where = path + pointer(member)
        if member not in members:
            close = close_match(member, list(members))
            yield Finding(
                where,
                tr("{member} is not a member of {type}", member=quote(member), type=code(kind)),
                tr("Did you mean {name}?", name=quote(close[0]))
                if close
                else tr("Use the member names from the toolset's documentation."),
            )
            continue
        if not isinstance(config, dict):
            yield Finding(
                where,
                tr(
                    "the config of {member} is {type}, not an object",
                    member=quote(member),
                    type=json_type(config),
                ),
                tr('Write e.g. `{"enabled": true}`.'),
            )
            continue
        for key, value in config.items():
            if key not in _MEMBER_KEYS or not isinstance(value, bool):
                yield Finding(
                    where + pointer(key),
                    tr("a member config takes only the booleans `enabled` and `defer_loading`"),
                    tr('Write e.g. `{"enabled": true, "defer_loading": false}`.'),
                )
        if config.get("enabled") is False:
            disabled += 1
        else:
            defer[member] = config.get("defer_loading") is True
    if disabled and disabled == len(members):
        yield Finding(
            path,
            tr("`configs` disables every member of {type}", type=code(kind)),
            tr("Keep at least one member enabled, or remove the toolset."),
        )
    if len(set(defer.values())) > 1:
        yield Finding(
            path,
            tr(
                "enabled members of {type} differ in "
                "`defer_loading`: it must be the same on all of them",
                type=code(kind),
            ),
            tr("Set `defer_loading` to one value on every enabled member."),
        )
