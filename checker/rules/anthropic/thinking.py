"""Thinking blocks resent in the history: their fields, and where they must stand.

With thinking on, the assistant message that opened the tool loop in progress starts with
its `thinking` (or `redacted_thinking`) block, resent exactly as the API returned it.
Earlier, finished turns may drop theirs; with thinking off, a final assistant message (a
prefill) may carry none. The `thinking` parameter itself is judged in `thinking_config`.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, json_type
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, a_block, warning
from checker.rules.anthropic.models import DOCS, model_info, thinking_state
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

THINKING_TYPES = ("thinking", "redacted_thinking")
PRESERVING = f"{refs.THINKING}#preserving-thinking-blocks"
TOOL_WORKFLOWS = f"{DOCS}/build-with-claude/thinking-tool-workflows"
PRESERVED = f"{DOCS}/build-with-claude/preserved-thinking"
SDK_TYPES = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types"


def open_loop_opener(ctx: Context) -> int | None:
    """Index of the assistant message that opened the tool loop the request is in, or None.

    The request is in a tool loop when it ends with a user message holding `tool_result`
    blocks. Walking back over the loop (assistant messages with calls, user messages with
    results, system messages between them), the opener is the first assistant message
    after the user's last real input. Computed once per request.
    """
    cached = getattr(ctx, "_thinking_opener", False)
    if cached is not False:
        return cached
    opener = None
    msgs = ctx.msgs
    if msgs and msgs[-1] is not None and msgs[-1].role == "user" and msgs[-1].results:
        for i in range(len(msgs) - 1, -1, -1):
            m = msgs[i]
            if m is None:
                break
            if m.role == "user" and m.results or m.role == "system":
                continue
            if m.role == "assistant" and m.uses:
                opener = i
                continue
            break
    ctx._thinking_opener = opener
    return opener


def _first_thinking(blocks: list[tuple[int, dict[str, Any]]]) -> int | None:
    return next((j for j, b in blocks if b["type"] in THINKING_TYPES), None)


def _thinking_block(blocks: list[tuple[int, dict[str, Any]]]) -> tuple[int, str] | None:
    """(index, type) of the first thinking block."""
    return next(((j, b["type"]) for j, b in blocks if b["type"] in THINKING_TYPES), None)


@rule(
    "a-thinking-block-missing",
    api="anthropic",
    scope="body",
    sources=(
        PRESERVING,
        TOOL_WORKFLOWS,
        refs.issue("Kilo-Org/kilocode", 5219),
        refs.issue("n8n-io/n8n", 22550),
        refs.issue("anthropics/claude-code", 12894),
    ),
    api_message=(
        "{block_loc}.type: Expected `thinking` or `redacted_thinking`, but found `{value}`. When "
        "`thinking` is enabled, a final `assistant` message must start with a thinking block "
        "(preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend "
        "you include thinking blocks from previous turns. To avoid this requirement, disable "
        "`thinking`."
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "thinking", "thinking": "I should call get_weather.", "signature": "EqQBCkgIAR..."},
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
    near_misses=(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]},
    {"role": "assistant", "content": "It is 18 C in Paris."},
    {"role": "user", "content": "Thanks!"}
  ]
}""",
    ),
)
def thinking_block_missing(ctx: Context) -> Iterator[Finding]:
    """With thinking on, the turn of the tool loop in progress starts with its thinking block.

    When a request ends with tool results, the assistant message that opened that tool
    loop must start with the `thinking` (or `redacted_thinking`) block the API returned,
    resent unmodified. Agent loops that rebuild the message from its text and calls, or
    that strip "reasoning" to save tokens, lose it; so does turning thinking on in the
    middle of a loop. Only the opening block is required: assistant messages of earlier,
    finished turns may drop their thinking blocks (the API drops them anyway), and with
    interleaved thinking more thinking blocks may follow later calls in the message.

    An error with manual thinking (`thinking.type: "enabled"`). A warning with adaptive
    thinking, and when `thinking` is omitted on a model that thinks by default (Claude
    Sonnet 5, Opus 5, Fable, Mythos and the 5.5 models): there the model may choose not to
    think, so a turn can legitimately have no thinking block.
    """
    state = thinking_state(ctx.body, ctx.model)
    if state not in ("manual", "adaptive", "default-on"):
        return
    i = open_loop_opener(ctx)
    if i is None:
        return
    m = ctx.msgs[i]
    if not m.blocks or m.blocks[0][0] != 0:
        return  # the first block is not an object with a type: request-shape
    # a compaction summary (context management) may stand before the reply's own blocks
    lead = next((n for n, (_, b) in enumerate(m.blocks) if b["type"] != "compaction"), None)
    if lead is None:
        return
    j0, first = m.blocks[lead][0], m.blocks[lead][1]["type"]
    if first in THINKING_TYPES:
        return
    later = _first_thinking(m.blocks)
    where = ctx.where(i)
    if later is not None:
        message = tr(
            "{message} opened the tool loop in progress and starts with {block}: with thinking "
            "on, its thinking block (now block {j}) must come first",
            message=where,
            block=a_block(first),
            j=later,
        )
        hint = tr(
            "Resend the assistant's content in the order the API returned it, thinking "
            "blocks first and unmodified."
        )
    else:
        message = tr(
            "{message} opened the tool loop in progress and starts with {block}, not with its "
            "thinking block: with thinking on, the API needs it back",
            message=where,
            block=a_block(first),
        )
        hint = tr(
            "Resend the assistant's `content` exactly as the API returned it (thinking "
            "blocks included), or turn thinking off for this request."
        )
    path = ctx.path(i, "content", j0, "type")
    if state == "manual":
        yield Finding(path, message, hint)
        return
    if state == "adaptive":
        why = tr("with adaptive thinking the model may have chosen not to think")
    else:
        why = tr(
            "{model} thinks by default, but may have chosen not to think",
            model=code(ctx.model),
        )
    # recorded accepted: a model that may think did not, and its turn came back without a
    # thinking block; the API only refuses when the turn had one, which the request
    # cannot show, so this is a note
    yield note(path, tr("{message} ({why})", message=message, why=why), hint)


