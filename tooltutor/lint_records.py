"""The requests inside log records, for `tooltutor lint` (see `tooltutor.lint_inputs`).

`find_requests(document)` returns every request a document holds, as `Found` (where it
stands, the value, the format its record names). The shapes it reads:

- OpenAI Batch API input lines (`custom_id`, `method`, `url`, `body`): the `body`, as
  the API of its `url`;
- Anthropic Message Batches (`custom_id`, `params`, or `{"requests": [...]}` of them):
  the `params`, as the Messages API;
- HTTP logs: `{"request": ...}`, `{"body": ...}`, `request_body`, `requestBody`,
  `payload`, `json`, `data` (an object, or JSON text in a string), nested, with a `url`
  or `path` beside that names the endpoint; HAR files and entries
  (`log.entries[].request.postData.text`, as the API of `request.url`);
- LiteLLM: the raw `proxy_server_request` body (at the top, in `metadata` or in
  `litellm_params`, as the API of its `url`); else a `StandardLoggingPayload`
  (`call_type`, `messages`, `model_parameters`, or under `standard_logging_object`),
  rebuilt from `model`, `messages` and the tool fields of `model_parameters`, as the API
  its `call_type` names (`anthropic_messages`, `*responses`, else Chat Completions);
- OpenTelemetry spans, as OTLP JSON (`resourceSpans[].scopeSpans[].spans[]`) or one span
  with `attributes` (OTLP's list of `{key, value}`, or an object): the JSON text of the
  `input.value` attribute (OpenInference) or of `request_data` (Logfire), as the API of
  a `url.path`, `url.full`, `http.url` or `url` attribute, else of `llm.provider`,
  `llm.system`, `gen_ai.system` or `gen_ai.provider.name` (`anthropic`), else detected.

A record with a URL whose path is not one of the three endpoints (embeddings, files...)
holds no request to lint. `is_request` (what `lint` judges as it is) lives here too, so
that the two modules import one way only.
"""

from __future__ import annotations

import json

from checker.diagnostics import pointer
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Found", "find_requests", "is_request"]


def is_request(value: Any) -> bool:
    """A request body (or a bare array of messages): what `lint` judges as it is.

    A LiteLLM log record (it has `call_type`) is not one, though it has `messages`.
    """
    if isinstance(value, list):
        return True
    if not isinstance(value, dict):
        return False
    if "messages" in value and "call_type" not in value:
        return True
    return "input" in value and "model" in value and "output" not in value


#: How deep wrappers are searched for a request (`{"log": {"entries": [{"request": ...}]}}`).
MAX_DEPTH = 5

#: Keys whose value may be the request, in the order they are tried.
BODY_KEYS = ("request", "body", "request_body", "requestBody", "payload", "json", "data")
#: Keys that hold the URL (or path) a record's request went to.
URL_KEYS = ("url", "path", "endpoint", "request_url", "url.path", "url.full", "http.url")
#: OpenTelemetry attributes holding a request body as JSON text.
SPAN_BODY_ATTRIBUTES = ("input.value", "request_data")
SPAN_PROVIDER_ATTRIBUTES = ("llm.provider", "llm.system", "gen_ai.system", "gen_ai.provider.name")
#: The fields of a LiteLLM `model_parameters` that go into the rebuilt request.
LITELLM_FIELDS = (
    "system",
    "tools",
    "tool_choice",
    "parallel_tool_calls",
    "functions",
    "function_call",
    "thinking",
    "reasoning_effort",
    "max_tokens",
    "max_completion_tokens",
)


class Found(NamedTuple):
    """A request inside a document.

    `pointer` is where it stands in the document ("" for the document itself). `value` is
    the request. `format` is the API it was sent to when the record says so (None:
    detect). `embedded`: the request was JSON text in the string at `pointer`. `origins`
    maps the top-level fields of a rebuilt request to where they stand in the document.
    `fragment`: judge it without asking for the fields every request must carry.
    """

    pointer: str
    value: Any
    format: str | None
    kind: str
    embedded: bool = False
    origins: dict[str, str] | None = None
    fragment: bool = False
    #: the HTTP request headers the record kept beside the body (HAR, HTTP logs), lower-case
    #: names; None when it kept none
    headers: dict[str, str] | None = None


def find_requests(document: Any) -> list[Found]:
    """The requests in a document: itself when it is one, else those its records wrap."""
    if is_request(document):
        return [Found("", document, None, "request")]
    out: list[Found] = []
    _search(document, "", out, 0, None)
    return out


