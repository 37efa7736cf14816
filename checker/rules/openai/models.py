"""What depends on the model: the OpenAI model table, and the rules that read it.

`model_info(id)` reads an id as Chat Completions names it (`gpt-5.4-mini-2026-03-17`,
`o4-mini`, `ft:gpt-4o-mini-2024-07-18:acme::9xYz12ab`, `openai/gpt-4.1` through a router)
and says what the rules need: its family, whether it reasons, its GPT-5 version (the
families and the facts by id live in the capability table, `checker.models.openai`); a
near miss of a known id (`gpt-5.2-proo`) is unknown: no rule judges by its family. The rules
report an error only when the id clearly names a family known to reject; for an id the
table cannot read (another vendor's model, an Azure deployment name) they warn or keep
quiet. Facts as of late 2026: OpenAI's spec (`ModelIdsShared`, 2026-08), the reasoning
guide, and the public reports each rule cites.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from checker.diagnostics import code, describe, quote
from checker.i18n import tr
from checker.models import did_you_mean
from checker.models.openai import FAMILIES, NO_INSTRUCTION_ROLES, O_SERIES
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.record import Finding, note, rule
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

# --------------------------------------------------------------------------- the table


class ModelInfo(NamedTuple):
    """A model id as the rules read it."""

    #: the id as given
    id: str
    #: an OpenAI id the table can read (False: another vendor's id, a deployment name)
    known: bool
    #: "o1-mini", "o1-preview", "o1", "o3-mini", "o3", "o4-mini", "codex-mini", "gpt-5",
    #: "gpt-4.1", "gpt-4o", "gpt-4", "gpt-3.5", "search" (`*-search-*`), "other", "unknown"
    family: str
    #: a reasoning model (o-series, every gpt-5* but `*-chat-latest`); None: not known
    reasoning: bool | None
    #: (5, minor) of a GPT-5 id: `gpt-5-mini` is (5, 0), `gpt-5.6-terra` is (5, 6)
    version: tuple[int, int] | None
    #: a fine-tuned model (`ft:<base>:<org>::<id>`)
    fine_tuned: bool
    #: a `*-chat-latest` id: the non-reasoning ChatGPT snapshot of a GPT-5 version
    chat_latest: bool
    #: a `-pro` model (gpt-5-pro: one reasoning effort only)
    pro: bool

    @property
    def o_series(self) -> bool:
        return self.family in O_SERIES

    def gpt5(self, *minors: int) -> bool:
        """A GPT-5 reasoning model of one of the versions 5.`minor` (any, if none given)."""
        if self.version is None or self.chat_latest:
            return False
        return not minors or self.version[1] in minors

    def gpt5_from(self, minor: int) -> bool:
        """A GPT-5 reasoning model of version 5.`minor` or later."""
        return self.gpt5() and self.version is not None and self.version[1] >= minor

    def before_gpt51(self) -> bool:
        """A reasoning model older than gpt-5.1 (o-series, codex-mini, gpt-5)."""
        return self.o_series or self.family == "codex-mini" or self.gpt5(0)


#: (pattern, family, reasoning), read from the capability table: first wins
_FAMILIES: tuple[tuple[re.Pattern[str], str, bool | None], ...] = tuple(
    (re.compile(pattern), family, reasoning) for pattern, family, reasoning in FAMILIES
)
_GPT5_VERSION = re.compile(r"gpt-5(?:\.(\d{1,2}))?\b")
_ROUTER_PREFIXES = ("openai/", "azure/", "openai:")


@functools.lru_cache(maxsize=128)
def model_info(model: str) -> ModelInfo:
    """What the rules know of the model named `model` (see `ModelInfo`)."""
    name = model.strip().lower()
    fine_tuned = name.startswith("ft:")
    if fine_tuned:
        name = name[3:].split(":", 1)[0]
    for prefix in _ROUTER_PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix) :]
    found = next((row for row in _FAMILIES if row[0].fullmatch(name)), None)
    if found is None or did_you_mean(model) is not None:  # a typo: no model-dependent error
        return ModelInfo(model, False, "unknown", None, None, fine_tuned, False, False)
    family, reasoning = found[1], found[2]
    version = None
    chat_latest = family == "gpt-5" and "-chat" in name
    if family == "gpt-5":
        number = _GPT5_VERSION.match(name)
        version = (5, int(number.group(1) or 0)) if number else None
        reasoning = not chat_latest
    pro = bool(re.search(r"-pro\b", name))
    return ModelInfo(model, True, family, reasoning, version, fine_tuned, chat_latest, pro)


def named_model(ctx: Any) -> ModelInfo | None:
    """The request's model (`--model`, or the body's `model`), or None when none is named."""
    model = getattr(ctx, "model", None)
    return model_info(model) if isinstance(model, str) and model.strip() else None


def effort(ctx: Context) -> str | None:
    """The body's `reasoning_effort` (None when it is absent or null)."""
    value = ctx.body.get("reasoning_effort") if ctx.body is not None else None
    return value if isinstance(value, str) else None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def given(ctx: Context, key: str) -> bool:
    return ctx.body is not None and ctx.body.get(key) is not None


