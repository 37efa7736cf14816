"""Images and the sources of media blocks: what an `image` or `document` reads its bytes from.

An `image` names its bytes with a `source`: base64 text with one of four media types, or a
URL the API fetches, within the API's size limits. `all_blocks` lists every content block,
nested ones too (inside a `tool_result`, a document's content, a search result), for the
rules of this module, `documents` and `caching`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker import jsonpointer
from checker.diagnostics import code, describe, json_type, quote
from checker.i18n import format_number, tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, warning
from checker.rules.record import Finding, needs_beta, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

VISION = f"{refs.DOCS}/build-with-claude/vision"
PDF = f"{refs.DOCS}/build-with-claude/pdf-support"
CITATIONS = f"{refs.DOCS}/build-with-claude/citations"
SEARCH_RESULTS = f"{refs.DOCS}/build-with-claude/search-results"
FILES = f"{refs.DOCS}/build-with-claude/files"
MIGRATION_2026_10_21 = f"{refs.DOCS}/api/migration-2026-10-21#breaking-changes"

IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")
#: what an image's base64 text starts with, by media type
_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
)
#: compiled by `re` on first use (and kept in its cache), not at import
_BASE64_HEAD = r"[A-Za-z0-9+/=\s]*"
#: the per-image limit of base64 images (the API's "image exceeds 5 MB maximum")
MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_IMAGE_SIDE = 8000
#: images per request: 100 on models with a 200k-token context window, 600 on the others
IMAGES_SMALL_CONTEXT = 100
IMAGES_MAX = 600
_JPEG_NAMES = ("image/jpg", "image/pjpeg", "jpeg", "jpg")


def all_blocks(ctx: Context) -> list[tuple[int, tuple[Any, ...], dict[str, Any], str]]:
    """Every content block of the messages, nested ones too, in the order the API reads them.

    Entries are (message index, path inside the message's `content`, block, what holds it:
    "" for a message, or "tool_result", "document", "search_result"). Blocks nested in a
    block come before it. Computed once per request.
    """
    found = getattr(ctx, "_all_blocks", None)
    if found is not None:
        return found
    out: list[tuple[int, tuple[Any, ...], dict[str, Any], str]] = []
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.blocks:
            _nested(out, m.index, (j,), block, 0)
            out.append((m.index, (j,), block, ""))
    ctx._all_blocks = out
    return out


def blocks_of(ctx: Context, *kinds: str) -> list[tuple[int, tuple[Any, ...], dict[str, Any], str]]:
    """The entries of `all_blocks` whose block type is one of `kinds`: in request order for
    one kind, grouped by kind (each in request order) for several."""
    index = getattr(ctx, "_blocks_by_type", None)
    if index is None:
        index = {}
        for entry in all_blocks(ctx):
            index.setdefault(entry[2]["type"], []).append(entry)
        ctx._blocks_by_type = index
    if len(kinds) == 1:
        return index.get(kinds[0], [])
    return [e for kind in kinds for e in index.get(kind, ())]


def _nested(out: list, i: int, where: tuple[Any, ...], block: dict[str, Any], depth: int) -> None:
    if depth > 2:
        return
    kind = block.get("type")
    items: Any = None
    key: tuple[Any, ...] = ()
    if kind in ("tool_result", "search_result"):
        items, key = block.get("content"), ("content",)
    elif kind == "document":
        source = block.get("source")
        if isinstance(source, dict) and source.get("type") == "content":
            items, key = source.get("content"), ("source", "content")
    if not isinstance(items, (list, tuple)):
        return
    for n, item in enumerate(items):
        if isinstance(item, dict) and isinstance(item.get("type"), str):
            at = (*where, *key, n)
            _nested(out, i, at, item, depth + 1)
            out.append((i, at, item, kind))


def block_path(ctx: Context, i: int, where: tuple[Any, ...], *more: Any) -> str:
    return ctx.path(i, "content", *where, *more)


def _decoded_head(data: str, n: int = 24) -> bytes | None:
    """The first bytes the base64 text `data` stands for (None if they cannot be read)."""
    head = "".join(data[: n * 2].split())[: (n // 3 + 1) * 4]
    head = head[: len(head) - len(head) % 4]
    # on first use, not at import: base64, binascii, struct (~0.5 ms; only images need it)
    import base64
    import binascii

    try:
        return base64.b64decode(head, validate=True)
    except (binascii.Error, ValueError):
        return None


def sniff_image(data: str) -> str | None:
    """The media type the base64 bytes of an image show (PNG, JPEG, GIF, WebP), or None."""
    head = _decoded_head(data)
    if not head:
        return None
    for magic, media in _MAGIC:
        if head.startswith(magic):
            return media
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return None


def _dimensions(data: str, media: str) -> tuple[int, int] | None:
    """Width and height from a PNG or GIF header (other formats: None)."""
    head = _decoded_head(data, 30)
    if head is None:
        return None
    if media == "image/png" and len(head) >= 24 and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if media == "image/gif" and len(head) >= 10 and head[:3] == b"GIF":
        return int.from_bytes(head[6:8], "little"), int.from_bytes(head[8:10], "little")
    return None


def _decoded_size(data: str) -> int:
    return len(data) * 3 // 4 - data[-2:].count("=")


def base64_problem(data: Any) -> tuple[str, str] | None:
    """(message, hint) when `data` cannot be the base64 text of a file, else None."""
    if not isinstance(data, str):
        return (
            tr(
                "`data` is {type}: it must be the file's bytes as a base64 string",
                type=json_type(data),
            ),
            tr("Encode the file: `base64.standard_b64encode(raw).decode()`."),
        )
    if not data or data.isspace():
        return (
            tr("`data` is empty: it must hold the file's bytes, base64-encoded"),
            tr("Encode the file: `base64.standard_b64encode(raw).decode()`."),
        )
    if data.startswith("data:"):
        return (
            tr(
                "`data` is a data URL ({start}...): the API wants only the base64 text, without "
                "the `data:...;base64,` prefix",
                start=quote(data[:20]),
            ),
            tr("Drop everything up to and including the comma; `media_type` says the type."),
        )
    if data.startswith(("http://", "https://")):
        return (
            tr("`data` is a URL: a base64 source carries the bytes themselves"),
            tr('For an image on the web use `"source": {"type": "url", "url": "https://..."}`.'),
        )
    if not re.fullmatch(_BASE64_HEAD, data[:200]):
        return (
            tr(
                "`data` is not base64 (it starts {start}): the API answers `invalid base64 data`",
                start=quote(data[:20]),
            ),
            tr("Encode the file's bytes: `base64.standard_b64encode(raw).decode()`."),
        )
    return None


def _url_problem(url: Any) -> tuple[str, str] | None:
    if not isinstance(url, str):
        return (
            tr("`url` is {type}: a URL source needs the address as a string", type=json_type(url)),
            tr('Write `"url": "https://example.com/picture.png"`.'),
        )
    if not url.startswith(("https://", "http://")):
        return (
            tr("`url` is {value}: it must be an `http://` or `https://` address", value=quote(url)),
            tr(
                "The API fetches the file itself: give a public web address, or send the bytes "
                'with `"type": "base64"`.'
            ),
        )
    return None


# ------------------------------------------------------------------------------ images


@rule(
    "a-image-media-type",
    api="anthropic",
    sources=(
        VISION,
        refs.issue("anthropics/claude-code", 4661),
        refs.issue("anthropics/claude-code", 6300),
    ),
    api_message=("{loc}: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'"),
    example="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "base64", "media_type": "image/jpg",
                                 "data": "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQ=="}},
    {"type": "text", "text": "What is in this image?"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg",
                                 "data": "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQ=="}},
    {"type": "text", "text": "What is in this image?"}
  ]}
]""",
)
def image_media_type(ctx: Context) -> Iterator[Finding]:
    """A base64 image is `image/jpeg`, `image/png`, `image/gif` or `image/webp`, and is one.

    The API reads only these four formats, and `media_type` must name one of them exactly
    (`image/jpg` is not a media type). It also checks the bytes: a PNG sent as
    `image/jpeg` fails with "Image does not match the provided media type". The bytes are
    read from the first characters of `data` only (the PNG, JPEG, GIF and WebP
    signatures); data that shows none of them is not judged.
    """
    for i, where, block, _ in blocks_of(ctx, "image"):
        source = block.get("source")
        if not isinstance(source, dict) or source.get("type") != "base64":
            continue
        if "media_type" not in source:
            continue  # a-image-source-invalid
        media = source["media_type"]
        if media not in IMAGE_TYPES:
            lowered = media.strip().lower() if isinstance(media, str) else None
            if lowered in _JPEG_NAMES:
                hint = tr('Write `"media_type": "image/jpeg"` (the media type has an "e").')
            elif lowered in IMAGE_TYPES:
                hint = tr("Write it in lower case, exactly {value}.", value=quote(lowered))
            else:
                hint = tr(
                    "Convert the image to PNG or JPEG (SVG, BMP, TIFF and HEIC are not read), "
                    "and set `media_type` to match."
                )
            yield Finding(
                block_path(ctx, i, where, "source", "media_type"),
                tr(
                    "the image's `media_type` is {value}: it must be `image/jpeg`, "
                    "`image/png`, `image/gif` or `image/webp`",
                    value=describe(media),
                ),
                hint,
            )
            continue
        data = source.get("data")
        actual = sniff_image(data) if isinstance(data, str) else None
        if actual is not None and actual != media:
            yield Finding(
                block_path(ctx, i, where, "source", "media_type"),
                tr(
                    "the image's `media_type` is {declared} but its data holds {actual} "
                    "bytes: the API checks that they match",
                    declared=quote(media),
                    actual=code(actual),
                ),
                tr(
                    "Set `media_type` from the file's content, not its name: here "
                    '`"media_type": "{actual}"`.',
                    actual=actual,
                ),
            )