def _headers_of(record: dict[str, Any]) -> dict[str, str] | None:
    """The request headers a record keeps: an object, or HAR's list of `{name, value}`."""
    raw = record.get("headers")
    if isinstance(raw, dict):
        return {str(k).lower(): _header_value(v) for k, v in raw.items()}
    if isinstance(raw, list):
        found = {}
        for item in raw:
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                found[item["name"].lower()] = _header_value(item.get("value"))
        return found
    return None


def _header_value(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value)


def _search(
    value: Any,
    ptr: str,
    out: list[Found],
    depth: int,
    url: str | None,
    headers: dict[str, str] | None = None,
) -> None:
    if depth > MAX_DEPTH or not isinstance(value, dict):
        return
    url = _url_of(value) or url
    headers = _headers_of(value) or headers
    if "standard_logging_object" in value and isinstance(value["standard_logging_object"], dict):
        _search(
            value["standard_logging_object"], ptr + "/standard_logging_object", out, depth + 1, url
        )
        return
    if _litellm(value, ptr, out):
        return
    if "custom_id" in value and isinstance(value.get("params"), dict):
        out.append(Found(ptr + "/params", value["params"], "anthropic", "anthropic-batch"))
        return
    if isinstance(value.get("requests"), list):
        for n, item in enumerate(value["requests"]):
            if isinstance(item, dict) and isinstance(item.get("params"), dict):
                out.append(
                    Found(
                        f"{ptr}/requests/{n}/params", item["params"], "anthropic", "anthropic-batch"
                    )
                )
        if out:
            return
    if isinstance(value.get("log"), dict) and isinstance(value["log"].get("entries"), list):
        for n, entry in enumerate(value["log"]["entries"]):
            _search(entry, f"{ptr}/log/entries/{n}", out, depth + 2, None)
        return
    if _spans(value, ptr, out):
        return
    post = value.get("postData")
    if isinstance(post, dict) and isinstance(post.get("text"), str):  # a HAR request
        _candidate(post["text"], ptr + "/postData/text", out, depth, url, "har", headers)
        return
    for key in BODY_KEYS:
        if key in value and _candidate(
            value[key], ptr + pointer(key), out, depth, url, _kind(key, value), headers
        ):
            return


def _kind(key: str, record: dict[str, Any]) -> str:
    if key == "body" and "custom_id" in record:
        return "openai-batch"
    return "http"


def _candidate(
    value: Any,
    ptr: str,
    out: list[Found],
    depth: int,
    url: str | None,
    kind: str,
    headers: dict[str, str] | None = None,
) -> bool:
    """Add the request `value` is (or holds); whether it was one."""
    embedded = False
    if isinstance(value, str):
        parsed = _json_text(value)
        if parsed is None:
            return False
        value, embedded = parsed, True
    if isinstance(value, dict) and is_request(value):
        fmt = _format_of(url)
        if fmt != "":
            out.append(Found(ptr, value, fmt or None, kind, embedded, headers=headers))
        return True
    if embedded:
        return False
    before = len(out)
    _search(value, ptr, out, depth + 1, url, headers)
    return len(out) > before


def _format_of(url: str | None) -> str | None:
    """The format of a request sent to `url`; None when unknown; "": not a lint endpoint."""
    if not url:
        return None
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import format_for_url

    return format_for_url(url) or ""


def _url_of(record: dict[str, Any]) -> str | None:
    for key in URL_KEYS:
        found = record.get(key)
        if isinstance(found, str) and found:
            return found
    return None


def _json_text(text: str) -> Any:
    """The request held in a string of JSON text, or None."""
    stripped = text.lstrip()
    if not stripped.startswith(("{", "[")):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, (dict, list)) else None


