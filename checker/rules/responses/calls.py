"""Call and output items: their fields, JSON-text arguments, and the ids they carry.

A `function_call` item has a `call_id` (the pairing key, `call_...`) and, when it came
back from the API, an item `id` (`fc_...`): two different things, often confused.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, quote
from checker.i18n import tr
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import OUTPUT_CALLS, Context, as_body, warning

_CALL_FIELDS = {
    "function_call": (("call_id", "name", "arguments"), "arguments"),
    "custom_tool_call": (("call_id", "name", "input"), "input"),
}


@rule(
    "r-function-call-shape",
    api="responses",
    sources=(refs.SPEC, refs.FUNCTION_CALLING),
    api_message="Missing required parameter: '{param}'.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "id": "fc_01", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "fc_01", "output": "18 C"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_01", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_01", "output": "18 C"}
]"""),
)
def function_call_shape(ctx: Context) -> Iterator[Finding]:
    """A `function_call` item has `call_id`, `name` and `arguments`; a custom call `input`.

    The item is resent as the API returned it: `call_id` pairs it with its output, `name`
    is the function, `arguments` its JSON text; the item `id` (`fc_...`) is optional. A
    `custom_tool_call` carries its free-form `input` string instead of `arguments`.
    """
    for it in ctx.items:
        if it is None or it.type not in _CALL_FIELDS:
            continue
        fields, _ = _CALL_FIELDS[it.type]
        for field in fields:
            value = it.raw.get(field)
            if field == "arguments" and "arguments" in it.raw:
                continue  # r-arguments-not-string
            if isinstance(value, str) and (value or field != "call_id"):
                continue  # an empty name is r-function-name-pattern
            example = (
                '`{"type": "function_call", "call_id": "call_...", "name": "...", '
                '"arguments": "{...}"}`'
                if it.type == "function_call"
                else '`{"type": "custom_tool_call", "call_id": "call_...", "name": "...", '
                '"input": "..."}`'
            )
            yield Finding(
                ctx.path(it.index, field),
                tr(
                    "`{field}` of {item} is {value}: it must be a non-empty string",
                    field=field,
                    item=ctx.where(it.index),
                    value=json_type(value) if not isinstance(value, str) else quote(value),
                )
                if field in it.raw
                else tr("{item} has no `{field}`", item=ctx.where(it.index), field=field),
                tr("Resend the call as the API returned it: {example}", example=example),
            )


@rule(
    "r-arguments-not-string",
    api="responses",
    sources=(refs.FUNCTION_CALLING, refs.SPEC),
    api_message="Invalid type for '{param}': expected a string, but got an object instead.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather",
   "arguments": {"city": "Paris"}},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather",
   "arguments": "{\\"city\\": \\"Paris\\"}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
)
def arguments_not_string(ctx: Context) -> Iterator[Finding]:
    """A `function_call`'s `arguments` is JSON text in a string.

    The model sends its arguments as JSON text (`"{\\"city\\": \\"Paris\\"}"`) and the
    API wants them back the same way (`Invalid type for 'input[1].arguments': expected
    a string, but got an object instead.`); Anthropic's `input` object is the usual
    origin. A string that is not JSON is accepted by the API's schema but breaks the
    replay and your tool code: a warning.
    """
    # on first use, not at import: checker.source, bisect (3 modules)
    from checker.source import JsonSyntaxError, parse

    for it in ctx.items:
        if it is None or it.type != "function_call" or "arguments" not in it.raw:
            continue
        args = it.raw["arguments"]
        path = ctx.path(it.index, "arguments")
        if isinstance(args, str):
            try:
                parse(args)
            except JsonSyntaxError as err:
                yield warning(
                    path,
                    tr(
                        "`arguments` is a string but not valid JSON ({problem}); the model "
                        "sends JSON text here and tool code will fail to parse this",
                        problem=err.message,
                    ),
                    tr(
                        "Resend the arguments exactly as the API returned them, e.g. "
                        '`"{\\"city\\": \\"Paris\\"}"`.'
                    ),
                )
            continue
        yield Finding(
            path,
            tr(
                "`arguments` is {type}; the Responses API wants JSON text in a string",
                type=json_type(args),
            ),
            tr('Encode it: `json.dumps(arguments)` gives e.g. `"{\\"city\\": \\"Paris\\"}"`.'),
        )


