"""`o-param-model`: the parameters that not every model takes (see `models` for the table)."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, quote
from checker.i18n import tr
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.openai.models import O_SERIES, ModelInfo, given, model_info, named_model
from checker.rules.record import Finding, note, rule

EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")


def _param_findings(ctx: Context, info: ModelInfo) -> Iterator[Finding]:
    body = ctx.body
    assert body is not None
    model = quote(info.id)
    if given(ctx, "parallel_tool_calls"):
        if info.o_series:
            yield Finding(
                "/parallel_tool_calls",
                tr(
                    "{model} (an o-series model) does not take `parallel_tool_calls`, not even "
                    "`false`",
                    model=model,
                ),
                tr("Leave `parallel_tool_calls` out for o-series models."),
            )
        elif info.family == "codex-mini":
            yield warning(
                "/parallel_tool_calls",
                tr(
                    "o-series models reject `parallel_tool_calls`, and {model} may too",
                    model=model,
                ),
                tr("If the API rejects it, leave `parallel_tool_calls` out."),
            )
    for key, refused_by in (
        ("stop", O_SERIES),
        ("logit_bias", ()),
        ("prediction", ()),
    ):
        if not given(ctx, key) or not info.reasoning:
            continue
        if key == "stop" and ctx.body[key] in ([], ""):
            continue  # an empty `stop` (recorded accepted on o3-mini)
        reasons = info.gpt5() and ctx.body.get("reasoning_effort") != "none"
        if info.family in refused_by or info.gpt5(6) or (key == "stop" and reasons):
            yield Finding(
                "/" + key,
                tr("{model} does not take {key}", model=model, key=code(key)),
                tr("Leave {key} out for this model.", key=code(key)),
            )
        else:
            yield note(
                "/" + key,
                tr(
                    "{key} is not supported by the latest reasoning models (o3, o4-mini, "
                    "gpt-5.6), and {model} may reject it too",
                    key=code(key),
                    model=model,
                ),
                tr("If the API rejects it, leave {key} out.", key=code(key)),
            )
    if given(ctx, "reasoning_effort"):
        yield from _effort_findings(ctx, info)
    yield from _search_findings(ctx, info)
    for key in ("audio", "modalities"):
        if not given(ctx, key):
            continue
        value = body[key]
        if key == "modalities" and not (isinstance(value, list) and "audio" in value):
            continue
        if info.gpt5(6):
            yield Finding(
                "/" + key,
                tr("{model} does not know {key}", model=model, key=code(key)),
                tr("Audio output needs an audio model, such as gpt-4o-audio-preview."),
            )
        elif info.known and "audio" not in info.id.lower():
            yield warning(
                "/" + key,
                tr(
                    "audio output needs an audio model (gpt-4o-audio-preview...), and {model} "
                    "is not one",
                    model=model,
                ),
                tr("Audio output needs an audio model, such as gpt-4o-audio-preview."),
            )


def _search_findings(ctx: Context, info: ModelInfo) -> Iterator[Finding]:
    """`web_search_options` on a model that is not a search model."""
    model = quote(info.id)
    search = info.family == "search" or "search" in info.id.lower()
    if given(ctx, "web_search_options") and info.known and not search:
        if info.family in ("o3", "o3-mini", "o4-mini") or info.gpt5(6):
            yield Finding(
                "/web_search_options",
                tr(
                    "{model} does not know `web_search_options` (the API answers `Unknown "
                    "parameter`)",
                    model=model,
                ),
                tr(
                    "Use a search model (gpt-4o-search-preview), or the Responses API's "
                    "`web_search` tool."
                ),
            )
        else:  # recorded 400 on gpt-4o: "Web search options not supported with this model."
            yield Finding(
                "/web_search_options",
                tr(
                    "{model} is not a search model: `web_search_options` is taken only by "
                    "the search models (`*-search-preview`, `*-search-api`)",
                    model=model,
                ),
                tr(
                    "Use a search model (gpt-4o-search-preview), or the Responses API's "
                    "`web_search` tool."
                ),
            )


def _effort_findings(ctx: Context, info: ModelInfo) -> Iterator[Finding]:
    assert ctx.body is not None
    value = ctx.body["reasoning_effort"]
    model = quote(info.id)
    path = "/reasoning_effort"
    if not isinstance(value, str) or value not in EFFORTS:
        yield Finding(
            path,
            tr(
                "`reasoning_effort` is {value}: it is one of {values}",
                value=describe(value),
                values=", ".join(f"`{v}`" for v in EFFORTS),
            ),
            tr('Write e.g. `"reasoning_effort": "low"`.'),
        )
        return
    if info.reasoning is False:
        if info.chat_latest or info.family == "search":
            yield warning(
                path,
                tr(
                    "{model} does not reason; it may reject `reasoning_effort`",
                    model=model,
                ),
                tr("Leave `reasoning_effort` out for this model."),
            )
        else:
            yield Finding(
                path,
                tr(
                    "{model} is not a reasoning model: it rejects `reasoning_effort` "
                    "(`Unrecognized request argument`)",
                    model=model,
                ),
                tr("Leave `reasoning_effort` out, or choose a reasoning model (gpt-5.4, o4-mini)."),
            )
        return
    if not info.reasoning:
        return
    if info.pro and info.gpt5(0) and value != "high":
        yield Finding(
            path,
            tr(
                "{model} takes only `reasoning_effort` `high`, not {value}",
                model=model,
                value=quote(value),
            ),
            tr('Write `"reasoning_effort": "high"`, or leave it out.'),
        )
    elif value == "none" and info.before_gpt51():
        yield Finding(
            path,
            tr(
                '`reasoning_effort` `"none"` exists from gpt-5.1 on; {model} always reasons',
                model=model,
            ),
            tr('Use `"low"` (or `"minimal"` on gpt-5), or a model from gpt-5.1 on.'),
        )
    elif value == "minimal" and info.gpt5_from(1):
        message = tr(
            '`reasoning_effort` `"minimal"` is gpt-5\'s; from gpt-5.1 on the lowest '
            'effort is `"none"`, and {model} rejects `"minimal"`',
            model=model,
        )
        hint = tr('Use `"none"` or `"low"`.')
        yield (Finding(path, message, hint) if info.gpt5(1, 2) else warning(path, message, hint))
    elif value in ("xhigh", "max") and info.before_gpt51():
        yield warning(
            path,
            tr(
                "`reasoning_effort` {value} is for newer models (after gpt-5.1-codex-max); "
                "{model} may reject it",
                value=quote(value),
                model=model,
            ),
            tr('Use `"high"`.'),
        )


@rule(
    "o-param-model",
    api="openai",
    scope="model",
    sources=(
        refs.CHAT_API,
        refs.REASONING,
        refs.issue("evalstate/fast-agent", 279),
        refs.issue("langchain-ai/langchain", 29416),
        refs.issue("davidmigloz/langchain_dart", 712),
        refs.issue("64bit/async-openai", 386),
        refs.issue("openai/openai-agents-python", 2089),
    ),
    api_message="Unsupported parameter: '{param}' is not supported with this model.",
    example="""{
  "model": "o4-mini-2025-04-16",
  "parallel_tool_calls": false,
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]}}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "o4-mini-2025-04-16",
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]}}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    near_misses=(
        """{
  "model": "gpt-4o-mini",
  "reasoning_effort": null,
  "messages": [{"role": "user", "content": "Hello"}]
}""",
        """{
  "model": "gpt-5.1",
  "reasoning_effort": "none",
  "messages": [{"role": "user", "content": "Hello"}]
}""",
    ),
)
def param_model(ctx: Context) -> Iterator[Finding]:
    """The model takes the parameters the request sends.

    Some parameters are in the API but not every model takes them:
    `parallel_tool_calls` is refused by the o-series (o1, o3-mini, o3, o4-mini), even
    `false`; a non-empty `stop` by every o-series model (recorded 400 on o1-mini:
    `Unsupported parameter: 'stop' is not supported with this model.`; an empty list was
    recorded accepted on o3-mini) and the GPT-5 models while they reason, and `logit_bias` and
    `prediction` by gpt-5.6; `reasoning_effort` by models that do not reason (gpt-4o,
    gpt-4.1: `Unrecognized request argument`; `null` is accepted), and its value must suit
    the model (`"none"` exists from gpt-5.1 on, gpt-5.1 and gpt-5.2 refuse `"minimal"`,
    gpt-5-pro takes only `"high"`); `web_search_options` is unknown to o3, o3-mini,
    o4-mini and gpt-5.6, and refused by every other model that is not a search model
    (recorded 400 on gpt-4o: `Web search options not supported with this model.`), and
    `audio` is unknown to gpt-5.6. An error where the model id names a family
    known to refuse; a warning for other reasoning models, where the docs say "latest
    reasoning models" without a list.
    """
    if ctx.body is None:
        return
    info = named_model(ctx)
    if info is None:
        if given(ctx, "reasoning_effort"):
            value = ctx.body["reasoning_effort"]
            if not isinstance(value, str) or value not in EFFORTS:
                yield from _effort_findings(ctx, model_info(""))
        return
    yield from _param_findings(ctx, info)
