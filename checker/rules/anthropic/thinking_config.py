"""The `thinking` parameter and `output_config.effort`: shapes, budget, per-model modes.

`thinking` is `{"type": "enabled", "budget_tokens": N}` (manual extended thinking),
`{"type": "adaptive"}` (the model decides, steered by `output_config.effort`) or
`{"type": "disabled"}`; which of them a model takes depends on its generation. Thinking
also limits the sampling parameters.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, close_match, warning
from checker.rules.anthropic.models import (
    DOCS,
    EFFORT_LEVELS,
    MODELS_OVERVIEW,
    claude_version,
    model_info,
    thinking_state,
)
from checker.rules.record import Finding, needs_beta, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

ADAPTIVE = f"{DOCS}/build-with-claude/adaptive-thinking"
EFFORT = f"{DOCS}/build-with-claude/effort"
SDK_TYPES = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types"
THINKING_TYPES = ("enabled", "adaptive", "disabled", "between_tools")
#: keys each `thinking` type takes (besides `type`)
THINKING_KEYS = {
    "enabled": ("budget_tokens", "display"),
    "adaptive": ("display",),
    "disabled": (),
    "between_tools": ("display",),
}
#: keys only a beta accepts, and the beta (the `anthropic-beta` header is not in the body)
THINKING_BETA_KEYS = {"block_binding": "thinking-binding-controls-2026-08-01"}
#: the keys a `thinking` without `type` may carry on a model that thinks by default (the
#: recorded 200: `{"block_binding": {...}}` alone on claude-fable-5-1)
UNTYPED_KEYS = ("block_binding", "display")
PREFIX_MISMATCH_BEHAVIORS = ("error", "drop_block")
PRESERVED = f"{DOCS}/build-with-claude/preserved-thinking"
BOUND_FIX = f"{PRESERVED}/fix-bound-to-a-different-conversation"
FABLE_RECORDING = (
    "https://github.com/pydantic/pydantic-ai/blob/da4a09465f1355205b167d9e3c868cad7fbc12b5/"
    "tests/models/cassettes/test_anthropic/"
    "test_anthropic_fable_5_1_drops_a_stale_thinking_block.yaml"
)
DISPLAY_VALUES = ("summarized", "omitted")
DISPLAY_BETA = ("updates",)
MIN_BUDGET = 1024


def _thinking(ctx: Context) -> dict[str, Any] | None:
    thinking = ctx.body.get("thinking") if ctx.body is not None else None
    return thinking if isinstance(thinking, dict) else None


@rule(
    "a-thinking-shape",
    api="anthropic",
    scope="body",
    sources=(
        refs.THINKING,
        ADAPTIVE,
        f"{SDK_TYPES}/thinking_config_param.py",
        f"{DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5",
        PRESERVED,
        BOUND_FIX,
        "https://rubydoc.info/github/anthropics/anthropic-sdk-ruby/Anthropic/Models/Beta/"
        "BetaThinkingBlockBinding",
        FABLE_RECORDING,
    ),
    example="""{
  "model": "claude-opus-4-6",
  "max_tokens": 16000,
  "thinking": {"type": "adaptive", "budget_tokens": 8000},
  "messages": [{"role": "user", "content": "Refactor this module for testability."}]
}""",
    fix="""{
  "model": "claude-opus-4-6",
  "max_tokens": 16000,
  "thinking": {"type": "adaptive", "display": "summarized"},
  "output_config": {"effort": "medium"},
  "messages": [{"role": "user", "content": "Refactor this module for testability."}]
}""",
    near_misses=(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 8000, "display": "omitted"},
  "messages": [{"role": "user", "content": "Refactor this module for testability."}]
}""",
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "thinking": {"type": "disabled"},
  "messages": [{"role": "user", "content": "Hi"}]
}""",
        """{
  "model": "claude-fable-5-1",
  "max_tokens": 4096,
  "thinking": {"display": "summarized"},
  "messages": [{"role": "user", "content": "Think about it, then say what 17*23 is."}]
}""",
    ),
)
def thinking_shape(ctx: Context) -> Iterator[Finding]:
    """`thinking` is one of the shapes the API takes.

    `{"type": "enabled", "budget_tokens": N}` (manual extended thinking, with an integer
    budget), `{"type": "adaptive"}` (no budget: the model decides, steered by
    `output_config.effort`), `{"type": "disabled"}`, and on Claude Sonnet 5.5
    `{"type": "between_tools"}`. `enabled`, `adaptive` and `between_tools` may carry
    `display`: `"summarized"` or `"omitted"`. Anything else is an extra input: a budget on
    adaptive thinking, an effort inside `thinking`, OpenAI's `reasoning` shapes.

    `type` may be left out on the models with preserved thinking (Claude Fable 5.1 and
    later, the 5.5 models): they think adaptively by default, and a `thinking` holding only
    `block_binding` (or `display`) keeps that default (recorded 200 on claude-fable-5-1;
    the docs add `block_binding` to requests that had no `thinking`). On another model that
    thinks by default that is a warning (no document shows it), on a model that does not
    it is an error, and on a model the table does not know, a note.
    `block_binding.prefix_mismatch_behavior` is `error` or `drop_block`.

    Warnings: `display: "updates"` and `block_binding` need a beta header
    (`thinking-binding-controls-2026-08-01` for `block_binding`): dropped when the logged
    headers carry it, a note when no headers are known.
    """
    if ctx.body is None or "thinking" not in ctx.body:
        return
    thinking = ctx.body["thinking"]
    if thinking is None:
        return
    if not isinstance(thinking, dict):
        shown = describe(thinking)
        yield Finding(
            "/thinking",
            tr(
                "`thinking` is {value}: it must be an object such as "
                '`{{"type": "adaptive"}}` or `{{"type": "enabled", "budget_tokens": 2048}}`',
                value=shown,
            ),
            tr(
                'Write `"thinking": {"type": "adaptive"}` (Claude 4.6 and later) or '
                '`{"type": "enabled", "budget_tokens": 2048}` (older models).'
            ),
        )
        return
    kind = thinking.get("type")
    if "type" not in thinking and thinking and set(thinking) <= set(UNTYPED_KEYS):
        # no `type`, only settings that every thinking mode takes: read as the model's
        # default (adaptive) where the model thinks by default
        untyped = _untyped(ctx.model)
        if untyped is not None:
            yield untyped
        kind = "adaptive"
    elif kind not in THINKING_TYPES:
        guess = close_match(kind, list(THINKING_TYPES)) if isinstance(kind, str) else []
        yield Finding(
            "/thinking/type" if "type" in thinking else "/thinking",
            tr(
                "`thinking.type` is {value}: it must be `enabled`, `adaptive` or `disabled`",
                value=describe(kind),
            )
            if "type" in thinking
            else tr("`thinking` has no `type`: it must be `enabled`, `adaptive` or `disabled`"),
            tr("Did you mean {name}?", name=code(guess[0]))
            if guess
            else tr(
                'Write `{"type": "adaptive"}` to let the model decide, or `{"type": "enabled", '
                '"budget_tokens": 2048}` for a fixed budget.'
            ),
        )
        return
    allowed = THINKING_KEYS[kind]
    yield from _fields_not_taken(thinking, kind, allowed)
    if kind == "enabled":
        yield from _budget_findings(thinking)
    if "display" in thinking and "display" in allowed:
        yield from _display_findings(thinking["display"])


def _fields_not_taken(thinking: dict, kind: str, allowed: Any) -> Iterator[Finding]:
    """Fields a `thinking` of type `kind` does not take (a beta field: a warning)."""
    for key in thinking:
        if key == "type" or key in allowed:
            continue
        path = "/thinking" + pointer(key)
        if key in THINKING_BETA_KEYS:
            yield from _block_binding(thinking[key])
            yield needs_beta(
                warning(
                    path,
                    tr(
                        "`thinking.{key}` needs a beta header (`anthropic-beta`), which the body "
                        "does not show: without it the API rejects it as an extra input",
                        key=key,
                    ),
                    tr("Send the beta header with the request, or remove the field."),
                ),
                THINKING_BETA_KEYS[key],
            )
            continue
        if key == "budget_tokens":
            hint = tr(
                "Adaptive thinking takes no budget: remove `budget_tokens` and steer it with "
                '`"output_config": {"effort": "low"}` (or medium, high...).'
            )
        elif key in ("effort", "level", "reasoning_effort"):
            hint = tr('Effort goes in `"output_config": {"effort": "high"}`, not in `thinking`.')
        else:
            hint = tr("Allowed here: {keys}.", keys=", ".join(f"`{k}`" for k in ("type", *allowed)))
        yield Finding(
            path,
            tr(
                "`thinking` of type `{type}` takes no {key} field",
                type=kind,
                key=quote(key),
            ),
            hint,
        )


def _budget_findings(thinking: dict) -> Iterator[Finding]:
    """`enabled` thinking needs an integer `budget_tokens`."""
    budget = thinking.get("budget_tokens")
    if "budget_tokens" not in thinking:
        yield Finding(
            "/thinking/budget_tokens",
            tr("`thinking` of type `enabled` needs `budget_tokens`"),
            tr(
                'Write `{"type": "enabled", "budget_tokens": 2048}`, or use '
                '`{"type": "adaptive"}` on Claude 4.6 and later.'
            ),
        )
    elif isinstance(budget, bool) or not isinstance(budget, int):
        yield Finding(
            "/thinking/budget_tokens",
            tr(
                "`thinking.budget_tokens` is {value}: it must be an integer",
                value=describe(budget),
            ),
            tr('Write a number of tokens, e.g. `"budget_tokens": 2048`.'),
        )


def _display_findings(display: Any) -> Iterator[Finding]:
    """`display` is `summarized` or `omitted` (another known value needs a beta header)."""
    if display in DISPLAY_BETA:
        yield needs_beta(
            warning(
                "/thinking/display",
                tr(
                    "`thinking.display: {value}` needs a beta header, which the body does not show",
                    value=quote(display),
                ),
                tr('Send the beta header, or use `"summarized"` or `"omitted"`.'),
            ),
            "*",
        )
    elif display is not None and display not in DISPLAY_VALUES:
        yield Finding(
            "/thinking/display",
            tr(
                "`thinking.display` is {value}: it must be `summarized` or `omitted`",
                value=describe(display),
            ),
            tr('Write `"display": "summarized"` to get the thinking text back.'),
        )


def _untyped(model: Any) -> Finding | None:
    """What a `thinking` without `type` (only `block_binding` or `display`) means on `model`.

    Accepted on the models with preserved thinking: they think adaptively by default, so the
    object only adds its settings (recorded 200 on claude-fable-5-1; the docs' fix for the
    prefix check adds `block_binding` to requests that had no `thinking` at all). Elsewhere
    no document shows `thinking` without `type`: a warning on the other models that think by
    default, an error on a model that does not (there is no mode to default to), a note on a
    model the table does not know."""
    info = model_info(model)
    hint = tr('Write the mode too: `{"type": "adaptive", "block_binding": {...}}`.')
    if info is None:
        return note(
            "/thinking",
            tr(
                "`thinking` has no `type`: the models with preserved thinking (Claude Fable "
                "5.1 and later) take that as adaptive thinking, other models may not",
            ),
            hint,
        )
    if info.prefix_check not in (None, "none"):
        return None
    if info.thinking_default in ("on", "always"):
        return warning(
            "/thinking",
            tr(
                "`thinking` has no `type`: {model} thinks by default, but only the models "
                "with preserved thinking are known to accept `thinking` without a mode",
                model=info.name,
            ),
            hint,
        )
    return Finding(
        "/thinking",
        tr(
            "`thinking` has no `type`, and {model} does not think by default: it must be "
            "`enabled`, `adaptive` or `disabled`",
            model=info.name,
        ),
        hint,
    )


def _block_binding(value: Any) -> Iterator[Finding]:
    """`thinking.block_binding` is `{"prefix_mismatch_behavior": "error" | "drop_block"}`."""
    path = "/thinking/block_binding"
    if not isinstance(value, dict):
        yield Finding(
            path,
            tr(
                "`thinking.block_binding` is {value}: it must be an object such as "
                '`{{"prefix_mismatch_behavior": "drop_block"}}`',
                value=describe(value),
            ),
            tr('Write `"block_binding": {"prefix_mismatch_behavior": "drop_block"}`.'),
        )
        return
    behavior = value.get("prefix_mismatch_behavior")
    if behavior is not None and behavior not in PREFIX_MISMATCH_BEHAVIORS:
        yield Finding(
            path + "/prefix_mismatch_behavior",
            tr(
                "`thinking.block_binding.prefix_mismatch_behavior` is {value}: it must be "
                "`error` (the default) or `drop_block`",
                value=describe(behavior),
            ),
            tr('Write `"drop_block"` to have the API drop the thinking that fails the check.'),
        )


@rule(
    "a-thinking-budget",
    api="anthropic",
    scope="body",
    sources=(
        refs.THINKING,
        f"{SDK_TYPES}/thinking_config_enabled_param.py",
        "https://github.com/vellum-ai/vellum-assistant/pull/37276",
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 16000},
  "messages": [{"role": "user", "content": "Prove that the square root of 2 is irrational."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 16000,
  "thinking": {"type": "enabled", "budget_tokens": 10000},
  "messages": [{"role": "user", "content": "Prove that the square root of 2 is irrational."}]
}""",
    near_misses=(
        """{
  "model": "claude-haiku-4-5",
  "max_tokens": 2048,
  "thinking": {"type": "enabled", "budget_tokens": 1024},
  "messages": [{"role": "user", "content": "Plan a 3-day trip to Kyoto."}]
}""",
    ),
)
def thinking_budget(ctx: Context) -> Iterator[Finding]:
    """`thinking.budget_tokens` is at least 1,024 and less than `max_tokens`.

    The thinking budget counts toward `max_tokens`, so it must leave room for the answer:
    the API rejects a budget under 1,024 tokens, and one equal to or above `max_tokens`.

    One exception makes the second check a warning when the request has tools: with
    interleaved thinking (a beta header on manual-thinking models, which the body cannot
    show) the budget covers the whole tool loop and may exceed `max_tokens`.
    """
    thinking = _thinking(ctx)
    if thinking is None or thinking.get("type") != "enabled":
        return
    budget = thinking.get("budget_tokens")
    if isinstance(budget, bool) or not isinstance(budget, int):
        return
    path = "/thinking/budget_tokens"
    if budget < MIN_BUDGET:
        yield Finding(
            path,
            tr(
                "`thinking.budget_tokens` is {value}: the smallest budget is 1024 tokens",
                value=budget,
            ),
            tr('Write `"budget_tokens": 1024` or more (and keep `max_tokens` above it).'),
        )
        return
    max_tokens = ctx.body.get("max_tokens")
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
        return
    if budget < max_tokens:
        return
    message = tr(
        "`thinking.budget_tokens` ({budget}) is not below `max_tokens` ({max_tokens}): the "
        "budget counts toward `max_tokens`, which must be greater",
        budget=budget,
        max_tokens=max_tokens,
    )
    hint = tr(
        "Raise `max_tokens` above the budget (e.g. to {suggested}), or lower the budget.",
        suggested=budget + 4096,
    )
    if ctx.tools:
        yield needs_beta(
            warning(
                path,
                tr(
                    "{message} (accepted only with interleaved thinking, whose beta header the "
                    "body does not show)",
                    message=message,
                ),
                hint,
            ),
            "interleaved-thinking-2025-05-14",
        )
    else:
        yield Finding(path, message, hint)


