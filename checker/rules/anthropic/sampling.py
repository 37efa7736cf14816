"""The sampling parameters `temperature`, `top_p` and `top_k`: ranges, and the models and
API version that no longer take them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import describe, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.models import (
    DOCS,
    MIGRATION_GUIDE,
    claude_version,
    is_retired,
    model_info,
)
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

SAMPLING = ("temperature", "top_p", "top_k")
VERSIONING = f"{DOCS}/api/versioning"
MIGRATION_2026_10_21 = f"{DOCS}/api/migration-2026-10-21#breaking-changes"
_NUMBER_TEXT = re.compile(r"\s*-?\d+(\.\d+)?\s*")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _sent(body: dict[str, Any]) -> list[str]:
    """The sampling parameters the body sets (not null)."""
    return [k for k in SAMPLING if body.get(k) is not None]


@rule(
    "a-sampling-range",
    api="anthropic",
    scope="body",
    sources=(
        refs.MESSAGES_API,
        "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/"
        "message_create_params.py",
    ),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "temperature": 1.5,
  "messages": [{"role": "user", "content": "Name a colour."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "temperature": 0,
  "messages": [{"role": "user", "content": "Name a colour."}]
}""",
)
def sampling_range(ctx: Context) -> Iterator[Finding]:
    """`temperature` and `top_p` are numbers from 0 to 1; `top_k` is a positive integer.

    Anthropic's `temperature` runs from 0.0 to 1.0 (OpenAI's goes to 2, so a value copied
    from there is rejected); `top_p` is a probability; `top_k` counts tokens.

    Warnings: a number written as a string (lenient validation may accept it), and
    `top_k: 0` (not a documented value).
    """
    body = ctx.body
    for key in SAMPLING:
        value = body.get(key)
        if value is None:
            continue
        path = "/" + key
        if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
            yield warning(
                path,
                tr("`{key}` is the string {value}: write it as a number", key=key, value=value),
                tr("Remove the quotes around the number."),
            )
            continue
        if key == "top_k":
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                yield Finding(
                    path,
                    tr("`top_k` is {value}: it must be a whole number", value=describe(value)),
                    tr('Write e.g. `"top_k": 40`, or leave it out.'),
                )
            elif value < 0:
                yield Finding(
                    path,
                    tr("`top_k` is {value}: it cannot be negative", value=value),
                    tr('Write e.g. `"top_k": 40`, or leave it out.'),
                )
            elif value == 0:
                yield warning(
                    path,
                    tr("`top_k` is 0: leave it out to sample from every token"),
                    tr("Remove `top_k`, or give a positive number."),
                )
            continue
        if not _number(value):
            yield Finding(
                path,
                tr("`{key}` is {value}: it must be a number", key=key, value=describe(value)),
                tr("Write a number from 0 to 1, or leave it out."),
            )
        elif not 0 <= value <= 1:
            yield Finding(
                path,
                tr(
                    "`{key}` is {value}: the Messages API takes 0 to 1",
                    key=key,
                    value=describe(value),
                ),
                tr("Scale it to 0..1 (OpenAI's temperature runs to 2; Anthropic's stops at 1).")
                if key == "temperature"
                else tr("Write a number from 0 to 1."),
            )


