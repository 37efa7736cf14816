"""A request that ends with an assistant message: a prefill, which the model continues.

Its text may not end in whitespace, and Claude 4.6 and later models take no prefill.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.models import NO_PREFILL_FROM, claude_version
from checker.rules.record import Finding, rule


@rule(
    "a-prefill-trailing-whitespace",
    api="anthropic",
    sources=(refs.PREFILL,),
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
    prefill). That text must not end with spaces or line breaks.
    """
    if not ctx.msgs:
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
        yield Finding(
            path,
            tr(
                "the final assistant message (a prefill) ends with whitespace, which the API "
                "rejects"
            ),
            tr("Remove the trailing spaces and line breaks from the prefill text."),
        )


@rule(
    "a-prefill-unsupported",
    api="anthropic",
    scope="model",
    sources=(refs.PREFILL, refs.MIGRATION),
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
    older models accept it. Unknown or missing model: a warning.
    """
    if not ctx.msgs or ctx.msgs[-1] is None or ctx.msgs[-1].role != "assistant":
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