@rule(
    "a-thinking-mode-unsupported",
    api="anthropic",
    scope="body",
    sources=(
        refs.THINKING,
        ADAPTIVE,
        f"{DOCS}/models/opus-5-5/whats-new-opus-5-5#thinking-cant-be-disabled",
        f"{DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5",
        MODELS_OVERVIEW,
        refs.issue("NousResearch/hermes-agent", 11137),
    ),
    api_message=(
        '"thinking.type.{value}" is not supported for this model. Use "thinking.type.adaptive" '
        'and "output_config.effort" to control thinking behavior.'
    ),
    example="""{
  "model": "claude-opus-4-7",
  "max_tokens": 32000,
  "thinking": {"type": "enabled", "budget_tokens": 16000},
  "messages": [{"role": "user", "content": "Review this pull request for concurrency bugs."}]
}""",
    fix="""{
  "model": "claude-opus-4-7",
  "max_tokens": 32000,
  "thinking": {"type": "adaptive", "display": "summarized"},
  "output_config": {"effort": "xhigh"},
  "messages": [{"role": "user", "content": "Review this pull request for concurrency bugs."}]
}""",
    near_misses=(
        """{
  "model": "claude-opus-5",
  "max_tokens": 8000,
  "thinking": {"type": "disabled"},
  "output_config": {"effort": "high"},
  "messages": [{"role": "user", "content": "Translate 'good morning' into Italian."}]
}""",
        """{
  "model": "claude-opus-5-5",
  "max_tokens": 8000,
  "output_config": {"effort": "low"},
  "messages": [{"role": "user", "content": "Classify this ticket: 'My invoice is wrong.'"}]
}""",
    ),
)
def thinking_mode_unsupported(ctx: Context) -> Iterator[Finding]:
    """The model takes this kind of thinking.

    Manual thinking (`enabled`, a fixed budget) works up to Claude 4.6 (deprecated there)
    and is rejected from Claude Opus 4.7 on; adaptive thinking exists from Claude 4.6 on.
    Thinking cannot be disabled on Claude Opus 5.5, Fable 5.1 and Mythos 5.1, and on Claude
    Opus 5 only at effort `high` or lower. On a model whose lowest setting is
    `between_tools` (Claude Sonnet 5.5), `disabled` is a 400 by the current docs: the
    request must use `between_tools` (no up-front thinking) instead.

    Warnings where the answer is not certain: `disabled` on Claude Fable 5 or Mythos 5
    (reports disagree whether it is rejected or ignored) and on Claude Haiku 5.5;
    `between_tools` on another model; manual thinking on a Claude model id we do not know
    that is 4.7 or later.
    """
    thinking = _thinking(ctx)
    model = ctx.model
    if thinking is None or not isinstance(model, str):
        return
    kind = thinking.get("type")
    if kind not in THINKING_TYPES:
        return
    info = model_info(model)
    version = claude_version(model)
    path = "/thinking/type"
    name = info.name if info is not None else code(model)
    adaptive_hint = tr(
        'Use `"thinking": {"type": "adaptive"}` and steer it with `"output_config": '
        '{"effort": "..."}`.'
    )
    if kind == "enabled":
        if info is not None and info.manual_thinking == "no":
            yield Finding(
                path,
                tr(
                    "{model} does not take manual thinking (`thinking.type: enabled` with a "
                    "budget): from Claude Opus 4.7 on, thinking is adaptive",
                    model=name,
                ),
                adaptive_hint,
            )
        elif info is None and version is not None and version >= (4, 7):
            yield warning(
                path,
                tr(
                    "{model} is a Claude model we do not know: models from Claude Opus 4.7 on "
                    "reject manual thinking (`thinking.type: enabled`)",
                    model=name,
                ),
                adaptive_hint,
            )
    elif kind == "adaptive":
        if info is not None and not info.adaptive:
            yield Finding(
                path,
                tr(
                    "{model} does not take adaptive thinking, which starts with Claude 4.6",
                    model=name,
                ),
                tr('Use `"thinking": {"type": "enabled", "budget_tokens": 2048}` on this model.'),
            )
    elif kind == "disabled" and info is not None:
        yield from _disabled_findings(info, _effort(ctx), path)
    elif kind == "between_tools" and (info is None or not info.between_tools):
        yield warning(
            path,
            tr(
                "`thinking.type: between_tools` is documented for Claude Sonnet 5.5 only, not "
                "for {model}",
                model=name,
            ),
            adaptive_hint,
        )


