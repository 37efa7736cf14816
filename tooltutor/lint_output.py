"""What `tooltutor lint` prints: `--output-format text|json|sarif|github`.

- `text`: compiler-style blocks (`file:line:col: error RULE: message`, the hint, the source
  line and a caret), then a summary. One JSON document in gives exactly the output of
  `checker.report.format_human`.
- `json`: one JSON document in gives `{"valid", "format", "diagnostics"}` (as `--json`
  always did); several requests (JSON Lines, folders, several files) give a report:
  `{"valid", "summary", "requests": [{"file", "line", "pointer", "kind", "valid", "format",
  "diagnostics"}]}`.
- `sarif`: a SARIF 2.1.0 log (one run; the rules that fired, with their summaries; a result
  per diagnostic at its file, line and column, with its JSON pointer as the logical
  location), for code-scanning uploads.
- `github`: GitHub Actions workflow commands, `::error file=F,line=L,col=C,title=RULE::text`
  (`::warning` for warnings, `::notice` for notes), so a workflow run annotates each line
  of a request file or a JSONL log; then the summary as a plain line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable

from checker.diagnostics import Diagnostic, LintResult
from checker.i18n import trn
from tooltutor import __version__
from tooltutor.lint_inputs import DocumentReport, RequestReport

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

OUTPUT_FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def single(documents: list[DocumentReport]) -> bool:
    """One JSON document in (not JSON Lines): printed as `lint` always printed one."""
    return len(documents) == 1 and not documents[0].jsonl


def merged(document: DocumentReport) -> LintResult:
    """The result of one document: every request's diagnostics, in the order of the text."""
    requests = document.requests
    formats = {r.result.format for r in requests}
    fmt = formats.pop() if len(formats) == 1 else ("mixed" if formats else "unknown")
    diagnostics = [d for r in requests for d in r.result.diagnostics]
    diagnostics.sort(key=lambda d: (d.line or 0, d.column or 0))
    return LintResult.of(fmt, diagnostics)


def valid(documents: Iterable[DocumentReport]) -> bool:
    return all(r.result.valid for doc in documents for r in doc.requests)


def render(documents: list[DocumentReport], output: str) -> str:
    """The whole output for `output` (one of `OUTPUT_FORMATS`)."""
    if output == "json":
        return json_output(documents)
    if output == "sarif":
        return json.dumps(sarif(documents), indent=2, ensure_ascii=False) + "\n"
    if output == "github":
        return github(documents)
    return text(documents)


# --------------------------------------------------------------------------- summary


class Counts:
    """Requests, invalid ones, diagnostics and skipped records, over some documents."""

    def __init__(self, documents: Iterable[DocumentReport]) -> None:
        self.files = self.requests = self.invalid = self.errors = self.warnings = 0
        self.notes = 0
        self.skipped = 0
        for doc in documents:
            self.files += 1
            self.skipped += doc.skipped
            for r in doc.requests:
                self.requests += 1
                self.invalid += not r.result.valid
                for d in r.result.diagnostics:
                    self.errors += d.is_error
                    self.warnings += d.severity == "warning"
                    self.notes += d.severity == "note"

    def to_dict(self) -> dict[str, int]:
        return {
            "files": self.files,
            "requests": self.requests,
            "valid": self.requests - self.invalid,
            "invalid": self.invalid,
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
            "skipped": self.skipped,
        }

    def line(self, *, files: bool = True) -> str:
        """`3 files, 40 requests: 2 invalid (3 errors, 1 warning); 5 records held no request`."""
        head = _n(self.requests, "request")
        if files:
            head = f"{_n(self.files, 'file')}, {head}"
        problems = []
        if self.errors:
            problems.append(trn(self.errors, "{n} error", "{n} errors"))
        if self.warnings:
            problems.append(trn(self.warnings, "{n} warning", "{n} warnings"))
        if self.notes:
            problems.append(trn(self.notes, "{n} note", "{n} notes"))
        if self.invalid:
            out = f"{head}: {self.invalid} invalid ({', '.join(problems)})"
        elif problems:
            out = f"{head}: valid ({', '.join(problems)})"
        else:
            out = f"{head}: valid, no problems found"
        if self.skipped:
            held = "record held" if self.skipped == 1 else "records held"
            out += f"; {self.skipped} {held} no request"
        return out


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --------------------------------------------------------------------------- text


