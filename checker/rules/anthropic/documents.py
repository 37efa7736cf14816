"""Documents, search results and citations: the blocks an answer can cite.

A `document` is a PDF (base64 or URL), plain text, or a list of content blocks; a
`search_result` carries a source, a title and text blocks. Citations are switched on per
document or search result, all or none, and not together with structured outputs; Claude's
citations come back on the text of its answers, in assistant messages. These blocks may
also stand inside a `tool_result`.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker import jsonpointer
from checker.diagnostics import code, describe, json_type
from checker.i18n import tr
from checker.rules.anthropic.content import (
    CITATIONS,
    MIGRATION_2026_10_21,
    PDF,
    SEARCH_RESULTS,
    block_path,
    blocks_of,
    source_findings,
)
from checker.rules.anthropic.context import Context, warning
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

# --------------------------------------------------------------------------- documents


@rule(
    "a-document-source-invalid",
    api="anthropic",
    sources=(PDF, f"{CITATIONS}#document-types"),
    example="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "base64", "media_type": "text/csv",
                                    "data": "bmFtZSxhZ2UKQWRhLDM2Cg=="}},
    {"type": "text", "text": "How old is Ada?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "name,age\\nAda,36\\n"}},
    {"type": "text", "text": "How old is Ada?"}
  ]}
]""",
)
def document_source_invalid(ctx: Context) -> Iterator[Finding]:
    """A document is a PDF, plain text, or a list of content blocks.

    Its `source` is `{"type": "base64", "media_type": "application/pdf", "data": ...}`,
    `{"type": "url", "url": ...}` (a PDF on the web), `{"type": "text", "media_type":
    "text/plain", "data": "..."}` or `{"type": "content", "content": [...]}` (text and
    image blocks). CSV, Word, Excel or Markdown files are not documents: send their text
    as a text source. `title` and `context` are strings. A `file` source (Files API) needs
    a beta header the body cannot show: a warning.
    """
    for i, where, block, _ in blocks_of(ctx, "document"):
        base = block_path(ctx, i, where)
        yield from source_findings(ctx, i, where, block, "document")
        source = block.get("source")
        if isinstance(source, dict):
            stype, media = source.get("type"), source.get("media_type")
            if stype == "base64" and "media_type" not in source:
                yield Finding(
                    base + "/source",
                    tr("this base64 document has no `media_type`"),
                    tr('Add `"media_type": "application/pdf"`: base64 documents are PDFs.'),
                )
            elif stype == "base64" and media != "application/pdf":
                yield Finding(
                    base + "/source/media_type",
                    tr(
                        "the document's `media_type` is {value}: a base64 document must be a "
                        "PDF (`application/pdf`)",
                        value=describe(media),
                    ),
                    tr(
                        "For text files (CSV, Markdown, code) send the text itself: "
                        '`"source": {"type": "text", "media_type": "text/plain", "data": "..."}`; '
                        "convert Word or Excel files to text or PDF first."
                    ),
                )
            elif stype == "text":
                if media != "text/plain":
                    yield Finding(
                        base + "/source" + ("/media_type" if "media_type" in source else ""),
                        tr(
                            'a text source needs `"media_type": "text/plain"`, not {value}',
                            value=describe(media) if "media_type" in source else tr("none"),
                        ),
                        tr('Write `"media_type": "text/plain"`.'),
                    )
                if not isinstance(source.get("data"), str):
                    yield Finding(
                        base + "/source" + ("/data" if "data" in source else ""),
                        tr("a text source needs its text as a string in `data`"),
                        tr("Put the document's text itself in `data`, as a string."),
                    )
            elif stype == "content":
                content = source.get("content")
                if isinstance(content, (list, tuple)):
                    for n, item in enumerate(content):
                        kind = item.get("type") if isinstance(item, dict) else None
                        if kind not in ("text", "image"):
                            yield Finding(
                                base + f"/source/content/{n}",
                                tr(
                                    "a content source holds only `text` and `image` blocks, "
                                    "not {what}",
                                    what=code(kind) if isinstance(kind, str) else json_type(item),
                                ),
                                tr('Write each chunk as `{"type": "text", "text": "..."}`.'),
                            )
                elif not isinstance(content, str):
                    yield Finding(
                        base + "/source" + ("/content" if "content" in source else ""),
                        tr("a content source needs `content`: a string or a list of blocks"),
                        tr('Write `"content": [{"type": "text", "text": "..."}]`.'),
                    )
        for key in ("title", "context"):
            value = block.get(key)
            if key in block and value is not None and not isinstance(value, str):
                yield Finding(
                    base + "/" + key,
                    tr(
                        "the document's {key} is {type}: it must be a string",
                        key=code(key),
                        type=json_type(value),
                    ),
                    tr("Write it as text, or leave it out."),
                )