@rule(
    "r-function-call-output-shape",
    api="responses",
    sources=(refs.FUNCTION_CALLING, refs.SPEC),
    api_message=(
        "Invalid type for '{param}': expected one of a string or array of objects, but got "
        "an object instead."
    ),
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": {"temp_c": 18}}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "{\\"temp_c\\": 18}"}
]"""),
)
def function_call_output_shape(ctx: Context) -> Iterator[Finding]:
    """A tool output item has a `call_id` string and an `output`: a string or an array.

    `function_call_output` and `custom_tool_call_output` carry the result as text (JSON
    or not), or as an array of input parts (`input_text`, `input_image`, `input_file`).
    An object, a number or `null` is refused (`expected one of a string or array of
    objects`): encode the result first. `call_id` names the call it answers.
    """
    for it in ctx.items:
        if it is None or it.type not in ("function_call_output", "custom_tool_call_output"):
            continue
        raw = it.raw
        cid = raw.get("call_id")
        if not isinstance(cid, str) or not cid:
            yield Finding(
                ctx.path(it.index, "call_id"),
                tr(
                    "{item} has no `call_id`: nothing says which call it answers",
                    item=ctx.where(it.index),
                )
                if cid is None
                else tr(
                    "`call_id` of {item} is {value}: it must be the call's id string",
                    item=ctx.where(it.index),
                    value=json_type(cid) if not isinstance(cid, str) else quote(cid),
                ),
                tr("Copy the `call_id` of the `function_call` this output answers."),
            )
        output = raw.get("output")
        if isinstance(output, str):
            continue
        if isinstance(output, (list, tuple)) and all(isinstance(p, dict) for p in output):
            continue
        yield Finding(
            ctx.path(it.index, "output"),
            tr("{item} has no `output`", item=ctx.where(it.index))
            if "output" not in raw
            else tr(
                "`output` of {item} is {type}: it must be a string or an array of content parts",
                item=ctx.where(it.index),
                type=json_type(output),
            ),
            tr('Encode the result as text: `"output": json.dumps(result)`.'),
        )


#: item type -> the prefix the API gives its ids (assistant messages: `msg`)
ID_PREFIXES = {
    "function_call": "fc",
    "function_call_output": "fc",
    "reasoning": "rs",
    "custom_tool_call": "ctc",
    "web_search_call": "ws",
}


@rule(
    "r-item-id-prefix",
    api="responses",
    sources=(refs.CONVERSATION_STATE, refs.SPEC),
    api_message="Invalid '{param}': '{value}'. Expected an ID that begins with 'fc'.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "id": "call_70eac2a1", "call_id": "call_70eac2a1",
   "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_70eac2a1", "output": "18 C"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_70eac2a1", "name": "get_weather",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_70eac2a1", "output": "18 C"}
]"""),
)
def item_id_prefix(ctx: Context) -> Iterator[Finding]:
    """An item's `id`, when given, is the API's id for that type of item.

    Item ids are made by the API and begin with their type's prefix: `fc` for function
    calls (`fc_...`) and their outputs (`fco_...`), `rs` for reasoning, `msg` for assistant
    messages, `ctc` for custom tool calls, `ws` for web searches. Copying the `call_id`
    (`call_...`) into `id` is the classic mistake (`Expected an ID that begins with
    'fc'.`): leave `id` out of items you build yourself.
    """
    for it in ctx.items:
        if it is None or "id" not in it.raw:
            continue
        prefix = ID_PREFIXES.get(it.type or "")
        if prefix is None and it.is_assistant_message and it.raw.get("type") == "message":
            prefix = "msg"
        value = it.raw["id"]
        if prefix is None or value is None:
            continue
        if isinstance(value, str) and value.startswith(prefix):
            continue
        yield Finding(
            ctx.path(it.index, "id"),
            tr(
                "`id` of {item} is {value}: a {type} item id begins with {prefix}",
                item=ctx.where(it.index),
                value=quote(value) if isinstance(value, str) else json_type(value),
                type=f"`{it.type}`",
                prefix=f"`{prefix}`",
            ),
            tr("Resend the `id` the API returned, or leave `id` out; the pairing key is `call_id`.")
            if it.call_id is not None
            else tr("Resend the `id` the API returned, or leave `id` out."),
        )


