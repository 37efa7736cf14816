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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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


Check = Callable[[Any], Iterable[Finding]]


class Registered(NamedTuple):
    """A check as the runner sees it: the rule it reports, when it runs, and the function."""

    rule: Rule
    scope: str
    run: Check


_RULES: dict[str, Rule] = {}
_CHECKS: dict[str, list[Registered]] = {}


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
        _CHECKS.setdefault(api, []).append(Registered(record, scope, fn))
        return fn

    return register


def also_checks(rule_id: str, *, api: str, scope: str = "message") -> Callable[[Check], Check]:
    """Add an API's check for a rule declared elsewhere (`request-shape`, shared by all)."""

    def register(fn: Check) -> Check:
        _CHECKS.setdefault(api, []).append(Registered(_RULES[rule_id], scope, fn))
        return fn

    return register


def registered(api: str) -> list[Registered]:
    """The checks of one API, in the order they run (declaration order)."""
    return _CHECKS.get(api, [])


def declared() -> dict[str, Rule]:
    """Every rule declared so far, by id (import `checker.rules` to have them all)."""
    return _RULES


def note(path: str, message: str, hint: str = "") -> Finding:
    """A finding reported as a note: accepted, not likely to hurt this request (a reminder,
    a preference, what depends on what the request cannot show). Hidden unless asked for."""
    return Finding(path, message, hint, "note")