@rule(
    "a-search-result-invalid",
    api="anthropic",
    sources=(SEARCH_RESULTS,),
    example="""[
  {"role": "user", "content": [
    {"type": "search_result", "source": "https://docs.example.com/sla",
     "content": "Uptime is 99.9% per month."},
    {"type": "text", "text": "What is the SLA?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "search_result", "source": "https://docs.example.com/sla", "title": "SLA",
     "content": [{"type": "text", "text": "Uptime is 99.9% per month."}]},
    {"type": "text", "text": "What is the SLA?"}
  ]}
]""",
)
def search_result_invalid(ctx: Context) -> Iterator[Finding]:
    """A `search_result` block has a `source`, a `title` and a list of text blocks.

    The three fields are required: `source` and `title` are strings (a URL or any
    identifier, and a title); `content` is an array of `text` blocks, not a string.
    Search results go in user messages or in a tool's result.
    """
    for i, where, block, _ in blocks_of(ctx, "search_result"):
        base = block_path(ctx, i, where)
        for key in ("source", "title"):
            if not isinstance(block.get(key), str):
                yield Finding(
                    base + ("/" + key if key in block else ""),
                    tr("this search result has no {key} string", key=code(key))
                    if key not in block
                    else tr(
                        "the search result's {key} is {type}: it must be a string",
                        key=code(key),
                        type=json_type(block[key]),
                    ),
                    tr('Write `"source": "https://...", "title": "..."` (both are required).'),
                )
        content = block.get("content")
        if not isinstance(content, (list, tuple)):
            yield Finding(
                base + ("/content" if "content" in block else ""),
                tr("the search result's `content` must be an array of text blocks")
                if "content" in block
                else tr("this search result has no `content`"),
                tr('Write `"content": [{"type": "text", "text": "..."}]`.'),
            )
            continue
        for n, item in enumerate(content):
            if not (isinstance(item, dict) and item.get("type") == "text"):
                yield Finding(
                    base + f"/content/{n}",
                    tr("a search result's `content` holds only `text` blocks"),
                    tr('Write `{"type": "text", "text": "..."}`.'),
                )


# --------------------------------------------------------------------------- citations


def _citations_enabled(block: dict[str, Any]) -> bool:
    config = block.get("citations")
    return isinstance(config, dict) and config.get("enabled") is True