@rule(
    "r-item-id-duplicate",
    api="responses",
    sources=("https://github.com/openai/openai-agents-python/issues/1789",),
    api_message=(
        "Duplicate item found with id {value}. Remove duplicate items from your input and "
        "try again."
    ),
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "id": "fc_0a1b", "call_id": "call_1", "name": "get_weather",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
  {"role": "user", "content": "And in Lyon?"},
  {"type": "function_call", "id": "fc_0a1b", "call_id": "call_2", "name": "get_weather",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_2", "output": "21 C"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "id": "fc_0a1b", "call_id": "call_1", "name": "get_weather",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
  {"role": "user", "content": "And in Lyon?"},
  {"type": "function_call", "id": "fc_0a1c", "call_id": "call_2", "name": "get_weather",
   "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_2", "output": "21 C"}
]"""),
)
def item_id_duplicate(ctx: Context) -> Iterator[Finding]:
    """No two items of `input` carry the same `id`.

    An item id names one stored item; sending it twice is refused (`Duplicate item found
    with id fc_... Remove duplicate items from your input and try again.`). It happens
    when a history is appended to twice, or when items the server already holds are
    resent (`r-previous-response-duplicate`).
    """
    for item_id, sites in ctx.ids.items():
        for i in sites[1:]:
            yield Finding(
                ctx.path(i, "id"),
                tr(
                    "{item} has the id {id}, already used by {first}",
                    item=ctx.where(i),
                    id=quote(item_id),
                    first=ctx.where(sites[0]),
                ),
                tr("Send each item once: remove the copy (or its `id`)."),
            )


@rule(
    "r-call-id-duplicate",
    api="responses",
    sources=("https://github.com/NousResearch/hermes-agent/issues/102629", refs.FUNCTION_CALLING),
    api_message=(
        "Duplicate function_call_output for call_id '{value}'. Each function_call must have "
        "exactly one matching function_call_output"
    ),
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
)
def call_id_duplicate(ctx: Context) -> Iterator[Finding]:
    """Each `call_id` names one call, answered by one output.

    Two calls with one `call_id`, or two outputs for one call, are refused (`Duplicate
    function_call_output for call_id ... Each function_call must have exactly one
    matching function_call_output`). A second round of calls gets new ids from the model:
    keep them rather than reusing the first ones.
    """
    for table, what in ((ctx.calls, "call"), (ctx.outputs, "output")):
        for cid, sites in table.items():
            for i in sites[1:]:
                kind = ctx.items[i].type  # type: ignore[union-attr]
                yield Finding(
                    ctx.path(i, "call_id"),
                    tr(
                        "{item} is a second call with `call_id` {id} (the first is {first})",
                        item=ctx.where(i),
                        id=quote(cid),
                        first=ctx.where(sites[0]),
                    )
                    if what == "call"
                    else tr(
                        "{item} is a second output for the call {id} (the first is {first})",
                        item=ctx.where(i),
                        id=quote(cid),
                        first=ctx.where(sites[0]),
                    ),
                    tr("Keep one {type} per `call_id`.", type=f"`{kind}`")
                    if kind in OUTPUT_CALLS
                    else tr("Give each call the `call_id` the model gave it."),
                )
