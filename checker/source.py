"""JSON text with positions: parse once with the stdlib, find line:column only when asked.

`parse(text)` returns a `SourceDoc` (the parsed value plus the text) or raises
`JsonSyntaxError` with a plain-words message and the parser's 1-based line and column. It
never raises anything else for any `str`: too deep nesting, `NaN`/`Infinity` and numbers too
long for Python become syntax errors too.

`SourceDoc.locate(pointer)` maps a JSON pointer to the line:column where that value starts
(for a missing member: where its parent starts). Nothing is indexed up front: the first
lookup through a container scans that container once (keys with `scanstring`, sibling
values skipped with the C scanner) and remembers where its children start, so locating many
diagnostics costs about one extra parse of the containers on their paths.

`json_syntax_diagnostic(err)` turns a `JsonSyntaxError` into the `json-syntax` diagnostic,
with a hint naming the cause it sees near the error (trailing comma, single quotes, an
unescaped quote inside a string, a comment, Python's True/False/None, a missing comma...).
"""

from __future__ import annotations

import bisect
import json
import re
from json.decoder import scanstring

from checker.diagnostics import Diagnostic, split_pointer
from checker.i18n import N_, tr

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["JsonSyntaxError", "SourceDoc", "json_syntax_diagnostic", "parse"]

_WS = re.compile(r"[ \t\n\r]*")
#: A JSON string, or one bracket: used to scan text while skipping string contents.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)
_DEPTH_REPORTED = 512
#: Positions looked up by counting newlines before a line table is built (see `position`).
_COUNTED_LOOKUPS = 8


class JsonSyntaxError(ValueError):
    """The text is not JSON. `message` is in plain words; `line`/`column` are 1-based."""

    def __init__(
        self,
        message: str,
        line: int,
        column: int,
        *,
        pos: int | None = None,
        doc: str | None = None,
        reason: str = "",
    ) -> None:
        super().__init__(f"{message} (line {line}, column {column})")
        self.message = message
        self.line = line
        self.column = column
        #: offset in `doc` of the error, and the text itself: used to explain the cause
        self.pos = pos
        self.doc = doc
        #: the stdlib parser's own wording, or one of our tags ("nan", "depth", "digits")
        self.reason = reason


class _NotJsonConstant(Exception):
    pass


def _reject_constant(name: str) -> Any:
    raise _NotJsonConstant(name)


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)
_SCAN_ONCE = _DECODER.scan_once