def _disabled_findings(info: Any, effort: Any, path: str) -> Iterator[Finding]:
    """`thinking.type: disabled` on a model the table knows, at the request's effort."""
    if info.disabled == "no":
        yield Finding(
            path,
            tr("thinking cannot be disabled on {model}: it always thinks", model=info.name),
            tr(
                'Leave `thinking` out and lower the effort instead: `"output_config": '
                '{"effort": "low"}`.'
            ),
        )
    elif info.disabled == "effort<=high" and effort in ("xhigh", "max"):
        yield Finding(
            path,
            tr(
                "{model} takes `thinking.type: disabled` only at effort `high` or lower, "
                "and this request asks for effort {effort}",
                model=info.name,
                effort=quote(effort),
            ),
            tr("Lower `output_config.effort` to `high`, or leave `thinking` out."),
        )
    elif info.disabled is None and info.between_tools:
        yield Finding(
            path,
            tr(
                "{model} cannot turn thinking off: its lowest setting is `between_tools` "
                "(no thinking before the first tool call)",
                model=info.name,
            ),
            tr('Use `"thinking": {"type": "between_tools"}`.'),
        )
    elif info.disabled is None:
        yield warning(
            path,
            tr(
                "{model} thinks by default, and whether it accepts `thinking.type: "
                "disabled` is not settled (it may be rejected or ignored)",
                model=info.name,
            ),
            tr('Use `"thinking": {"type": "between_tools"}` (no up-front thinking).')
            if info.between_tools
            else tr('Leave `thinking` out and use `"output_config": {"effort": "low"}`.'),
        )