def _litellm(record: dict[str, Any], ptr: str, out: list[Found]) -> bool:
    """LiteLLM's logs: the raw `proxy_server_request`, else the StandardLoggingPayload."""
    for where in ("", "/metadata", "/litellm_params"):
        holder = record if not where else record.get(where[1:])
        if isinstance(holder, dict) and "proxy_server_request" in holder:
            raw = holder["proxy_server_request"]
            at = ptr + where + "/proxy_server_request"
            parsed = _json_text(raw) if isinstance(raw, str) else raw
            if isinstance(parsed, dict) and isinstance(parsed.get("body"), dict):
                fmt = _format_of(_url_of(parsed))
                if fmt != "":  # (the body of a request to another endpoint is skipped)
                    embedded = isinstance(raw, str)
                    found = Found(at + "/body", parsed["body"], fmt or None, "litellm", embedded)
                    out.append(found)
                return True
    if "call_type" not in record:  # a LiteLLM record: StandardLoggingPayload, spend log
        return False
    messages = record.get("messages")
    at_messages = ptr + "/messages"
    if isinstance(messages, str):
        messages = _json_text(messages)
    if not isinstance(messages, list):
        return True  # a LiteLLM record with no messages to judge (an embedding, a redacted log)
    call = str(record.get("call_type") or "")
    fmt = "anthropic" if "anthropic" in call else "responses" if "responses" in call else "openai"
    body: dict[str, Any] = {}
    origins = {"": ptr}
    model = record.get("model")
    if isinstance(model, str) and model:
        body["model"] = model.rpartition("/")[2]  # `anthropic/claude-...` is LiteLLM's naming
        origins["model"] = ptr + "/model"
    body["input" if fmt == "responses" else "messages"] = messages
    origins["input" if fmt == "responses" else "messages"] = at_messages
    params = record.get("model_parameters")
    if isinstance(params, dict):
        for key in LITELLM_FIELDS:
            if key in params:
                body[key] = params[key]
                origins[key] = ptr + "/model_parameters" + pointer(key)
    out.append(Found(ptr, body, fmt, "litellm", False, origins, True))
    return True


def _spans(record: dict[str, Any], ptr: str, out: list[Found]) -> bool:
    """OpenTelemetry spans: OTLP JSON batches, or one span with attributes."""
    batches = record.get("resourceSpans")
    if isinstance(batches, list):
        for i, batch in enumerate(batches):
            scopes = (
                batch.get("scopeSpans", batch.get("instrumentationLibrarySpans"))
                if isinstance(batch, dict)
                else None
            )
            key = (
                "scopeSpans"
                if isinstance(batch, dict) and "scopeSpans" in batch
                else "instrumentationLibrarySpans"
            )
            for j, scope in enumerate(scopes if isinstance(scopes, list) else ()):
                spans = scope.get("spans") if isinstance(scope, dict) else None
                for k, span in enumerate(spans if isinstance(spans, list) else ()):
                    if isinstance(span, dict):
                        _span(span, f"{ptr}/resourceSpans/{i}/{key}/{j}/spans/{k}", out)
        return True
    if "attributes" in record and isinstance(record["attributes"], (list, dict)):
        return _span(record, ptr, out)
    return False


def _span(span: dict[str, Any], ptr: str, out: list[Found]) -> bool:
    attributes = _attributes(span.get("attributes"), ptr + "/attributes")
    for name in SPAN_BODY_ATTRIBUTES:
        if name not in attributes:
            continue
        text, at = attributes[name]
        if name == "input.value":
            mime = attributes.get("input.mime_type", ("application/json", ""))[0]
            if isinstance(mime, str) and "json" not in mime:
                continue
        parsed = _json_text(text) if isinstance(text, str) else None
        if not isinstance(parsed, dict) or not is_request(parsed):
            continue
        fmt = _format_of(
            next(
                (
                    attributes[k][0]
                    for k in URL_KEYS
                    if k in attributes and isinstance(attributes[k][0], str)
                ),
                None,
            )
        )
        if fmt == "":
            return True
        if fmt is None:
            providers = [attributes[k][0] for k in SPAN_PROVIDER_ATTRIBUTES if k in attributes]
            fmt = "anthropic" if any(str(p).lower() == "anthropic" for p in providers) else None
        out.append(Found(at, parsed, fmt, "otel", True, None, True))
        return True
    return False


def _attributes(raw: Any, ptr: str) -> dict[str, tuple[Any, str]]:
    """Span attributes as name -> (value, pointer to it): OTLP's list or a plain object."""
    found: dict[str, tuple[Any, str]] = {}
    if isinstance(raw, dict):
        for key, value in raw.items():
            found[key] = (value, ptr + pointer(key))
    elif isinstance(raw, list):
        for n, item in enumerate(raw):
            if not isinstance(item, dict) or not isinstance(item.get("key"), str):
                continue
            value = item.get("value")
            if isinstance(value, dict):  # OTLP AnyValue: {"stringValue": "..."}
                for kind in ("stringValue", "intValue", "boolValue", "doubleValue"):
                    if kind in value:
                        found[item["key"]] = (value[kind], f"{ptr}/{n}/value/{kind}")
                        break
            else:
                found[item["key"]] = (value, f"{ptr}/{n}/value")
    return found
