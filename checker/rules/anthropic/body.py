"""The request body's own fields: which are required, which exist, and what each one holds.

`model`, `max_tokens` and `messages` are required; every other top-level field is one the
API knows (a few only with a beta header), of its type and range. The fields that hold
text and options are in `params`, the sampling parameters in `sampling`, and the fields of
messages and blocks in `fields`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, close_match, warning
from checker.rules.anthropic.models import (
    MODEL_DEPRECATIONS,
    MODELS_OVERVIEW,
    claude_version,
    is_retired,
    model_info,
)
from checker.rules.record import Finding, needs_beta, rule

SDK_PARAMS = (
    "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/"
    "message_create_params.py"
)
SDK_BETA_PARAMS = (
    "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/beta/"
    "message_create_params.py"
)

#: the top-level fields of a Messages API request (GA)
FIELDS = (
    "model",
    "max_tokens",
    "messages",
    "system",
    "metadata",
    "stop_sequences",
    "stream",
    "temperature",
    "top_k",
    "top_p",
    "thinking",
    "tool_choice",
    "tools",
    "output_config",
    "service_tier",
    "cache_control",
    "container",
    "inference_geo",
)
#: beta fields whose own rules warn about their header (`a-context-management-beta`,
#: `a-mcp-beta-required`)
JUDGED_ELSEWHERE = ("context_management", "mcp_servers")
#: fields only a beta header (`anthropic-beta`) enables
BETA_FIELDS = (
    "speed",
    "fallbacks",
    "fallback_credit_token",
    "diagnostics",
    "output_format",
)
#: fields of the request body on Amazon Bedrock and Google Vertex AI (the model is in the URL)
PLATFORM_FIELDS = ("anthropic_version", "anthropic_beta")
OUTPUT_CONFIG_FIELDS = ("effort", "format")
OUTPUT_CONFIG_BETA = ("task_budget",)
_OPENAI = "openai"
_SDK = "sdk"
#: a field from another API or an SDK's argument list -> (what it is, the Anthropic way)
MISPLACED: dict[str, tuple[str, str]] = {
    "response_format": (_OPENAI, '`"output_config": {"format": {"type": "json_schema", ...}}`'),
    "reasoning_effort": (_OPENAI, '`"output_config": {"effort": "low"}`'),
    "effort": ("", '`"output_config": {"effort": "low"}`'),
    "max_completion_tokens": (_OPENAI, "`max_tokens`"),
    "max_tokens_to_sample": ("", "`max_tokens` (Text Completions is retired)"),
    "prompt": ("", "`messages` (Text Completions is retired)"),
    "stop": (_OPENAI, '`"stop_sequences": ["..."]`'),
    "user": (_OPENAI, '`"metadata": {"user_id": "..."}`'),
    "parallel_tool_calls": (
        _OPENAI,
        '`"tool_choice": {"type": "auto", "disable_parallel_tool_use": true}`',
    ),
    "functions": (_OPENAI, "`tools`"),
    "function_call": (_OPENAI, "`tool_choice`"),
    "system_prompt": ("", "`system`"),
    "budget_tokens": ("", '`"thinking": {"type": "enabled", "budget_tokens": 2048}`'),
    "thinking_budget": ("", '`"thinking": {"type": "enabled", "budget_tokens": 2048}`'),
    "betas": (_SDK, "the `anthropic-beta` header"),
    "extra_body": (_SDK, "its contents, merged into the body"),
    "extra_headers": (_SDK, "HTTP headers"),
    "extra_query": (_SDK, "the URL's query string"),
    "timeout": (_SDK, "the HTTP client's settings"),
    "user_profile_id": (_SDK, "the `anthropic-user-profile-id` header"),
    "api_key": (_SDK, "the `x-api-key` header (never in the body)"),
}
_OPENAI_ONLY = (
    "n",
    "presence_penalty",
    "frequency_penalty",
    "seed",
    "logprobs",
    "top_logprobs",
    "logit_bias",
    "stream_options",
    "store",
    "modalities",
    "audio",
    "prediction",
    "reasoning",
    "verbosity",
    "web_search_options",
)


@rule(
    "a-body-field-missing",
    api="anthropic",
    scope="request",
    sources=(refs.MESSAGES_API, SDK_PARAMS),
    api_message="{loc}: Field required",
    example="""{
  "model": "claude-haiku-4-5",
  "messages": [{"role": "user", "content": "hola"}]
}""",
    fix="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "hola"}]
}""",
)
def body_field_missing(ctx: Context) -> Iterator[Finding]:
    """A request names its `model` and its `max_tokens`.

    `model`, `max_tokens` and `messages` are required on every Messages API request, on
    every model (OpenAI's Chat Completions makes the token limit optional; Anthropic does
    not). An exercise that asks only for part of a body is not judged by this rule.

    A warning instead when the body carries `anthropic_version`: that is a body for Amazon
    Bedrock or Google Vertex AI, which name the model in the URL.
    """
    body = ctx.body
    platform = any(k in body for k in PLATFORM_FIELDS)
    if "model" not in body:
        message = tr("the request has no `model`")
        hint = tr('Add `"model": "claude-sonnet-4-5"` (or another Claude model id).')
        if platform:
            yield warning(
                "/model",
                tr(
                    "{message} (fine for Amazon Bedrock or Vertex AI, which take it in the "
                    "URL; the Claude API needs it in the body)",
                    message=message,
                ),
                hint,
            )
        else:
            yield Finding("/model", message, hint)
    if "max_tokens" not in body:
        yield Finding(
            "/max_tokens",
            tr("the request has no `max_tokens`: the Messages API requires it"),
            tr(
                'Add `"max_tokens": 1024` (the most the model may write; thinking counts '
                "toward it)."
            ),
        )


