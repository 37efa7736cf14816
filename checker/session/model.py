"""The records of a session lint: exchanges in, a result per exchange out."""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.diagnostics import Diagnostic, LintResult


class Exchange(NamedTuple):
    """One request as it was sent, and the response it got (None: none was recorded).

    `format` is the API ("anthropic", "openai", "responses") when the log says it (the
    URL); None to detect it from the request. `status` is the HTTP status when known: a
    response with a status of 400 or more is an error, not a turn of the conversation.
    """

    request: Any
    response: Any = None
    format: str | None = None
    status: int | None = None

    @property
    def answered(self) -> bool:
        """Whether the response is a turn of the conversation (not an error, not absent)."""
        if self.response is None or (self.status is not None and self.status >= 400):
            return False
        return not (isinstance(self.response, dict) and "error" in self.response)


class Earlier(NamedTuple):
    """The place in an earlier exchange a cross-turn diagnostic compares with.

    `exchange` counts from 1 in file order; `part` is "request" or "response"; `path` is
    a JSON pointer inside that part.
    """

    exchange: int
    part: str
    path: str

    def to_dict(self) -> dict[str, Any]:
        return {"exchange": self.exchange, "part": self.part, "path": self.path}


class CrossFinding(NamedTuple):
    """What a cross-turn check found: the diagnostic (pointer into this request) and the
    place in the earlier exchange it disagrees with."""

    diagnostic: Diagnostic
    earlier: Earlier | None


class ExchangeResult(NamedTuple):
    """One exchange judged: alone and against the one it continues.

    `number` counts from 1; `conversation` numbers the conversations in the order they
    start (from 1); `continues` is the number of the exchange this request continues, or
    None (the first of its conversation, or one that could not be matched). `result`
    holds every diagnostic, the request's own and the cross-turn ones, with pointers into
    the request body; `earlier` maps a cross-turn diagnostic to the place it compares with.
    """

    number: int
    format: str
    conversation: int
    continues: int | None
    result: LintResult
    earlier: dict[tuple[str, str, str], Earlier]

    @property
    def valid(self) -> bool:
        return self.result.valid

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.result.diagnostics

    def earlier_of(self, diagnostic: Diagnostic) -> Earlier | None:
        """The earlier place a diagnostic compares with (None for a request's own)."""
        return self.earlier.get((diagnostic.rule, diagnostic.path, diagnostic.message))


class SessionResult(NamedTuple):
    """Every exchange of a log judged, in file order; `valid` when none has an error."""

    exchanges: list[ExchangeResult]

    @property
    def valid(self) -> bool:
        return all(e.valid for e in self.exchanges)

    @property
    def conversations(self) -> int:
        return len({e.conversation for e in self.exchanges})