@rule(
    "a-sampling-conflict",
    api="anthropic",
    scope="body",
    sources=(
        refs.issue("Vali-98/ChatterUI", 564),
        refs.issue("langfuse/langfuse", 9882),
        refs.issue("skydiscover-ai/skydiscover", 15),
    ),
    api_message=(
        "`temperature` and `top_p` cannot both be specified for this model. Please use only one."
    ),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "temperature": 0.8,
  "top_p": 0.9,
  "messages": [{"role": "user", "content": "Tell me a story."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "temperature": 0.8,
  "messages": [{"role": "user", "content": "Tell me a story."}]
}""",
)
def sampling_conflict(ctx: Context) -> Iterator[Finding]:
    """`temperature` or `top_p`, not both.

    From the Claude 4.5 generation on (Claude Sonnet 4.5, Haiku 4.5, Opus 4.5 and the 4.6
    models), a request that sets both is rejected: choose one way to shape the sampling.

    A warning when the model is missing or is a Claude id we do not know. (Models that
    take no sampling parameters at all are `a-sampling-unsupported`.)
    """
    body = ctx.body
    if body.get("temperature") is None or body.get("top_p") is None:
        return
    info = model_info(ctx.model)
    message = tr("`temperature` and `top_p` are both set: set only one of them")
    hint = tr("Remove `top_p` (or `temperature`); one is enough to shape the sampling.")
    if info is not None:
        if info.sampling == "yes" and info.sampling_exclusive:
            yield Finding("/top_p", message, hint)
        return
    if isinstance(ctx.model, str) and is_retired(ctx.model):
        return
    version = claude_version(ctx.model) if isinstance(ctx.model, str) else None
    if version is None or version >= (4, 5):
        yield warning(
            "/top_p",
            tr(
                "{message} (Claude 4.5 and later models reject both together)",
                message=message,
            ),
            hint,
        )


@rule(
    "a-sampling-unsupported",
    api="anthropic",
    scope="body",
    sources=(
        f"{MIGRATION_GUIDE}#migrating-to-claude-opus-4-7",
        MIGRATION_2026_10_21,
        VERSIONING,
        refs.issue("Comfy-Org/ComfyUI", 13923),
        refs.issue("sipeed/picoclaw", 2939),
    ),
    api_message="`{param}` is deprecated for this model.",
    example="""{
  "model": "claude-opus-4-7",
  "max_tokens": 4096,
  "temperature": 0.2,
  "messages": [{"role": "user", "content": "Describe this workflow."}]
}""",
    fix="""{
  "model": "claude-opus-4-7",
  "max_tokens": 4096,
  "output_config": {"effort": "low"},
  "messages": [{"role": "user", "content": "Describe this workflow."}]
}""",
)
def sampling_unsupported(ctx: Context) -> Iterator[Finding]:
    """The model and API version still take `temperature`, `top_p` and `top_k`.

    Claude Opus 4.7 removed the sampling parameters: a value other than the default
    (`temperature` 1, `top_p` 1) is rejected, and so is any `top_k`.
    Steer the output with the prompt and `output_config.effort` instead.

    API version `2026-10-21` (the `anthropic-version` header the new SDK majors send by
    default) rejects the three parameters on every model, even at their default values,
    while `2023-06-01` still takes them: an error when the request's headers show that
    version, nothing when they show another. Notes, because nothing shows they hurt: the
    docs say the same of Claude Opus 4.8 and the Claude 5 models, but live reports and
    recordings show them accepted or ignored; and a body whose headers are not known
    cannot show its version (recorded traffic with `temperature` is overwhelmingly
    accepted).
    """
    body = ctx.body
    sent = _sent(body)
    if not sent:
        return
    info = model_info(ctx.model)
    if info is not None and info.sampling == "no":
        rejected = [k for k in sent if k == "top_k" or not (_number(body[k]) and body[k] == 1)]
        for key in rejected:
            yield Finding(
                "/" + key,
                tr(
                    "{model} takes no `{key}`: it rejects the sampling parameters",
                    model=info.name,
                    key=key,
                ),
                tr(
                    "Remove `temperature`, `top_p` and `top_k`; steer the answer with the "
                    "prompt and `output_config.effort`."
                ),
            )
        if rejected:
            return
    key = sent[0]
    shown = ", ".join(f"`{k}`" for k in sent)
    hint = tr(
        "Leave the sampling parameters out unless you need them, and pin "
        "`anthropic-version: 2023-06-01` if you do."
    )
    version = (ctx.headers or {}).get("anthropic-version")
    if version is not None and version.strip() >= "2026-10-21":
        yield Finding(
            "/" + key,
            tr(
                "{params}: the request's `anthropic-version` is {version}, which rejects the "
                "sampling parameters on every model",
                params=shown,
                version=quote(version.strip()),
            ),
            hint,
        )
        return
    if info is not None and info.sampling is None:
        yield note(
            "/" + key,
            tr(
                "{model} may reject {params}: the docs say the sampling parameters are gone "
                "from this model, some live reports show them ignored",
                model=info.name,
                params=shown,
            ),
            hint,
        )
        return
    if version is not None:
        return  # an older version, which takes them
    yield note(
        "/" + key,
        tr(
            "{params} may be rejected: API version 2026-10-21 (the default of the new SDK "
            "majors) rejects the sampling parameters on every model, and the body does not show "
            "the version header",
            params=shown,
        ),
        hint,
    )
