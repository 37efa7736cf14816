"""JSON Pointers (RFC 6901): the one place that writes, reads and follows them.

A pointer is a string of reference tokens, each written after a "/": `/messages/2/content`.
Inside a token "~" is written "~0" and "/" is written "~1". The empty pointer "" is the
whole document. Standard library only, and it imports nothing of `checker`: any module
(the rules, the sandbox's child, the app) may use it.
"""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["build", "escape", "join", "resolve", "split", "unescape"]

#: `resolve`'s default default: raise KeyError when the pointer leads nowhere
_RAISE: Any = object()


def escape(token: object) -> str:
    """One reference token as written in a pointer: `a/b~c` -> `a~1b~0c`."""
    text = str(token)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return text


def unescape(token: str) -> str:
    """The key a written reference token stands for: `a~1b~0c` -> `a/b~c`."""
    if "~" in token:
        token = token.replace("~1", "/").replace("~0", "~")
    return token


def build(*tokens: object) -> str:
    """The pointer of `tokens`: build("messages", 2) is "/messages/2"."""
    return "".join("/" + escape(token) for token in tokens)


def join(base: str, token: object) -> str:
    """`base` with one more reference token: join("/tools", "a/b") is "/tools/a~1b"."""
    return f"{base}/{escape(token)}"


def split(pointer: str) -> list[str]:
    """The unescaped reference tokens of `pointer` ("" -> []).

    A pointer written without its leading "/" (`messages/0`) is read as if it had one.
    """
    if not pointer:
        return []
    parts = pointer.split("/")
    if pointer.startswith("/"):
        parts = parts[1:]
    return [unescape(part) for part in parts]


def resolve(value: Any, pointer: str, default: Any = _RAISE) -> Any:
    """The part of `value` that `pointer` names; `default` (or KeyError) when absent.

    An array token is an index; a negative one counts from the end (`/messages/-1` is the
    last message), an extension the course format uses. "-" (RFC 6901's "past the end")
    names nothing to read, so it is absent like any index out of range.
    """
    for token in split(pointer):
        if isinstance(value, Mapping) and token in value:
            value = value[token]
        elif isinstance(value, list) and _in_range(token, len(value)):
            value = value[int(token)]
        else:
            if default is _RAISE:
                raise KeyError(pointer)
            return default
    return value


def _in_range(token: str, length: int) -> bool:
    """`token` is an index (digits, perhaps after one "-") of an array of `length` items."""
    digits = token[1:] if token.startswith("-") else token
    return digits.isdecimal() and -length <= int(token) < length
