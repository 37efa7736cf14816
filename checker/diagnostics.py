"""The checker's result types, and small helpers to write diagnostics with.

Everything the checker reports is a `Diagnostic`: a stable rule id (see
`docs/rules.md`), a severity, a JSON pointer to the offending value, a message that
says what is wrong and a hint that says what to do. `lint` returns a `LintResult`; exercise
marking returns a `Verdict` (criteria plus diagnostics).

Messages and hints are plain text. They quote code-ish bits in backticks and never contain
text that a Rich console would read as markup (`quote` and `describe` take care of values
copied from the learner's input).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Literal, NamedTuple

from checker.i18n import tr, trn

Severity = Literal["error", "warning"]
SEVERITIES: tuple[str, ...] = ("error", "warning")

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
            raise ValueError(f"severity must be 'error' or 'warning', not {severity!r}")
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

    def to_dict(self) -> dict[str, Any]:
        """Exercism results.json v3 test entry (`name`, `status`, `message`) plus our fields."""
        return {
            "id": self.id,
            "name": self.label,
            "label": self.label,
            "status": "pass" if self.passed else "fail",
            "passed": self.passed,
            "message": self.message,
        }


class _VerdictFields(NamedTuple):
    passed: bool
    criteria: list[Criterion]
    diagnostics: list[Diagnostic]


class Verdict(_VerdictFields):
    """The marking of one submission: every criterion, and the protocol diagnostics."""

    __slots__ = ()

    def __new__(
        cls,
        passed: bool,
        criteria: list[Criterion] | None = None,
        diagnostics: list[Diagnostic] | None = None,
    ) -> Verdict:
        return super().__new__(cls, passed, list(criteria or []), list(diagnostics or []))

    @property
    def status(self) -> str:
        """`pass`, `fail`, or `error` when the submission could not be read at all."""
        if self.passed:
            return "pass"
        if any(d.rule in UNREADABLE_RULES for d in self.diagnostics):
            return "error"
        return "fail"

    def to_dict(self) -> dict[str, Any]:
        """Exercism results.json v3 (`version`, `status`, `message`, `tests`) plus ours.

        `tests` holds the criteria (see `Criterion.to_dict`); `passed` and `diagnostics`
        are our additions.
        """
        message = None
        if self.status == "error":
            first = next(d for d in self.diagnostics if d.rule in UNREADABLE_RULES)
            message = first.message
        return {
            "version": 3,
            "status": self.status,
            "message": message,
            "passed": self.passed,
            "tests": [c.to_dict() for c in self.criteria],
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "format": self.format,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
        }


# --------------------------------------------------------------------------- helpers


def pointer(*tokens: str | int) -> str:
    """The JSON pointer of `tokens`: pointer("messages", 2) is "/messages/2"."""
    out = []
    for token in tokens:
        text = str(token)
        if "~" in text or "/" in text:
            text = text.replace("~", "~0").replace("/", "~1")
        out.append("/" + text)
    return "".join(out)


def split_pointer(ptr: str) -> list[str]:
    """The unescaped reference tokens of a JSON pointer ("" -> [])."""
    if not ptr:
        return []
    parts = ptr.split("/")[1:] if ptr.startswith("/") else ptr.split("/")
    return [p.replace("~1", "/").replace("~0", "~") for p in parts]


_SURROGATE = re.compile("[\ud800-\udfff]")
_EMOJI_LIKE = re.compile(r":(?=[\w+-]+:)")


def quote(value: Any, limit: int = 60) -> str:
    """A learner's value (usually a string) as a short JSON literal, safe for any terminal.

    Strings keep their JSON double quotes; `[` is written as its JSON escape so that a value
    never reads as Rich markup; lone surrogates are escaped so the text always encodes.
    """
    if isinstance(value, str):
        text = json.dumps(value if len(value) <= limit else value[:limit], ensure_ascii=False)
        if len(value) > limit:
            text = text[:-1] + '..."'
    else:
        text = describe(value, limit)
    text = _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    # `[` could open Rich markup and `:name:` could be read as an emoji code.
    return _EMOJI_LIKE.sub("\\\\u003a", text.replace("[", "\\u005b"))


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
        return repr(value) if math.isfinite(value) else tr("a non-finite number (not JSON)")
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
