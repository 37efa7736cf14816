"""`tooltutor lint --session`: a session file judged, and its report in each output format.

Every exchange is a request of the report, in file order: its own diagnostics and the
cross-turn ones, placed at the file's line and column, with pointers from the file's root
(through a HAR entry or a cassette's body text, into the parsed request). `--json` prints
`{"valid", "summary", "requests": [...]}`: one entry per exchange with `exchange` (its
number), `conversation`, `continues` (the exchange it continues, or null), `valid` and
`diagnostics`; a cross-turn diagnostic has `earlier`, the place in the exchange it compares
with (`exchange`, `part`, `path`, `line`, `column`, `pointer`). Text, SARIF and GitHub
output are those of every lint (`tooltutor.lint_output`).
"""

from __future__ import annotations

import json
from typing import Any

from checker.diagnostics import LintResult
from checker.session import lint_session
from tooltutor.i18n import t, tn
from tooltutor.lint_inputs import DocumentReport, Options, RequestReport
from tooltutor.session_inputs import Recorded, SessionFile, file_pointer


class SessionReport:
    """A session file and what the lint found: one `RequestReport` per exchange (broken
    lines too), and per exchange its conversation, what it continues and earlier places."""

    def __init__(self, session: SessionFile, options: Options) -> None:
        self.session = session
        records = session.records
        found = lint_session(
            [r.exchange for r in records],
            options.format,
            model=options.model,
            select=options.select,
            ignore=options.ignore,
            json_values=True,
        )
        self.entries: list[tuple[RequestReport, dict[str, Any], list[Any]]] = []
        for record, judged in zip(records, found.exchanges, strict=True):
            placed, earlier = [], []
            for d in judged.diagnostics:
                line, column = record.locate_request(d.path)
                placed.append(
                    d._replace(
                        path=file_pointer(record.request_pointer, d.path), line=line, column=column
                    )
                )
                earlier.append(self._earlier(judged.earlier_of(d), records))
            placed_order = sorted(range(len(placed)), key=lambda n: (placed[n].line or 0, n))
            result = LintResult.of(judged.format, [placed[n] for n in placed_order])
            report = RequestReport(
                session.name, record.line, record.request_pointer, "exchange", result
            )
            extra = {
                "exchange": judged.number,
                "conversation": judged.conversation,
                "continues": judged.continues,
            }
            self.entries.append((report, extra, [earlier[n] for n in placed_order]))
        for line, d in session.broken:
            result = LintResult.of("unknown", [d])
            report = RequestReport(session.name, line, "", "document", result)
            self.entries.append((report, {"exchange": None}, [None]))
        self.entries.sort(key=lambda e: e[0].line or 0)
        self.conversations = found.conversations

    @staticmethod
    def _earlier(earlier: Any, records: list[Recorded]) -> dict[str, Any] | None:
        if earlier is None:
            return None
        record = records[earlier.exchange - 1]
        if earlier.part == "response":
            line, column = record.locate_response(earlier.path)
            base = record.response_pointer
        else:
            line, column = record.locate_request(earlier.path)
            base = record.request_pointer
        return {
            **earlier.to_dict(),
            "line": line,
            "column": column,
            "pointer": file_pointer(base, earlier.path),
        }

    @property
    def document(self) -> DocumentReport:
        """The report as `lint_output` renders it (text, SARIF, GitHub)."""
        requests = [report for report, _, _ in self.entries]
        return DocumentReport(
            self.session.name, True, requests, self.session.skipped, self.session.text
        )

    @property
    def valid(self) -> bool:
        return all(report.result.valid for report, _, _ in self.entries)


def render(report: SessionReport, output: str) -> str:
    """The output for `output` ("text", "json", "sarif", "github")."""
    # on first use, not at import: tooltutor.lint_output (1 module)
    from tooltutor import lint_output

    if output == "json":
        return _json(report)
    if output in ("sarif", "github"):
        return lint_output.render([report.document], output)
    return _text(report)


def _json(report: SessionReport) -> str:
    # on first use, not at import: tooltutor.lint_output (1 module)
    from tooltutor.lint_output import Counts, request_dict

    requests = []
    for entry, extra, earlier in report.entries:
        data = request_dict(entry)
        data.update(extra)
        for d, place in zip(data["diagnostics"], earlier, strict=True):
            if place is not None:
                d["earlier"] = place
        requests.append(data)
    summary = Counts([report.document]).to_dict()
    summary["exchanges"] = len(report.session.records)
    summary["conversations"] = report.conversations
    data = {"valid": report.valid, "summary": summary, "requests": requests}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _text(report: SessionReport) -> str:
    # on first use, not at import: checker.report, tooltutor.lint_output, unicodedata (3 modules)
    from checker.report import format_human
    from tooltutor.lint_output import Counts, merged

    document = report.document
    noted = []
    for entry, _, earlier in report.entries:
        diagnostics = [
            d
            if place is None
            else d._replace(
                message=d.message
                + t(
                    " (compare exchange {n}, line {line}: {part} `{path}`)",
                    n=place["exchange"],
                    line=place["line"],
                    part=t("the response") if place["part"] == "response" else t("the request"),
                    path=place["path"] or "/",
                )
            )
            for d, place in zip(entry.result.diagnostics, earlier, strict=True)
        ]
        noted.append(
            RequestReport(
                entry.file,
                entry.line,
                entry.pointer,
                entry.kind,
                LintResult.of(entry.result.format, diagnostics),
            )
        )
    result = merged(DocumentReport(document.file, True, noted, document.skipped, document.text))
    out = []
    if result.diagnostics:
        blocks = format_human(result, document.text, document.file).rstrip("\n")
        out.append(blocks.rpartition("\n\n")[0])
    counts = Counts([document])
    exchanges = len(report.session.records)
    head = tn(exchanges, "{n} exchange", "{n} exchanges")
    head += " " + tn(report.conversations, "in {n} conversation", "in {n} conversations")
    line = counts.line(files=False)
    _, _, rest = line.partition(": ")
    out.append(f"{document.file}: {head}: {rest}" if rest else f"{document.file}: {head}")
    return "\n\n".join(out) + "\n"
