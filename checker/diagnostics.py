"""The checker's result types, and small helpers to write diagnostics with.

Everything the checker reports is a `Diagnostic`: a stable rule id (see
`docs/rules.md`), a severity, a JSON pointer to the offending value, a message that
says what is wrong and a hint that says what to do. `lint` returns a `LintResult`; exercise
marking returns a `Verdict` (criteria plus diagnostics).

Messages and hints are plain text. They quote code-ish bits in backticks and show values
copied from the learner's input as they are (`quote` and `describe`): printable characters
are never escaped, so `[` and `:` read as typed. Whatever displays them must not interpret
markup (the CLI prints plain text; the TUI builds Textual `Content`, never markup).
"""

from __future__ import annotations

import json
import re

from checker.i18n import N_, tr, trn
from checker.jsonpointer import build as pointer
from checker.jsonpointer import split as split_pointer
from checker.terminal_text import escaped
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, Literal

    #: error: the API answers 400; warning: likely to hurt this request; note: anything
    #: else (a reminder, what depends on a header, a preference), hidden unless asked for
    Severity = Literal["error", "warning", "note"]

SEVERITIES: tuple[str, ...] = ("error", "warning", "note")

#: Diagnostics that mean the submission could not be read at all (Exercism's "error" status).
UNREADABLE_RULES = frozenset(
    {
        "json-syntax",
        "input-encoding",
        "python-syntax",
        "python-missing-entry",
        "python-import-error",
    }
)


#: Rules of Python code that started but was stopped before any criterion could be checked.
NOT_RUN_RULES = frozenset(
    {
        "python-timeout",
        "python-memory",
        "python-crashed",
        "python-output-flood",
        "python-internal-error",
    }
)


#: A judge of the answer failed (a check, the protocol rules): the verdict is `error`.
JUDGE_FAILED_RULES = frozenset({"marking-error"})


class _DiagnosticFields(NamedTuple):
    rule: str
    severity: Severity
    path: str
    message: str
    hint: str = ""
    line: int | None = None
    column: int | None = None


class Diagnostic(_DiagnosticFields):
    """One problem found in a submission.

    `path` is a JSON pointer (RFC 6901) to the value at fault, "" for the whole document.
    `line` and `column` are 1-based and set only when the input was JSON text. Immutable
    (a named tuple: the result types are plain records, cheap to make and to import).
    """

    __slots__ = ()

    def __new__(
        cls,
        rule: str,
        severity: Severity,
        path: str,
        message: str,
        hint: str = "",
        line: int | None = None,
        column: int | None = None,
    ) -> Diagnostic:
        if severity not in SEVERITIES:
            raise ValueError(f"severity must be 'error', 'warning' or 'note', not {severity!r}")
        return super().__new__(cls, rule, severity, path, message, hint, line, column)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def at(self, line: int | None, column: int | None) -> Diagnostic:
        """A copy placed at `line`:`column`."""
        return self._replace(line=line, column=column)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "hint": self.hint,
        }


class Criterion(NamedTuple):
    """One line of an exercise checklist: `label` is what the learner sees ticked or crossed."""

    label: str
    passed: bool
    message: str = ""
    id: str = ""
    #: the check raised (or returned no `Outcome`): a bug of the check, not of the answer;
    #: its file, line and traceback, for the author (`checker.criterion_run.CheckFault`)
    fault: Any = None

    def to_dict(
        self, status: str | None = None, output: str | None = None, test_code: str | None = None
    ) -> dict[str, Any]:
        """Exercism results.json v3 test entry plus our `id`, `label` and `passed` (see
        `checker.results`): `status` defaults to pass or fail, `test_code` to the id."""
        message = None
        if not self.passed:
            message = self.message or tr("Not met yet.")
        return {
            "name": self.label,
            "status": status or ("pass" if self.passed else "fail"),
            "message": message,
            "output": output,
            "test_code": test_code or self.id,
            "id": self.id,
            "label": self.label,
            "passed": self.passed,
        }


class _VerdictFields(NamedTuple):
    passed: bool
    criteria: list[Criterion]
    diagnostics: list[Diagnostic]
    #: what the learner's code printed (Python exercises), bounded by the sandbox
    output: str