def _unknown_field(key: str, path: str, candidates: tuple[str, ...]) -> Finding:
    misplaced = MISPLACED.get(key)
    if misplaced is not None:
        kind, instead = misplaced
        if kind == _OPENAI:
            message = tr("{key} is an OpenAI parameter, not a Messages API field", key=code(key))
        elif kind == _SDK:
            message = tr(
                "{key} is an argument of the SDK's call, not a field of the request body",
                key=code(key),
            )
        else:
            message = tr("the Messages API has no field {key}", key=code(key))
        return Finding(path, message, tr("Use {instead}.", instead=instead))
    if key in _OPENAI_ONLY:
        return Finding(
            path,
            tr(
                "{key} is an OpenAI parameter: the Messages API has no such field",
                key=code(key),
            ),
            tr("Remove it."),
        )
    guess = close_match(key, list(candidates))
    return Finding(
        path,
        tr("the Messages API has no field {key}", key=quote(key)),
        tr("Did you mean {name}?", name=code(guess[0])) if guess else tr("Remove it."),
    )


@rule(
    "a-body-field-unknown",
    api="anthropic",
    scope="request",
    sources=(
        refs.MESSAGES_API,
        SDK_PARAMS,
        SDK_BETA_PARAMS,
        refs.issue("amrit110/oli", 7),
        refs.issue("Aider-AI/aider", 3367),
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 2048,
  "response_format": {"type": "json_object"},
  "messages": [{"role": "user", "content": "Summarise this project as JSON."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 2048,
  "output_config": {"format": {"type": "json_schema", "schema": {
    "type": "object",
    "properties": {"summary": {"type": "string"}},
    "required": ["summary"],
    "additionalProperties": false
  }}},
  "messages": [{"role": "user", "content": "Summarise this project as JSON."}]
}""",
)
def body_field_unknown(ctx: Context) -> Iterator[Finding]:
    """The body has only fields the Messages API knows.

    The request schema forbids extra keys: a field from OpenAI's API (`response_format`,
    `reasoning_effort`, `stop`, `n`...), an SDK argument that must not reach the wire
    (`betas`, `extra_body`), or a typo is rejected with "Extra inputs are not permitted".
    The same holds inside `output_config` (`effort`, `format`).

    Warnings: fields that exist only with a beta header (`speed`, `fallbacks`,
    `output_format`...), which the body cannot show; and `anthropic_version`, which only
    Amazon Bedrock and Vertex AI bodies carry. (`context_management` and `mcp_servers`
    have their own rules.)
    """
    body = ctx.body
    for key in body:
        if key in FIELDS or key in JUDGED_ELSEWHERE:
            continue
        path = pointer(key)
        if key in BETA_FIELDS:
            yield needs_beta(
                warning(
                    path,
                    tr(
                        "{key} needs a beta header (`anthropic-beta`), which the body does not "
                        "show: without it the API rejects it as an extra input",
                        key=code(key),
                    ),
                    tr("Send the beta header your feature's docs name, or remove the field."),
                ),
                "*",
            )
        elif key in PLATFORM_FIELDS:
            yield warning(
                path,
                tr(
                    "{key} belongs to the request body on Amazon Bedrock and Vertex AI; the "
                    "Claude API rejects it",
                    key=code(key),
                ),
                tr("For the Claude API, remove it (the version goes in a header)."),
            )
        else:
            yield _unknown_field(key, path, FIELDS + JUDGED_ELSEWHERE + BETA_FIELDS)
    config = body.get("output_config")
    if isinstance(config, dict):
        for key in config:
            if key in OUTPUT_CONFIG_FIELDS:
                continue
            path = "/output_config" + pointer(key)
            if key in OUTPUT_CONFIG_BETA:
                yield needs_beta(
                    warning(
                        path,
                        tr(
                            "`output_config.{key}` needs a beta header, which the body does not "
                            "show",
                            key=key,
                        ),
                        tr("Send the beta header, or remove the field."),
                    ),
                    "*",
                )
            else:
                guess = close_match(key, list(OUTPUT_CONFIG_FIELDS))
                yield Finding(
                    path,
                    tr("`output_config` has no field {key}", key=quote(key)),
                    tr("Did you mean {name}?", name=code(guess[0]))
                    if guess
                    else tr("`output_config` takes `effort` and `format`."),
                )
    elif "output_config" in body and config is not None:
        yield Finding(
            "/output_config",
            tr("`output_config` is {type}: it must be an object", type=json_type(config)),
            tr('Write e.g. `"output_config": {"effort": "low"}`.'),
        )


@rule(
    "a-body-field-type",
    api="anthropic",
    scope="body",
    sources=(refs.MESSAGES_API, SDK_PARAMS),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": "true",
  "messages": [{"role": "user", "content": "Hi"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "stream": true,
  "messages": [{"role": "user", "content": "Hi"}]
}""",
)
def body_field_type(ctx: Context) -> Iterator[Finding]:
    """`model` is a model id string; `stream` is `true` or `false`.

    A model given as an object or an empty string, or `stream` as the string `"true"`,
    is rejected by the API's validation before anything runs.
    """
    body = ctx.body
    if "model" in body:
        model = body["model"]
        if not isinstance(model, str) or not model.strip():
            yield Finding(
                "/model",
                tr("`model` is {value}: it must be a model id", value=describe(model)),
                tr('Write e.g. `"model": "claude-sonnet-4-5"`.'),
            )
    if "stream" in body and not isinstance(body["stream"], bool) and body["stream"] is not None:
        yield Finding(
            "/stream",
            tr("`stream` is {value}: it must be `true` or `false`", value=describe(body["stream"])),
            tr('Write `"stream": true` (without quotes), or leave it out.'),
        )
    geo = body.get("inference_geo")
    if geo is not None and not isinstance(geo, str):
        yield Finding(
            "/inference_geo",
            tr("`inference_geo` is {type}: it must be a string", type=json_type(geo)),
            tr("Write the region as a string, or leave it out."),
        )


#: the largest `max_tokens` the Batch API takes with its output beta (Claude 4.6 and later)
BATCH_BETA_MAX = 300000
#: compiled by `re` on first use (and kept in its cache), not at import
_INTEGER_TEXT = r"\s*\d+\s*"


@rule(
    "a-max-tokens-range",
    api="anthropic",
    scope="body",
    sources=(MODELS_OVERVIEW, SDK_PARAMS, "https://github.com/Effect-TS/effect/pull/7129"),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 100000,
  "messages": [{"role": "user", "content": "Write a long report."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 64000,
  "stream": true,
  "messages": [{"role": "user", "content": "Write a long report."}]
}""",
    near_misses=(
        """{
  "model": "claude-opus-5",
  "max_tokens": 128000,
  "stream": true,
  "messages": [{"role": "user", "content": "Write the full migration plan."}]
}""",
    ),
)
def max_tokens_range(ctx: Context) -> Iterator[Finding]:
    """`max_tokens` is a whole number of tokens, no more than the model can write.

    Each model has an output limit (64K tokens on the Claude 4.5 models, 128K from Claude
    4.6 on); a larger `max_tokens` is rejected, as are negative and fractional numbers.

    Warnings: `max_tokens: 0` is a cache pre-warm request that generates nothing; a value
    above a Claude 4.6-or-later model's limit is accepted only by the Batch API with its
    output beta header (up to 300K); a number written as a string; and a value above 128K
    on a Claude model id we do not know.
    """
    body = ctx.body
    if "max_tokens" not in body:
        return
    value = body["max_tokens"]
    path = "/max_tokens"
    if isinstance(value, str) and re.fullmatch(_INTEGER_TEXT, value):
        yield warning(
            path,
            tr("`max_tokens` is the string {value}: write it as a number", value=quote(value)),
            tr('Write `"max_tokens": {n}` without quotes.', n=int(value)),
        )
        return
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        yield Finding(
            path,
            tr(
                "`max_tokens` is {value}: it must be a whole number of tokens",
                value=describe(value),
            ),
            tr('Write e.g. `"max_tokens": 1024`.'),
        )
        return
    if value < 0:
        yield Finding(
            path,
            tr("`max_tokens` is {value}: it cannot be negative", value=value),
            tr('Write e.g. `"max_tokens": 1024`.'),
        )
        return
    if value == 0:
        yield warning(
            path,
            tr("`max_tokens` is 0: the API only warms the prompt cache and generates no reply"),
            tr('Give the reply room, e.g. `"max_tokens": 1024`, unless you mean to pre-warm.'),
        )
        return
    info = model_info(ctx.model)
    if info is not None and info.max_output is not None:
        if value <= info.max_output:
            return
        message = tr(
            "`max_tokens` is {value}, more than {model} can write ({limit} tokens)",
            value=value,
            model=info.name,
            limit=info.max_output,
        )
        hint = tr("Lower `max_tokens` to {limit} or less.", limit=info.max_output)
        if info.version >= (4, 6) and value <= BATCH_BETA_MAX:
            yield warning(
                path,
                tr(
                    "{message}: only the Batch API with its output beta header takes more",
                    message=message,
                ),
                hint,
            )
        else:
            yield Finding(path, message, hint)
        return
    version = claude_version(ctx.model) if isinstance(ctx.model, str) else None
    if info is None and version is not None and not is_retired(ctx.model) and value > 128000:
        yield warning(
            path,
            tr(
                "`max_tokens` is {value}: the current Claude models write at most 128000 "
                "tokens, and {model} is not one we know",
                value=value,
                model=code(ctx.model),
            ),
            tr("Check the model's output limit in the models overview."),
        )


@rule(
    "a-model-retired",
    api="anthropic",
    severity="warning",
    scope="model",
    sources=(MODEL_DEPRECATIONS, MODELS_OVERVIEW),
    example="""{
  "model": "claude-sonnet-4-20250514",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "Hello"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "Hello"}]
}""",
)
def model_retired(ctx: Context) -> Iterator[Finding]:
    """The model is one the Claude API still serves.

    Claude models before the 4.5 generation are retired on the Claude API (Claude 3.5
    Sonnet in October 2025, Claude 3.7 Sonnet in February 2026, Claude Sonnet 4 and Opus 4
    in June 2026, Claude Opus 4.1 in August 2026): a request to one fails with a 404
    `not_found_error`, not a 400, whatever the body. A warning: Amazon Bedrock and Google
    Cloud retire models on their own schedules.
    """
    model = ctx.model
    if not is_retired(model):
        return
    body_model = ctx.body.get("model") if ctx.body is not None else None
    yield warning(
        "/model" if body_model == model else "",
        tr(
            "{model} is retired on the Claude API: requests to it fail (404 `not_found_error`)",
            model=code(model),
        ),
        tr(
            "Use a current model, e.g. `claude-sonnet-4-5`, `claude-haiku-4-5` or a newer "
            "one from the models overview."
        ),
    )


# The sampling parameters, and the fields of messages and content blocks.