# --------------------------------------------------------------------------- roles


@rule(
    "o-role-model",
    api="openai",
    scope="model",
    sources=(
        refs.REASONING,
        refs.issue("Lambdua/openai4j", 62),
        refs.issue("lobehub/lobehub", 5704),
        refs.issue("microsoft/agent-framework", 1077),
        refs.issue("CherryHQ/cherry-studio", 3045),
    ),
    api_message="Unsupported value: '{param}' does not support '{value}' with this model.",
    example="""{
  "model": "o1-mini",
  "messages": [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "Prove that sqrt(2) is irrational."}
  ]
}""",
    fix="""{
  "model": "o1-mini",
  "messages": [
    {"role": "user", "content": "You are a helpful assistant. Prove that sqrt(2) is irrational."}
  ]
}""",
    near_misses=(
        """{
  "model": "o3-mini",
  "messages": [
    {"role": "system", "content": "You are a helpful assistant."},
    {"role": "user", "content": "Prove that sqrt(2) is irrational."}
  ]
}""",
        """{
  "model": "gpt-4o",
  "messages": [
    {"role": "developer", "content": "Answer in French."},
    {"role": "user", "content": "What is the capital of Japan?"}
  ]
}""",
    ),
)
def role_model(ctx: Context) -> Iterator[Finding]:
    """The model takes the instruction roles the request uses.

    The legacy `o1-mini` and `o1-preview` refuse both `system` and `developer` messages
    (the instructions go in the first user message). Every other current OpenAI model
    takes both: o1, o3, o4-mini and the GPT-5 models treat `system` as `developer`, and
    gpt-4o-class models accept `developer`. Many OpenAI-compatible servers (other
    vendors' models) reject `developer`, though: for a model id that is not OpenAI's, a
    `developer` message is a warning. The gpt-5.6 models refuse the legacy
    `role: "function"` message ("does not support 'function' with this model").
    """
    info = named_model(ctx)
    if info is None:
        return
    refuses = info.family in NO_INSTRUCTION_ROLES
    no_function_role = info.gpt5(6)
    for m in ctx.msgs:
        if m is None:
            continue
        if m.role == "function" and no_function_role:
            yield Finding(
                ctx.path(m.index, "role"),
                tr(
                    '{model} refuses `role: "function"` messages (the legacy function result)',
                    model=quote(info.id),
                ),
                tr(
                    'Answer a call with `{"role": "tool", "tool_call_id": "...", "content": '
                    '"..."}` after an assistant message with `tool_calls`.'
                ),
            )
            continue
        if m.role not in ("system", "developer"):
            continue
        if refuses:
            yield Finding(
                ctx.path(m.index, "role"),
                tr(
                    "{model} takes no {role} message: o1-mini and o1-preview accept only user "
                    "and assistant messages",
                    model=quote(info.id),
                    role=code(m.role),
                ),
                tr(
                    "Put the instructions at the start of the first user message, or use a "
                    "newer model (o3-mini, o4-mini) that takes a developer message."
                ),
            )
        elif m.role == "developer" and not info.known:
            yield warning(
                ctx.path(m.index, "role"),
                tr(
                    "{model} is not an OpenAI model id: OpenAI models accept a `developer` "
                    "message, but many OpenAI-compatible servers reject the role",
                    model=quote(info.id),
                ),
                tr("If the server rejects it, send the instructions as a `system` message."),
            )


# --------------------------------------------------------------------------- tokens


