"""Lint a whole recorded session: each request alone, and against the exchange it continues.

    >>> from checker.session import lint_session
    >>> result = lint_session([
    ...     {"request": first_body, "response": first_response},
    ...     {"request": second_body},
    ... ])
    >>> result.valid, [d.rule for e in result.exchanges for d in e.diagnostics]

A session is the exchanges of a log in the order they were sent; it may interleave
several conversations, which are found by their histories (`checker.session.group`). A
request that continues an earlier exchange is compared with it (`checker.session.anthropic`,
`chat`, `responses`): the earlier messages resent, the response's turn resent as returned
(thinking blocks and signatures, reasoning items, calls), every call answered. The rules
are declared in `checker.rules.cross_turn` (scope `session`). Reading logs (JSON Lines,
HAR, cassettes) is the app's (`tooltutor.session_inputs`); streamed responses are put
back together by `checker.session.sse`.
"""

from __future__ import annotations

from checker.session.model import Earlier, Exchange, ExchangeResult, SessionResult
from checker.session.run import as_exchange, format_of, lint_session

__all__ = [
    "Earlier",
    "Exchange",
    "ExchangeResult",
    "SessionResult",
    "as_exchange",
    "format_of",
    "lint_session",
]