def _effort(ctx: Context) -> Any:
    config = ctx.body.get("output_config") if ctx.body is not None else None
    return config.get("effort") if isinstance(config, dict) else None


@rule(
    "a-thinking-sampling",
    api="anthropic",
    scope="body",
    sources=(
        f"{refs.THINKING}#feature-compatibility",
        refs.issue("MartialBE/one-hub", 529),
        refs.issue("egoist/chatwise-releases", 1348),
        "https://github.com/dotCipher/opencode-claude-bridge/pull/1",
        refs.issue("anthropics/claude-code", 8824),
        refs.issue("mnfst/modelparams.dev", 214),
    ),
    # the `temperature` part of the check (opencode-claude-bridge#1, modelparams.dev#214;
    # before adaptive thinking: one-hub#529); no `api_message`, since the 400 for `top_p`
    # or `top_k` is worded otherwise
    other_wordings=(
        "`temperature` may only be set to 1 when thinking is enabled or in adaptive mode.",
        "`temperature` may only be set to 1 when thinking is enabled.",
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 8000,
  "temperature": 0.7,
  "thinking": {"type": "enabled", "budget_tokens": 4000},
  "messages": [{"role": "user", "content": "Draft a product description for a water bottle."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 8000,
  "thinking": {"type": "enabled", "budget_tokens": 4000},
  "messages": [{"role": "user", "content": "Draft a product description for a water bottle."}]
}""",
    near_misses=(
        """{
  "model": "claude-haiku-4-5",
  "max_tokens": 8000,
  "top_p": 0.95,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "messages": [{"role": "user", "content": "Draft a product description for a water bottle."}]
}""",
    ),
)
def thinking_sampling(ctx: Context) -> Iterator[Finding]:
    """With thinking, `temperature` is 1, `top_p` at least 0.95, and there is no `top_k`.

    Thinking (manual or adaptive) samples its own way: the API rejects any other
    `temperature` than 1, a `top_p` below 0.95 and any `top_k`. (On models that take no
    sampling parameters at all, `a-sampling-unsupported` reports them instead.)
    """
    if thinking_state(ctx.body, ctx.model) not in ("manual", "adaptive"):
        return
    info = model_info(ctx.model)
    if info is not None and info.sampling == "no":
        return
    body = ctx.body
    hint = tr("Remove the sampling parameters when thinking is on (or turn thinking off).")
    temperature = body.get("temperature")
    if _number(temperature) and temperature != 1:
        yield Finding(
            "/temperature",
            tr(
                "`temperature` is {value}, but with thinking on it may only be 1",
                value=describe(temperature),
            ),
            hint,
        )
    top_p = body.get("top_p")
    if _number(top_p) and not 0.95 <= top_p <= 1:
        yield Finding(
            "/top_p",
            tr(
                "`top_p` is {value}, but with thinking on it must be between 0.95 and 1",
                value=describe(top_p),
            ),
            hint,
        )
    if "top_k" in body and body["top_k"] is not None:
        yield Finding("/top_k", tr("`top_k` cannot be used with thinking"), hint)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@rule(
    "a-effort-invalid",
    api="anthropic",
    scope="body",
    sources=(
        EFFORT,
        f"{SDK_TYPES}/output_config_param.py",
        MODELS_OVERVIEW,
        refs.issue("anomalyco/opencode", 22788),
        refs.issue("anthropics/claude-code", 92387),
        "https://code.claude.com/docs/en/model-config#adjust-effort-level",
    ),
    example="""{
  "model": "claude-sonnet-5",
  "max_tokens": 4096,
  "output_config": {"effort": "turbo"},
  "messages": [{"role": "user", "content": "Write a haiku about autumn."}]
}""",
    fix="""{
  "model": "claude-sonnet-5",
  "max_tokens": 4096,
  "output_config": {"effort": "low"},
  "messages": [{"role": "user", "content": "Write a haiku about autumn."}]
}""",
    near_misses=(
        """{
  "model": "claude-opus-4-6",
  "max_tokens": 4096,
  "thinking": {"type": "adaptive"},
  "output_config": {"effort": "max"},
  "messages": [{"role": "user", "content": "Write a haiku about autumn."}]
}""",
        """{
  "model": "claude-opus-4-7",
  "max_tokens": 4096,
  "thinking": {"type": "adaptive"},
  "output_config": {"effort": "xhigh"},
  "messages": [{"role": "user", "content": "Write a haiku about autumn."}]
}""",
    ),
)
def effort_invalid(ctx: Context) -> Iterator[Finding]:
    """`output_config.effort` is `low`, `medium`, `high`, `xhigh` or `max`.

    Effort steers how much the model thinks and writes (with adaptive thinking, instead of
    a budget). It lives in `output_config`; a top-level `effort` is an unknown field
    (`a-body-field-unknown`). Other values, OpenAI's `reasoning_effort` words (`minimal`,
    `none`) or numbers are rejected.

    By model (the capability table, `checker.models`): Claude Sonnet 4.5 and Haiku 4.5
    take no effort; Claude Opus 4.5 takes `low`, `medium` and `high`; the 4.6 models add
    `max` but not `xhigh` (from Claude Opus 4.7). A level the model does not take is a 400
    naming the levels it supports (recorded for `xhigh` on claude-opus-4-6); for a model
    whose levels the table does not know, nothing is said.
    """
    if ctx.body is None:
        return
    config = ctx.body.get("output_config")
    if not isinstance(config, dict) or "effort" not in config:
        return
    effort = config["effort"]
    if effort is None:
        return
    path = "/output_config/effort"
    if effort not in EFFORT_LEVELS:
        lower = effort.lower() if isinstance(effort, str) else None
        yield Finding(
            path,
            tr(
                "`output_config.effort` is {value}: it must be `low`, `medium`, `high`, "
                "`xhigh` or `max`",
                value=describe(effort),
            ),
            tr("Write it in lower case: {value}.", value=code(lower))
            if lower in EFFORT_LEVELS
            else tr('Write e.g. `"effort": "low"` (the default is `high` on most models).'),
        )
        return
    info = model_info(ctx.model)
    if info is None or info.effort is None or effort in info.effort:
        return
    if not info.effort:
        message = tr(
            "{model} does not support `output_config.effort`: its thinking is steered with "
            "`thinking.budget_tokens`",
            model=info.name,
        )
        hint = tr("Remove `output_config.effort`.")
    else:
        message = tr(
            "{model} does not support effort {value} (it takes {levels})",
            model=info.name,
            value=quote(effort),
            levels=", ".join(f"`{e}`" for e in EFFORT_LEVELS if e in info.effort),
        )
        hint = tr("Use one of the levels this model takes.")
    yield Finding(path, message, hint)
