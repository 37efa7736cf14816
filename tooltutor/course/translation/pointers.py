"""JSON pointers into plain values: their tokens, the strings under a value, the value at a
pointer, and a copy with a string put at one."""

from __future__ import annotations

from collections.abc import Mapping


def escape_token(token: object) -> str:
    """One reference token, escaped (`checker.jsonpointer.escape`)."""
    # on first use, not at import: checker.jsonpointer (2 modules)
    from checker.jsonpointer import escape

    return escape(token)


def pointer_tokens(pointer: str) -> list[str]:
    """The reference tokens of `pointer` (`checker.jsonpointer.split`)."""
    # on first use, not at import: checker.jsonpointer (2 modules)
    from checker.jsonpointer import split

    return split(pointer)


def string_leaves(value, pointer: str = ""):
    """(pointer, string) for every string inside `value`."""
    if isinstance(value, str):
        yield pointer, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from string_leaves(item, f"{pointer}/{escape_token(key)}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from string_leaves(item, f"{pointer}/{index}")


def value_at(value, pointer: str):
    """The value at `pointer` inside `value` (KeyError when there is none)."""
    for token in pointer_tokens(pointer):
        if isinstance(value, Mapping) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            raise KeyError(pointer)
    return value


def put_at(value, pointer: str, text: str):
    """A copy of `value` with `text` at `pointer` (the parts on the way copied)."""
    tokens = pointer_tokens(pointer)
    if not tokens:
        return text
    head, rest = tokens[0], "".join(f"/{escape_token(t)}" for t in tokens[1:])
    if isinstance(value, list):
        out = list(value)
        out[int(head)] = put_at(value[int(head)], rest, text)
        return out
    out = dict(value)
    out[head] = put_at(value[head], rest, text)
    return out
