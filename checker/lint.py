"""`lint`: judge a tool-calling request (or a bare messages array) as the real API would.

Input: JSON text (`str`, or `bytes` in UTF-8) or an already-parsed value. A request body
(an object with `messages`, or with `input` for the Responses API) gets every rule; a bare
array of messages (or of Responses input items) gets the message-level rules only (rules
about `tools`, `tool_choice` and the model need the body).

Format: `"anthropic"` (Messages API), `"openai"` (Chat Completions), `"responses"`
(OpenAI Responses API, `POST /v1/responses`), or `"auto"` to detect it (see
`detect_format`). When nothing tells the APIs apart (a plain text conversation), only the
general shape is checked and the result's format is `"unknown"`, with a `format-unknown`
warning.

Ids reported here, beyond the API rules of `checker.rules.anthropic`,
`checker.rules.openai` and `checker.rules.responses` (all declared in
`checker.rules.general`):

- `json-syntax` (error): the text is not JSON (see `checker.source`).
- `input-encoding` (error): the bytes are not UTF-8 text.
- `request-shape` (error): the document is not a request: not an object or array, no
  `messages` array (no `input` string or array for the Responses API), a message or item
  that is not an object, a missing or non-string `role` (an item with neither `type` nor
  `role`), missing or mistyped `content` (per API: see the format modules), an empty
  conversation, a value that is not JSON at all (Python objects given to `lint_value`).
- `format-unknown` (warning): the format could not be detected; only the shape was checked.

Diagnostics carry JSON pointers (`/messages/1/content/0`, `/input/2/call_id`) and come
sorted by their place in the document, with line:column when the input was text.
"""

from __future__ import annotations

import functools
import gc
import importlib
from collections.abc import Iterable, Mapping

from checker.detect import detect_format
from checker.diagnostics import Diagnostic, LintResult, json_type, pointer, split_pointer
from checker.i18n import tr
from checker.source import JsonSyntaxError, SourceDoc, json_syntax_diagnostic, parse
from checker.text_decoding import NotUtf8Error, decode_utf8, encoding_diagnostic

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

FORMATS = ("auto", "anthropic", "openai", "responses")
#: The endpoints whose request bodies `lint` judges: the end of a URL path -> its format.
#: (Any prefix may come before: `/v1/chat/completions`, a gateway's `/openai/chat/completions`.)
ENDPOINTS: dict[str, str] = {
    "/v1/messages": "anthropic",
    "/chat/completions": "openai",
    "/responses": "responses",
}
#: Non-JSON values reported per document before giving up (Python objects only).
_MAX_NOT_JSON = 20


def _without_gc(fn):
    """Run `fn` with the cyclic garbage collector paused. A lint builds many small objects
    and no cycles that outlive it; with the collector on, its passes over a request's
    objects grow with the request, so a 10,000-message request cost twice as much per
    message as a 100-message one. Paused, the cost per message stays flat."""

    @functools.wraps(fn)
    def paused(*args, **kwargs):
        if not gc.isenabled():
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused


@_without_gc
def lint(
    text_or_obj: str | bytes | bytearray | Any,
    format: str = "auto",
    *,
    model: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    headers: Mapping[str, Any] | None = None,
) -> LintResult:
    """Lint a request: JSON text (str or UTF-8 bytes) or a parsed value. Never raises on input.

    `format` is "auto", "anthropic", "openai" or "responses". `model` overrides the body's
    `model` for the model's rules (and enables them for a bare messages array). `select`
    keeps only the rules it names and `ignore` drops rules: rule ids, or globs such as
    `a-tool-*` (ValueError for a pattern that names no rule). `headers`: the request's
    HTTP headers when known (a log or a hook has them): what depends on `anthropic-beta`
    or `anthropic-version` is judged from them instead of being a note.
    """
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    if select or ignore:
        return _selected(lint(text_or_obj, format, model=model, headers=headers), select, ignore)
    failed_format = "unknown" if format == "auto" else format
    if isinstance(text_or_obj, (bytes, bytearray)):
        try:
            text_or_obj = decode_utf8(bytes(text_or_obj))
        except NotUtf8Error as problem:
            return LintResult.of(failed_format, [encoding_diagnostic(problem)])
    if isinstance(text_or_obj, str):
        try:
            doc = parse(text_or_obj)
        except JsonSyntaxError as err:
            return LintResult.of(failed_format, [json_syntax_diagnostic(err)])
        result = _lint(
            doc.value, format, bare=None, model=model, trusted=True, fragment=False, headers=headers
        )
        return _placed(result, doc)
    return lint_value(text_or_obj, format, model=model, headers=headers)


