"""Two body fields for tool-heavy requests: `container` (code execution, skills) and
`context_management` (context editing, beta).

Registered from `tool_types` (it imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.server_tools import DOCS, MESSAGES_API, filled
from checker.rules.record import Finding, needs_beta, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

SKILLS = f"{DOCS}/build-with-claude/skills-guide"
CONTEXT_EDITING = f"{DOCS}/build-with-claude/context-editing"
CONTEXT_BETA = "context-management-2025-06-27"
MAX_SKILLS = 20  # the API's schema; the skills guide says 8
DOCUMENTED_SKILLS = 8
_SKILL = '{"type": "anthropic", "skill_id": "pptx", "version": "latest"}'
_CODE_EXEC = '{"type": "code_execution_20250825", "name": "code_execution"}'
#: context edit type -> its fields
EDITS: dict[str, tuple[str, ...]] = {
    "clear_tool_uses_20250919": (
        "type", "trigger", "keep", "clear_at_least", "exclude_tools", "clear_tool_inputs",
    ),
    "clear_thinking_20251015": ("type", "keep"),
    "compact_20260112": ("type", "trigger", "instructions", "pause_after_compaction"),
}  # fmt: skip
#: (edit type, field) -> the `type` values its object may have
_COUNTERS = {
    ("clear_tool_uses_20250919", "trigger"): ("input_tokens", "tool_uses"),
    ("clear_tool_uses_20250919", "keep"): ("tool_uses",),
    ("clear_tool_uses_20250919", "clear_at_least"): ("input_tokens",),
    ("compact_20260112", "trigger"): ("input_tokens",),
}


@rule(
    "a-container-shape",
    api="anthropic",
    scope="body",
    sources=(f"{SKILLS}#container-parameter", MESSAGES_API),
    api_message="{loc}: {detail}",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "container": {"skills": [{"type": "anthropic", "id": "pptx"}]},
  "tools": [%s],
  "messages": [{"role": "user", "content": "Make a slide deck about tides."}]
}""",
        _CODE_EXEC,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "container": {"skills": [%s]},
  "tools": [%s],
  "messages": [{"role": "user", "content": "Make a slide deck about tides."}]
}""",
        _SKILL,
        _CODE_EXEC,
    ),
)
def container_shape(ctx: Context) -> Iterator[Finding]:
    """`container` is a container id, or `{id, skills}`.

    A string reuses a code execution container from an earlier response. The object form
    loads skills: `{"id"?: ..., "skills": [{"type": "anthropic" | "custom", "skill_id":
    ..., "version"?: ...}]}`. The API's schema allows 20 skills; the skills guide says 8 per
    request, so 9 to 20 skills are a warning.
    """
    if ctx.body is None or "container" not in ctx.body:
        return
    value = ctx.body["container"]
    if value is None or isinstance(value, str):
        return
    hint = tr(
        'Write `"container": "container_..."` or `"container": {{"skills": [{skill}]}}`.',
        skill=_SKILL,
    )
    if not isinstance(value, dict):
        yield Finding(
            "/container",
            tr(
                "`container` is {type}: it must be a container id or an object",
                type=json_type(value),
            ),
            hint,
        )
        return
    for key in value:
        if key not in ("id", "skills"):
            yield Finding(
                pointer("container", key),
                tr("`{key}` is not a field of `container` (it takes `id` and `skills`)", key=key),
                hint,
            )
    if value.get("id") is not None and not isinstance(value["id"], str):
        yield Finding("/container/id", tr("`container.id` must be a string"), hint)
    skills = value.get("skills")
    if skills is None:
        return
    if not isinstance(skills, (list, tuple)):
        yield Finding(
            "/container/skills",
            tr("`skills` is {type}: it must be an array", type=json_type(skills)),
            hint,
        )
        return
    if len(skills) > MAX_SKILLS:
        yield Finding(
            pointer("container", "skills", MAX_SKILLS),
            tr(
                "{n} skills: at most {limit} are allowed per request",
                n=len(skills),
                limit=MAX_SKILLS,
            ),
            tr("Load fewer skills."),
        )
    elif len(skills) > DOCUMENTED_SKILLS:
        yield warning(
            pointer("container", "skills", DOCUMENTED_SKILLS),
            tr(
                "{n} skills: the skills guide allows {limit} per request (the API's schema says "
                "{max})",
                n=len(skills),
                limit=DOCUMENTED_SKILLS,
                max=MAX_SKILLS,
            ),
            tr("Load at most {limit} skills to be safe.", limit=DOCUMENTED_SKILLS),
        )
    for n, skill in enumerate(skills):
        yield from _skill_shape(pointer("container", "skills", n), skill, hint)


def _skill_shape(base: str, skill: Any, hint: str) -> Iterator[Finding]:
    if not isinstance(skill, dict):
        yield Finding(base, tr("a skill is {type}, not an object", type=json_type(skill)), hint)
        return
    if skill.get("type") not in ("anthropic", "custom"):
        yield Finding(
            base + ("/type" if "type" in skill else ""),
            tr(
                "a skill's `type` is `anthropic` (built-in) or `custom`, not {value}",
                value=describe(skill.get("type")),
            ),
            hint,
        )
    for key in ("skill_id", "version"):
        item = skill.get(key)
        if key == "version" and item is None:
            continue
        if not (isinstance(item, str) and 0 < len(item) <= 64):
            yield Finding(
                base + (pointer(key) if key in skill else ""),
                tr("a skill needs `{key}`: a string of 1 to 64 characters", key=key)
                if key not in skill
                else tr(
                    "`{key}` must be a string of 1 to 64 characters, found {value}",
                    key=key,
                    value=describe(item),
                ),
                hint,
            )
    for key in skill:
        if key not in ("type", "skill_id", "version"):
            yield Finding(
                base + pointer(key),
                tr(
                    "`{key}` is not a field of a skill (it takes `type`, `skill_id`, `version`)",
                    key=key,
                ),
                hint,
            )


@rule(
    "a-container-skills-need-code-exec",
    api="anthropic",
    severity="warning",
    scope="body",
    sources=(SKILLS,),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "container": {"skills": [%s]},
  "messages": [{"role": "user", "content": "Make a slide deck about tides."}]
}""",
        _SKILL,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "container": {"skills": [%s]},
  "tools": [%s],
  "messages": [{"role": "user", "content": "Make a slide deck about tides."}]
}""",
        _SKILL,
        _CODE_EXEC,
    ),
)
def container_skills_need_code_exec(ctx: Context) -> Iterator[Finding]:
    """Skills come with the code execution tool.

    Skills run in the code execution container, so the skills guide requires a code
    execution tool in `tools` whenever `container.skills` is given. The API's answer
    without one is not documented: a warning.
    """
    container = ctx.body.get("container") if ctx.body is not None else None
    skills = container.get("skills") if isinstance(container, dict) else None
    if not isinstance(skills, (list, tuple)) or not skills:
        return
    if any(
        isinstance(t.get("type"), str) and t["type"].startswith("code_execution_")
        for _, t in ctx.tools
    ):
        return
    yield warning(
        "/container/skills",
        tr("the request loads skills but defines no code execution tool, which skills run in"),
        tr("Add {tool} to `tools`.", tool=f"`{_CODE_EXEC}`"),
    )


def _edits(ctx: Context) -> list[tuple[int, dict[str, Any]]]:
    config = ctx.body.get("context_management") if ctx.body is not None else None
    edits = config.get("edits") if isinstance(config, dict) else None
    if not isinstance(edits, (list, tuple)):
        return []
    return [(n, e) for n, e in enumerate(edits) if isinstance(e, dict)]


@rule(
    "a-context-management-beta",
    api="anthropic",
    severity="note",
    scope="body",
    sources=(CONTEXT_EDITING,),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "context_management": {"edits": [{"type": "clear_tool_uses_20250919"}]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
)
def context_management_beta(ctx: Context) -> Iterator[Finding]:
    """`context_management` needs its beta header.

    Context editing is a beta: the request needs `anthropic-beta:
    context-management-2025-06-27` (compaction, `compact_20260112`, its own
    `compact-2026-01-12`). Headers are not part of the body, so this is a warning.
    """
    if ctx.body is None or "context_management" not in ctx.body:
        return
    yield needs_beta(
        warning(
            "/context_management",
            tr(
                "`context_management` is a beta feature: the request needs the header "
                "`anthropic-beta: {beta}`, which tooltutor cannot see in the body",
                beta=CONTEXT_BETA,
            ),
            tr("Send it with the request (SDKs: `client.beta.messages.create(..., betas=[...])`)."),
        ),
        CONTEXT_BETA,
    )


@rule(
    "a-context-edit-shape",
    api="anthropic",
    scope="body",
    sources=(CONTEXT_EDITING,),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "context_management": {"edits": [
    {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 0}}
  ]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "context_management": {"edits": [
    {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 1}}
  ]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
)
def context_edit_shape(ctx: Context) -> Iterator[Finding]:
    """`context_management.edits` lists known edits with their documented options.

    `context_management` is `{"edits": [...]}`; each edit is `clear_tool_uses_20250919`
    (`trigger`, `keep`, `clear_at_least`, `exclude_tools`, `clear_tool_inputs`),
    `clear_thinking_20251015` (`keep`: `{"type": "thinking_turns", "value": N}` with
    N >= 1, or `"all"`) or `compact_20260112`. Unknown fields are rejected; an edit type
    with an unknown date is a warning (it may be newer than tooltutor).
    """
    if ctx.body is None or "context_management" not in ctx.body:
        return
    config = ctx.body["context_management"]
    hint = tr(
        'Write e.g. `"context_management": {"edits": [{"type": "clear_tool_uses_20250919"}]}`.'
    )
    if not isinstance(config, dict) or not isinstance(config.get("edits", []), (list, tuple)):
        yield Finding(
            "/context_management",
            tr("`context_management` must be an object with an `edits` array"),
            hint,
        )
        return
    for n, edit in enumerate(config.get("edits", [])):
        base = pointer("context_management", "edits", n)
        if not isinstance(edit, dict):
            yield Finding(
                base, tr("edit {n} is {type}, not an object", n=n, type=json_type(edit)), hint
            )
            continue
        kind = edit.get("type")
        if not isinstance(kind, str) or kind not in EDITS:
            family = kind.rsplit("_", 1)[0] if isinstance(kind, str) else None
            known = family is not None and any(t.rsplit("_", 1)[0] == family for t in EDITS)
            message = tr("{value} is not a context edit type", value=describe(kind))
            if known and kind.rsplit("_", 1)[-1].isdigit():
                yield warning(
                    base + "/type",
                    tr("{value} is not a version tooltutor knows", value=quote(kind)),
                    hint,
                )
            else:
                yield Finding(base + ("/type" if "type" in edit else ""), message, hint)
            continue
        for key, value in edit.items():
            if key not in EDITS[kind]:
                yield Finding(
                    base + pointer(key),
                    tr("`{key}` is not a field of {type}", key=key, type=code(kind)),
                    hint,
                )
            elif (kind, key) in _COUNTERS:
                yield from _counter(base + pointer(key), value, _COUNTERS[(kind, key)])
            elif kind == "clear_thinking_20251015" and key == "keep":
                yield from _thinking_keep(base + "/keep", value)
            elif key == "exclude_tools" and not (
                isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
            ):
                yield Finding(
                    base + "/exclude_tools",
                    tr("`exclude_tools` must be an array of tool names"),
                    hint,
                )


def _counter(path: str, value: Any, kinds: tuple[str, ...]) -> Iterator[Finding]:
    shown = " / ".join(code(k) for k in kinds)
    if not isinstance(value, dict) or value.get("type") not in kinds:
        yield Finding(
            path,
            tr('this setting is `{{"type": ..., "value": N}}` with type {types}', types=shown),
            tr('Write e.g. `{"type": "input_tokens", "value": 30000}`.'),
        )
        return
    number = value.get("value")
    if not (isinstance(number, int) and not isinstance(number, bool) and number >= 0):
        yield Finding(
            path + "/value",
            tr("`value` must be a whole number, found {value}", value=describe(number)),
            tr("Use a count such as `3`."),
        )


def _thinking_keep(path: str, value: Any) -> Iterator[Finding]:
    if value == "all" or (isinstance(value, dict) and value.get("type") == "all"):
        return
    number = value.get("value") if isinstance(value, dict) else None
    if isinstance(value, dict) and value.get("type") == "thinking_turns":
        if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
            return
        yield Finding(
            path + "/value",
            tr("`thinking_turns` keeps at least 1 turn, found {value}", value=describe(number)),
            tr('Use a value of 1 or more, or `"keep": "all"` to keep every thinking block.'),
        )
        return
    yield Finding(
        path,
        tr(
            '`keep` of `clear_thinking_20251015` is `{"type": '
            '"thinking_turns", "value": N}` or `"all"`'
        ),
        tr('Write e.g. `"keep": {"type": "thinking_turns", "value": 2}`.'),
    )


@rule(
    "a-context-edit-order",
    api="anthropic",
    scope="body",
    sources=(f"{CONTEXT_EDITING}#combining-strategies",),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "context_management": {"edits": [
    {"type": "clear_tool_uses_20250919"},
    {"type": "clear_thinking_20251015", "keep": "all"}
  ]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "context_management": {"edits": [
    {"type": "clear_thinking_20251015", "keep": "all"},
    {"type": "clear_tool_uses_20250919"}
  ]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
)
def context_edit_order(ctx: Context) -> Iterator[Finding]:
    """`clear_thinking_20251015` comes first among several context edits.

    The docs require the thinking-clearing strategy to be listed first when it is combined
    with other edits; another order is rejected.
    """
    edits = _edits(ctx)
    for position, (n, edit) in enumerate(edits):
        if edit.get("type") == "clear_thinking_20251015" and position > 0:
            yield Finding(
                pointer("context_management", "edits", n, "type"),
                tr("`clear_thinking_20251015` is edit {n}: it must be the first of the edits", n=n),
                tr("Move it to the start of `edits`."),
            )


@rule(
    "a-context-edit-thinking-required",
    api="anthropic",
    scope="body",
    sources=(CONTEXT_EDITING, "https://github.com/anthropics/claude-code/issues/11971"),
    api_message="`clear_thinking_20251015` strategy requires `thinking` to be enabled",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
  "messages": [{"role": "user", "content": "Refactor utils.py"}]
}""",
)
def context_edit_thinking_required(ctx: Context) -> Iterator[Finding]:
    """Clearing thinking blocks needs thinking on.

    `clear_thinking_20251015` edits thinking blocks, so the request must turn thinking on
    (`"thinking": {"type": "enabled", ...}` or `adaptive`); without it, HTTP 400. For a
    model that thinks by default (Fable) with `thinking` left out the answer is not
    documented: a warning.
    """
    edit = next((n for n, e in _edits(ctx) if e.get("type") == "clear_thinking_20251015"), None)
    if edit is None:
        return
    thinking = ctx.body.get("thinking")
    kind = thinking.get("type") if isinstance(thinking, dict) else None
    if kind in ("enabled", "adaptive"):
        return
    path = pointer("context_management", "edits", edit, "type")
    message = tr(
        "`clear_thinking_20251015` clears thinking blocks, "
        "but the request does not enable `thinking`"
    )
    hint = tr(
        'Add `"thinking": {"type": "adaptive"}` (or `enabled` with a budget), or drop this edit.'
    )
    model = ctx.model if isinstance(ctx.model, str) else ""
    if thinking is None and "fable" in model.lower():
        yield warning(path, message, hint)
    else:
        yield Finding(path, message, hint)