@rule(
    "a-citations-config-invalid",
    api="anthropic",
    sources=(CITATIONS, SEARCH_RESULTS),
    example="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."},
     "citations": true},
    {"type": "text", "text": "What color is the grass?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."},
     "citations": {"enabled": true}},
    {"type": "text", "text": "What color is the grass?"}
  ]}
]""",
)
def citations_config_invalid(ctx: Context) -> Iterator[Finding]:
    """Citations are switched on with `"citations": {"enabled": true}`.

    On a `document` or `search_result` block, `citations` is an object whose only field,
    `enabled`, is a boolean. On a `text` block, `citations` is something else: the list
    of citations Claude returned, resent with its answer.
    """
    for i, where, block, _ in blocks_of(ctx, "document", "search_result", "text"):
        kind = block["type"]
        if "citations" not in block or block["citations"] is None:
            continue
        config = block["citations"]
        path = block_path(ctx, i, where, "citations")
        if kind in ("document", "search_result"):
            if not isinstance(config, dict):
                yield Finding(
                    path,
                    tr(
                        '`citations` is {type}: it must be an object, `{{"enabled": true}}`',
                        type=json_type(config),
                    ),
                    tr('Write `"citations": {"enabled": true}`.'),
                )
                continue
            extra = [k for k in config if k != "enabled"]
            if extra:
                yield Finding(
                    jsonpointer.join(path, extra[0]),
                    tr("`citations` takes only `enabled`, not {key}", key=code(extra[0])),
                    tr('Write `"citations": {"enabled": true}`.'),
                )
            if "enabled" in config and not isinstance(config["enabled"], bool):
                yield Finding(
                    path + "/enabled",
                    tr(
                        "`citations.enabled` is {value}: it must be `true` or `false`",
                        value=describe(config["enabled"]),
                    ),
                    tr('Write `"enabled": true`.'),
                )
        elif kind == "text" and not isinstance(config, (list, tuple)):
            yield Finding(
                path,
                tr(
                    "a text block's `citations` is {type}: it is the list of citations Claude "
                    "returned, not a switch",
                    type=json_type(config),
                ),
                tr(
                    'To have Claude cite a document, set `"citations": {"enabled": true}` on '
                    "the document block; remove this one."
                ),
            )


@rule(
    "a-citations-all-or-none",
    api="anthropic",
    sources=(f"{CITATIONS}#how-citations-work", f"{SEARCH_RESULTS}#citation-control"),
    example="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."},
     "citations": {"enabled": true}},
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The sky is blue."}},
    {"type": "text", "text": "What colors are the grass and the sky?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."},
     "citations": {"enabled": true}},
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The sky is blue."},
     "citations": {"enabled": true}},
    {"type": "text", "text": "What colors are the grass and the sky?"}
  ]}
]""",
)
def citations_all_or_none(ctx: Context) -> Iterator[Finding]:
    """Citations are enabled on all documents of a request or on none.

    The docs say so for documents ("citations must be enabled on all or none of the
    documents within a request") and for search results ("mixing search results with
    different citation settings results in an error"); each kind is judged on its own.
    The finding points at the first block whose setting differs from the first one's.
    """
    for kind in ("document", "search_result"):
        found = blocks_of(ctx, kind)
        if len(found) < 2:
            continue
        first = _citations_enabled(found[0][2])
        for i, where, block, _ in found[1:]:
            if _citations_enabled(block) == first:
                continue
            other = code(block_path(ctx, found[0][0], found[0][1]))
            yield Finding(
                block_path(ctx, i, where, *(("citations",) if "citations" in block else ())),
                tr(
                    "this {kind} block has no citations, but the one at {other} has them "
                    "enabled: citations are all or none",
                    kind=code(kind),
                    other=other,
                )
                if first
                else tr(
                    "this {kind} block enables citations, but the one at {other} does not: "
                    "citations are all or none",
                    kind=code(kind),
                    other=other,
                ),
                tr('Set `"citations": {"enabled": true}` on every one, or on none of them.'),
            )
            break


@rule(
    "a-citations-structured-output",
    api="anthropic",
    scope="body",
    sources=(f"{CITATIONS}#citations-and-structured-outputs-are-incompatible",),
    example="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "output_config": {"format": {"type": "json_schema", "schema": {
    "type": "object", "properties": {"color": {"type": "string"}},
    "required": ["color"], "additionalProperties": false}}},
  "messages": [{"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."},
     "citations": {"enabled": true}},
    {"type": "text", "text": "What color is the grass?"}
  ]}]
}""",
    fix="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "output_config": {"format": {"type": "json_schema", "schema": {
    "type": "object", "properties": {"color": {"type": "string"}},
    "required": ["color"], "additionalProperties": false}}},
  "messages": [{"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "The grass is green."}},
    {"type": "text", "text": "What color is the grass?"}
  ]}]
}""",
)
def citations_structured_output(ctx: Context) -> Iterator[Finding]:
    """Citations and structured outputs are not used together.

    Citations interleave citation blocks with the answer's text, which a JSON schema
    cannot hold: a request that enables citations on any document or search result and
    also sets `output_config.format` (or the older `output_format`) is rejected.
    """
    if ctx.body is None:
        return
    config = ctx.body.get("output_config")
    fmt = config.get("format") if isinstance(config, dict) else None
    if fmt is None:
        fmt = ctx.body.get("output_format")
    if not isinstance(fmt, dict):
        return
    for i, where, block, _ in blocks_of(ctx, "document", "search_result"):
        if _citations_enabled(block):
            yield Finding(
                block_path(ctx, i, where, "citations"),
                tr(
                    "citations are enabled on this {kind} block, and the request also asks "
                    "for structured output (`output_config.format`): the two cannot be combined",
                    kind=code(block["type"]),
                ),
                tr(
                    "Drop `citations` (or set `enabled` to false), or drop the output format "
                    "and ask for the JSON in the prompt."
                ),
            )
            return