@rule(
    "o-max-tokens-reasoning",
    api="openai",
    scope="model",
    sources=(
        refs.CHAT_API,
        refs.REASONING,
        refs.issue("CherryHQ/cherry-studio", 1403),
        refs.issue("ITSpecialist111/ai_automation_suggester", 38),
    ),
    api_message=(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use "
        "'max_completion_tokens' instead."
    ),
    example="""{
  "model": "o3",
  "messages": [{"role": "user", "content": "Why is the sky blue?"}],
  "max_tokens": 2000
}""",
    fix="""{
  "model": "o3",
  "messages": [{"role": "user", "content": "Why is the sky blue?"}],
  "max_completion_tokens": 2000
}""",
)
def max_tokens_reasoning(ctx: Context) -> Iterator[Finding]:
    """Reasoning models take `max_completion_tokens`, not `max_tokens`.

    `max_tokens` is deprecated: it counts only the visible answer, and reasoning models
    (o1, o3, o4-mini, every GPT-5 model but the `*-chat-latest` ones) reject it with
    `unsupported_parameter`. `max_completion_tokens` bounds the answer and the reasoning
    tokens together and works on every current model. On another model `max_tokens` is
    still accepted: a warning, as it is deprecated.
    """
    if not given(ctx, "max_tokens"):
        return
    info = named_model(ctx)
    hint = tr(
        "Rename it `max_completion_tokens` (it also counts the reasoning tokens, so allow more)."
    )
    if info is not None and info.reasoning:
        yield Finding(
            "/max_tokens",
            tr(
                "{model} is a reasoning model: it rejects `max_tokens`",
                model=quote(info.id),
            ),
            hint,
        )
        return
    yield note(
        "/max_tokens",
        tr(
            "`max_tokens` is deprecated in Chat Completions, and reasoning models reject it: "
            "`max_completion_tokens` works on every current model"
        ),
        hint,
    )


# --------------------------------------------------------------------------- sampling

#: sampling parameters reasoning models take only at their default value
_SAMPLING_DEFAULTS: tuple[tuple[str, Any], ...] = (
    ("temperature", 1),
    ("top_p", 1),
    ("frequency_penalty", 0),
    ("presence_penalty", 0),
    ("logprobs", False),
)


def _reasons(ctx: Context, info: ModelInfo) -> str | None:
    """Whether this request makes the model reason: "yes", "maybe", or None (it does not)."""
    if not info.reasoning:
        return None
    chosen = effort(ctx)
    if chosen == "none" and info.gpt5_from(1):
        return None
    if chosen is not None:
        return "yes"
    if info.gpt5(1, 2):
        return None  # gpt-5.1 and gpt-5.2 default to `none`
    if info.gpt5(3, 4):
        return "maybe"  # no documented default
    return "yes"


@rule(
    "o-sampling-reasoning",
    api="openai",
    scope="model",
    sources=(
        refs.REASONING,
        refs.issue("QwenLM/qwen-code", 921),
        refs.issue("johny-b/llmcomp", 69),
        refs.issue("OpenHands/OpenHands", 4131),
        refs.issue("vercel/ai", 10932),
    ),
    api_message=(
        "Unsupported value: '{param}' does not support {value} with this model. Only the "
        "default (1) value is supported."
    ),
    example="""{
  "model": "gpt-5-mini",
  "messages": [{"role": "user", "content": "Refactor this function."}],
  "temperature": 0
}""",
    fix="""{
  "model": "gpt-5-mini",
  "messages": [{"role": "user", "content": "Refactor this function."}],
  "temperature": 1
}""",
    near_misses=(
        """{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "Refactor this function."}],
  "reasoning_effort": "none",
  "temperature": 0.2
}""",
    ),
)
def sampling_reasoning(ctx: Context) -> Iterator[Finding]:
    """Reasoning models take the sampling parameters only at their defaults.

    While a model reasons, `temperature` and `top_p` other than 1, `frequency_penalty` and
    `presence_penalty` other than 0, and `logprobs: true` are rejected ("Only the default
    (1) value is supported"). From gpt-5.1 on, `reasoning_effort: "none"` turns reasoning
    off and these parameters work again; gpt-5.1 and gpt-5.2 default to `none`. o1, o3,
    o4-mini, gpt-5 and gpt-5.5 or later reason by default: an error. gpt-5.3 and gpt-5.4
    have no documented default: a warning when no `reasoning_effort` is sent.
    """
    if ctx.body is None:
        return
    info = named_model(ctx)
    if info is None:
        return
    reasons = _reasons(ctx, info)
    if reasons is None:
        return
    for key, default in _SAMPLING_DEFAULTS:
        value = ctx.body.get(key)
        if isinstance(default, bool):
            if value is not True:
                continue
        elif not _is_number(value) or value == default:
            continue
        hint = (
            tr(
                'Leave {key} out, or set `"reasoning_effort": "none"` to sample without reasoning.',
                key=code(key),
            )
            if info.gpt5_from(1)
            else tr("Leave {key} out (reasoning models use the default).", key=code(key))
        )
        if reasons == "maybe":
            yield warning(
                "/" + key,
                tr(
                    "{key} is {value}: {model} rejects it while it reasons, and this "
                    'request sends no `reasoning_effort` (only `"none"` turns reasoning off)',
                    key=code(key),
                    value=describe(value),
                    model=quote(info.id),
                ),
                hint,
            )
        else:
            yield Finding(
                "/" + key,
                tr(
                    "{key} is {value}: {model} reasons, and then takes only the default "
                    "({default})",
                    key=code(key),
                    value=describe(value),
                    model=quote(info.id),
                    default=describe(default),
                ),
                hint,
            )


