"""What a `tool_result` may hold: a string, or a list of the blocks a result allows."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, pointer
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import TOOL_RESULT_CONTENT_TYPES, Context, a_block
from checker.rules.record import Finding, rule


@rule(
    "a-tool-result-content-type",
    api="anthropic",
    sources=(refs.TOOL_USE, refs.MESSAGES_API),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": {"temp_c": 18}}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "{\\"temp_c\\": 18}"}
  ]}
]""",
)
def tool_result_content_type(ctx: Context) -> Iterator[Finding]:
    """`tool_result.content` is a string or a list of blocks.

    The content may be omitted; if present it is a string or an array of `text`, `image`,
    `document` or `search_result` blocks. A bare number, object or null is rejected.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            if "content" not in block:
                continue
            content = block["content"]
            if isinstance(content, str):
                continue
            path = ctx.path(m.index, "content", j, "content")
            if not isinstance(content, (list, tuple)):
                if isinstance(content, (dict, int, float)) and content is not True:
                    message = tr(
                        "`tool_result.content` is {type}: it must be a string or an array of "
                        "content blocks (to send structured data, put it in a string with "
                        "`json.dumps`)",
                        type=json_type(content),
                    )
                else:
                    message = tr(
                        "`tool_result.content` is {type}: it must be a string or an array of "
                        "content blocks",
                        type=json_type(content),
                    )
                yield Finding(
                    path,
                    message,
                    tr(
                        'Write the tool\'s output as a string, e.g. `"content": "22 C, sunny"`, '
                        "or leave `content` out."
                    ),
                )
                continue
            for n, item in enumerate(content):
                kind = item.get("type") if isinstance(item, dict) else None
                if kind in TOOL_RESULT_CONTENT_TYPES:
                    continue
                if isinstance(kind, str):
                    what = a_block(kind)
                elif not isinstance(item, dict):
                    what = json_type(item)
                else:
                    what = tr("a block without type")
                yield Finding(
                    path + pointer(n),
                    tr(
                        "`tool_result.content` holds {what}: only `text`, `image`, `document` "
                        "and `search_result` blocks are allowed",
                        what=what,
                    ),
                    tr('Use `{"type": "text", "text": "..."}` for textual output.'),
                )
