"""What `tooltutor lint --session` reads: a recorded session as exchanges, with positions.

Formats (by suffix, else by content):

- JSON Lines (`.jsonl`, `.ndjson`): one exchange per line, `{"request": {...},
  "response": {...}}`, in the order sent (the last may lack its response). A `request` or
  `response` may also be an HTTP record (`{"url", "body"}`, `{"status", "body"}`, the body
  an object or JSON text).
- JSON (`.json`): an array of such exchanges, or `{"exchanges": [...]}`; a HAR file; a
  vcrpy cassette saved as JSON.
- HAR 1.2 (`.har`): `log.entries[]`, each POST to one of the three endpoints (by
  `request.url`) with its `postData.text` and `response.content.text` (base64 when
  `encoding` says so; server-sent events put back together, `checker.session.sse`).
- vcrpy / pytest-recording cassettes (`.yaml`, `.yml`): `interactions[]` with
  `request.uri`, `request.body` and `response.body.string` (`!!binary` bodies decoded,
  gzip and deflate decompressed).

Records for other URLs (models, files, embeddings, a browser's pages) are skipped and
counted. A JSON Lines line that is not JSON is reported (`json-syntax`) and the rest is read.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any

from checker.diagnostics import Diagnostic, pointer
from checker.lint import format_for_url
from checker.session import Exchange
from checker.source import JsonSyntaxError, json_syntax_diagnostic, parse
from checker.text_decoding import NotUtf8Error, decode_utf8
from tooltutor.errors import UserError
from tooltutor.i18n import t

SESSION_SUFFIXES = (".jsonl", ".ndjson", ".json", ".har", ".yaml", ".yml")
Locate = Callable[[str], tuple[int, int]]


class Recorded:
    """One exchange as found in the file: where its record starts, the pointers of its
    request and response from the file's root (or its line's), and how to place a pointer
    inside each (`locate_request`, `locate_response`: body pointer -> line, column)."""

    __slots__ = (
        "exchange",
        "line",
        "request_pointer",
        "response_pointer",
        "locate_request",
        "locate_response",
    )

    def __init__(
        self,
        exchange: Exchange,
        line: int,
        request_pointer: str,
        response_pointer: str,
        locate_request: Locate,
        locate_response: Locate,
    ) -> None:
        self.exchange = exchange
        self.line = line
        self.request_pointer = request_pointer
        self.response_pointer = response_pointer
        self.locate_request = locate_request
        self.locate_response = locate_response


class SessionFile:
    """A session file read: its exchanges, the lines that could not be read, what was skipped."""

    __slots__ = ("name", "text", "kind", "records", "broken", "skipped")

    def __init__(self, name: str, text: str, kind: str) -> None:
        self.name = name
        self.text = text
        self.kind = kind
        self.records: list[Recorded] = []
        #: (line, json-syntax diagnostic placed in the file) of lines that are not JSON
        self.broken: list[tuple[int, Diagnostic]] = []
        self.skipped = 0


def read_session(name: str, data: bytes) -> SessionFile:
    """Read a session file (see the module docstring); UserError when it cannot be read."""
    try:
        text = decode_utf8(data)
    except NotUtf8Error as err:
        raise UserError(t("{path}: {reason}", path=name, reason=str(err))) from None
    lowered = name.lower()
    if lowered.endswith((".yaml", ".yml")):
        return _cassette_yaml(name, text)
    if lowered.endswith((".jsonl", ".ndjson")):
        return _jsonl(name, text)
    stripped = text.lstrip("\ufeff \t\r\n")
    if not stripped.startswith(("{", "[")):
        return _cassette_yaml(name, text)

    try:
        doc = parse(text)
    except JsonSyntaxError:
        if "\n" in text.strip() and not lowered.endswith((".json", ".har")):
            return _jsonl(name, text)
        raise _syntax(name, text) from None
    return _json_document(name, text, doc)


def _syntax(name: str, text: str) -> UserError:
    try:
        parse(text)
    except JsonSyntaxError as err:
        d = json_syntax_diagnostic(err)
        return UserError(f"{name}:{d.line}:{d.column}: {d.message}")
    return UserError(t("{path}: not JSON", path=name))


# --------------------------------------------------------------------------- JSON Lines


def _jsonl(name: str, text: str) -> SessionFile:
    session = SessionFile(name, text, "jsonl")
    for number, line in enumerate(text.split("\n"), 1):
        line = line.removesuffix("\r")
        if number == 1:
            line = line.lstrip("\ufeff")
        if not line.strip():
            continue
        try:
            doc = parse(line)
        except JsonSyntaxError as err:
            d = json_syntax_diagnostic(err)
            session.broken.append((number, d._replace(line=number)))
            continue
        shift = number - 1
        found = _exchange(doc.value, "")
        if found is None:
            session.skipped += 1
            continue
        exchange, req_ptr, resp_ptr, req_embedded, resp_embedded = found
        session.records.append(
            Recorded(
                exchange,
                number,
                req_ptr,
                resp_ptr,
                _locator(doc, req_ptr, req_embedded, shift),
                _locator(doc, resp_ptr, resp_embedded, shift),
            )
        )
    return session


def _locator(doc: Any, base: str, embedded: bool, shift: int = 0) -> Locate:
    def locate(path: str) -> tuple[int, int]:
        line, column = doc.locate(base if embedded else base + path)
        return line + shift, column

    return locate


def _body(value: Any) -> tuple[Any, str, bool]:
    """(the body, its pointer below `value`, whether it is JSON text in a string) of a
    request or response written as itself or as an HTTP record with a `body`."""
    if (
        isinstance(value, dict)
        and "body" in value
        and not (
            "messages" in value or "input" in value or "content" in value or "choices" in value
        )
    ):
        inner = value["body"]
        if isinstance(inner, str):
            try:
                return json.loads(inner), "/body", True
            except ValueError:
                return inner, "/body", True
        return inner, "/body", False
    return value, "", False


def _exchange(record: Any, base: str) -> tuple[Exchange, str, str, bool, bool] | None:
    """An exchange record: `{"request", "response"}` (or a bare request body)."""
    # on first use, not at import: tooltutor.lint_records (1 module)
    from tooltutor.lint_records import is_request

    if not isinstance(record, dict):
        return None
    if "request" not in record:
        if is_request(record):
            return Exchange(record), base, base + "/response", False, False
        return None
    request, req_at, req_embedded = _body(record["request"])
    response, resp_at, resp_embedded = _body(record.get("response"))
    url = record.get("url")
    for holder in (record.get("request"), record):
        if isinstance(holder, dict) and isinstance(holder.get("url"), str):
            url = holder["url"]
            break
    status = record.get("status")
    raw = record.get("response")
    if isinstance(raw, dict) and isinstance(raw.get("status"), int):
        status = raw["status"]
    fmt = format_for_url(url) if isinstance(url, str) else record.get("format")
    exchange = Exchange(
        request,
        response,
        fmt if fmt in ("anthropic", "openai", "responses") else None,
        status if isinstance(status, int) else None,
    )
    return (
        exchange,
        base + "/request" + req_at,
        base + "/response" + resp_at,
        req_embedded,
        resp_embedded,
    )


# --------------------------------------------------------------------------- JSON, HAR


def _json_document(name: str, text: str, doc: Any) -> SessionFile:
    value = doc.value
    if isinstance(value, dict) and isinstance(value.get("log"), dict):
        return _har(name, text, doc)
    if isinstance(value, dict) and isinstance(value.get("interactions"), list):
        session = SessionFile(name, text, "cassette")
        for n, item in enumerate(value["interactions"]):
            ptr = f"/interactions/{n}"
            _interaction(session, item, ptr, lambda p, doc=doc: doc.locate(p))
        return session
    items: Any = value.get("exchanges") if isinstance(value, dict) else value
    base = "/exchanges" if isinstance(value, dict) and "exchanges" in value else ""
    if not isinstance(items, list):
        items, base = [value], None
    session = SessionFile(name, text, "json")
    for n, item in enumerate(items):
        ptr = "" if base is None else f"{base}/{n}"
        found = _exchange(item, ptr)
        if found is None:
            session.skipped += 1
            continue
        exchange, req_ptr, resp_ptr, req_embedded, resp_embedded = found
        session.records.append(
            Recorded(
                exchange,
                doc.locate(ptr)[0],
                req_ptr,
                resp_ptr,
                _locator(doc, req_ptr, req_embedded),
                _locator(doc, resp_ptr, resp_embedded),
            )
        )
    return session


def _har(name: str, text: str, doc: Any) -> SessionFile:
    session = SessionFile(name, text, "har")
    entries = doc.value["log"].get("entries")
    for n, entry in enumerate(entries if isinstance(entries, list) else ()):
        ptr = f"/log/entries/{n}"
        request = entry.get("request") if isinstance(entry, dict) else None
        if not isinstance(request, dict):
            session.skipped += 1
            continue
        url = request.get("url")
        fmt = format_for_url(url) if isinstance(url, str) else None
        post = request.get("postData")
        body_text = post.get("text") if isinstance(post, dict) else None
        if fmt is None or str(request.get("method", "POST")).upper() != "POST" or not body_text:
            session.skipped += 1
            continue
        try:
            body = json.loads(body_text)
        except ValueError:
            session.skipped += 1
            continue
        response = entry.get("response") if isinstance(entry, dict) else None
        status = response.get("status") if isinstance(response, dict) else None
        content = response.get("content") if isinstance(response, dict) else None
        answer = None
        if isinstance(content, dict) and isinstance(content.get("text"), str):
            raw = content["text"]
            if content.get("encoding") == "base64":
                raw = _base64_text(raw)
            answer = _response_body(raw, fmt, str(content.get("mimeType", "")))
        req_ptr = f"{ptr}/request/postData/text"
        resp_ptr = f"{ptr}/response/content/text"
        session.records.append(
            Recorded(
                Exchange(body, answer, fmt, status if isinstance(status, int) else None),
                doc.locate(ptr)[0],
                req_ptr,
                resp_ptr,
                _locator(doc, req_ptr, True),
                _locator(doc, resp_ptr, True),
            )
        )
    return session


def _base64_text(raw: str) -> str:
    try:
        return base64.b64decode(raw).decode("utf-8", "replace")
    except ValueError:
        return raw


def _response_body(raw: str | bytes | None, fmt: str, mime: str = "") -> Any:
    """A response body from its text: JSON, or a stream put back together."""
    if raw is None:
        return None
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "replace")
    # on first use, not at import: checker.session (1 module)
    from checker.session.sse import assemble, looks_like_sse

    if "event-stream" in mime or looks_like_sse(raw):
        return assemble(raw, fmt)
    try:
        return json.loads(raw)
    except ValueError:
        return None


# --------------------------------------------------------------------------- cassettes


def _cassette_yaml(name: str, text: str) -> SessionFile:
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, ast, ... (24 modules)
    from tooltutor.course.yamlsource import YamlFileError, parse_yaml

    try:
        doc = parse_yaml(text)
    except YamlFileError as err:
        raise UserError(f"{name}:{err.line}:{err.column}: {err.message}") from None
    value = doc.value
    if not isinstance(value, dict) or not isinstance(value.get("interactions"), list):
        raise UserError(
            t(
                "{path} is not a session: expected JSON Lines of exchanges, a HAR file or a "
                "cassette with `interactions`",
                path=name,
            )
        )
    session = SessionFile(name, text, "cassette")
    lines = text.split("\n")

    def locate(ptr: str) -> tuple[int, int]:
        # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, ... (24 modules)
        from tooltutor.course.yamlsource import locate as find

        return tuple(find(doc.positions, ptr))  # type: ignore[return-value]

    def binary(ptr: str) -> bool:
        line, column = locate(ptr)
        return lines[line - 1][column - 1 :].startswith("!!binary") if line <= len(lines) else False

    for n, item in enumerate(value["interactions"]):
        _interaction(session, item, f"/interactions/{n}", locate, binary)
    return session


def _interaction(
    session: SessionFile,
    item: Any,
    ptr: str,
    locate: Callable[[str], tuple[int, int]],
    binary: Callable[[str], bool] = lambda ptr: False,
) -> None:
    """One vcrpy interaction: the request's `uri` and `body`, the response's body string."""
    request = item.get("request") if isinstance(item, dict) else None
    if not isinstance(request, dict):
        session.skipped += 1
        return
    url = request.get("uri", request.get("url"))
    fmt = format_for_url(url) if isinstance(url, str) else None
    method = str(request.get("method", "POST")).upper()
    body, body_ptr = request.get("body"), f"{ptr}/request/body"
    if isinstance(body, dict) and "string" in body:
        body, body_ptr = body["string"], body_ptr + "/string"
    raw = _decoded(body, binary(body_ptr), request.get("headers"))
    try:
        parsed = json.loads(raw) if isinstance(raw, (str, bytes)) else raw
    except ValueError:
        parsed = None
    if fmt is None or method != "POST" or not isinstance(parsed, (dict, list)):
        session.skipped += 1
        return
    response = item.get("response") if isinstance(item, dict) else None
    status, answer, resp_ptr = None, None, f"{ptr}/response/body/string"
    if isinstance(response, dict):
        code = response.get("status")
        status = code.get("code") if isinstance(code, dict) else code
        holder = response.get("body")
        text = holder.get("string") if isinstance(holder, dict) else holder
        headers = response.get("headers")
        content = _decoded(text, binary(resp_ptr), headers)
        answer = _response_body(content, fmt, _header(headers, "content-type"))
    session.records.append(
        Recorded(
            Exchange(parsed, answer, fmt, status if isinstance(status, int) else None),
            locate(ptr)[0],
            body_ptr,
            resp_ptr,
            lambda path, p=body_ptr: locate(p),
            lambda path, p=resp_ptr: locate(p),
        )
    )


def _header(headers: Any, name: str) -> str:
    if not isinstance(headers, dict):
        return ""
    for key, value in headers.items():
        if str(key).lower() == name:
            return str(value[0] if isinstance(value, list) and value else value)
    return ""


def _decoded(body: Any, is_binary: bool, headers: Any) -> Any:
    """A cassette body as text: `!!binary` base64 decoded, gzip or deflate undone."""
    if not isinstance(body, str) or not is_binary:
        return body
    try:
        raw = base64.b64decode(body)
    except ValueError:
        return body
    encoding = _header(headers, "content-encoding").lower()
    if "gzip" in encoding or raw[:2] == b"\x1f\x8b":
        try:
            raw = zlib.decompress(raw, 16 + zlib.MAX_WBITS)
        except zlib.error:
            return None
    elif "deflate" in encoding:
        try:
            raw = zlib.decompress(raw)
        except zlib.error:
            return None
    return raw.decode("utf-8", "replace")


def file_pointer(base: str, path: str) -> str:
    """A pointer from the file's root: the record's body pointer, then the body's path."""
    return base + path if path else base


__all__ = ["SESSION_SUFFIXES", "Recorded", "SessionFile", "file_pointer", "pointer", "read_session"]
