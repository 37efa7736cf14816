"""Read a public recording of API traffic and keep what the linter is judged on.

A recording is any file that holds HTTP exchanges with the three APIs and their answers:

- VCR.py / pytest-recording cassettes (YAML `interactions:`; `parsed_body` too);
- Ruby VCR cassettes (YAML `http_interactions:`);
- HAR files (`log.entries`);
- Go `httprr` traces (`httprr trace v1`);
- .NET session records (`Entries` with `RequestUri`, `RequestBody`, `StatusCode`);
- nock / Polly-style JSON arrays (`[{"scope", "path", "body", "status", "response"}]`).

Kept: the POSTs to the first-party endpoints (`api.anthropic.com/v1/messages`,
`api.openai.com/v1/chat/completions`, `api.openai.com/v1/responses`) answered 2xx or 400,
with the request body made small (long strings cut, base64 and signatures shortened to a
few valid characters), the headers that rules read (`anthropic-beta`,
`anthropic-version`, `openai-beta`), and for a 400 the API's error message: the evidence.
Identical bodies are kept once. Nothing else of the file (code, responses) is kept.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import re
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

#: (host, path) -> format of the body
ENDPOINTS = {
    ("api.anthropic.com", "/v1/messages"): "anthropic",
    ("api.openai.com", "/v1/chat/completions"): "openai",
    ("api.openai.com", "/v1/responses"): "responses",
}
#: request headers the rules read (lower case)
KEPT_HEADERS = ("anthropic-beta", "anthropic-version", "openai-beta")
#: strings longer than this are cut (the text of prompts and documents)
MAX_TEXT = 1200
#: what a cut string ends with
CUT = " [...]"
#: keys whose string values are opaque tokens (kept short)
OPAQUE_KEYS = ("signature", "encrypted_content", "data", "file_data", "encrypted_index")
_BASE64 = re.compile(r"^[A-Za-z0-9+/=_-]{200,}$")
_DATA_URL = re.compile(r"^(data:[^;,]{1,100}(?:;[^;,]{1,100})*;base64,)(.*)$", re.S)
#: a 1x1 PNG: what a long base64 value is shortened to
SHORT_BASE64 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4"
    "DwABBAEAwS2OUAAAAABJRU5ErkJggg=="
)


class Exchange(dict):
    """One kept exchange: url, status, format, headers, body, error (for a 400)."""


def endpoint_format(url: str) -> str | None:
    parts = urlsplit(url)
    return ENDPOINTS.get(((parts.hostname or "").lower(), parts.path.rstrip("/")))


def minimize(value: Any, key: str | None = None) -> Any:
    """The body with long strings cut and opaque tokens shortened; its shape untouched."""
    if isinstance(value, dict):
        return {k: minimize(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [minimize(v, key) for v in value]
    if not isinstance(value, str):
        return value
    found = _DATA_URL.match(value)
    if found and len(value) > 200:
        return found.group(1) + SHORT_BASE64
    if key in OPAQUE_KEYS and len(value) > 64:
        return value[:48] + "=="  # a token: its value is never judged, only its presence
    if _BASE64.match(value) and len(value) > 400:
        return SHORT_BASE64
    if len(value) > MAX_TEXT:
        return value[:MAX_TEXT] + CUT
    return value


def _text(raw: Any) -> str | None:
    """A body as text: strings, bytes (gzip or deflate too), `{string: ...}` wrappers."""
    if raw is None:
        return None
    if isinstance(raw, dict):
        for k in ("string", "text", "base64_string"):
            if k in raw:
                if k == "base64_string":
                    import base64

                    return _text(base64.b64decode(raw[k]))
                return _text(raw[k])
        return None
    if isinstance(raw, (bytes, bytearray)):
        data = bytes(raw)
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        elif data[:1] == b"\x78":
            with contextlib.suppress(zlib.error):
                data = zlib.decompress(data)
        return data.decode("utf-8", "replace")
    if isinstance(raw, str):
        return raw
    return None


def _json(raw: Any) -> Any:
    if isinstance(raw, dict) and "string" in raw and set(raw) <= {"string", "encoding"}:
        raw = raw["string"]  # a VCR body wrapper: `{encoding: UTF-8, string: '...'}`
    if isinstance(raw, dict) and raw.get("type") == "json" and "content" in raw:
        raw = raw["content"]  # pydantic-ai's newer cassettes: `{type: json, content: ...}`
    if isinstance(raw, (dict, list)):
        return raw
    text = _text(raw)
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _headers(raw: Any) -> dict[str, str]:
    """Headers in any of the recorders' shapes, lower-cased, only those kept."""
    pairs: list[tuple[str, Any]] = []
    if isinstance(raw, dict):
        pairs = list(raw.items())
    elif isinstance(raw, list):
        for item in raw:
            if isinstance(item, dict) and "name" in item:
                pairs.append((item["name"], item.get("value")))
    out: dict[str, str] = {}
    for name, value in pairs:
        name = str(name).lower()
        if name not in KEPT_HEADERS:
            continue
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        out[name] = str(value)
    return out


