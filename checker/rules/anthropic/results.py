"""What a `tool_result` may hold: a string, or a list of the blocks a result allows; one
result per call; an error result says what went wrong, in text."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    TOOL_RESULT_CONTENT_TYPES,
    Context,
    a_block,
    warning,
)
from checker.rules.anthropic.models import claude_version
from checker.rules.record import Finding, rule
from checker.rules.tool_output import as_text_hint

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

TOOL_SEARCH = f"{refs.DOCS}/agents-and-tools/tool-use/tool-search-tool"
#: the first Claude version with tool search (Opus 4.1 and older have none)
TOOL_SEARCH_FROM = (4, 5)
_UNSET = object()
#: result blocks that need no further look
_PLAIN_RESULT_TYPES = frozenset(t for t in TOOL_RESULT_CONTENT_TYPES if t != "tool_reference")


@rule(
    "a-tool-result-content-type",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.MESSAGES_API,
        f"{TOOL_SEARCH}#custom-tool-search-implementation",
    ),
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
    `document`, `search_result` or `tool_reference` blocks. A bare number, object or null
    is rejected, and so are other block types, such as the Responses API's `input_text`.

    A `tool_reference` block is how a custom tool search names the tools it found (the
    API then loads them): it is a warning when the request uses no tool search at all (no
    tool with `defer_loading: true` and no tool search tool), or names a model older than
    Claude 4.5, which has no tool search: such endpoints answer with the unknown-tag 400.
    """
    searching: Any = _UNSET
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            if "content" not in block:
                continue
            content = block["content"]
            if isinstance(content, str):
                continue
            if isinstance(content, (list, tuple)) and all(
                isinstance(item, dict)
                and isinstance(item.get("type"), str)
                and item["type"] in _PLAIN_RESULT_TYPES
                for item in content
            ):
                continue  # the usual case, checked without building paths
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
                    as_text_hint(content),
                )
                continue
            for n, item in enumerate(content):
                kind = item.get("type") if isinstance(item, dict) else None
                if kind == "tool_reference":
                    if ctx.body is None:
                        continue  # a bare messages array does not show the tools
                    if searching is _UNSET:
                        searching = _uses_tool_search(ctx)
                    if not searching:
                        yield warning(
                            path + pointer(n),
                            tr(
                                "`tool_result.content` holds a `tool_reference` block, but the "
                                "request uses no tool search (no tool has `defer_loading: "
                                "true`): the API may reject the block"
                            )
                            if searching is False
                            else tr(
                                "`tool_result.content` holds a `tool_reference` block, and "
                                "{model} has no tool search: the API may reject the block",
                                model=quote(ctx.model),
                            ),
                            tr(
                                "`tool_reference` blocks load deferred tools: mark the tools "
                                "your search returns with `defer_loading: true`, or return "
                                "the tool names as text."
                            ),
                        )
                    continue
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
                        "`tool_result.content` holds {what}: only `text`, `image`, `document`, "
                        "`search_result` and `tool_reference` blocks are allowed",
                        what=what,
                    ),
                    tr('Use `{"type": "text", "text": "..."}` for textual output.'),
                )


def _uses_tool_search(ctx: Context) -> bool | None:
    """True when the request can use tool search; None when its model has none; else False."""
    if isinstance(ctx.model, str):
        version = claude_version(ctx.model)
        if version is not None and version < TOOL_SEARCH_FROM:
            return None
    for _, tool in ctx.tools:
        kind = tool.get("type")
        if tool.get("defer_loading") is True or (
            isinstance(kind, str) and kind.startswith("tool_search_tool_")
        ):
            return True
        if kind == "mcp_toolset":
            for config in (tool.get("default_config"), *_values(tool.get("configs"))):
                if isinstance(config, dict) and config.get("defer_loading") is True:
                    return True
    return False


def _values(value: Any) -> list[Any]:
    return list(value.values()) if isinstance(value, dict) else []


@rule(
    "a-tool-result-duplicate",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.PARALLEL,
        "https://github.com/Kilo-Org/kilocode/pull/3772",
    ),
    api_message=(
        "{block_loc}: each tool_use must have a single result. Found multiple `tool_result` "
        "blocks with id: {value}"
    ),
    example="""[
  {"role": "user", "content": "Open README.md"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "README.md"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "# Project"},
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "# Project (retry)"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Open README.md"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "README.md"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "# Project (retry)"}
  ]}
]""",
)
def tool_result_duplicate(ctx: Context) -> Iterator[Finding]:
    """Each call gets exactly one `tool_result`.

    A user message may not answer one `tool_use` id twice, even with the same content: a
    retried tool, or a result appended both by a framework and by hand, makes the API
    reject the request. Keep one result per id (the last, when a tool was retried).
    """
    for m in ctx.msgs:
        if m is None or m.role != "user" or len(m.results) < 2:
            continue
        seen: dict[str, int] = {}
        for j, block in m.results:
            uid = block.get("tool_use_id")
            if not isinstance(uid, str):
                continue
            if uid in seen:
                yield Finding(
                    ctx.path(m.index, "content", j),
                    tr(
                        "{message} has two `tool_result` blocks for {id} (blocks {first} and "
                        "{second}): each call gets exactly one result",
                        message=ctx.where(m.index),
                        id=quote(uid),
                        first=seen[uid],
                        second=j,
                    ),
                    tr(
                        "Keep one result per call: drop the extra block, or merge what both "
                        "say into one `content`."
                    ),
                )
            else:
                seen[uid] = j


