"""A request that ends with an assistant message: a prefill, which the model continues.

Its text may not end in whitespace, and Claude 4.6 and later models take no prefill. A
paused server tool turn sent back as the last message (`stop_reason: "pause_turn"`) is a
continuation, not a prefill: it is judged by `a-pause-turn-ends-in-text` only.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.models import NO_PREFILL_FROM, claude_version
from checker.rules.anthropic.server_tools import PAUSE_TURN, STOP_REASONS, final_server_turn
from checker.rules.record import Finding, rule

WHATS_NEW_4_6 = (
    "https://platform.claude.com/docs/en/about-claude/models/whats-new-claude-4-6#prefill-removal"
)


@rule(
    "a-prefill-trailing-whitespace",
    api="anthropic",
    sources=(refs.PREFILL, "https://github.com/tailcallhq/forgecode/issues/1872"),
    api_message="final assistant content cannot end with trailing whitespace",
    example="""[
  {"role": "user", "content": "Name a colour."},
  {"role": "assistant", "content": "The colour is "}
]""",
    fix="""[
  {"role": "user", "content": "Name a colour."},
  {"role": "assistant", "content": "The colour is"}
]""",
)
def prefill_trailing_whitespace(ctx: Context) -> Iterator[Finding]:
    """A final assistant message does not end in whitespace.

    A request may end with an assistant message whose text the model continues (a
    prefill). That text must not end with spaces or line breaks. A paused server tool turn
    that ends in text (after its server tool blocks) may be taken as a continuation rather
    than a prefill, which is not documented: a warning there.
    """
    if not ctx.msgs:
        return
    paused = final_server_turn(ctx)
    if paused == "server":
        return
    m = ctx.msgs[-1]
    if m is None or m.role != "assistant":
        return
    content = m.content
    if isinstance(content, str):
        text, path = content, ctx.path(m.index, "content")
    elif isinstance(content, (list, tuple)) and m.blocks and m.blocks[-1][0] == len(content) - 1:
        j, block = m.blocks[-1]
        if block["type"] != "text" or not isinstance(block.get("text"), str):
            return
        text, path = block["text"], ctx.path(m.index, "content", j, "text")
        if not text.strip():
            return  # a blank text block: a-empty-content
    else:
        return
    if text and text != text.rstrip():
        hint = tr("Remove the trailing spaces and line breaks from the prefill text.")
        if paused == "text":
            yield warning(
                path,
                tr(
                    "the final assistant message (a paused server tool turn) ends with "
                    "whitespace: rejected if the API reads it as a prefill"
                ),
                hint,
            )
            return
        yield Finding(
            path,
            tr(
                "the final assistant message (a prefill) ends with whitespace, which the API "
                "rejects"
            ),
            hint,
        )


@rule(
    "a-prefill-unsupported",
    api="anthropic",
    scope="model",
    sources=(
        WHATS_NEW_4_6,
        refs.PREFILL,
        refs.MIGRATION,
        "https://github.com/jobrunr/JavaClaw/issues/36",
    ),
    api_message=(
        "This model does not support assistant message prefill. The conversation must end "
        "with a user message."
    ),
    example="""{
  "model": "claude-opus-4-6",
  "max_tokens": 256,
  "messages": [
    {"role": "user", "content": "Name a colour as JSON."},
    {"role": "assistant", "content": "{"}
  ]
}""",
    fix="""{
  "model": "claude-opus-4-6",
  "max_tokens": 256,
  "system": "Answer with one JSON object and nothing else.",
  "messages": [
    {"role": "user", "content": "Name a colour as JSON."}
  ]
}""",
)
def prefill_unsupported(ctx: Context) -> Iterator[Finding]:
    """Claude 4.6 and later models take no assistant prefill.

    Ending the request with an assistant message asks the model to continue it. Models
    from Claude 4.6 on (claude-opus-4-6, claude-sonnet-4-6, any Claude 5...) reject that;
    older models accept it. Unknown or missing model: a warning. A paused server tool turn
    sent back as the last message (it holds `server_tool_use` or result blocks) is not a
    prefill: the API continues the turn (`a-pause-turn-ends-in-text` judges one that ends
    in text).
    """
    if not ctx.msgs or ctx.msgs[-1] is None or ctx.msgs[-1].role != "assistant":
        return
    if final_server_turn(ctx) is not None:
        return
    path = ctx.path(len(ctx.msgs) - 1, "role")
    model = ctx.model
    version = claude_version(model) if model else None
    hint = tr(
        "End the request with a user message; to steer the format, say it in the system "
        "prompt or use structured outputs."
    )
    if version is None:
        if model:
            message = tr(
                "the request ends with an assistant message (a prefill) and the model {model} "
                "is not one we know: Claude 4.6 and later models reject a prefill",
                model=quote(model),
            )
        else:
            message = tr(
                "the request ends with an assistant message (a prefill) and no `model` is "
                "given: Claude 4.6 and later models reject a prefill"
            )
        yield warning(
            path,
            message,
            tr(
                "{hint} Older models accept it; pass `--model` to check against a model.",
                hint=hint,
            ),
        )
    elif version >= NO_PREFILL_FROM:
        yield Finding(
            path,
            tr(
                "the request ends with an assistant message (a prefill), which {model} does "
                "not support (Claude 4.6 and later)",
                model=quote(model),
            ),
            hint,
        )


@rule(
    "a-pause-turn-ends-in-text",
    api="anthropic",
    severity="warning",
    scope="model",
    sources=(PAUSE_TURN, STOP_REASONS, "https://github.com/laravel/ai/pull/493"),
    example="""{
  "model": "claude-opus-4-6",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search"}],
  "messages": [
    {"role": "user", "content": "Search the news about qubits."},
    {"role": "assistant", "content": [
      {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
       "input": {"query": "qubits"}},
      {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01",
       "content": {"type": "web_search_tool_result_error", "error_code": "unavailable"}},
      {"type": "text", "text": "The search failed; I will try once more."}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-opus-4-6",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20250305", "name": "web_search"}],
  "messages": [
    {"role": "user", "content": "Search the news about qubits."},
    {"role": "assistant", "content": [
      {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
       "input": {"query": "qubits"}},
      {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01",
       "content": {"type": "web_search_tool_result_error", "error_code": "unavailable"}}
    ]}
  ]
}""",
)
def pause_turn_ends_in_text(ctx: Context) -> Iterator[Finding]:
    """A paused server tool turn sent back last ends with its server tool block.

    After `stop_reason: "pause_turn"` you resend the assistant content unchanged as the
    last message, and the API continues the turn: not a prefill, even on the models that
    reject prefills (the docs run it on them). A paused turn normally ends with a
    `server_tool_use` or a result block. When the final assistant message holds server tool
    blocks but ends with text, it is not documented whether Claude 4.6 and later read it as
    a continuation or as a prefill (which they reject): a warning on those models and
    when the model is unknown.
    """
    if final_server_turn(ctx) != "text":
        return
    model = ctx.model
    version = claude_version(model) if model else None
    if version is not None and version < NO_PREFILL_FROM:
        return
    yield warning(
        ctx.path(len(ctx.msgs) - 1, "role"),
        tr(
            "the request ends with an assistant message that holds server tool blocks but ends "
            "with text: it may be read as a prefill, which Claude 4.6 and later reject"
        ),
        tr(
            "Resend the paused content exactly as the API returned it; to add your own words, "
            "end with a user message instead."
        ),
    )
