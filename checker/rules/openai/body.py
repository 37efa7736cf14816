"""The body's own fields (required, known) and the fields every message must carry."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer, quote
from checker.i18n import N_, tr
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.record import Finding, note, rule
from checker.rules.sampling_ranges import CHAT, range_findings

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: The top-level fields of a Chat Completions request (OpenAI's spec, 2026-08).
KNOWN_FIELDS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 37 quoted items)
        "model messages metadata temperature top_p top_logprobs user safety_identifier "
        "prompt_cache_key prompt_cache_retention prompt_cache_options service_tier modalities "
        "verbosity reasoning_effort max_completion_tokens max_tokens frequency_penalty "
        "presence_penalty web_search_options response_format audio store moderation stream "
        "stream_options stop logit_bias logprobs n prediction seed tools tool_choice "
        "parallel_tool_calls function_call functions"
    ).split()
)

#: Fields of other APIs (and of SDK calls) sent as they are, with what Chat Completions uses.
ELSEWHERE: dict[str, str] = {
    # the Responses API
    "input": N_("`input` is the Responses API's; Chat Completions takes `messages`"),
    "instructions": N_(
        "`instructions` is the Responses API's; in Chat Completions the instructions are a "
        "first `developer` (or `system`) message"
    ),
    "max_output_tokens": N_(
        "`max_output_tokens` is the Responses API's; Chat Completions calls it "
        "`max_completion_tokens`"
    ),
    "reasoning": N_(
        "`reasoning` (an object) is the Responses API's; Chat Completions takes a flat "
        '`reasoning_effort`, e.g. `"reasoning_effort": "low"`'
    ),
    "text": N_(
        "`text` is the Responses API's; Chat Completions takes `response_format` and `verbosity`"
    ),
    "previous_response_id": N_(
        "`previous_response_id` is the Responses API's; Chat Completions keeps no state, so "
        "send the whole conversation in `messages`"
    ),
    "conversation": N_(
        "`conversation` is the Responses API's; Chat Completions keeps no state, so send "
        "the whole conversation in `messages`"
    ),
    "truncation": N_("`truncation` is the Responses API's; Chat Completions has no such field"),
    "include": N_("`include` is the Responses API's; Chat Completions has no such field"),
    "background": N_("`background` is the Responses API's; Chat Completions has no such field"),
    "max_tool_calls": N_(
        "`max_tool_calls` is the Responses API's; Chat Completions has no such field"
    ),
    # the Anthropic Messages API
    "system": N_(
        "`system` is Anthropic's top-level field; in Chat Completions it is a first message "
        '`{"role": "system", "content": "..."}`'
    ),
    "thinking": N_(
        "`thinking` is Anthropic's (and DeepSeek's); Chat Completions takes "
        "`reasoning_effort` on reasoning models"
    ),
    "stop_sequences": N_("`stop_sequences` is Anthropic's; Chat Completions calls it `stop`"),
    "top_k": N_("`top_k` is not an OpenAI parameter (Anthropic and local servers have it)"),
    # SDK call arguments written into the JSON
    "extra_body": N_(
        "`extra_body` is an SDK argument: the SDK merges its keys into the body, and the "
        "API does not know it"
    ),
    "extra_headers": N_("`extra_headers` is an SDK argument: headers do not go in the body"),
    "api_key": N_("the API key does not go in the body: it is sent in the `Authorization` header"),
    "timeout": N_("`timeout` is an SDK argument, not a field of the request"),
}

#: Azure OpenAI's extensions: accepted there, unknown to OpenAI's own API.
AZURE_FIELDS = ("data_sources", "user_security_context")

#: Known nested objects whose keys the API checks too.
NESTED_FIELDS: dict[str, frozenset[str]] = {
    "stream_options": frozenset(("include_usage", "include_obfuscation")),
    "response_format": frozenset(("type", "json_schema")),
    "json_schema": frozenset(("name", "description", "schema", "strict")),
}


@rule(
    "o-body-required",
    api="openai",
    scope="request",
    sources=(
        refs.CHAT_API,
        refs.issue("danielmiessler/Fabric", 239),
        refs.issue("CopilotKit/CopilotKit", 529),
    ),
    api_message="Missing required parameter: '{param}'.",
    example="""{
  "messages": [{"role": "user", "content": "Summarise this pattern."}],
  "tools": [{"type": "function", "function": {"name": "summarise"}}]
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Summarise this pattern."}],
  "tools": [{"type": "function", "function": {"name": "summarise"}}]
}""",
)
def body_required(ctx: Context) -> Iterator[Finding]:
    """The request names its `model` and has at least one message.

    `model` (a model id string) and a non-empty `messages` array are required; the API
    answers "you must provide a model parameter" before any other check. An exercise's
    fragment of a body is not asked for them. (An empty `messages` array is reported once,
    as `request-shape`, for every format.)
    """
    body = ctx.body
    if body is None:
        return
    model = body.get("model")
    if not isinstance(model, str) or not model.strip():
        yield Finding(
            "/model",
            tr("the request has no `model`")
            if "model" not in body
            else tr("`model` is {value}: it must name a model", value=quote(model)),
            tr('Add `"model": "gpt-4.1"` (or the model you use).'),
        )
    if "messages" not in body:
        yield Finding(
            "/messages",
            tr("the request has no `messages`"),
            tr('Add `"messages": [{"role": "user", "content": "..."}]`.'),
        )


def _close(key: str, known: frozenset[str]) -> str | None:
    found = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
    return found[0] if found else None


@rule(
    "o-body-field-unknown",
    api="openai",
    scope="request",
    sources=(
        refs.CHAT_API,
        refs.issue("nashsu/llm_wiki", 336),
        refs.issue("CherryHQ/cherry-studio", 6155),
        refs.issue("spring-projects/spring-ai", 2969),
    ),
    api_message="Unknown parameter: '{param}'.",
    example="""{
  "model": "gpt-5.4-mini",
  "messages": [{"role": "user", "content": "Plan the refactor."}],
  "reasoning": {"effort": "high"}
}""",
    fix="""{
  "model": "gpt-5.4-mini",
  "messages": [{"role": "user", "content": "Plan the refactor."}],
  "reasoning_effort": "high"
}""",
    near_misses=(
        """{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Classify: app crashes on login."}],
  "store": false,
  "metadata": {"ticket": "T-1042"},
  "prompt_cache_key": "support-classifier",
  "safety_identifier": "u_9f2c1a",
  "stream": true,
  "stream_options": {"include_usage": true},
  "n": 1
}""",
    ),
)
def body_field_unknown(ctx: Context) -> Iterator[Finding]:
    """Every top-level field is one Chat Completions knows.

    The API rejects a field it does not know, in one of two wordings depending on the
    model: `Unrecognized request argument supplied: thinking` (gpt-4o and gpt-4.1 class)
    or `Unknown parameter: 'thinking'.` (reasoning and newer models). The usual causes are
    fields of the Responses API (`input`, `instructions`, `max_output_tokens`, a
    `reasoning` object, `text`), of Anthropic's API (`system`, `thinking`), SDK arguments
    written into the JSON (`extra_body`), and typos; the message names the Chat
    Completions field to use. The keys of `stream_options` and `response_format` are
    checked too (`response_format.schema` belongs in `response_format.json_schema`).
    Azure OpenAI's extensions (`data_sources`) are accepted by Azure only: a warning.
    """
    body = ctx.body
    if body is None:
        return
    for key in body:
        if not isinstance(key, str) or key in KNOWN_FIELDS:
            continue  # a key that is not a string: request-shape
        path = pointer(key)
        if key in AZURE_FIELDS:
            yield warning(
                path,
                tr(
                    "{key} is an Azure OpenAI extension: Azure accepts it, OpenAI's API "
                    "rejects it as an unknown parameter",
                    key=code(key),
                ),
                tr("Send it only to an Azure OpenAI deployment."),
            )
            continue
        if key in ELSEWHERE:
            message = tr(ELSEWHERE[key])
            hint = tr(
                "Remove {key} and use the Chat Completions field the message names.", key=code(key)
            )
        else:
            close = _close(key, KNOWN_FIELDS)
            message = (
                tr(
                    "Chat Completions has no field {key}: did you mean {close}?",
                    key=code(key),
                    close=code(close),
                )
                if close
                else tr("Chat Completions has no field {key}", key=code(key))
            )
            hint = tr("Remove {key}: the API rejects fields it does not know.", key=code(key))
        yield Finding(path, message, hint)
    yield from _nested_unknown(body)


def _nested_unknown(body: dict[str, Any]) -> Iterator[Finding]:
    checks: list[tuple[Any, str, tuple[str, ...]]] = [
        (body.get("stream_options"), "stream_options", ("stream_options",)),
        (body.get("response_format"), "response_format", ("response_format",)),
    ]
    fmt = body.get("response_format")
    if isinstance(fmt, dict):
        checks.append((fmt.get("json_schema"), "json_schema", ("response_format", "json_schema")))
    for value, kind, where in checks:
        if not isinstance(value, dict):
            continue
        known = NESTED_FIELDS[kind]
        for key in value:
            if not isinstance(key, str) or key in known:
                continue
            name = ".".join((*where, key))
            if kind == "response_format" and key in ("schema", "name", "strict"):
                message = tr(
                    "{name} is unknown: the schema, its `name` and `strict` go inside "
                    "`response_format.json_schema`",
                    name=code(name),
                )
                hint = tr(
                    'Write `"response_format": {"type": "json_schema", "json_schema": '
                    '{"name": "...", "schema": {...}, "strict": true}}`.'
                )
            else:
                close = _close(key, known)
                message = (
                    tr(
                        "{name} is unknown: did you mean {close}?",
                        name=code(name),
                        close=code(close),
                    )
                    if close
                    else tr(
                        "{name} is unknown: {parent} takes {keys}",
                        name=code(name),
                        parent=code(".".join(where)),
                        keys=", ".join(f"`{k}`" for k in sorted(known)),
                    )
                )
                hint = tr("Remove {key}: the API rejects fields it does not know.", key=code(key))
            yield Finding(pointer(*where, key), message, hint)


@rule(
    "o-logprobs-required",
    api="openai",
    scope="body",
    sources=(refs.CHAT_API,),
    api_message="The 'top_logprobs' parameter is only allowed when 'logprobs' is enabled.",
    example="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Yes or no?"}],
  "top_logprobs": 3
}""",
    fix="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Yes or no?"}],
  "logprobs": true,
  "top_logprobs": 3
}""",
)
def logprobs_required(ctx: Context) -> Iterator[Finding]:
    """`top_logprobs` comes with `"logprobs": true`.

    `top_logprobs` asks for the most likely tokens at each position, which the API returns
    only with the log probabilities: the spec says `logprobs` must be `true` when
    `top_logprobs` is used.
    """
    if ctx.body is None or ctx.body.get("top_logprobs") is None:
        return
    if ctx.body.get("logprobs") is not True:
        yield Finding(
            "/top_logprobs",
            tr('`top_logprobs` needs `"logprobs": true`, and this request does not send it'),
            tr('Add `"logprobs": true`, or remove `top_logprobs`.'),
        )


# --------------------------------------------------------------------------- messages


@rule(
    "o-tool-calls-empty",
    api="openai",
    sources=(
        refs.CHAT_API,
        refs.issue("openai/openai-python", 2061),
        refs.pull("openai/openai-node", 1341),
        refs.pull("home-assistant/core", 118577),
    ),
    api_message=(
        "Invalid '{param}': empty array. Expected an array with minimum length 1, but got an "
        "empty array instead."
    ),
    example="""[
  {"role": "user", "content": "What color is the sky?"},
  {"role": "assistant", "content": "The sky is blue.", "tool_calls": []},
  {"role": "user", "content": "And at sunset?"}
]""",
    fix="""[
  {"role": "user", "content": "What color is the sky?"},
  {"role": "assistant", "content": "The sky is blue."},
  {"role": "user", "content": "And at sunset?"}
]""",
    near_misses=(
        """[
  {"role": "user", "content": "What color is the sky?"},
  {"role": "assistant", "content": "Blue.", "tool_calls": null, "refusal": null},
  {"role": "user", "content": "Why?"}
]""",
    ),
)
def tool_calls_empty(ctx: Context) -> Iterator[Finding]:
    """An assistant message's `tool_calls`, when present, holds at least one call.

    To say "no calls", leave `tool_calls` out (or send `null`, as a resent SDK message
    does). SDK helpers that returned `tool_calls: []` made the next request fail when the
    message was appended to the history unchanged.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant":
            continue
        calls = m.raw.get("tool_calls")
        if isinstance(calls, (list, tuple)) and not calls:
            yield Finding(
                ctx.path(m.index, "tool_calls"),
                tr(
                    "{message} has an empty `tool_calls` array: the API wants at least one "
                    "call there",
                    message=ctx.where(m.index),
                ),
                tr("Leave `tool_calls` out when the message makes no call."),
            )