class SourceDoc:
    """A parsed JSON document that can tell where any value in it starts."""

    __slots__ = ("text", "value", "_src", "_children", "_line_starts", "_lookups")

    def __init__(self, text: str, value: Any, src: str | None = None) -> None:
        self.text = text
        self.value = value
        self._src = text if src is None else src
        self._children: dict[tuple[str, ...], dict[str, int] | list[int] | None] = {}
        self._line_starts: list[int] | None = None
        self._lookups = 0

    def offset(self, ptr: str) -> int:
        """The character offset where the value at `ptr` starts (or its nearest ancestor)."""
        src = self._src
        pos = _WS.match(src, 0).end()
        tokens = split_pointer(ptr)
        for depth, token in enumerate(tokens):
            key = tuple(tokens[:depth])
            if key in self._children:
                children = self._children[key]
            else:
                children = self._scan_container(pos)
                self._children[key] = children
            if isinstance(children, dict):
                nxt = children.get(token)
            elif isinstance(children, list):
                index = _array_index(token)
                nxt = children[index] if index is not None and index < len(children) else None
            else:
                nxt = None
            if nxt is None:
                return pos
            pos = nxt
        return pos

    def locate(self, ptr: str) -> tuple[int, int]:
        """1-based (line, column) of the value at JSON pointer `ptr`.

        For a member or item that does not exist, the position of the deepest ancestor that
        does. Columns count characters (a tab is one column), as the stdlib parser does.
        """
        return self.position(self.offset(ptr))

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset.

        The first few lookups count newlines in C (`str.count`), which is cheapest when a
        large document has one or two diagnostics; after that a table of line starts is
        built once and searched.
        """
        if self._line_starts is None:
            self._lookups += 1
            if self._lookups <= _COUNTED_LOOKUPS:
                text = self.text
                return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i != -1:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        line = bisect.bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1

    def _scan_container(self, pos: int) -> dict[str, int] | list[int] | None:
        """Where each child of the object or array starting at `pos` starts."""
        src = self._src
        if pos >= len(src):
            return None
        opener = src[pos]
        if opener == "{":
            members: dict[str, int] = {}
            i = _WS.match(src, pos + 1).end()
            if src[i] == "}":
                return members
            while True:
                key, i = scanstring(src, i + 1)  # src[i] is the opening quote
                i = _WS.match(src, i).end() + 1  # past the colon
                i = _WS.match(src, i).end()
                members[key] = i  # a repeated key: the last one wins, as in json.loads
                _, i = _SCAN_ONCE(src, i)
                i = _WS.match(src, i).end()
                if src[i] == "}":
                    return members
                i = _WS.match(src, i + 1).end()  # past the comma
        if opener == "[":
            items: list[int] = []
            i = _WS.match(src, pos + 1).end()
            if src[i] == "]":
                return items
            while True:
                items.append(i)
                _, i = _SCAN_ONCE(src, i)
                i = _WS.match(src, i).end()
                if src[i] == "]":
                    return items
                i = _WS.match(src, i + 1).end()
        return None


def _array_index(token: str) -> int | None:
    if token.isdigit() and token.isascii() and (token == "0" or not token.startswith("0")):
        return int(token)
    return None


def parse(text: str) -> SourceDoc:
    """Parse JSON text; raise `JsonSyntaxError` (never anything else) when it is not JSON."""
    # A byte order mark is not JSON whitespace; editors add it. Read it as a space so that
    # every offset stays the same.
    src = " " + text[1:] if text.startswith("\ufeff") else text
    try:
        value = _DECODER.decode(src)
    except json.JSONDecodeError as err:
        raise _syntax_error(text, err.pos, err.msg) from None
    except _NotJsonConstant as err:
        pos = _find_outside_strings(src, re.compile(r"-?Infinity|NaN"))
        raise _syntax_error(text, pos, "nan", str(err)) from None
    except RecursionError:
        raise _syntax_error(text, _too_deep_at(src), "depth") from None
    except ValueError:
        # int() refuses numbers longer than sys.get_int_max_str_digits() (4300 by default).
        pos = _find_outside_strings(src, re.compile(r"\d{1000,}"))
        raise _syntax_error(text, pos, "digits") from None
    return SourceDoc(text, value, src)


def _find_outside_strings(src: str, pattern: re.Pattern[str]) -> int:
    """Offset of the first match of `pattern` outside JSON strings (0 if none)."""
    combined = re.compile(r'"(?:[^"\\]|\\.)*"|(' + pattern.pattern + ")", re.S)
    for match in combined.finditer(src):
        if match.group(1) is not None:
            return match.start(1)
    return 0


def _too_deep_at(src: str) -> int:
    """Offset where bracket nesting first passes _DEPTH_REPORTED (or is deepest)."""
    depth = deepest = 0
    deepest_at = 0
    for match in _STRING_OR_BRACKET.finditer(src):
        ch = match.group()
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest, deepest_at = depth, match.start()
                if depth > _DEPTH_REPORTED:
                    return deepest_at
        elif ch in "]}":
            depth -= 1
    return deepest_at


# --------------------------------------------------------------------------- messages

_PLAIN = {
    "Expecting value": N_(
        "expected a value (a string, number, object, array, true, false or null)"
    ),
    "Expecting property name enclosed in double quotes": N_("expected a key in double quotes"),
    "Expecting ':' delimiter": N_("expected a `:` between the key and its value"),
    "Expecting ',' delimiter": N_("expected a `,` or a closing bracket"),
    "Unterminated string starting at": N_("this string is never closed"),
    "Invalid control character at": N_("a raw control character (line break, tab) inside a string"),
    "Invalid \\escape": N_("invalid backslash escape in a string"),
    "Invalid \\uXXXX escape": N_("invalid `\\u` escape: it needs four hex digits"),
    "Extra data": N_("unexpected text after the end of the JSON value"),
    "nan": N_("NaN and Infinity are not JSON"),
    "depth": N_("the JSON is nested too deeply to read"),
    "digits": N_("a number with too many digits"),
}


def _syntax_error(text: str, pos: int, reason: str, detail: str = "") -> JsonSyntaxError:
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    if reason.startswith("Illegal trailing comma"):  # Python 3.13+
        message = tr("trailing comma")
    elif reason == "nan" and detail:
        message = tr("`{name}` is not JSON", name=detail)
    elif reason in _PLAIN:
        message = tr(_PLAIN[reason])
    else:  # the parser's own words
        message = reason[:1].lower() + reason[1:] or tr("not valid JSON")
    if not text.strip():
        message = tr("the input is empty: expected a JSON value")
    return JsonSyntaxError(message, line, column, pos=pos, doc=text, reason=reason)


_COMMON_CAUSES = N_(
    "Usual causes: a trailing comma before `}` or `]`, single quotes instead of double "
    "quotes, an unescaped `\"` inside a string, a comment, Python's `True`/`False`/`None` "
    "instead of `true`/`false`/`null`, or a missing comma between items."
)
_VALUE_START = re.compile(r'["{\[\-0-9]|true\b|false\b|null\b')
_PY_LITERAL = re.compile(r"(True|False|None)\b")
_WORD = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def _previous_char(doc: str, pos: int) -> tuple[str, int]:
    """The last non-whitespace character before `pos`, and its offset ("" and -1 if none)."""
    i = pos - 1
    while i >= 0 and doc[i] in " \t\r\n":
        i -= 1
    return (doc[i], i) if i >= 0 else ("", -1)


def explain_syntax_error(err: JsonSyntaxError) -> tuple[str, str]:
    """(message, hint) for a syntax error, naming the specific cause when it is visible."""
    doc, pos, reason = err.doc or "", err.pos or 0, err.reason
    message = err.message
    ch = doc[pos] if pos < len(doc) else ""
    prev, prev_at = _previous_char(doc, pos)
    prev_line = doc.count("\n", 0, prev_at) + 1 if prev_at >= 0 else 1

    if not doc.strip():
        return message, tr("Write a JSON value, e.g. a request body `{...}` or a messages array.")
    if reason == "nan":
        return message, tr("JSON has no NaN or Infinity: use `null`, a number, or a string.")
    if reason == "depth":
        return message, tr(
            "Nest arrays and objects less deeply (at most {levels} levels).",
            levels=_DEPTH_REPORTED,
        )
    if reason == "digits":
        return message, tr("Write such a long number as a string.")
    if reason.startswith("Illegal trailing comma") or (
        ch in ("]", "}") and prev == "," and reason.startswith("Expecting")
    ):
        closer = ch or "]"
        return (
            tr("trailing comma before `{closer}`", closer=closer),
            tr(
                "Remove the comma after the last item (line {line}): JSON allows no comma "
                "before a closing `]` or `}}`.",
                line=prev_line,
            ),
        )
    if doc.startswith(("//", "/*"), pos) or ch == "#":
        return (
            tr("a comment: JSON has no comments"),
            tr("Delete the comment (`//`, `/* */` and `#` are not JSON)."),
        )
    if ch == "'":
        return (
            tr("single quotes: JSON strings and keys need double quotes"),
            tr("Write \"city\", not 'city': replace the single quotes with double quotes."),
        )
    match = _PY_LITERAL.match(doc, pos)
    if match and reason == "Expecting value":
        python = match.group(1)
        json_word = {"True": "true", "False": "false", "None": "null"}[python]
        return (
            tr("`{python}` is Python, not JSON", python=python),
            tr(
                "Write `{json}`: JSON spells true, false and null in lower case.",
                json=json_word,
            ),
        )
    if reason == "Expecting value" and doc.startswith("undefined", pos):
        return tr("`undefined` is not JSON"), tr("Use `null`.")
    word = _WORD.match(doc, pos)
    if reason == "Expecting value" and word:
        shown = word.group()[:40]
        return (
            tr("`{word}` is not a JSON value: text needs double quotes", word=shown),
            tr('Write "{word}" (or `true`, `false`, `null` in lower case).', word=shown),
        )
    if reason == "Expecting property name enclosed in double quotes" and word:
        key = word.group()[:40]
        return (
            tr("the key `{key}` is not in double quotes", key=key),
            tr(
                'Write the key as "{key}": JSON keys are always double-quoted strings.',
                key=key,
            ),
        )
    return _explain_broken_text(err, doc, pos, ch, prev, prev_line)


def _explain_broken_text(
    err: JsonSyntaxError, doc: str, pos: int, ch: str, prev: str, prev_line: int
) -> tuple[str, str]:
    """(message, hint) for a missing comma, a string broken or left open, an extra value or
    bracket, a document cut short; else the common causes."""
    reason, message = err.reason, err.message
    if reason in ("Expecting ',' delimiter", "Expecting ':' delimiter") and ch:
        if prev == '"' and not _VALUE_START.match(doc, pos) and ch not in ",:]}":
            return (
                tr("a double quote ends this string too early"),
                tr(
                    'A `"` inside a string must be escaped as `\\"` (e.g. "say \\"hi\\""); '
                    "otherwise the string stops there."
                ),
            )
        if reason == "Expecting ',' delimiter" and _VALUE_START.match(doc, pos):
            if prev_line != err.line:
                hint = tr(
                    "Add a `,` at the end of line {line}: items of an array and members of "
                    "an object are separated by commas.",
                    line=prev_line,
                )
            else:
                hint = tr(
                    "Add a `,` here: items of an array and members of an object are "
                    "separated by commas."
                )
            return tr("missing comma between two items"), hint
    if reason == "Unterminated string starting at":
        return (
            message,
            tr('Close the string with a `"`. A string cannot run over a line break: write `\\n`.'),
        )
    if reason == "Invalid control character at":
        names = {
            "\n": N_("a line break inside a string"),
            "\t": N_("a tab inside a string"),
            "\r": N_("a carriage return inside a string"),
        }
        other = N_("a control character inside a string")
        return (
            tr(names.get(ch, other)),
            tr("Inside a JSON string write a line break as `\\n` and a tab as `\\t`."),
        )
    if reason == "Invalid \\escape":
        return (
            message,
            tr(
                "A backslash starts an escape sequence: write `\\\\` for a backslash itself "
                '(e.g. Windows paths), or `\\n`, `\\t`, `\\"`.'
            ),
        )
    if reason == "Extra data":
        if ch in ("]", "}"):
            return (
                tr("one closing `{bracket}` too many", bracket=ch),
                tr("Remove the extra bracket, or check where the earlier value was closed."),
            )
        return (
            message,
            tr(
                "A JSON document holds exactly one value: remove what follows, or put several "
                "values in one array."
            ),
        )
    if pos >= len(doc.rstrip()):
        return (
            tr("the JSON ends too early"),
            tr("A closing `}` or `]` is missing, or the text was cut off."),
        )
    return message, tr(_COMMON_CAUSES)


def json_syntax_diagnostic(err: JsonSyntaxError) -> Diagnostic:
    """The `json-syntax` error diagnostic for `err`, at the parser's line:column."""
    message, hint = explain_syntax_error(err)
    return Diagnostic(
        rule="json-syntax",
        severity="error",
        path="",
        message=tr("not valid JSON: {message}", message=message),
        hint=hint,
        line=err.line,
        column=err.column,
    )