def text(documents: list[DocumentReport]) -> str:
    # on first use, not at import: checker.report, unicodedata (2 modules)
    from checker.report import format_human

    if single(documents):
        doc = documents[0]
        return format_human(merged(doc), doc.text, doc.file)
    out: list[str] = []
    for doc in documents:
        result = merged(doc)
        if result.diagnostics:
            blocks = format_human(result, doc.text, doc.file).rstrip("\n")
            out.append(blocks.rpartition("\n\n")[0])  # its own summary line is replaced
        if result.diagnostics or (doc.jsonl and doc.skipped) or len(documents) == 1:
            out.append(f"{doc.file}: {Counts([doc]).line(files=False)}")
    if len(documents) != 1:
        out.append(Counts(documents).line())
    return "\n\n".join(out) + "\n"


# --------------------------------------------------------------------------- json


def json_output(documents: list[DocumentReport]) -> str:
    if single(documents):
        data: dict[str, Any] = merged(documents[0]).to_dict()
    else:
        data = {
            "valid": valid(documents),
            "summary": Counts(documents).to_dict(),
            "requests": [request_dict(r) for doc in documents for r in doc.requests],
        }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def request_dict(report: RequestReport) -> dict[str, Any]:
    return {
        "file": report.file,
        "line": report.line,
        "pointer": report.pointer,
        "kind": report.kind,
        "valid": report.result.valid,
        "format": report.result.format,
        "diagnostics": [d.to_dict() for d in report.result.diagnostics],
    }


# --------------------------------------------------------------------------- sarif


def sarif(documents: list[DocumentReport]) -> dict[str, Any]:
    """A SARIF 2.1.0 log of every diagnostic."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results = []
    for doc in documents:
        uri, base = _uri(doc.file)
        for report in doc.requests:
            for d in report.result.diagnostics:
                if d.rule not in index:
                    index[d.rule] = len(rules)
                    rules.append(_rule(d))
                location: dict[str, Any] = {"artifactLocation": {"uri": uri}}
                if base:
                    location["artifactLocation"]["uriBaseId"] = base
                if d.line is not None:
                    region: dict[str, int] = {"startLine": d.line}
                    if d.column is not None:
                        region["startColumn"] = d.column
                    location["region"] = region
                results.append(
                    {
                        "ruleId": d.rule,
                        "ruleIndex": index[d.rule],
                        "level": d.severity,
                        "message": {"text": _message(d)},
                        "locations": [
                            {
                                "physicalLocation": location,
                                "logicalLocations": [
                                    {"fullyQualifiedName": d.path or "/", "kind": "value"}
                                ],
                            }
                        ],
                        "properties": {
                            "pointer": d.path,
                            "format": report.result.format,
                            "request": report.pointer,
                        },
                    }
                )
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "tooltutor",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": rules,
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    if any(_uri(doc.file)[1] for doc in documents):
        run["originalUriBaseIds"] = {"%SRCROOT%": {"description": {"text": "the current folder"}}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(d: Diagnostic) -> dict[str, Any]:
    # on first use, not at import: checker.rules, fnmatch (3 modules)
    from checker import rules

    found = rules.get(d.rule)
    entry: dict[str, Any] = {"id": d.rule}
    if found is not None:
        entry["shortDescription"] = {"text": found.summary}
        if found.doc:
            entry["fullDescription"] = {"text": found.doc}
        entry["defaultConfiguration"] = {"level": found.severity}
        entry["properties"] = {"api": found.title, "tags": [found.api]}
    return entry


def _uri(name: str) -> tuple[str, str | None]:
    """The SARIF artifact URI of a file name, and its base id (None for absolute ones)."""
    # on first use, not at import: pathlib, urllib, errno, fnmatch, ... (7 modules)
    from pathlib import Path
    from urllib.parse import quote

    if name == "<stdin>":
        return "stdin", None
    path = Path(name)
    if path.is_absolute():
        return path.as_uri(), None
    return quote(name.replace(os.sep, "/").removeprefix("./")), "%SRCROOT%"


def _message(d: Diagnostic) -> str:
    return f"{d.message}\nhint: {d.hint}" if d.hint else d.message


# --------------------------------------------------------------------------- github


def github(documents: list[DocumentReport]) -> str:
    """GitHub Actions annotations, one per diagnostic, then the summary."""
    out = []
    for doc in documents:
        shown = "" if doc.file == "<stdin>" else doc.file.replace(os.sep, "/").removeprefix("./")
        for d in merged(doc).diagnostics:
            props = []
            if shown:
                props.append(f"file={_property(shown)}")
                if d.line is not None:
                    props.append(f"line={d.line}")
                    if d.column is not None:
                        props.append(f"col={d.column}")
            props.append(f"title={_property(d.rule)}")
            kind = {"error": "error", "warning": "warning"}.get(d.severity, "notice")
            out.append(f"::{kind} {','.join(props)}::{_data(d.rule + ': ' + _message(d))}")
    out.append(Counts(documents).line())
    return "\n".join(out) + "\n"


def _data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(value: str) -> str:
    return _data(value).replace(":", "%3A").replace(",", "%2C")