def _error_text(body: Any) -> str:
    """The API's error message out of a 400's response body."""
    parsed = _json(body)
    if isinstance(parsed, dict):
        err = parsed.get("error")
        if isinstance(err, dict):
            message = err.get("message") or json.dumps(err)
            extra = [f"{k}={err[k]}" for k in ("type", "code", "param") if err.get(k)]
            return (str(message) + (" (" + ", ".join(extra) + ")" if extra else ""))[:2000]
        if isinstance(err, str):
            return err[:2000]
    text = _text(body) or ""
    return text[:2000]


def _exchange(url, method, headers, body, status, response) -> Exchange | None:
    if not isinstance(url, str) or str(method or "POST").upper() != "POST":
        return None
    fmt = endpoint_format(url)
    if fmt is None:
        return None
    try:
        status = int(status)
    except (TypeError, ValueError):
        return None
    if not (200 <= status < 300 or status == 400):
        return None
    parsed = _json(body)
    if not isinstance(parsed, dict):
        return None
    ex = Exchange(
        url=url.split("?", 1)[0],
        status=status,
        format=fmt,
        headers=_headers(headers),
        body=minimize(parsed),
    )
    if status == 400:
        ex["error"] = _error_text(response)
    if not ex["headers"] and not _any_headers(headers):
        ex["headers"] = None  # the recording kept no headers: what they held is unknown
    return ex


def _any_headers(raw: Any) -> bool:
    """Whether the recorder kept the request's own headers (an SDK always sends a version
    or a user agent); if it kept only a few, the beta header may have been dropped."""
    names = set()
    if isinstance(raw, dict):
        names = {str(k).lower() for k in raw}
    elif isinstance(raw, list):
        names = {str(i.get("name", "")).lower() for i in raw if isinstance(i, dict)}
    return "anthropic-version" in names or "user-agent" in names


# --------------------------------------------------------------------------- readers


def _yaml(text: str) -> Any:
    import yaml

    class Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        pass

    def binary(loader, node):
        import base64

        return base64.b64decode(loader.construct_scalar(node))

    Loader.add_constructor("!binary", binary)
    Loader.add_multi_constructor(
        "!ruby/",
        lambda loader, suffix, node: (
            loader.construct_mapping(node)
            if isinstance(node, yaml.MappingNode)
            else loader.construct_scalar(node)
        ),
    )
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    return yaml.load(text, Loader=Loader)


def _vcr(doc: dict) -> list[Exchange]:
    out = []
    for item in doc.get("interactions") or doc.get("http_interactions") or []:
        if not isinstance(item, dict):
            continue
        req, resp = item.get("request") or {}, item.get("response") or {}
        body = req.get("parsed_body", req.get("body"))
        status = resp.get("status")
        if isinstance(status, dict):
            status = status.get("code")
        response = resp.get("parsed_body", resp.get("body"))
        out.append(
            _exchange(req.get("uri"), req.get("method"), req.get("headers"), body, status, response)
        )
    return [e for e in out if e]


