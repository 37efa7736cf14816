"""A request and the exchange it continues, as the cross-turn checks read them."""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.diagnostics import Diagnostic, pointer
from checker.session.model import CrossFinding, Earlier, Exchange


class Pair(NamedTuple):
    """The request being judged (`cur`, number `number`) and the exchange it continues
    (`prev`, number `prev_number`, both counted from 1).

    `shared` is how many history items the two have in common (the length of `prev`'s
    history), None when the request continues a stored response by its id.
    """

    number: int
    cur: Exchange
    prev_number: int
    prev: Exchange
    shared: int | None
    cur_history: list[Any]
    prev_history: list[Any]

    @property
    def model(self) -> str | None:
        model = self.cur.request.get("model") if isinstance(self.cur.request, dict) else None
        return model if isinstance(model, str) else None

    def in_request(self, path: str) -> Earlier:
        """A place in the continued exchange's request."""
        return Earlier(self.prev_number, "request", path)

    def in_response(self, path: str) -> Earlier:
        """A place in the continued exchange's response."""
        return Earlier(self.prev_number, "response", path)


def finding(
    rule_id: str,
    path: str,
    message: str,
    hint: str,
    earlier: Earlier | None,
    *,
    severity: str | None = None,
) -> CrossFinding:
    """A cross-turn finding with the rule's declared severity (or a lowered one)."""
    # on first use, not at import: checker.rules, fnmatch (3 modules)
    from checker import rules

    declared = rules.get(rule_id)
    if declared is None:  # a programming error: every emitted id is declared
        raise KeyError(rule_id)
    return CrossFinding(
        Diagnostic(rule_id, severity or declared.severity, path, message, hint), earlier
    )


def at(*tokens: str | int) -> str:
    """A JSON pointer from tokens."""
    return pointer(*tokens)
