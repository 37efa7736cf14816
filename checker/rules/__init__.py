"""The rulebook: every rule the checker can report, each declared once (see `record`).

    >>> from checker import rules
    >>> rules.get("a-tool-result-missing").severity
    'error'

The rules live by API and topic: `general` (the structural ids), `anthropic/`,
`openai/`, `responses/`, and `python` (what running a learner's code can find). An API's
package imports its topic modules as a lint needs them; the functions here load them all
first (`load_all`), and so must anything else that lists the rules or reads
`checker.rules.record.registered`.
"""

from __future__ import annotations

import fnmatch
import importlib

from checker.rules.record import APIS, Rule, declared

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = ["APIS", "Rule", "all_rules", "api_message", "get", "ids", "load_all", "selector"]

#: each API's package, then the cross-turn rules (`checker.session` finds them)
_PACKAGES = (*(f"{__name__}.{api}" for api in APIS), f"{__name__}.cross_turn")
_loaded = False


def load_all() -> None:
    """Import every rule module, so that every rule is declared and every check registered
    (an API package's topic modules too: `load()`)."""
    global _loaded
    if not _loaded:
        for name in _PACKAGES:
            load = getattr(importlib.import_module(name), "load", None)
            if load is not None:
                load()
        _loaded = True


def all_rules() -> list[Rule]:
    """Every rule, grouped by API in the docs' order, each group in declaration order."""
    load_all()
    order = {api: n for n, api in enumerate(APIS)}
    return sorted(declared().values(), key=lambda r: order[r.api])


def get(rule_id: str) -> Rule | None:
    """The rule with this id, or None."""
    load_all()
    return declared().get(rule_id)


def ids(api: str | None = None) -> frozenset[str]:
    """The ids of every rule (of one API: "general", "anthropic", "openai", ...)."""
    return frozenset(r.id for r in all_rules() if api is None or r.api == api)


def api_message(rule_id: str) -> str | None:
    """The API's own 400 text for a rule, as a template (None when no report quotes it)."""
    found = get(rule_id)
    return found.api_message if found is not None else None


def selector(select: Iterable[str] = (), ignore: Iterable[str] = ()):
    """A test `rule_id -> bool` for `--select`/`--ignore` patterns (ids, or `a-tool-*` globs).

    Raises ValueError naming the first pattern that matches no rule.
    """
    select, ignore = list(select), list(ignore)
    known = ids()
    for pattern in select + ignore:
        if not any(fnmatch.fnmatchcase(rule_id, pattern) for rule_id in known):
            raise ValueError(pattern)

    def keep(rule_id: str) -> bool:
        if select and not any(fnmatch.fnmatchcase(rule_id, p) for p in select):
            return False
        return not any(fnmatch.fnmatchcase(rule_id, p) for p in ignore)

    return keep


def __getattr__(name: str) -> Any:
    if name == "RULE_IDS":
        return ids()
    if name == "GENERAL_RULE_IDS":
        return tuple(r.id for r in all_rules() if r.api == "general")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