class Verdict(_VerdictFields):
    """The marking of one submission: every criterion, and the protocol diagnostics."""

    __slots__ = ()

    def __new__(
        cls,
        passed: bool,
        criteria: list[Criterion] | None = None,
        diagnostics: list[Diagnostic] | None = None,
        output: str = "",
    ) -> Verdict:
        diagnostics = list(diagnostics or [])
        if passed and any(d.rule in JUDGE_FAILED_RULES for d in diagnostics):
            passed = False  # a judge that failed never lets an answer pass
        return super().__new__(cls, passed, list(criteria or []), diagnostics, output)

    @property
    def status(self) -> str:
        """`pass`, `fail`, or `error` when no criterion could be checked (the submission
        could not be read, or its code was stopped before it finished) or a judge failed.
        A failed judge is `error` even where every criterion says it passed."""
        if any(d.rule in JUDGE_FAILED_RULES for d in self.diagnostics):
            return "error"
        if self.passed:
            return "pass"
        if self.stopped_by() is not None:
            return "error"
        return "fail"

    def stopped_by(self) -> Diagnostic | None:
        """The diagnostic that kept every criterion from being checked, if one did."""
        return next(
            (
                d
                for d in self.diagnostics
                if d.rule in UNREADABLE_RULES | NOT_RUN_RULES | JUDGE_FAILED_RULES
            ),
            None,
        )

    def to_dict(self, exercise: Any = None) -> dict[str, Any]:
        """Exercism results.json v3 plus our fields: see `checker.results`."""
        # on first use, not at import: checker.results (1 module)
        from checker.results import results_document

        return results_document(self, exercise)


class _LintResultFields(NamedTuple):
    valid: bool
    format: str
    diagnostics: list[Diagnostic]


class LintResult(_LintResultFields):
    """What `lint` found: `valid` is false exactly when an error-severity diagnostic exists."""

    __slots__ = ()

    def __new__(
        cls, valid: bool, format: str, diagnostics: list[Diagnostic] | None = None
    ) -> LintResult:
        return super().__new__(cls, valid, format, list(diagnostics or []))

    @classmethod
    def of(cls, format: str, diagnostics: list[Diagnostic]) -> LintResult:
        """A result whose `valid` flag is computed from `diagnostics`."""
        return cls(not any(d.is_error for d in diagnostics), format, list(diagnostics))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    @property
    def notes(self) -> list[Diagnostic]:
        """Reminders and what depends on what the request cannot show (docs/rules.md)."""
        return [d for d in self.diagnostics if d.severity == "note"]

    def without_notes(self) -> LintResult:
        """The same result with its notes left out (what `lint` prints unless asked)."""
        if not any(d.severity == "note" for d in self.diagnostics):
            return self
        kept = [d for d in self.diagnostics if d.severity != "note"]
        return LintResult(self.valid, self.format, kept)

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "format": self.format,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


# --------------------------------------------------------------------------- helpers


def diag(path: str, message: str, hint: str = "", severity: str = "error") -> Diagnostic:
    """A diagnostic of a check at `path`; its `rule` is filled with the criterion's id."""
    return Diagnostic(rule="", severity=severity, path=path, message=message, hint=hint)


def visible(text: str) -> str:
    """`text` with every character that is not printable (a control, a lone surrogate, a
    bidi override) written as its JSON escape (`checker.terminal_text.escaped`)."""
    return escaped(text)


def quote(value: Any, limit: int = 60) -> str:
    """A learner's value (usually a string) as a short JSON literal, safe for any terminal.

    Strings keep their JSON double quotes and their printable characters as typed (`[`,
    `:`, accents); control characters take their JSON escapes (`\\n`) and lone surrogates
    are escaped, so the text always encodes and never drives the terminal.
    """
    if isinstance(value, str):
        text = json.dumps(value if len(value) <= limit else value[:limit], ensure_ascii=False)
        if len(value) > limit:
            text = text[:-1] + '..."'
    else:
        text = describe(value, limit)
    return visible(text)


def json_text(value: Any, limit: int = 80) -> str:
    """A small JSON value as compact text, its printable characters as typed."""
    if isinstance(value, str):
        return quote(value, limit)
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return visible(text)


_CODE_SAFE = re.compile(r"[A-Za-z0-9_.$/#~@+-]{1,80}")


def code(text: Any) -> str:
    """`text` in backticks when it is a plain name or path; otherwise a `quote`d literal."""
    if isinstance(text, str) and _CODE_SAFE.fullmatch(text):
        return f"`{text}`"
    return quote(text)


def json_type(value: Any) -> str:
    """The JSON type name of a value, in the learner's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return tr("a boolean")
    if isinstance(value, (int, float)):
        return tr("a number")
    if isinstance(value, str):
        return tr("a string")
    if isinstance(value, (list, tuple)):
        return tr("an array")
    if isinstance(value, dict):
        return tr("an object")
    return tr("a Python {name} (not JSON)", name=type(value).__name__)


def describe(value: Any, limit: int = 60) -> str:
    """A short, safe description of any value: scalars shown, containers summarised."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        text = str(value) if abs(value) < 10**30 else tr("a very long number")
        return text
    if isinstance(value, float):
        finite = value - value == 0  # inf - inf and nan - nan are nan (no `math` to load)
        return repr(value) if finite else tr("a non-finite number (not JSON)")
    if isinstance(value, str):
        return quote(value, limit)
    if isinstance(value, (list, tuple)):
        n = len(value)
        if not n:
            return tr("an empty array")
        return trn(n, "an array of {n} item", "an array of {n} items")
    if isinstance(value, dict):
        if not value:
            return tr("an empty object")
        keys = [k for k in list(value)[:4] if isinstance(k, str)]
        shown = ", ".join(quote(k, 20) for k in keys)
        more = ", ..." if len(value) > len(keys) else ""
        return tr("an object with keys {keys}", keys=shown + more)
    return json_type(value)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


