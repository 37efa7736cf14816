"""Repair a request without inventing anything: `tooltutor lint --fix`, the hook's `repair=True`.

    >>> from checker.fixes import propose
    >>> proposal = propose(text)          # JSON text of a request (or a messages array)
    >>> print(proposal.diff("request.json"))
    >>> proposal.changes, proposal.unrepaired

`propose` lints the text, applies the first repair that applies (`checker.fixes.repairs`),
and again, until nothing more can be repaired; each edit keeps the text's own formatting
(`checker.fixes.text`). What stays broken gets no edit and a sentence saying why
(`Unrepaired`): a thinking block's signature only the API can make, a value only the user
knows, a choice between two results. Nothing the user or the model wrote is removed: only
results that answer no call, and repeated copies of a result.

`repair_value(body)` does the same to a parsed body (the SDK hook), returning the repaired
copy and the changes.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from checker.diagnostics import Diagnostic
from checker.i18n import tr

#: Most repairs applied to one request (each is one pairing put right).
MAX_STEPS = 500


class Change(NamedTuple):
    """One repair made: the rule it answers, where, and what was done."""

    rule: str
    path: str
    change: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "path": self.path, "change": self.change}


class Unrepaired(NamedTuple):
    """A problem left as it is, and why no edit repairs it honestly."""

    rule: str
    path: str
    message: str
    why: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "path": self.path, "message": self.message, "why": self.why}


class Proposal(NamedTuple):
    """The text as given, as repaired, and what was and was not done."""

    original: str
    fixed: str
    format: str
    changes: list[Change]
    unrepaired: list[Unrepaired]

    @property
    def changed(self) -> bool:
        return self.fixed != self.original

    def diff(self, name: str = "request.json") -> str:
        """A unified diff from the original to the repaired text (empty when unchanged)."""
        # on first use, not at import: difflib, heapq (3 modules)
        import difflib

        before = self.original.splitlines(keepends=True)
        after = self.fixed.splitlines(keepends=True)
        lines = list(difflib.unified_diff(before, after, f"a/{name}", f"b/{name}"))
        out = []
        for line in lines:
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
        return "".join(out)


def propose(text: str, format: str = "auto", *, model: str | None = None) -> Proposal:
    """Repair JSON text of a request; raises ValueError when the text is not JSON."""
    # not at the top: checker.fixes.repairs imports this module (an import circle)
    from checker.fixes.repairs import first_step
    from checker.fixes.text import Spans, apply
    from checker.lint import lint
    from checker.source import JsonSyntaxError, parse

    try:
        parse(text)
    except JsonSyntaxError as err:
        raise ValueError(str(err)) from None
    current = text
    changes: list[Change] = []
    fmt = format
    result = lint(current, format, model=model)
    for _ in range(MAX_STEPS):
        fmt = result.format
        errors = [d for d in result.diagnostics if d.is_error]
        if not errors:
            break
        start = len(current) - len(current.lstrip("\ufeff"))
        body = current[start:]
        spans = Spans(body)
        step = first_step(json.loads(body), spans, errors, fmt)
        if step is None:
            break
        current = current[:start] + apply(body, step.edits)
        changes.append(Change(step.rule, step.path, step.change))
        result = lint(current, format, model=model)
    unrepaired = [
        Unrepaired(d.rule, d.path, d.message, why_not(d)) for d in result.diagnostics if d.is_error
    ]
    return Proposal(text, current, fmt, changes, unrepaired)


def repair_value(body: Any, format: str = "auto") -> tuple[Any, list[Change]]:
    """A repaired copy of a parsed body and the changes (the body itself when none)."""
    text = json.dumps(body, ensure_ascii=False)
    proposal = propose(text, format)
    if not proposal.changed:
        return body, []
    return json.loads(proposal.fixed), proposal.changes


def why_not(d: Diagnostic) -> str:
    """Why a problem gets no edit: what only the API, or only the user, can provide."""
    rule = d.rule
    if "thinking" in rule or "signature" in rule or "reasoning" in rule:
        return tr(
            "a thinking block or reasoning item is made and signed by the API: it cannot be "
            "written or repaired by hand; resend it as it was returned, or turn thinking off"
        )
    if rule in ("a-tool-result-orphan", "o-tool-call-id-unknown", "r-function-call-output-orphan"):
        return tr(
            "this result may answer an unanswered call under another id: which call it "
            "answers is yours to say (fix the id, or remove the result)"
        )
    if rule in ("a-tool-result-missing", "o-tool-response-missing"):
        return tr(
            "a result with another id stands where this call's answer goes: match them "
            "first, then the missing answers can be added"
        )
    if rule in ("a-tool-result-duplicate", "r-call-id-duplicate"):
        return tr("the repeated results differ: which one is right is yours to choose")
    if rule.endswith(("-missing", "-required")) or rule in ("r-model-missing", "r-input-missing"):
        return tr("the missing value is yours to choose: the request cannot tell what it should be")
    if "model" in rule:
        return tr("which model to use, or what it supports, is yours to decide")
    return tr(
        "repairing this needs a decision only you can make (`tooltutor lint --explain {rule}` "
        "says what the API wants)",
        rule=rule,
    )