def _state_is_off(ctx: Context) -> bool | None:
    """True when this request has thinking off; None when the body does not tell."""
    state = thinking_state(ctx.body, ctx.model)
    if state == "off":
        return True
    if state == "unknown" and ctx.body is not None and ctx.body.get("thinking") is None:
        return None
    return False


@rule(
    "a-thinking-block-unexpected",
    api="anthropic",
    sources=(PRESERVING, refs.issue("anthropics/claude-code", 7946)),
    api_message=(
        "{block_loc}: When thinking is disabled, an `assistant` message in the final position "
        "cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [
    {"role": "user", "content": "Summarise the report in one line."},
    {"role": "assistant", "content": [
      {"type": "thinking", "thinking": "It lasted 40 minutes.", "signature": "EqQBCkgIAR..."},
      {"type": "text", "text": "Summary:"}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [
    {"role": "user", "content": "Summarise the report in one line."},
    {"role": "assistant", "content": [{"type": "text", "text": "Summary:"}]}
  ]
}""",
    near_misses=(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [
    {"role": "user", "content": "What is 17*23?"},
    {"role": "assistant", "content": [
      {"type": "thinking", "thinking": "17*23 = 391.", "signature": "EqQBCkgIAR..."},
      {"type": "text", "text": "391"}
    ]},
    {"role": "user", "content": "And 17*24?"}
  ]
}""",
    ),
)
def thinking_block_unexpected(ctx: Context) -> Iterator[Finding]:
    """Thinking blocks stand in assistant turns, and not in a prefill while thinking is off.

    When thinking is off (`thinking.type: "disabled"`, or `thinking` omitted on a model that
    does not think by default), a final assistant message - a prefill for the model to
    continue - may not contain `thinking` or `redacted_thinking` blocks. In earlier
    assistant turns they are allowed and ignored. A thinking block in a user message is
    never something the API returned to you: a warning, since no public report shows the
    API's answer to it.

    Also a warning when `thinking` is omitted and the model is unknown (it may think by
    default).
    """
    last = len(ctx.msgs) - 1
    for m in ctx.msgs:
        if m is None or not m.blocks:
            continue
        if m.role == "user":
            for j, block in m.blocks:
                if block["type"] in THINKING_TYPES:
                    yield warning(
                        ctx.path(m.index, "content", j, "type"),
                        tr(
                            "{block} in a user message ({message}): thinking blocks come from "
                            "the model and belong to the assistant turn that produced them",
                            block=a_block(block["type"]),
                            message=ctx.where(m.index),
                        ),
                        tr(
                            "Move it back into the assistant message the API returned it in, "
                            "or drop it."
                        ),
                    )
        elif m.role == "assistant" and m.index == last and ctx.body is not None:
            found = _thinking_block(m.blocks)
            off = _state_is_off(ctx) if found else False
            if off is False:
                continue
            j, kind = found
            path = ctx.path(m.index, "content", j)
            message = tr(
                "the final assistant message (a prefill) contains {block} while thinking is "
                "off in this request",
                block=a_block(kind),
            )
            hint = tr(
                "Remove the thinking blocks from the final assistant message, or turn "
                "thinking on in this request."
            )
            if off:
                yield Finding(path, message, hint)
            else:
                yield warning(
                    path,
                    tr(
                        "the final assistant message (a prefill) contains {block} and `thinking` "
                        "is not set: unless {model} thinks by default, the API rejects it",
                        block=a_block(kind),
                        model=code(ctx.model) if ctx.model else tr("the model"),
                    ),
                    hint,
                )


_STRING_FIELDS = {"thinking": ("thinking", "signature"), "redacted_thinking": ("data",)}


@rule(
    "a-thinking-block-shape",
    api="anthropic",
    sources=(
        PRESERVING,
        f"{SDK_TYPES}/thinking_block_param.py",
        f"{SDK_TYPES}/redacted_thinking_block_param.py",
        refs.issue("lbjlaq/Antigravity-Manager", 1650),
        refs.issue("ding113/claude-code-hub", 518),
    ),
    api_message="{loc}: Field required",
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "thinking", "thinking": "Call get_weather for Paris."},
    {"type": "text", "text": "Let me check."}
  ]},
  {"role": "user", "content": "Thanks"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "thinking", "thinking": "Call get_weather for Paris.", "signature": "EqQBCkgIAR..."},
    {"type": "text", "text": "Let me check."}
  ]},
  {"role": "user", "content": "Thanks"}
]""",
    near_misses=(
        """[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix..."},
    {"type": "thinking", "thinking": "", "signature": "EqQBCkgIAR..."},
    {"type": "text", "text": "Let me check."}
  ]},
  {"role": "user", "content": "Thanks"}
]""",
    ),
)
def thinking_block_shape(ctx: Context) -> Iterator[Finding]:
    """A resent `thinking` block has its `thinking` and `signature`; `redacted_thinking` its `data`.

    The API checks a thinking block by its `signature` (and a redacted one by its opaque
    `data`), so those fields are required, as strings, exactly as the API returned them.
    A proxy or framework that turns "reasoning" text into a thinking block, or that drops
    the signature, gets a 400. The `thinking` text may be empty (with `display:
    "omitted"` the API returns it empty); the signature may not. A block edited by hand,
    moved, or resent with another system prompt or tools than it was made with is also
    rejected, which no linter can see: resend blocks unchanged, in their order.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.blocks:
            fields = _STRING_FIELDS.get(block["type"])
            if fields is None:
                continue
            for key in fields:
                value = block.get(key)
                if isinstance(value, str) and (value or key == "thinking"):
                    continue
                path = ctx.path(m.index, "content", j, key)
                if key not in block:
                    message = tr(
                        "{block} in {message} has no `{key}`",
                        block=a_block(block["type"]),
                        message=ctx.where(m.index),
                        key=key,
                    )
                elif isinstance(value, str):
                    message = tr(
                        "{block} in {message} has an empty `{key}`",
                        block=a_block(block["type"]),
                        message=ctx.where(m.index),
                        key=key,
                    )
                else:
                    message = tr(
                        "`{key}` of {block} in {message} is {type}: it must be a string",
                        key=key,
                        block=a_block(block["type"]),
                        message=ctx.where(m.index),
                        type=json_type(value),
                    )
                yield Finding(
                    path,
                    message,
                    tr(
                        "Resend thinking blocks exactly as the API returned them; a block "
                        "without its `signature` cannot be resent, so drop it (and turn "
                        "thinking off if it opened the tool loop in progress)."
                    )
                    if key == "signature"
                    else tr("Resend thinking blocks exactly as the API returned them."),
                )


