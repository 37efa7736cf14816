"""The structural rules: the text is JSON, the JSON is a request, the format can be told.

Their findings are made by `checker.source` (`json-syntax`), `checker.lint`
(`input-encoding`, `request-shape` of the document, `format-unknown`) and by each API's
shape checks (`request-shape` of messages, blocks, items and tools).
"""

from __future__ import annotations

from checker.rules.record import declare

JSON_SPEC = "https://www.rfc-editor.org/rfc/rfc8259"
ANTHROPIC_ERRORS = "https://platform.claude.com/docs/en/api/errors"
ANTHROPIC_MESSAGES = "https://platform.claude.com/docs/en/api/messages"
OPENAI_CHAT = "https://platform.openai.com/docs/api-reference/chat/create"
OPENAI_RESPONSES = "https://platform.openai.com/docs/api-reference/responses/create"

JSON_SYNTAX = declare(
    "json-syntax",
    api="general",
    scope="document",
    doc="""The text is JSON.

    A request body is one JSON value. Trailing commas, single quotes, comments, Python's
    `True`/`None`, `NaN` and unescaped quotes inside strings are not JSON; the diagnostic
    points at the first character the parser could not read and names the usual cause.
    """,
    sources=(JSON_SPEC, ANTHROPIC_ERRORS),
    example='{"messages": [{"role": "user", "content": "Hi"},]}',
    fix='{"messages": [{"role": "user", "content": "Hi"}]}',
)

INPUT_ENCODING = declare(
    "input-encoding",
    api="general",
    scope="document",
    doc="""The bytes are UTF-8 text.

    JSON sent to an API is UTF-8. A file saved in Latin-1 or UTF-16 cannot be read; the
    diagnostic names the first byte that is not UTF-8 and where it stands.
    """,
    sources=("https://www.rfc-editor.org/rfc/rfc8259#section-8.1",),
    example=b'{"messages": [{"role": "user", "content": "Caf\xe9?"}]}',
    fix='{"messages": [{"role": "user", "content": "Café?"}]}',
)

REQUEST_SHAPE = declare(
    "request-shape",
    api="general",
    doc="""The document has the structure the API reads.

    A request is an object with a `messages` array (Messages API, Chat Completions) or an
    `input` string or array (Responses API), or a bare array of messages (or of Responses
    input items). Every message is an object with a string `role` and `content` of the type
    its API allows; content blocks and items are objects with a string `type` (a Responses
    item has a `type`, or a `role` for a message), and each block type carries its own
    required fields (`tool_use` an `id` and a `name`, `tool_result` a `tool_use_id`, a Chat
    Completions function tool a `function` object...). A value that is not JSON at all (a Python
    object given to `lint_value`) is reported here too. Other rules skip a value of the
    wrong type, so each problem is reported once.
    """,
    sources=(ANTHROPIC_MESSAGES, OPENAI_CHAT, OPENAI_RESPONSES),
    api_message="{loc}: {detail}",
    example='{"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": "Hello"}',
    fix='{"model": "claude-sonnet-4-5", "max_tokens": 1024, '
    '"messages": [{"role": "user", "content": "Hello"}]}',
)

FORMAT_UNKNOWN = declare(
    "format-unknown",
    api="general",
    severity="warning",
    scope="document",
    doc="""The format can be told from the request.

    With `--format auto`, tool calls, tool results, tool definitions, the model's name and
    a few API-only fields tell the three formats apart: a top-level `input` (or
    `instructions`, `previous_response_id`, items such as `function_call_output`, flat
    function tools) is the Responses API. A plain text conversation in `messages` with
    none of them could be any API: only its general shape is checked. Choose the format
    with `--format anthropic`, `openai` or `responses` to apply one API's rules.
    """,
    sources=(ANTHROPIC_MESSAGES, OPENAI_CHAT, OPENAI_RESPONSES),
    example='{"messages": [{"role": "user", "content": "Hi"}]}',
    fix='{"model": "claude-sonnet-4-5", "max_tokens": 256, '
    '"messages": [{"role": "user", "content": "Hi"}]}',
)