def _har(doc: dict) -> list[Exchange]:
    out = []
    for entry in (doc.get("log") or {}).get("entries") or []:
        req, resp = entry.get("request") or {}, entry.get("response") or {}
        body = (req.get("postData") or {}).get("text")
        content = (resp.get("content") or {}).get("text")
        out.append(
            _exchange(
                req.get("url"),
                req.get("method"),
                req.get("headers"),
                body,
                resp.get("status"),
                content,
            )
        )
    return [e for e in out if e]


def _session_records(doc: dict) -> list[Exchange]:
    out = []
    for entry in doc.get("Entries") or []:
        out.append(
            _exchange(
                entry.get("RequestUri"),
                entry.get("RequestMethod"),
                entry.get("RequestHeaders"),
                entry.get("RequestBody"),
                entry.get("StatusCode"),
                entry.get("ResponseBody"),
            )
        )
    return [e for e in out if e]


def _nock(doc: list) -> list[Exchange]:
    out = []
    for entry in doc:
        if not isinstance(entry, dict) or "scope" not in entry:
            continue
        url = str(entry.get("scope", "")).rstrip("/") + str(entry.get("path", ""))
        out.append(
            _exchange(
                url,
                entry.get("method"),
                entry.get("reqheaders"),
                entry.get("body"),
                entry.get("status", 200),
                entry.get("response"),
            )
        )
    return [e for e in out if e]


def _httprr(data: bytes) -> list[Exchange]:
    """Go's httprr: `httprr trace v1\\n`, then `REQLEN RESPLEN\\n` and the raw bytes."""
    out = []
    pos = data.index(b"\n") + 1
    while pos < len(data):
        end = data.index(b"\n", pos)
        sizes = data[pos:end].split()
        if len(sizes) != 2:
            break
        n, m = int(sizes[0]), int(sizes[1])
        request = data[end + 1 : end + 1 + n]
        response = data[end + 1 + n : end + 1 + n + m]
        pos = end + 1 + n + m
        head, _, body = request.partition(b"\r\n\r\n")
        if not _:
            head, _, body = request.partition(b"\n\n")
        lines = head.decode("utf-8", "replace").splitlines()
        method, url = (lines[0].split(" ") + ["", ""])[:2]
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        rhead, _, rbody = response.partition(b"\r\n\r\n")
        if not _:
            rhead, _, rbody = response.partition(b"\n\n")
        status_line = rhead.decode("utf-8", "replace").splitlines()[0] if rhead else ""
        status = status_line.split(" ")[1] if " " in status_line else None
        out.append(_exchange(url, method, headers, body, status, rbody))
    return [e for e in out if e]


def read_recording(path: str | Path) -> list[Exchange]:
    """Every exchange worth keeping in one recording file, identical bodies once."""
    data = Path(path).read_bytes()
    exchanges: list[Exchange] = []
    if data.startswith(b"httprr trace"):
        exchanges = _httprr(data)
    else:
        text = data.decode("utf-8", "replace")
        try:
            doc = json.loads(text)
        except ValueError:
            try:
                doc = _yaml(text)
            except Exception:  # noqa: BLE001 (a file that is no recording)
                doc = None
        if isinstance(doc, dict) and ("interactions" in doc or "http_interactions" in doc):
            exchanges = _vcr(doc)
        elif isinstance(doc, dict) and "log" in doc:
            exchanges = _har(doc)
        elif isinstance(doc, dict) and "Entries" in doc:
            exchanges = _session_records(doc)
        elif isinstance(doc, list):
            exchanges = _nock(doc)
    seen: set[str] = set()
    kept = []
    for ex in exchanges:
        key = body_key(ex)
        if key not in seen:
            seen.add(key)
            kept.append(ex)
    return kept


def body_key(ex: dict) -> str:
    """What makes two exchanges the same request: the endpoint, the status and the body."""
    return ex["format"] + str(ex["status"]) + json.dumps(ex["body"], sort_keys=True)