@rule(
    "a-thinking-config-changed",
    api="anthropic",
    severity="warning",
    scope="body",
    sources=(TOOL_WORKFLOWS, PRESERVING, refs.CACHING),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "thinking", "thinking": "I should call get_weather.", "signature": "EqQBCkgIAR..."},
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "thinking", "thinking": "I should call get_weather.", "signature": "EqQBCkgIAR..."},
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
)
def thinking_config_changed(ctx: Context) -> Iterator[Finding]:
    """The thinking configuration stays the same for a whole tool loop.

    A tool loop is one assistant turn, and the docs ask for one thinking configuration per
    turn. When the loop in progress was opened with thinking (its assistant message has
    thinking blocks) and this request turns thinking off, the API accepts it and drops the
    blocks, but the model continues the loop without its reasoning; changing the budget
    or effort also invalidates cached prefixes. One body cannot show the previous request,
    so this is a warning, given only when the body shows thinking off. (Turning thinking
    on in the middle of a loop is `a-thinking-block-missing`.)
    """
    if thinking_state(ctx.body, ctx.model) != "off":
        return
    i = open_loop_opener(ctx)
    if i is None:
        return
    j = _first_thinking(ctx.msgs[i].blocks)
    if j is None:
        return
    info = model_info(ctx.model)
    off = (
        tr("`thinking` is disabled")
        if ctx.body.get("thinking") is not None
        else tr("`thinking` is not set and {model} does not think by default", model=info.name)
        if info is not None
        else tr("`thinking` is not set")
    )
    yield warning(
        ctx.path(i, "content", j),
        tr(
            "{message} opened the tool loop in progress with thinking, but in this request "
            "{off}: the API drops the thinking blocks and the model loses its reasoning mid-loop",
            message=ctx.where(i),
            off=off,
        ),
        tr(
            "Keep the same `thinking` setting until the loop ends with a final answer; change "
            "it only between turns."
        ),
    )


# The `thinking` parameter's own rules (shape, budget, per-model modes, sampling, effort).