#: JSON Schema type names in the learner's words (`integer` is a whole number)
_TYPE_WORDS = {
    "null": "null",
    "boolean": N_("a boolean"),
    "number": N_("a number"),
    "integer": N_("a whole number"),
    "string": N_("a string"),
    "array": N_("an array"),
    "object": N_("an object"),
}


def schema_type(value: Any) -> str:
    """The JSON Schema type name of a value (`integer` for whole numbers)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "unknown"


def type_words(name: str) -> str:
    """A JSON Schema type name (`boolean`) in the learner's words (`a boolean`)."""
    if name == "null":
        return "null"
    return tr(_TYPE_WORDS[name]) if name in _TYPE_WORDS else name


def _fits(value_type: str, wanted: str) -> bool:
    return value_type == wanted or (value_type == "integer" and wanted == "number")


def a_value(value: Any, limit: int = 40) -> str:
    """A value named with its type: `the string "true"`, `the number 26`, `null`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return tr("the boolean {value}", value=json.dumps(value))
    if isinstance(value, (int, float)):
        return tr("the number {value}", value=describe(value))
    if isinstance(value, str):
        return tr("the string {value}", value=quote(value, limit))
    return describe(value, limit)


def _spelled(text: str) -> Any:
    """The JSON value a string spells (`"true"`, `"26"`, `"True"`); the string itself if none."""
    stripped = text.strip()
    if stripped in ("True", "False", "TRUE", "FALSE"):
        return stripped.lower() == "true"
    if stripped in ("None", "NULL"):
        return None
    try:
        return json.loads(stripped)
    except ValueError:
        return text


def type_slip(value: Any, wanted: list[str] | tuple[str, ...] | str) -> str | None:
    """`a boolean, not the string "true"` when `value` has the wrong JSON type for `wanted`
    (JSON Schema type names) but spells a value of the right one: a string holding
    `true`, `26` or `null`, or a number or boolean where a string was wanted. None when
    the type fits, or when the value is not such a slip."""
    wanted = [wanted] if isinstance(wanted, str) else list(wanted)
    own = schema_type(value)
    if any(_fits(own, w) for w in wanted):
        return None
    if isinstance(value, str):
        spelled = _spelled(value)
        if spelled is not value and spelled != value:
            kind = schema_type(spelled)
            match = next((w for w in wanted if _fits(kind, w)), None)
            if match is not None:
                return tr(
                    "{expected}, not {found}", expected=type_words(match), found=a_value(value)
                )
        return None
    if "string" in wanted and own in ("boolean", "integer", "number", "null"):
        return tr("{expected}, not {found}", expected=type_words("string"), found=a_value(value))
    return None


def wrong_type(value: Any, wanted: list[str] | tuple[str, ...] | str) -> str | None:
    """`expected a boolean, not the string "true"` (a slip) or `expected a boolean, found
    null` when `value` is not of a `wanted` JSON type; None when it is."""
    wanted = [wanted] if isinstance(wanted, str) else list(wanted)
    if any(_fits(schema_type(value), w) for w in wanted):
        return None
    slip = type_slip(value, wanted)
    if slip is not None:
        return tr("expected {slip}", slip=slip)
    return tr(
        "expected {types}, found {found}",
        types=tr(" or ").join(type_words(w) for w in wanted),
        found=a_value(value),
    )


def item_of(path: str, value: Any) -> str:
    """The pointer of the item of the answer `value` that `path` lies in.

    An item is what a learner counts as one thing to fix: an element of an array (a
    message, a step, a pair) or a member of an object that is itself an object (an entry).
    A plain member (`/model`) is its own item; "" (the whole answer) is no item's.
    """
    tokens = split_pointer(path)
    node, taken = value, []
    for token in tokens:
        taken.append(token)
        if isinstance(node, list):
            return pointer(*taken)
        if not isinstance(node, dict) or token not in node:
            return pointer(*taken)
        node = node[token]
        if isinstance(node, dict):
            return pointer(*taken)
    return pointer(*taken)


def document_order(path: str, value: Any) -> tuple:
    """A sort key that puts pointers into `value` in the order they appear in its text."""
    key: list = []
    node = value
    for token in split_pointer(path):
        if isinstance(node, dict) and token in node:
            key.append(list(node).index(token))
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            key.append(int(token))
            node = node[int(token)]
        else:
            key.append(10**9)
            break
    return tuple(key)
