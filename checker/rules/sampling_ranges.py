"""The numeric ranges of OpenAI's sampling parameters, shared by Chat Completions
(`o-sampling-range`) and the Responses API (`r-sampling-range`).

Each API declares its own rule; both read the ranges here (API reference, read 2026-12-05).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from checker.diagnostics import describe
from checker.i18n import tr
from checker.rules.record import Finding

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: parameter -> (lowest, highest, whole numbers only)
CHAT = {
    "temperature": (0, 2, False),
    "top_p": (0, 1, False),
    "top_logprobs": (0, 20, True),
    "presence_penalty": (-2, 2, False),
    "frequency_penalty": (-2, 2, False),
}
RESPONSES = {
    "temperature": (0, 2, False),
    "top_p": (0, 1, False),
    "top_logprobs": (0, 20, True),
}


def _number(value: Any, whole: bool) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (not whole and isinstance(value, float))


def range_findings(body: Mapping[str, Any], ranges: Mapping[str, tuple]) -> Iterator[Finding]:
    """One finding per parameter of `ranges` the body sets outside its range (null is unset)."""
    for key, (low, high, whole) in ranges.items():
        value = body.get(key)
        if value is None:
            continue
        path = "/" + key
        if not _number(value, whole):
            yield Finding(
                path,
                tr(
                    "`{key}` is {value}: it must be a number from {low} to {high}",
                    key=key,
                    value=describe(value),
                    low=low,
                    high=high,
                )
                if not whole
                else tr(
                    "`{key}` is {value}: it must be a whole number from {low} to {high}",
                    key=key,
                    value=describe(value),
                    low=low,
                    high=high,
                ),
                tr("Write a number from {low} to {high}, or leave it out.", low=low, high=high),
            )
        elif not low <= value <= high:
            yield Finding(
                path,
                tr(
                    "`{key}` is {value}: the API takes {low} to {high}",
                    key=key,
                    value=describe(value),
                    low=low,
                    high=high,
                ),
                tr("Write a number from {low} to {high}, or leave it out.", low=low, high=high),
            )