def _is_empty(content: Any) -> bool:
    return content is None or content == "" or (isinstance(content, (list, tuple)) and not content)


@rule(
    "a-tool-result-error-content",
    api="anthropic",
    sources=(
        f"{refs.TOOL_RESULTS}#handle-errors",
        refs.issue("bytedance/trae-agent", 230),
        refs.issue("jlevy/markform", 153),
    ),
    api_message="{block_loc}.tool_result: content cannot be empty if `is_error` is true",
    example="""[
  {"role": "user", "content": "Open secrets.txt"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "secrets.txt"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "", "is_error": true}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Open secrets.txt"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "secrets.txt"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01",
     "content": "Permission denied: secrets.txt", "is_error": true}
  ]}
]""",
    near_misses=(
        """[
  {"role": "user", "content": "Touch the cache file"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "touch", "input": {"path": ".cache"}}
  ]},
  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01"}]}
]""",
    ),
)
def tool_result_error_content(ctx: Context) -> Iterator[Finding]:
    """A result with `is_error: true` says what went wrong.

    `content` may be left out of a successful result, but an error result needs some:
    an empty string, an empty array or no `content` at all is rejected ("content cannot
    be empty if `is_error` is true"). Tell the model what failed, so it can fix its call
    or try something else.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            if block.get("is_error") is not True or not _is_empty(block.get("content")):
                continue
            if "content" in block and block["content"] is None:
                continue  # a-tool-result-content-type reports null content
            yield Finding(
                ctx.path(m.index, "content", j, *(("content",) if "content" in block else ())),
                tr(
                    "this `tool_result` has `is_error: true` but no content: an error result "
                    "must say what went wrong"
                )
                if "content" not in block
                else tr(
                    "this `tool_result` has `is_error: true` and empty content: an error "
                    "result must say what went wrong"
                ),
                tr(
                    "Put the error message in `content`, e.g. {example}.",
                    example='`"content": "File not found: notes.txt", "is_error": true`',
                ),
            )


@rule(
    "a-tool-result-error-non-text",
    api="anthropic",
    sources=(
        f"{refs.TOOL_RESULTS}#handle-errors",
        "https://github.com/vellum-ai/vellum-assistant/pull/18387",
        "https://github.com/caozhiyuan/copilot-api/pull/196",
    ),
    api_message="{block_loc}.tool_result: all content must be type `text` if `is_error` is true",
    example="""[
  {"role": "user", "content": "Take a screenshot of the dashboard"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "screenshot", "input": {"url": "/dash"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "is_error": true, "content": [
      {"type": "text", "text": "Render failed after capture."},
      {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                   "data": "iVBORw0KGgo="}}
    ]}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Take a screenshot of the dashboard"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "screenshot", "input": {"url": "/dash"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "is_error": true, "content": [
      {"type": "text", "text": "Render failed after capture."}
    ]},
    {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                 "data": "iVBORw0KGgo="}}
  ]}
]""",
)
def tool_result_error_non_text(ctx: Context) -> Iterator[Finding]:
    """An error result holds only text.

    With `is_error: true` every block of `content` must be `text`: an image (a screenshot
    taken when the action failed), a document or a search result makes the API reject the
    whole request ("all content must be type `text` if `is_error` is true"). Successful
    results may hold images.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            content = block.get("content")
            if block.get("is_error") is not True or not isinstance(content, (list, tuple)):
                continue
            for n, item in enumerate(content):
                kind = item.get("type") if isinstance(item, dict) else None
                if kind == "text" or not isinstance(kind, str):
                    continue  # a-tool-result-content-type reports blocks without a type
                yield Finding(
                    ctx.path(m.index, "content", j, "content", n),
                    tr(
                        "this error result (`is_error: true`) holds a block of type {kind}: an "
                        "error result may hold only text",
                        kind=code(kind),
                    ),
                    tr(
                        "Describe the failure in text; send the {kind} after the result, as a "
                        "block of its own in the same user message, or drop `is_error`.",
                        kind=kind,
                    ),
                )
                break
