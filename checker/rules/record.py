"""The rulebook's record: each rule is declared once, beside the check that finds it.

A rule is one `Rule`: its id, severity, scope, sources, the API's own 400 wording (and
the other wordings public reports quote), a broken example and its fix. Everything else
reads the record: the run order of the checks, `RULE_IDS`, `docs/rules.md`, `tooltutor
lint --explain`, `tooltutor explain`, `--select`/`--ignore`, and the text the scripted
client raises in a Python exercise.

    @rule(
        "a-tool-use-id-duplicate",
        api="anthropic",
        sources=("https://...",),
        example='''[...]''',
        fix='''[...]''',
    )
    def tool_use_id_duplicate(ctx):
        \"\"\"Every `tool_use` id is unique in the request.

        Results are matched to calls by id, so two calls with one id are ambiguous.
        \"\"\"
        ...
        yield Finding(path, message, hint)

A check yields `Finding`s; the runner makes them diagnostics with the rule's id and
severity (a finding may lower its own severity to a warning, which the docstring explains).

Checks run, and rules are listed, in declaration order, except that an API package's topic
modules keep the order of its `MODULES` (`order`) whatever order they are imported in: a
lint imports only the modules whose checks can run on its request (`checker.rules.run`).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterable

from checker.i18n import N_
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

#: The formats and families a rule belongs to, in the order the docs list them (marked for
#: translation: `lint --explain` shows them in the learner's language).
APIS: dict[str, str] = {
    "general": N_("Any request"),
    "anthropic": N_("Anthropic Messages API"),
    "openai": N_("OpenAI Chat Completions"),
    "responses": N_("OpenAI Responses API"),
    "python": N_("Python exercises"),
}
#: message: judged on a bare messages array too; body: needs the request body; request:
#: needs the whole request as it is sent (required and unknown top-level fields: skipped
#: for an exercise's fragment of a body); model: needs the body or a model named on the
#: command line; document: the text itself; exercise: found by running a learner's code;
#: session: found by comparing a request with the exchange it continues (`checker.session`).
SCOPES = ("message", "body", "request", "model", "document", "exercise", "session")
#: the scopes a check can have (the others' findings are made elsewhere)
CHECK_SCOPES = ("message", "body", "request", "model")


class Finding(NamedTuple):
    """What a check found: where (a JSON pointer), what is wrong, and what to do."""

    path: str
    message: str
    hint: str = ""
    #: None: the rule's own severity; "warning" or "note" where the docstring says why
    severity: str | None = None
    #: the `anthropic-beta` header that makes this finding moot ("*": any beta); see
    #: `checker.rules.run`: dropped when the request's headers carry it, a note when the
    #: headers are unknown
    beta: str | None = None


def needs_beta(finding: Finding, beta: str) -> Finding:
    """`finding`, which holds only when the request does not send the beta header `beta`."""
    return finding._replace(beta=beta)


class Rule(NamedTuple):
    """One rule of the rulebook. `example` breaks it; `fix` is the near miss that keeps clean."""

    id: str
    api: str
    severity: str
    scope: str
    #: the docstring as written: `summary` is its first line, `doc` the rest
    docstring: str
    sources: tuple[str, ...]
    example: str | bytes | None
    fix: str | None
    near_misses: tuple[str, ...] = ()
    #: the API's own 400 text, as a template (see `checker.rules.api_message`)
    api_message: str | None = None
    #: why a rule has no example (a fault of ours, not of the input)
    untestable: str | None = None
    #: the API's other wordings of this 400 (an older text, another sentence of the same
    #: check), templates like `api_message`, each quoted by one of the `sources`: matched
    #: by `tooltutor explain` and listed on the rule's page, never used to write a 400
    other_wordings: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return APIS[self.api]

    @property
    def summary(self) -> str:
        return _split_doc(self.docstring)[0]

    @property
    def doc(self) -> str:
        return _split_doc(self.docstring)[1]


TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

    Check = Callable[[Any], Iterable[Finding]]
    #: a rule's or a check's place in the order (see `_key`)
    _Key = tuple[int, ...]


class Registered(NamedTuple):
    """A check as the runner sees it: the rule it reports, when it runs, and the function."""

    rule: Rule
    scope: str
    run: Check


#: numbers the declarations and the packages' turns (`order`), in the order they come
_count = itertools.count()
_PLACES: dict[str, tuple[int, int]] = {}
_RULES: dict[str, Rule] = {}
_RULE_KEYS: dict[str, _Key] = {}
_CHECKS: dict[str, list[tuple[_Key, Registered]]] = {}
#: what `registered` and `declared` give, in order (rebuilt after a declaration)
_SORTED_CHECKS: dict[str, list[Registered]] = {}
_sorted_rules: dict[str, Rule] | None = None


def _split_doc(doc: str) -> tuple[str, str]:
    """(first line, the rest dedented): what `inspect.cleandoc` gives, without `inspect`."""
    first, _, rest = doc.strip().partition("\n")
    lines = rest.split("\n")
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return first.strip(), "\n".join(line[cut:].rstrip() for line in lines).strip()


def declare(
    rule_id: str,
    *,
    api: str,
    doc: str,
    severity: str = "error",
    scope: str = "message",
    sources: tuple[str, ...] = (),
    example: str | bytes | None = None,
    fix: str | None = None,
    near_misses: tuple[str, ...] = (),
    api_message: str | None = None,
    untestable: str | None = None,
    other_wordings: tuple[str, ...] = (),
) -> Rule:
    """Declare a rule whose findings are made elsewhere (structural ids, `python-*`)."""
    global _sorted_rules
    if api not in APIS:
        raise ValueError(f"unknown api {api!r} for {rule_id}")
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r} for {rule_id}")
    if severity not in ("error", "warning", "note"):
        raise ValueError(f"unknown severity {severity!r} for {rule_id}")
    if rule_id in _RULES:
        raise ValueError(f"rule {rule_id} is declared twice")
    record = Rule(
        id=rule_id,
        api=api,
        severity=severity,
        scope=scope,
        docstring=doc,
        sources=tuple(sources),
        example=example,
        fix=fix,
        near_misses=tuple(near_misses),
        api_message=api_message,
        untestable=untestable,
        other_wordings=tuple(other_wordings),
    )
    _RULES[rule_id] = record
    _RULE_KEYS[rule_id] = _key(_declaring_module())
    _sorted_rules = None  # a new dict next time: one being read is never changed
    return record


def rule(
    rule_id: str,
    *,
    api: str,
    severity: str = "error",
    scope: str = "message",
    sources: tuple[str, ...],
    example: str,
    fix: str,
    near_misses: tuple[str, ...] = (),
    api_message: str | None = None,
    other_wordings: tuple[str, ...] = (),
) -> Callable[[Check], Check]:
    """Declare a rule and its check: the decorated function's docstring is its page."""

    def register(fn: Check) -> Check:
        record = declare(
            rule_id,
            api=api,
            doc=fn.__doc__ or "",
            severity=severity,
            scope=scope,
            sources=sources,
            example=example,
            fix=fix,
            near_misses=near_misses,
            api_message=api_message,
            other_wordings=other_wordings,
        )
        _add_check(api, Registered(record, scope, fn))
        return fn

    return register


