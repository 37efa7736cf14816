"""What of a learner's or an author's text may reach a terminal as it is: one policy, for the
engine and the app alike.

A character is *not* shown as it is when a terminal would obey it or it would change what
the reader sees without being seen itself:

- C0 controls, DEL and C1 controls (ESC starts an escape sequence that can clear the
  screen, retitle the window or rewrite a line); tab and newline only where the text
  keeps its lines (`printable`, `without_controls`);
- Unicode format characters (category Cf): the bidirectional embeddings, overrides and
  isolates (U+202A..U+202E, U+2066..U+2069) that reorder what is displayed (the "Trojan
  Source" trick), the direction marks, zero-width spaces and joiners, the byte order mark,
  the soft hyphen, tag characters...;
- the line and paragraph separators (U+2028, U+2029), which some terminals break on;
- lone surrogates, which stop an encoding stream with an error.

Everything else is shown as typed: letters of every script, accents, emoji, non-breaking
spaces, brackets and colons. Never escaping a printable character is the other half of
the policy.

A character that is not shown becomes its JSON escape (`\\u202e`; `escaped` for a value
quoted on one line, `printable` for text that keeps its tabs and newlines), a `?` where
the text must keep its width (`masked`: a source line over a caret), or nothing where the
text is already laid out in cells (`without_controls`: the TUI).

Standard library only, and `re` alone: the app's commands that never load the engine read
this module too (`tooltutor.safe_output` loads it without the package's `__init__`).
"""

from __future__ import annotations

import re

#: C0 controls but tab and newline, DEL, C1 controls.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
#: Format characters (Cf) and the line and paragraph separators (Zl, Zp), as of Unicode
#: 15.1 (a test holds this to the `unicodedata` of the running Python).
_FORMAT = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
_SURROGATES = "\ud800-\udfff"

#: not shown on one line: tab and newline included
_HIDDEN_CLASS = f"[\t\n{_CONTROLS}{_FORMAT}{_SURROGATES}]"
#: not shown in text that keeps its lines: tab and newline are shown
_HIDDEN_IN_LINES_CLASS = f"[{_CONTROLS}{_FORMAT}{_SURROGATES}]"


def __getattr__(name: str) -> re.Pattern:
    """`_HIDDEN` and `_HIDDEN_IN_LINES`, compiled on first use (~1 ms for the two): most
    output is plain ASCII, which `_shown_ascii` answers without them."""
    if name == "_HIDDEN":
        pattern = re.compile(_HIDDEN_CLASS)
    elif name == "_HIDDEN_IN_LINES":
        pattern = re.compile(_HIDDEN_IN_LINES_CLASS)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = pattern
    return pattern


def _hidden() -> re.Pattern:
    return globals().get("_HIDDEN") or __getattr__("_HIDDEN")


def _hidden_in_lines() -> re.Pattern:
    return globals().get("_HIDDEN_IN_LINES") or __getattr__("_HIDDEN_IN_LINES")


def _shown_ascii(text: str, *, lines: bool) -> bool:
    """True when `text` is ASCII with nothing that is not shown: the same answer as the
    patterns' for ASCII text (its hidden characters are C0 controls and DEL, which
    `str.isprintable` refuses; tab and newline are shown when `lines`)."""
    if not text.isascii():
        return False
    if lines:
        text = text.replace("\t", "").replace("\n", "")
    return text.isprintable()


def is_shown(ch: str) -> bool:
    """Whether `ch` may reach a terminal as it is (tab and newline: not inside one line)."""
    return _shown_ascii(ch, lines=False) or _hidden().match(ch) is None


def json_escape(ch: str) -> str:
    """`ch` as a JSON escape (`\\u001b`; a character past U+FFFF as its surrogate pair)."""
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def _escape(match: re.Match) -> str:
    return json_escape(match.group())


def escaped(text: str) -> str:
    """`text` on one line: every character that is not shown written as its JSON escape
    (tab and newline too)."""
    if _shown_ascii(text, lines=False):
        return text
    hidden = _hidden()
    return hidden.sub(_escape, text) if hidden.search(text) else text


def printable(text: str) -> str:
    """`text` keeping its lines: every character that is not shown written as its JSON
    escape, tab and newline kept. Inside JSON output the escape is the same character, so
    the JSON keeps its meaning."""
    if _shown_ascii(text, lines=True):
        return text
    hidden = _hidden_in_lines()
    return hidden.sub(_escape, text) if hidden.search(text) else text


def masked(text: str, *, keep_tabs: bool = False) -> str:
    """`text` with every character that is not shown replaced by `?` (same length)."""
    if _shown_ascii(text, lines=False) or not _hidden().search(text):
        return text
    return "".join(ch if is_shown(ch) or (keep_tabs and ch == "\t") else "?" for ch in text)


def has_controls(text: str) -> bool:
    """Whether `text` holds a character that is not shown (tab and newline aside)."""
    return not _shown_ascii(text, lines=True) and _hidden_in_lines().search(text) is not None


def without_controls(text: str) -> str:
    """`text` without the characters that are not shown (tab and newline kept), for text
    already laid out on screen, where an escape would not fit."""
    if _shown_ascii(text, lines=True):
        return text
    return _hidden_in_lines().sub("", text)
