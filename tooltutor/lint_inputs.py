"""What `tooltutor lint` reads: JSON files, JSON Lines logs and folders, and the requests
inside log records.

A `.json` file is one JSON document; a `.jsonl` or `.ndjson` file (or any input with
`--jsonl`) holds one document per line, as proxies and tracing tools log them. A document
is linted as a request when it is one (an object with `messages`, a Responses body with
`model` and `input`, or a bare array of messages); otherwise the requests inside it are
found in the shapes `tooltutor.lint_records` reads: OpenAI and Anthropic batches, HTTP logs
and HAR files, LiteLLM payloads and spend logs, OpenTelemetry spans.

A record with a URL whose path is not one of the three endpoints (embeddings, files...) is
skipped. A JSON Lines record in none of these shapes is skipped and counted, unless it has
a `model` and is not a response (then it is linted as a request, to report what it lacks).
Requests rebuilt from a LiteLLM payload, and those taken from spans, are judged as
fragments: the fields every request must carry (`model`, `max_tokens`) are not asked for,
since those logs keep them apart.

Diagnostics are placed at the line and column of the file. Their `path` is a JSON pointer
from the root of the document (the file, or the line), through the wrapper: `/body/messages/1`.
For a request kept as JSON text inside a string (`"body": "{...}"`), the pointer goes on
into the parsed string, and the position is that of the string.

Nothing here imports an SDK or httpx.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator

from checker.diagnostics import Diagnostic, LintResult, pointer, split_pointer
from checker.records import record  # a dataclass, without its import cost
from tooltutor.lint_records import find_requests, is_request

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "JSONL_SUFFIXES",
    "REQUEST_SUFFIXES",
    "DocumentReport",
    "Options",
    "RequestReport",
    "is_request",
    "lint_document",
    "lint_file",
    "lint_jsonl",
    "looks_like_jsonl",
    "walk",
]

#: Suffixes of the files a folder is searched for (any case).
REQUEST_SUFFIXES = (".json", ".jsonl", ".ndjson")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
#: Folders never searched: hidden ones (`.git`, `.venv`) and these.
SKIPPED_DIRS = frozenset({"node_modules", "__pycache__"})
#: Markers of a response, not a request (such records are skipped).
RESPONSE_KEYS = ("choices", "output", "stop_reason", "completion")


@record
class RequestReport:
    """One request linted: in `file`, at `line` (its record's line), where, and the result.

    The result's diagnostics carry the file's line:column and pointers from the document's
    root. `kind` names the shape it was found in ("request" when the document is one,
    "document" when it is judged as it is though it is not one; see `lint_records`).
    """

    file: str
    line: int | None
    pointer: str
    kind: str
    result: LintResult


@record
class DocumentReport:
    """One file (or standard input): its requests, the records skipped, and its text."""

    file: str
    jsonl: bool
    requests: list[RequestReport]
    skipped: int
    text: str


# --------------------------------------------------------------------------- linting


@record
class Options:
    """What the command line asks of every request."""

    format: str = "auto"
    model: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    skip_non_requests: bool = False
    #: keep the notes (reminders, what depends on a header); dropped by default
    show_notes: bool = False

    def __post_init__(self) -> None:
        self.select, self.ignore = tuple(self.select), tuple(self.ignore)


DEFAULTS = Options()


def _keep(options: Options) -> Callable[[Diagnostic], bool] | None:
    """Which diagnostics to report: `--select`/`--ignore`, and notes only when asked."""
    if not options.select and not options.ignore:
        if options.show_notes:
            return None
        return lambda d: d.severity != "note"
    # on first use, not at import: checker.rules, fnmatch (3 modules)
    from checker.rules import selector

    by_rule: Callable[[str], bool] = selector(options.select, options.ignore)
    if options.show_notes:
        return lambda d: by_rule(d.rule)
    return lambda d: d.severity != "note" and by_rule(d.rule)


def lint_document(
    text: str,
    name: str,
    options: Options = DEFAULTS,
    *,
    first_line: int = 1,
    record: bool = False,
    keep: Callable[[Diagnostic], bool] | None = None,
) -> tuple[list[RequestReport], bool]:
    """Lint the requests of one JSON document (a file, or a line at `first_line`).

    Returns the reports and whether the document was skipped (it held no request and
    `record` is true: a JSON Lines record, or `skip_non_requests`).
    """
    # on first use, not at import: checker.lint, checker.source, checker.detect, ... (7 modules)
    from checker.lint import lint_source, lint_value
    from checker.source import JsonSyntaxError, json_syntax_diagnostic, parse

    keep = keep if keep is not None else _keep(options)
    shift = first_line - 1
    try:
        doc = parse(text)
    except JsonSyntaxError as err:
        if shift:  # as if the line stood at its place in the file (the hint names lines)
            err = JsonSyntaxError(
                err.message,
                err.line + shift,
                err.column,
                pos=None if err.pos is None else err.pos + shift,
                doc=None if err.doc is None else "\n" * shift + err.doc,
                reason=err.reason,
            )
        found = [json_syntax_diagnostic(err)]
        result = LintResult.of("unknown", [d for d in found if keep is None or keep(d)])
        return [RequestReport(name, first_line, "", "document", result)], False
    if is_request(doc.value):
        items = None  # the document itself
    else:
        items = find_requests(doc.value)
        if not items:
            if record and not _looks_like_request(doc.value):
                return [], True
            items = None
    if items is None:  # the document is the request: judged as the text it is
        fmt = options.format
        result = lint_source(doc, fmt, model=options.model)
        diagnostics = [_shifted(d, shift) for d in result.diagnostics]
        kind = "request" if is_request(doc.value) else "document"
        kept = [d for d in diagnostics if keep is None or keep(d)]
        return [
            RequestReport(name, first_line, "", kind, LintResult.of(result.format, kept))
        ], False
    reports = []
    for item in items:
        fmt = options.format if options.format != "auto" else (item.format or "auto")
        result = lint_value(
            item.value, fmt, model=options.model, fragment=item.fragment, headers=item.headers
        )
        diagnostics = [_placed(d, item, doc, shift) for d in result.diagnostics]
        if keep is not None:
            diagnostics = [d for d in diagnostics if keep(d)]
        diagnostics.sort(key=lambda d: (d.line or 0, d.column or 0))
        line = doc.locate(item.pointer)[0] + shift
        kept_result = LintResult.of(result.format, diagnostics)
        reports.append(RequestReport(name, line, item.pointer, item.kind, kept_result))
    return reports, False


def _looks_like_request(value: Any) -> bool:
    """A record in no known shape that is still worth judging (it names a model)."""
    return (
        isinstance(value, dict) and "model" in value and not any(k in value for k in RESPONSE_KEYS)
    )


def _placed(d: Diagnostic, item: Any, doc: Any, shift: int) -> Diagnostic:
    """`d` (of the request `item`, a `lint_records.Found`) with its pointer from the
    document's root and the file's line:column."""
    if item.origins is not None:
        tokens = split_pointer(d.path)
        base = item.origins.get(tokens[0] if tokens else "")
        if base is None:
            path, at = item.pointer + d.path, item.pointer
        else:
            path = at = base + pointer(*tokens[1:])
    else:
        path = item.pointer + d.path
        at = item.pointer if item.embedded else path
    line, column = doc.locate(at)
    return d._replace(path=path, line=line + shift, column=column)


def _shifted(d: Diagnostic, shift: int) -> Diagnostic:
    return d._replace(line=(d.line or 1) + shift) if shift else d


def lint_jsonl(
    data: bytes, name: str, options: Options = DEFAULTS, *, first_line: int = 1
) -> tuple[list[RequestReport], int, str]:
    """Lint every line of a JSON Lines file: (reports, records skipped, the decoded text).

    `first_line`: the number of the first line of `data` in its file (a part of a file
    linted by one of `--jobs`' workers)."""
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import lint

    keep = _keep(options)
    reports: list[RequestReport] = []
    skipped = 0
    texts: list[str] = []
    lines = data.split(b"\n")
    if lines and lines[0].startswith(b"\xef\xbb\xbf"):
        lines[0] = lines[0][3:]
    for number, raw in enumerate(lines, first_line):
        raw = raw.removesuffix(b"\r")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            texts.append(raw.decode("utf-8", "replace"))
            result = lint(raw)  # the input-encoding diagnostic, at this line
            shifted = [_shifted(d, number - 1) for d in result.diagnostics]
            reports.append(
                RequestReport(name, number, "", "document", LintResult.of("unknown", shifted))
            )
            continue
        texts.append(line)
        if not line.strip():
            continue
        found, was_skipped = lint_document(
            line, name, options, first_line=number, record=True, keep=keep
        )
        reports.extend(found)
        skipped += was_skipped
    return reports, skipped, "\n".join(texts)


def lint_file(
    name: str, data: bytes, options: Options = DEFAULTS, *, jsonl: bool
) -> DocumentReport:
    """Lint the bytes of one file (or of standard input) as JSON, or as JSON Lines."""
    if jsonl:
        reports, skipped, text = lint_jsonl(data, name, options)
        return DocumentReport(name, True, reports, skipped, text)
    # on first use, not at import: checker.text_decoding (1 module)
    from checker.text_decoding import NotUtf8Error, decode_utf8

    try:
        text = decode_utf8(data)
    except NotUtf8Error:
        # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
        from checker.lint import lint

        keep = _keep(options)
        result = lint(data)
        kept = [d for d in result.diagnostics if keep is None or keep(d)]
        report = RequestReport(name, 1, "", "document", LintResult.of(result.format, kept))
        return DocumentReport(name, False, [report], 0, data.decode("utf-8", "replace"))
    reports, skipped = lint_document(text, name, options, record=options.skip_non_requests)
    return DocumentReport(name, False, reports, int(skipped), text)


def looks_like_jsonl(document: DocumentReport) -> bool:
    """A JSON document that failed to parse after its first line, whose first line is JSON
    by itself: JSON Lines read as one document (the command suggests `--jsonl`)."""
    if document.jsonl or len(document.requests) != 1:
        return False
    diagnostics = document.requests[0].result.diagnostics
    if len(diagnostics) != 1 or diagnostics[0].rule != "json-syntax":
        return False
    if (diagnostics[0].line or 1) < 2:
        return False

    try:
        json.loads(document.text.split("\n", 1)[0])
    except ValueError:
        return False
    return True


# --------------------------------------------------------------------------- files


def is_jsonl(name: str) -> bool:
    return name.lower().endswith(JSONL_SUFFIXES)


def walk(folder: str) -> Iterator[str]:
    """The request files under `folder`, sorted, hidden folders and symlinked ones skipped."""
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIPPED_DIRS)
        for file in sorted(files):
            if file.lower().endswith(REQUEST_SUFFIXES) and not file.startswith("."):
                yield os.path.join(root, file)