def _stands_in(raw: dict[str, Any]) -> bool:
    """An assistant message may go without content: it carries calls, a refusal or audio."""
    calls = raw.get("tool_calls")
    if calls is not None and not (isinstance(calls, (list, tuple)) and not calls):
        return True
    return any(raw.get(key) is not None for key in ("function_call", "refusal", "audio"))


@rule(
    "o-content-missing",
    api="openai",
    sources=(
        refs.CHAT_API,
        refs.issue("langchain-ai/langchainjs", 4153),
        refs.issue("run-llama/llama_index", 17555),
    ),
    api_message="Invalid value for 'content': expected a string, got null.",
    example="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant"},
  {"role": "user", "content": "Are you there?"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": "Hello! How can I help?"},
  {"role": "user", "content": "Are you there?"}
]""",
    near_misses=(
        """[
  {"role": "user", "content": "Write malware."},
  {"role": "assistant", "refusal": "I can't help with that."},
  {"role": "user", "content": "OK, explain what malware is."}
]""",
        """[
  {"role": "user", "content": ""},
  {"role": "user", "content": "Continue."}
]""",
    ),
)
def content_missing(ctx: Context) -> Iterator[Finding]:
    """Every message has `content`, unless an assistant message carries something instead.

    System, developer, user and tool messages need `content` (a string, possibly empty, or
    an array of parts). An assistant message may leave it out or set it to `null` only
    when it carries non-empty `tool_calls`, a `function_call`, a `refusal` or `audio`:
    `{"content": null, "tool_calls": [...]}` is the usual way to resend a tool-call turn,
    but `tool_calls: null` does not stand in for content. A legacy `function` message
    needs the `content` key (`null` allowed).
    """
    for m in ctx.msgs:
        if m is None or m.role is None:
            continue
        raw = m.raw
        if m.role == "function":
            if "content" not in raw:
                yield Finding(
                    ctx.path(m.index),
                    tr(
                        "{message} ({role}) has no content", message=ctx.where(m.index), role=m.role
                    ),
                    tr('Add `"content"`: the function\'s result as a string (or `null`).'),
                )
            continue
        if m.role not in ("system", "developer", "user", "assistant", "tool"):
            continue
        if m.content is not None:
            continue
        if m.role == "assistant":
            calls = raw.get("tool_calls")
            if _stands_in(raw) or (isinstance(calls, (list, tuple)) and not calls):
                continue  # an empty tool_calls is o-tool-calls-empty's
        path = ctx.path(m.index, "content") if "content" in raw else ctx.path(m.index)
        if m.role == "tool":
            yield Finding(
                path,
                tr("the tool message {message} has no `content`", message=ctx.where(m.index)),
                tr(
                    'Send the tool output as a string, e.g. `"content": "22 C, sunny"` '
                    "(`json.dumps` for data)."
                ),
            )
        elif m.role == "assistant":
            yield Finding(
                path,
                tr(
                    "{message} ({role}) has no content and no `tool_calls`",
                    message=ctx.where(m.index),
                    role=m.role,
                ),
                tr("Give the message `content`: a string, or an array of parts."),
            )
        else:
            yield Finding(
                path,
                tr("{message} ({role}) has no content", message=ctx.where(m.index), role=m.role),
                tr("Give the message `content`: a string, or an array of parts."),
            )


@rule(
    "o-tool-msg-name",
    api="openai",
    severity="note",
    sources=(refs.CHAT_API, refs.issue("NousResearch/hermes-agent", 114713)),
    example="""[
  {"role": "user", "content": "Run ls."},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_t1", "type": "function",
     "function": {"name": "terminal", "arguments": "{\\"cmd\\": \\"ls\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_t1", "name": "terminal", "content": "README.md"}
]""",
    fix="""[
  {"role": "user", "content": "Run ls."},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_t1", "type": "function",
     "function": {"name": "terminal", "arguments": "{\\"cmd\\": \\"ls\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_t1", "content": "README.md"}
]""",
)
def tool_msg_name(ctx: Context) -> Iterator[Finding]:
    """A `tool` message carries no `name`.

    The spec gives a tool message `role`, `content` and `tool_call_id` only: the call is
    named by its id. OpenAI tolerates a `name` there, but strict OpenAI-compatible servers
    reject it ("`name` is not supported"), so it is a warning. (`name` is allowed on
    system, developer, user and assistant messages.)
    """
    for m in ctx.msgs:
        if m is None or m.role != "tool" or "name" not in m.raw:
            continue
        yield note(
            ctx.path(m.index, "name"),
            tr(
                "a tool message has no `name` field in Chat Completions (it is {type} here); "
                "OpenAI ignores it, stricter compatible servers reject it",
                type=json_type(m.raw["name"]),
            ),
            tr("Remove `name`: `tool_call_id` already says which call the result answers."),
        )


@rule(
    "o-sampling-range",
    api="openai",
    scope="body",
    sources=(refs.CHAT_API, refs.SPEC),
    api_message=(
        "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got "
        "2.5 instead."
    ),
    example="""{
  "model": "gpt-4.1",
  "temperature": 2.5,
  "messages": [{"role": "user", "content": "Name a colour."}]
}""",
    fix="""{
  "model": "gpt-4.1",
  "temperature": 1.2,
  "messages": [{"role": "user", "content": "Name a colour."}]
}""",
    near_misses=(
        """{
  "model": "gpt-4.1",
  "temperature": 0,
  "frequency_penalty": -2,
  "messages": [{"role": "user", "content": "Name a colour."}]
}""",
    ),
)
def sampling_range(ctx: Context) -> Iterator[Finding]:
    """OpenAI's sampling parameters are numbers within their ranges.

    `temperature` runs from 0 to 2, `top_p` from 0 to 1, `presence_penalty` and
    `frequency_penalty` from -2 to 2, `top_logprobs` from 0 to 20.
    The API checks each number against its range (`decimal below minimum value`, `above
    maximum value`) and refuses a number written as a string. `null` means the default.
    Anthropic's `temperature` stops at 1; OpenAI's goes to 2.
    """
    yield from range_findings(ctx.body or {}, CHAT)