def also_checks(rule_id: str, *, api: str, scope: str = "message") -> Callable[[Check], Check]:
    """Add an API's check for a rule declared elsewhere (`request-shape`, shared by all)."""

    def register(fn: Check) -> Check:
        _add_check(api, Registered(_RULES[rule_id], scope, fn))
        return fn

    return register


def order(modules: Iterable[str]) -> None:
    """Keep these topic modules (full names: an API package's `MODULES`) in this order.

    Their rules and checks are ordered by module, then by declaration, whatever order the
    modules are imported in; they come after what was declared before this call, and before
    what is declared after it (`model-unknown`'s check, added by the package itself).
    """
    turn = next(_count)
    for position, name in enumerate(modules):
        _PLACES.setdefault(name, (turn, position))


def _key(module: str) -> _Key:
    """(declaration,) outside a topic module; (its package's turn, its position,
    declaration) in one (see `order`)."""
    place = _PLACES.get(module)
    return (next(_count),) if place is None else (*place, next(_count))


def _declaring_module() -> str:
    """The name of the module whose code declares a rule: the first caller outside this one."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") == __name__:
        frame = frame.f_back
    return "" if frame is None else frame.f_globals.get("__name__", "")


def _add_check(api: str, check: Registered) -> None:
    if check.scope not in CHECK_SCOPES:
        raise ValueError(f"a check of {check.rule.id} cannot have the scope {check.scope!r}")
    _CHECKS.setdefault(api, []).append((_key(check.run.__module__), check))
    _SORTED_CHECKS.pop(api, None)


def registered(api: str) -> list[Registered]:
    """The checks of one API imported so far, in the order they run (see `order`); import
    the API's package and call its `load()` to have them all (`checker.rules.load_all`)."""
    found = _SORTED_CHECKS.get(api)
    if found is None:
        pairs = sorted(_CHECKS.get(api, ()), key=lambda pair: pair[0])
        found = _SORTED_CHECKS[api] = [check for _, check in pairs]
    return found


def declared() -> dict[str, Rule]:
    """Every rule declared so far, by id, in order (see `order`; `checker.rules.load_all`
    declares them all)."""
    global _sorted_rules
    if _sorted_rules is None:
        ids = sorted(_RULES, key=_RULE_KEYS.__getitem__)
        _sorted_rules = {rule_id: _RULES[rule_id] for rule_id in ids}
    return _sorted_rules


def note(path: str, message: str, hint: str = "") -> Finding:
    """A finding reported as a note: accepted, not likely to hurt this request (a reminder,
    a preference, what depends on what the request cannot show). Hidden unless asked for."""
    return Finding(path, message, hint, "note")