@rule(
    "a-citations-in-user-text",
    api="anthropic",
    severity="warning",
    sources=(MIGRATION_2026_10_21, "https://platform.claude.com/docs/en/api/versioning"),
    example="""[
  {"role": "user", "content": [
    {"type": "text", "text": "The grass is green.",
     "citations": [{"type": "char_location", "cited_text": "The grass is green.",
                    "document_index": 0, "document_title": "Facts",
                    "start_char_index": 0, "end_char_index": 19}]},
    {"type": "text", "text": "Is that right?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "text", "text": "The grass is green."},
    {"type": "text", "text": "Is that right?"}
  ]}
]""",
)
def citations_in_user_text(ctx: Context) -> Iterator[Finding]:
    """Citations on text blocks belong to assistant messages.

    Claude returns `citations` on the text blocks of its answers, and they may be resent
    in assistant messages. API version 2026-10-21 (the default of the current SDK majors)
    rejects a text block with a non-empty `citations` array in a user message, also inside
    a tool result or search result; version 2023-06-01 accepts it. The version is a header
    the body cannot show, so this is a warning.
    """
    for i, where, block, _ in blocks_of(ctx, "text"):
        citations = block.get("citations")
        if not citations:
            continue
        m = ctx.msgs[i]
        if (
            m is not None
            and m.role == "user"
            and isinstance(citations, (list, tuple))
            and citations
        ):
            yield warning(
                block_path(ctx, i, where, "citations"),
                tr(
                    "a text block in a user message ({message}) carries `citations`: API "
                    "version 2026-10-21 rejects that",
                    message=ctx.where(i),
                ),
                tr(
                    "Remove `citations` from user text; they belong to Claude's answers, in "
                    "assistant messages."
                ),
            )


@rule(
    "a-document-in-assistant",
    api="anthropic",
    severity="warning",
    sources=(MIGRATION_2026_10_21,),
    example="""[
  {"role": "user", "content": "Summarise the memo."},
  {"role": "assistant", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "Memo: ship on Friday."}},
    {"type": "text", "text": "The memo says to ship on Friday."}
  ]},
  {"role": "user", "content": "Thanks. Which day again?"}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                    "data": "Memo: ship on Friday."}},
    {"type": "text", "text": "Summarise the memo."}
  ]},
  {"role": "assistant", "content": "The memo says to ship on Friday."},
  {"role": "user", "content": "Thanks. Which day again?"}
]""",
)
def document_in_assistant(ctx: Context) -> Iterator[Finding]:
    """Documents are sent in user messages.

    API version 2026-10-21 (the default of the current SDK majors) rejects a `document`
    block placed directly in an assistant message; documents nested in other blocks (as in
    a web fetch result Claude returned) are still accepted, and version 2023-06-01 accepts
    both. The version is a header the body cannot show, so this is a warning.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant":
            continue
        for j, block in m.blocks:
            if block["type"] == "document":
                yield warning(
                    ctx.path(m.index, "content", j),
                    tr(
                        "a `document` block in an assistant message ({message}): API version "
                        "2026-10-21 rejects that",
                        message=ctx.where(m.index),
                    ),
                    tr("Send the document in the user message that asks about it."),
                )
