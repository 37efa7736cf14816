"""Which characters of a learner's or an author's text may reach a terminal as they are.

A character is shown when Python counts it printable and it is not a lone surrogate;
anything else (a control, an escape sequence's ESC, a bidi override, a surrogate that
would stop an encoding stream) is made visible instead: written as its JSON escape inside
a quoted value (`escaped`), or replaced by `?` where the text must keep its width, as in
a source line over a caret (`masked`). Printable characters are never escaped.

The app's output streams and drawn lines have their own filter (`tooltutor.safe_output`),
which keeps the engine out of commands that never load it.
"""

from __future__ import annotations


def is_shown(ch: str) -> bool:
    """Whether `ch` may reach a terminal as it is."""
    return ch.isprintable() and not "\ud800" <= ch <= "\udfff"


def json_escape(ch: str) -> str:
    """`ch` as a JSON escape (`\\u001b`; a character past U+FFFF as its surrogate pair)."""
    code = ord(ch)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def escaped(text: str) -> str:
    """`text` with every character that is not shown written as its JSON escape."""
    if text.isprintable():
        return text
    return "".join(ch if is_shown(ch) else json_escape(ch) for ch in text)


def masked(text: str, *, keep_tabs: bool = False) -> str:
    """`text` with every character that is not shown replaced by `?` (same length)."""
    if text.isprintable():
        return text
    return "".join(ch if is_shown(ch) or (keep_tabs and ch == "\t") else "?" for ch in text)