@rule(
    "a-image-source-invalid",
    api="anthropic",
    sources=(
        VISION,
        f"{FILES}#using-a-file-in-messages",
        "https://github.com/felixarntz/ai-services/pull/19",
        refs.issue("livekit/agents", 3867),
    ),
    example="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                 "data": "data:image/png;base64,iVBORw0KGgo="}},
    {"type": "text", "text": "Describe the chart."}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                 "data": "iVBORw0KGgo="}},
    {"type": "text", "text": "Describe the chart."}
  ]}
]""",
    near_misses=(
        """[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "url",
                                 "url": "https://upload.wikimedia.org/ant.jpg"}},
    {"type": "text", "text": "Describe the ant."}
  ]}
]""",
    ),
)
def image_source_invalid(ctx: Context) -> Iterator[Finding]:
    """An image's `source` is base64 data, a URL, or (with the Files API beta) a file id.

    `{"type": "base64", "media_type": ..., "data": ...}` carries the bytes as base64 text:
    no `data:image/png;base64,` prefix, no URL, nothing else (the API answers
    `invalid base64 data`). `{"type": "url", "url": "https://..."}` lets the API fetch it.
    OpenAI's `image_url` and a bare `url` on the block are not Anthropic shapes. A
    `{"type": "file", "file_id": ...}` source needs the Files API beta header, which the
    body cannot show: a warning.
    """
    for i, where, block, _ in blocks_of(ctx, "image"):
        yield from source_findings(ctx, i, where, block, "image")


def source_findings(
    ctx: Context, i: int, where: tuple[Any, ...], block: dict[str, Any], kind: str
) -> Iterator[Finding]:
    base = block_path(ctx, i, where)
    source = block.get("source")
    if "source" not in block:
        if kind == "image" and ("image_url" in block or "url" in block):
            message = tr("this image has no `source` (it uses OpenAI's `image_url`/`url` shape)")
        else:
            message = tr("this {kind} block has no `source`", kind=code(kind))
        yield Finding(
            base,
            message,
            tr('Write `"source": {"type": "url", "url": "https://..."}` or a base64 source.')
            if kind == "image"
            else tr(
                'Write `"source": {"type": "base64", "media_type": "application/pdf", '
                '"data": "..."}`, a text or a URL source.'
            ),
        )
        return
    if not isinstance(source, dict):
        yield Finding(
            base + "/source",
            tr("`source` is {type}: it must be an object with a `type`", type=json_type(source)),
            tr('Write `"source": {"type": "url", "url": "https://..."}`, for example.'),
        )
        return
    stype = source.get("type")
    allowed = (
        ("base64", "url", "file")
        if kind == "image"
        else ("base64", "text", "content", "url", "file")
    )
    if stype not in allowed:
        yield Finding(
            base + "/source" + ("/type" if "type" in source else ""),
            tr(
                "the `source.type` of this {kind} block is {value}: it must be one of {allowed}",
                kind=code(kind),
                value=describe(stype) if "type" in source else tr("missing"),
                allowed=", ".join(code(a) for a in allowed),
            ),
            tr('For bytes use `"type": "base64"`; for a web address `"type": "url"`.'),
        )
        return
    keys = {
        "base64": ("type", "media_type", "data"),
        "url": ("type", "url"),
        "file": ("type", "file_id"),
        "text": ("type", "media_type", "data"),
        "content": ("type", "content"),
    }[stype]
    extra = [k for k in source if k not in keys]
    if extra:
        yield Finding(
            jsonpointer.join(base + "/source", extra[0]),
            tr(
                "a {stype} source has no field {field}: it takes only {keys}",
                stype=code(stype),
                field=code(extra[0]),
                keys=", ".join(code(k) for k in keys[1:]),
            ),
            tr("Remove {field}.", field=code(extra[0])),
        )
    yield from _source_content(base, source, stype, kind)


def _source_content(base: str, source: dict, stype: str, kind: str) -> Iterator[Finding]:
    """What a source of type `stype` holds: base64 bytes, a URL, a Files API id."""
    if stype == "base64":
        if kind == "image" and "media_type" not in source:
            yield Finding(
                base + "/source",
                tr("this base64 image has no `media_type`"),
                tr('Add `"media_type": "image/png"` (or jpeg, gif, webp, as the bytes are).'),
            )
        if "data" not in source:
            yield Finding(
                base + "/source",
                tr("this base64 source has no `data`"),
                tr("Put the file's bytes, base64-encoded, in `data`."),
            )
        else:
            problem = base64_problem(source["data"])
            if problem is not None:
                yield Finding(base + "/source/data", *problem)
    elif stype == "url":
        problem = _url_problem(source.get("url"))
        if problem is not None:
            yield Finding(base + "/source" + ("/url" if "url" in source else ""), *problem)
    elif stype == "file":
        file_id = source.get("file_id")
        if not isinstance(file_id, str) or not file_id:
            yield Finding(
                base + "/source" + ("/file_id" if "file_id" in source else ""),
                tr("a file source needs the `file_id` string the Files API returned"),
                tr('Write `"source": {"type": "file", "file_id": "file_011C..."}`.'),
            )
        else:
            yield needs_beta(
                warning(
                    base + "/source/type",
                    tr(
                        "a `file` source uses the Files API, a beta: the request needs the "
                        "`anthropic-beta: files-api-2025-04-14` header"
                    ),
                    tr("Send the beta header with the request, or send the bytes as base64."),
                ),
                "files-api-2025-04-14",
            )


#: 1-bit PNGs of 9000x10 and 2000x10 pixels (the examples of `a-image-limits`)
_WIDE_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAIygAAAAKAQAAAADxn8grAAAAMklEQVR42u3UMQEAAAzCMPybBhPbl0jo0RTgUyQAXAZw"
    "GQCXAVwGcBkAlwFcBnAZgCMDP1rIlA8p8DkAAAAASUVORK5CYII="
)
_NARROW_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAB9AAAAAKAQAAAADEQfgTAAAAIklEQVR42mP4P2IBw6jXR70+6vVRr496fdTro14f9frQ"
    "BwDRYLrEJd+GMAAAAABJRU5ErkJggg=="
)


def _banner(data: str) -> str:
    return (
        '[\n  {"role": "user", "content": [\n'
        '    {"type": "image", "source": {"type": "base64", "media_type": "image/png",\n'
        f'      "data": "{data}"}}}},\n'
        '    {"type": "text", "text": "Read the banner."}\n'
        "  ]}\n]"
    )


@rule(
    "a-image-limits",
    api="anthropic",
    sources=(f"{VISION}#general-limits", "https://github.com/earendil-works/pi/pull/424"),
    example=_banner(_WIDE_PNG),
    fix=_banner(_NARROW_PNG),
)
def image_limits(ctx: Context) -> Iterator[Finding]:
    """Images stay within the API's limits: 5 MB, 8000 pixels a side, 600 per request.

    A base64 image may hold at most 5 MB (the API: "image exceeds 5 MB maximum"); a side
    may be at most 8000 pixels, 2000 when the request has more than 20 images (read from
    PNG and GIF headers only). A request may hold 600 images, but only 100 on models with
    a 200k-token context window: more than 100 is a warning, since the body does not show
    the context window. Base64 text over 5 MB whose bytes are under 5 MB is a warning: the
    reports do not say which of the two the API measures.
    """
    images = blocks_of(ctx, "image")
    many = len(images) > 20
    for i, where, block, _ in images:
        source = block.get("source")
        if not isinstance(source, dict) or source.get("type") != "base64":
            continue
        data = source.get("data")
        if not isinstance(data, str) or base64_problem(data) is not None:
            continue
        path = block_path(ctx, i, where, "source", "data")
        size = _decoded_size(data)
        hint = tr("Scale the image down (or compress it) before encoding it.")
        if size > MAX_IMAGE_BYTES:
            yield Finding(
                path,
                tr("this image is {mb} MB: the API takes at most 5 MB per image", mb=_mb(size)),
                hint,
            )
            continue
        if len(data) > MAX_IMAGE_BYTES:
            yield warning(
                path,
                tr(
                    "this image's base64 text is {mb} MB, over the 5 MB limit (its bytes are "
                    "{raw} MB): it may be rejected",
                    mb=_mb(len(data)),
                    raw=_mb(size),
                ),
                hint,
            )
        media = source.get("media_type")
        dims = _dimensions(data, media) if isinstance(media, str) else None
        limit = 2000 if many else MAX_IMAGE_SIDE
        if dims is not None and max(dims) > limit:
            yield Finding(
                path,
                tr(
                    "this image is {w}x{h} pixels: the limit is {limit} pixels a side",
                    w=dims[0],
                    h=dims[1],
                    limit=limit,
                )
                if not many
                else tr(
                    "this image is {w}x{h} pixels: with more than 20 images in a request the "
                    "limit is {limit} pixels a side",
                    w=dims[0],
                    h=dims[1],
                    limit=limit,
                ),
                hint,
            )
    if len(images) > IMAGES_SMALL_CONTEXT:
        i, where, _, _ = images[IMAGES_MAX if len(images) > IMAGES_MAX else IMAGES_SMALL_CONTEXT]
        text = tr(
            "the request holds {n} images: the API takes at most {limit}",
            n=len(images),
            limit=IMAGES_MAX,
        )
        hint = tr("Send fewer images per request, or upload them with the Files API.")
        if len(images) > IMAGES_MAX:
            yield Finding(block_path(ctx, i, where), text, hint)
        else:
            yield warning(
                block_path(ctx, i, where),
                tr(
                    "the request holds {n} images: models with a 200k-token context window "
                    "take at most 100",
                    n=len(images),
                ),
                hint,
            )


def _mb(size: int) -> str:
    return format_number(size / (1024 * 1024), digits=1)


# The documents, search results and citations rules (their own module, run after these).
