"""How the response is asked for: `text.format`, `include`, `reasoning`, and the model.

Values from fixed lists are checked against the spec's lists; what a given model supports
(sampling, reasoning, encrypted reasoning, logprobs) depends on the model and is a warning.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, quote
from checker.i18n import tr
from checker.rules.record import Finding, note, rule
from checker.rules.responses import refs
from checker.rules.responses.context import Context, model_kind, warning

FORMAT_TYPES = ("text", "json_schema", "json_object")
FORMAT_NAME = re.compile(r"[a-zA-Z0-9_-]{1,64}")
INCLUDE_VALUES = (
    "file_search_call.results",
    "web_search_call.results",
    "web_search_call.action.sources",
    "message.input_image.image_url",
    "computer_call_output.output.image_url",
    "code_interpreter_call.outputs",
    "reasoning.encrypted_content",
    "message.output_text.logprobs",
)
EFFORTS = ("none", "minimal", "low", "medium", "high", "xhigh", "max")
SUMMARIES = ("auto", "concise", "detailed")


def _listing(values: tuple[str, ...]) -> str:
    return ", ".join(f"`{v}`" for v in values)


@rule(
    "r-text-format",
    api="responses",
    scope="body",
    sources=(refs.STRUCTURED_OUTPUTS, refs.SPEC),
    api_message="Missing required parameter: 'text.format.name'.",
    example="""{
  "model": "gpt-5.5",
  "input": "Extract the city from: 'I live in Lyon.'",
  "text": {"format": {"type": "json_schema", "json_schema": {"name": "city", "strict": true,
    "schema": {"type": "object", "properties": {"city": {"type": "string"}},
               "required": ["city"], "additionalProperties": false}}}}
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Extract the city from: 'I live in Lyon.'",
  "text": {"format": {"type": "json_schema", "name": "city", "strict": true,
    "schema": {"type": "object", "properties": {"city": {"type": "string"}},
               "required": ["city"], "additionalProperties": false}}}
}""",
    near_misses=('{"model": "gpt-5.5", "input": "Hi", "text": {"format": {"type": "text"}}}',),
)
def text_format(ctx: Context) -> Iterator[Finding]:
    """`text.format` is a format object; a JSON schema format is flat and named.

    `text` is an object and `text.format` one of `{"type": "text"}`, `{"type":
    "json_object"}` or `{"type": "json_schema", "name": ..., "schema": {...}, "strict":
    ...}`. Unlike Chat Completions' `response_format`, the schema format has no
    `json_schema` wrapper: `name` (letters, digits, `_`, `-`, at most 64) and `schema` sit
    next to `type`, and the API reports the wrapper as a missing `text.format.name`. A
    string such as `"json"` is refused (`expected a text format, but got a string`).
    """
    body = ctx.body or {}
    text = body.get("text")
    if text is None:
        return
    if not isinstance(text, dict):
        yield Finding(
            "/text",
            tr("`text` is {type}: it must be an object", type=json_type(text)),
            tr('Write `"text": {"format": {"type": "text"}}`, or remove it.'),
        )
        return
    fmt = text.get("format")
    if fmt is None:
        return
    example = tr(
        'Write `"format": {"type": "json_schema", "name": "result", "schema": {...}, '
        '"strict": true}` (or `{"type": "text"}`).'
    )
    if not isinstance(fmt, dict):
        yield Finding(
            "/text/format",
            tr("`text.format` is {type}: it must be a format object", type=json_type(fmt)),
            example,
        )
        return
    kind = fmt.get("type")
    if kind not in FORMAT_TYPES:
        yield Finding(
            "/text/format/type" if "type" in fmt else "/text/format",
            tr(
                "`text.format.type` is {value}: it must be one of {types}",
                value=describe(kind),
                types=_listing(FORMAT_TYPES),
            )
            if "type" in fmt
            else tr("`text.format` has no `type`"),
            example,
        )
        return
    if kind != "json_schema":
        return
    if isinstance(fmt.get("json_schema"), dict):
        yield Finding(
            "/text/format/json_schema",
            tr(
                "`text.format` wraps its schema in `json_schema`, as Chat Completions does; "
                "here `name`, `schema` and `strict` sit next to `type`"
            ),
            tr(
                'Flatten it: `"format": {"type": "json_schema", "name": "...", "schema": '
                '{...}, "strict": true}`.'
            ),
        )
        return
    name = fmt.get("name")
    if not isinstance(name, str) or not FORMAT_NAME.fullmatch(name):
        yield Finding(
            "/text/format/name",
            tr(
                "`text.format.name` is {value}: it must be 1 to 64 letters, digits, `_` or `-`",
                value=describe(name),
            )
            if "name" in fmt
            else tr("a `json_schema` format needs a `name`"),
            tr('Name the format: `"name": "city_answer"`.'),
        )
    if not isinstance(fmt.get("schema"), dict):
        yield Finding(
            "/text/format/schema",
            tr("a `json_schema` format needs a `schema` object"),
            tr('Add `"schema": {"type": "object", "properties": {...}, ...}`.'),
        )


@rule(
    "r-include-value",
    api="responses",
    scope="body",
    sources=(refs.SPEC, refs.REASONING),
    api_message="Invalid value: '{value}'.",
    example="""{
  "model": "gpt-5.5",
  "input": "Hi",
  "store": false,
  "include": ["reasoning.encrypted"]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Hi",
  "store": false,
  "include": ["reasoning.encrypted_content"]
}""",
)
def include_value(ctx: Context) -> Iterator[Finding]:
    """`include` lists extra output data by the names the API knows.

    `include` is an array of values from a fixed list: `reasoning.encrypted_content`,
    `message.output_text.logprobs`, `web_search_call.action.sources`, `file_search_call
    .results`, and a few more. Any other string is refused.
    """
    body = ctx.body or {}
    values = body.get("include")
    if values is None:
        return
    if not isinstance(values, (list, tuple)):
        yield Finding(
            "/include",
            tr("`include` is {type}: it must be an array of names", type=json_type(values)),
            tr('Write `"include": ["reasoning.encrypted_content"]`.'),
        )
        return

    for n, value in enumerate(values):
        if value in INCLUDE_VALUES:
            continue
        close = (
            difflib.get_close_matches(value, INCLUDE_VALUES, n=1, cutoff=0.6)
            if isinstance(value, str)
            else []
        )
        yield Finding(
            f"/include/{n}",
            tr("{value} is not a value `include` knows", value=describe(value)),
            tr("Did you mean {name}?", name=code(close[0]))
            if close
            else tr("Use one of: {values}.", values=_listing(INCLUDE_VALUES)),
        )


@rule(
    "r-reasoning-config",
    api="responses",
    scope="body",
    sources=(refs.REASONING, refs.SPEC, "https://github.com/openai/codex/pull/7845"),
    api_message=(
        "Invalid value: '{value}'. Supported values are: 'concise', 'detailed', and 'auto'."
    ),
    example="""{
  "model": "gpt-5.5",
  "input": "Prove sqrt(2) is irrational.",
  "reasoning": {"effort": "medium", "summary": "none"}
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Prove sqrt(2) is irrational.",
  "reasoning": {"effort": "medium", "summary": "auto"}
}""",
)
def reasoning_config(ctx: Context) -> Iterator[Finding]:
    """`reasoning` is an object whose `effort` and `summary` take the listed values.

    `reasoning.effort` is one of `none`, `minimal`, `low`, `medium`, `high`, `xhigh`,
    `max` (which of them a model supports is `r-model-param-unsupported`), and
    `reasoning.summary` one of `auto`, `concise`, `detailed`; to have no summary, leave
    `summary` out (`"none"` is refused). `null` means the default. `generate_summary` is
    a warning: the spec keeps it as deprecated, while the API has answered `Unknown
    parameter` for it; use `summary`.
    """
    body = ctx.body or {}
    cfg = body.get("reasoning")
    if cfg is None:
        return
    if not isinstance(cfg, dict):
        yield Finding(
            "/reasoning",
            tr("`reasoning` is {type}: it must be an object", type=json_type(cfg)),
            tr('Write `"reasoning": {"effort": "low"}`.'),
        )
        return
    for key, values in (("effort", EFFORTS), ("summary", SUMMARIES)):
        value = cfg.get(key)
        if value is None or value in values:
            continue
        yield Finding(
            f"/reasoning/{key}",
            tr(
                "`reasoning.{key}` is {value}: it must be one of {values}",
                key=key,
                value=describe(value),
                values=_listing(values),
            ),
            tr("Leave `summary` out to get no summary.")
            if key == "summary" and value == "none"
            else tr("Use `low`, `medium` or `high`, which every reasoning model takes.")
            if key == "effort"
            else tr("Use one of: {values}.", values=_listing(values)),
        )
    if "generate_summary" in cfg:
        yield note(
            "/reasoning/generate_summary",
            tr("`reasoning.generate_summary` is deprecated and has been refused as unknown"),
            tr('Write `"summary": {value}` instead.', value=quote(cfg["generate_summary"]))
            if cfg["generate_summary"] in SUMMARIES
            else tr('Write `"summary": "auto"` instead.'),
        )


_EFFORT_LIMITS = (
    # (model pattern, efforts it does not take)
    (re.compile(r"o[134]\b"), ("none", "minimal", "xhigh", "max")),
    (re.compile(r"gpt-5(-mini|-nano)?$|gpt-5-(mini-|nano-)?\d{4}"), ("none", "xhigh", "max")),
    (re.compile(r"gpt-6"), ("minimal",)),
)


@rule(
    "r-model-param-unsupported",
    api="responses",
    severity="warning",
    scope="body",
    sources=(refs.REASONING, refs.SPEC),
    example="""{
  "model": "gpt-5.5",
  "input": "Name a color.",
  "temperature": 0.2
}""",
    fix="""{
  "model": "gpt-4.1",
  "input": "Name a color.",
  "temperature": 0.2
}""",
    near_misses=(
        """{
  "model": "gpt-5.5",
  "input": "Name a color.",
  "reasoning": {"effort": "low"}
}""",
    ),
)
def model_param_unsupported(ctx: Context) -> Iterator[Finding]:
    """The parameters suit the model: sampling, reasoning and their options depend on it.

    A warning, because support changes with the model and its settings: reasoning models
    (o-series, GPT-5 and later) have refused `temperature` and `top_p` (`Unsupported
    parameter: 'temperature' is not supported with this model.`) except, on newer ones,
    with `reasoning.effort: "none"`; models without reasoning refuse `reasoning.effort`
    and `reasoning.encrypted_content`; not every reasoning model takes every effort
    (`minimal` is refused on GPT-6, `none` on o-series and the first GPT-5); and reasoning
    models refuse `message.output_text.logprobs`.
    """
    body = ctx.body or {}
    kind = model_kind(ctx.model)
    if kind is None:
        return
    cfg = body.get("reasoning") if isinstance(body.get("reasoning"), dict) else {}
    effort = cfg.get("effort")
    include = body.get("include") if isinstance(body.get("include"), list) else []
    model = quote(ctx.model)
    if kind == "reasoning":
        if effort != "none":
            for key in ("temperature", "top_p"):
                if body.get(key) is not None:
                    yield warning(
                        "/" + key,
                        tr(
                            "{model} is a reasoning model: it may refuse `{key}` "
                            "(accepted by newer models only with reasoning effort `none`)",
                            model=model,
                            key=key,
                        ),
                        tr(
                            'Remove `{key}`, or set `"reasoning": {{"effort": "none"}}` on a '
                            "model that supports it.",
                            key=key,
                        ),
                    )
        name = str(ctx.model).lower().rsplit("/", 1)[-1]
        for pattern, refused in _EFFORT_LIMITS:
            if isinstance(effort, str) and effort in refused and pattern.match(name):
                yield warning(
                    "/reasoning/effort",
                    tr(
                        "{model} may not support reasoning effort {effort}",
                        model=model,
                        effort=quote(effort),
                    ),
                    tr("Use `low`, `medium` or `high`, which every reasoning model takes."),
                )
        if "message.output_text.logprobs" in include:
            yield warning(
                "/include/" + str(include.index("message.output_text.logprobs")),
                tr("{model} is a reasoning model: logprobs are not supported with it", model=model),
                tr("Remove `message.output_text.logprobs`, or use a model without reasoning."),
            )
        return
    for key in ("effort", "summary"):
        if cfg.get(key) is not None:
            yield warning(
                f"/reasoning/{key}",
                tr(
                    "{model} is not a reasoning model: `reasoning.{key}` is not supported with it",
                    model=model,
                    key=key,
                ),
                tr("Remove `reasoning`, or use a reasoning model such as `gpt-5.5`."),
            )
    if "reasoning.encrypted_content" in include:
        yield warning(
            "/include/" + str(include.index("reasoning.encrypted_content")),
            tr(
                "{model} is not a reasoning model: encrypted reasoning content is not "
                "supported with it",
                model=model,
            ),
            tr("Remove `reasoning.encrypted_content` from `include`."),
        )