# --------------------------------------------------------------------------- tools + effort


@rule(
    "o-tools-reasoning-effort",
    api="openai",
    scope="model",
    sources=(
        refs.issue("pipecat-ai/pipecat", 4043),
        refs.issue("openai/openai-openapi", 541),
        refs.pull("BerriAI/litellm", 34569),
        refs.issue("GEMISIS/leviath", 333),
        refs.pull("openclaw/openclaw", 76727),
    ),
    api_message=(
        "Function tools with reasoning_effort are not supported for this model in "
        "/v1/chat/completions. Please use /v1/responses instead."
    ),
    example="""{
  "model": "gpt-5.4",
  "reasoning_effort": "low",
  "tools": [{"type": "function", "function": {"name": "evaluate",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}},
                   "required": ["expression"]}}}],
  "messages": [{"role": "user", "content": "What is 2+3? Use the tool."}]
}""",
    fix="""{
  "model": "gpt-5.4",
  "reasoning_effort": "none",
  "tools": [{"type": "function", "function": {"name": "evaluate",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}},
                   "required": ["expression"]}}}],
  "messages": [{"role": "user", "content": "What is 2+3? Use the tool."}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.4-mini",
  "tools": [{"type": "function", "function": {"name": "evaluate",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}},
                   "required": ["expression"]}}}],
  "messages": [{"role": "user", "content": "What is 2+3? Use the tool."}]
}""",
    ),
)
def tools_reasoning_effort(ctx: Context) -> Iterator[Finding]:
    """Newer GPT-5 models take function tools in Chat Completions only without reasoning.

    On `/v1/chat/completions`, gpt-5.4 and gpt-5.5 refuse function tools together with an
    explicit `reasoning_effort` other than `"none"` (tools with no `reasoning_effort` work);
    the gpt-5.6 models refuse them even when `reasoning_effort` is left out, since their
    default effort applies. The fix is `"reasoning_effort": "none"`, or the Responses API.
    gpt-5.2 was reported once, and later versions are not documented: a warning. Whether
    custom tools count as function tools is not known: a warning for them.
    """
    if ctx.body is None or not ctx.tools:
        return
    info = named_model(ctx)
    if info is None or not info.gpt5_from(2):
        return
    chosen = effort(ctx)
    if chosen == "none":
        return
    minor = info.version[1] if info.version else 0
    # gpt-5.6 and later: the default effort applies; gpt-5.2 to gpt-5.5: an explicit one
    if not (minor >= 6 or chosen is not None):
        return
    certain = minor in (4, 5, 6)
    kinds = {t.get("type") for _, t in ctx.tools if isinstance(t.get("type"), str)}
    functions = "function" in kinds
    path = "/reasoning_effort" if chosen is not None else "/model"
    hint = tr(
        'Set `"reasoning_effort": "none"`, or call the Responses API (`/v1/responses`), which '
        "takes tools with reasoning."
    )
    if chosen is not None:
        message = tr(
            "{model} refuses function tools with `reasoning_effort` {effort} in Chat Completions",
            model=quote(info.id),
            effort=quote(chosen),
        )
    else:
        message = tr(
            "{model} refuses function tools in Chat Completions unless `reasoning_effort` is "
            '`"none"`: without it, the model\'s default effort applies',
            model=quote(info.id),
        )
    if functions and certain:
        yield Finding(path, message, hint)
    elif functions:
        yield warning(
            path,
            tr(
                "{message} (reported for gpt-5.4 to gpt-5.6; not documented for this version)",
                message=message,
            ),
            hint,
        )
    elif "custom" in kinds and certain:
        yield warning(
            path,
            tr(
                "{model} refuses function tools with reasoning in Chat Completions; whether "
                "custom tools count is not known",
                model=quote(info.id),
            ),
            hint,
        )


# The rule on the other parameters a model may refuse lives beside this module (imported
# here so that it registers right after these, whatever the package's module list says).