@_without_gc
def lint_value(
    obj: Any,
    format: str = "auto",
    *,
    bare: bool | None = None,
    model: str | None = None,
    fragment: bool = False,
    headers: Mapping[str, Any] | None = None,
) -> LintResult:
    """Lint a parsed value; diagnostics carry no line/column, sorted in document order.

    `bare=True` judges only the message-level rules even when `obj` is a full body (its
    `messages`, or its `input` items); `bare=None` decides by shape (an array is bare).
    `fragment=True`: a body that is part of a request (what an exercise asked for), so the
    fields every request must carry (`model`, `max_tokens`) are not asked for. Values that
    JSON cannot hold (sets, NaN, objects, cycles) are reported as `request-shape`.
    """
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    result = _lint(
        obj, format, bare=bare, model=model, trusted=False, fragment=fragment, headers=headers
    )
    order = sorted(
        range(len(result.diagnostics)),
        key=lambda n: (_document_order(obj, result.diagnostics[n].path), n),
    )
    return LintResult(result.valid, result.format, [result.diagnostics[n] for n in order])


@_without_gc
def lint_source(
    doc: SourceDoc,
    format: str = "auto",
    *,
    model: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    headers: Mapping[str, Any] | None = None,
) -> LintResult:
    """`lint` of JSON text already parsed by `checker.source.parse`: the text is not parsed
    again, and the diagnostics are placed at their line:column in `doc.text`."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    if select or ignore:
        return _selected(lint_source(doc, format, model=model, headers=headers), select, ignore)
    result = _lint(
        doc.value, format, bare=None, model=model, trusted=True, fragment=False, headers=headers
    )
    return _placed(result, doc)


def format_for_url(url: str) -> str | None:
    """The format of the request body an HTTP request to `url` carries, or None.

    `url` is a full URL or just its path; the query and fragment are ignored. A path that
    ends with one of `ENDPOINTS` names that endpoint's format:

        >>> format_for_url("https://api.anthropic.com/v1/messages?beta=true")
        'anthropic'
        >>> format_for_url("/v1/chat/completions"), format_for_url("/v1/responses")
        ('openai', 'responses')
        >>> format_for_url("https://api.openai.com/v1/embeddings") is None
        True
    """
    path = url.split("#", 1)[0].split("?", 1)[0]
    if "://" in path:
        path = "/" + path.split("://", 1)[1].partition("/")[2]
    path = "/" + path.strip("/")
    for suffix, fmt in ENDPOINTS.items():
        if path.endswith(suffix):
            return fmt
    return None


def _selected(result: LintResult, select: Iterable[str], ignore: Iterable[str]) -> LintResult:
    """`result` with only the diagnostics of the selected, not ignored rules."""
    # on first use, not at import: checker.rules, fnmatch (3 modules)
    from checker.rules import selector

    keep = selector(select, ignore)
    return LintResult.of(result.format, [d for d in result.diagnostics if keep(d.rule)])


def _placed(result: LintResult, doc: SourceDoc) -> LintResult:
    """Result with every diagnostic placed at its line:column, sorted by position."""
    placed = []
    for n, d in enumerate(result.diagnostics):
        line, column = doc.locate(d.path)
        placed.append(((line, column, n), d.at(line, column)))
    placed.sort(key=lambda pair: pair[0])
    return LintResult(result.valid, result.format, [d for _, d in placed])


# --------------------------------------------------------------------------- the walk


def _lint(
    obj: Any,
    format: str,
    *,
    bare: bool | None,
    model: str | None,
    trusted: bool,
    fragment: bool,
    headers: Mapping[str, Any] | None = None,
):
    out: list[Diagnostic] = []
    if not trusted:
        out.extend(_not_json(obj))
    body: dict[str, Any] | None = None
    container = isinstance(obj, (dict, list, tuple))
    detected = detect_format(obj) if format == "auto" and container else format
    if detected == "responses" and container:
        # on first use, not at import: checker.rules, checker.models, ... (31 modules)
        from checker.rules.responses import document

        return document.lint_responses(
            obj, out, bare=bare, model=model, fragment=fragment, headers=headers
        )
    if isinstance(obj, (list, tuple)):
        messages, prefix = obj, ""
    elif isinstance(obj, dict):
        messages = obj.get("messages")
        prefix = "/messages"
        if "messages" not in obj or not isinstance(messages, (list, tuple)):
            out.append(_not_a_request(obj))
            return LintResult.of(detected, out)
        body = None if bare else obj
    else:
        out.append(_not_a_body(obj, format))
        return LintResult.of("unknown" if format == "auto" else format, out)

    out.extend(_message_shape(messages, prefix, with_content=detected == "unknown"))
    if detected in ("anthropic", "openai"):  # only that API's rules are loaded
        rules = importlib.import_module(f"{__package__}.rules.{detected}")
        out.extend(
            rules.check(
                messages,
                body=body,
                prefix=prefix,
                model=model,
                complete=not fragment,
                headers=headers,
            )
        )
    else:
        out.append(
            Diagnostic(
                "format-unknown",
                "warning",
                "",
                tr(
                    "could not tell whether this is an Anthropic or an OpenAI request (no tool "
                    "calls, tool results or tool definitions): only the general shape was "
                    "checked"
                ),
                tr(
                    "To apply one API's rules, choose it: `tooltutor lint --format anthropic "
                    "FILE` or `--format openai`."
                )
                + " "
                + tr(
                    "For the Responses API (`input` instead of `messages`): `--format responses`."
                ),
            )
        )
    return LintResult.of(detected, out)


def _not_a_body(obj: Any, format: str) -> Diagnostic:
    """A document that is neither a request body nor a list of messages (or items)."""
    if format == "responses":
        return Diagnostic(
            "request-shape",
            "error",
            "",
            tr(
                "the document is {type}: expected a request body (an object with "
                "`input`) or an array of input items",
                type=json_type(obj),
            ),
            tr('Write e.g. `{"model": "gpt-5.5", "input": "Hello"}`.'),
        )
    return Diagnostic(
        "request-shape",
        "error",
        "",
        tr(
            "the document is {type}: expected a request body (an object with "
            "`messages`) or an array of messages",
            type=json_type(obj),
        ),
        tr(
            'Write e.g. `{"model": "...", "max_tokens": 1024, "messages": '
            '[{"role": "user", "content": "Hello"}]}`.'
        ),
    )


def _not_a_request(obj: dict[str, Any]) -> Diagnostic:
    if "messages" in obj:
        return Diagnostic(
            "request-shape",
            "error",
            "/messages",
            tr(
                "`messages` is {type}: it must be an array of messages",
                type=json_type(obj["messages"]),
            ),
            tr('Write `"messages": [{"role": "user", "content": "..."}]`.'),
        )
    if "choices" in obj:
        message = tr(
            "this is a Chat Completions response (it has `choices`), not a request: it has no "
            "`messages`"
        )
        hint = tr(
            "Lint the request you send: append `choices[0].message` to your `messages` and "
            "lint that body."
        )
    elif obj.get("type") == "message" or "stop_reason" in obj:
        message = tr(
            "this is a Messages API response (it has `stop_reason`/`type: message`), not a "
            "request: it has no `messages`"
        )
        hint = tr(
            'Lint the request you send: append `{"role": "assistant", "content": '
            "response.content}` to your `messages` and lint that body."
        )
    elif "role" in obj:
        message = tr("this is a single message, not a request: there is no `messages` array")
        hint = tr('Put it in an array, or in a body: `{"messages": [ ... ]}`.')
    else:
        message = tr("the request has no `messages`")
        hint = tr('Add `"messages": [{"role": "user", "content": "..."}]`.')
    return Diagnostic("request-shape", "error", "/messages", message, hint)


def _message_shape(messages: Any, prefix: str, *, with_content: bool) -> list[Diagnostic]:
    """`request-shape` for what both APIs require of every message."""
    out: list[Diagnostic] = []
    if not messages:
        out.append(
            Diagnostic(
                "request-shape",
                "error",
                prefix,
                tr("there are no messages: a request needs at least one"),
                tr('Add a user message: `{"role": "user", "content": "Hello"}`.'),
            )
        )
    for i, message in enumerate(messages):
        path = prefix + pointer(i)
        if not isinstance(message, dict):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path,
                    tr(
                        "`messages[{i}]` is {type}, not a message object",
                        i=i,
                        type=json_type(message),
                    ),
                    tr('Each message is an object: `{"role": "user", "content": "..."}`.'),
                )
            )
            continue
        role = message.get("role")
        if not isinstance(role, str):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path + "/role" if "role" in message else path,
                    tr(
                        "`role` of `messages[{i}]` is {type}, not a string",
                        i=i,
                        type=json_type(role),
                    )
                    if "role" in message
                    else tr("`messages[{i}]` has no `role`", i=i),
                    tr('Give every message a `role`: `"user"` or `"assistant"`.'),
                )
            )
        if not with_content:
            continue
        content = message.get("content")
        if "content" not in message or not isinstance(content, (str, list, tuple)):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path + "/content" if "content" in message else path,
                    tr(
                        "`content` of `messages[{i}]` is {type}: it must be a string or an array",
                        i=i,
                        type=json_type(content),
                    )
                    if "content" in message
                    else tr("`messages[{i}]` has no `content`", i=i),
                    tr("Write the message text as a string."),
                )
            )
    return out


def _not_json(obj: Any) -> list[Diagnostic]:
    """`request-shape` for values a JSON body cannot hold (Python input only).

    Walks without recursion; paths are kept as parent links, so very deep values cost
    linear memory.
    """
    out: list[Diagnostic] = []
    Link = tuple  # (token, parent link) or None for the root
    stack: list[tuple[Any, Link | None, bool]] = [(obj, None, False)]
    on_path: set[int] = set()  # containers being walked: meeting one again is a cycle
    done: set[int] = set()  # containers walked already (shared, not cyclic)
    while stack and len(out) < _MAX_NOT_JSON:
        value, link, leaving = stack.pop()
        if leaving:
            on_path.discard(id(value))
            done.add(id(value))
            continue
        problem = None
        if isinstance(value, (dict, list, tuple)):
            if id(value) in on_path:
                problem = tr("a value that contains itself (a cycle)")
            elif id(value) in done:
                continue
            else:
                on_path.add(id(value))
                stack.append((value, link, True))
                if isinstance(value, dict):
                    bad = [k for k in value if not isinstance(k, str)]
                    if bad:
                        problem = tr("an object with a key that is {type}", type=json_type(bad[0]))
                    items = [(v, (k, link)) for k, v in value.items() if isinstance(k, str)]
                else:
                    items = [(v, (n, link)) for n, v in enumerate(value)]
                stack.extend((v, w, False) for v, w in reversed(items))
        elif isinstance(value, float) and value - value != 0:  # inf or nan (no `math`)
            problem = tr("NaN or Infinity")
        elif not (value is None or isinstance(value, (str, int, float, bool))):
            problem = json_type(value)
        if problem is not None:
            tokens: list[str | int] = []
            while link is not None:
                tokens.append(link[0])
                link = link[1]
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    pointer(*reversed(tokens)),
                    tr("this is {problem}: a JSON request cannot hold it", problem=problem),
                    tr(
                        "Convert it to plain JSON data (dicts, lists, strings, numbers, "
                        "booleans, None) before sending."
                    ),
                )
            )
    return out


# --------------------------------------------------------------------------- ordering


def _document_order(root: Any, ptr: str) -> tuple[int, ...]:
    """A sort key that puts pointers in the order their values appear in `root`."""
    key: list[int] = []
    node = root
    for token in split_pointer(ptr):
        if isinstance(node, dict):
            keys = list(node)
            if token in node:
                key.append(keys.index(token))
                node = node[token]
                continue
            key.append(len(keys))
            break
        if isinstance(node, (list, tuple)) and token.isdigit() and int(token) < len(node):
            key.append(int(token))
            node = node[int(token)]
            continue
        key.append(1 << 30)
        break
    return tuple(key)
