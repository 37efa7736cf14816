"""A YAML syntax error in an author's words: what the line does wrong, and what to do.

The parser says "did not find expected key" or "mapping values are not allowed here"; the
author needs "this line is indented less than the keys above it: line it up with them".
`explain` reads the lines around the parser's mark (indentation, a block scalar above, a
colon inside a value, an open quote or bracket) and words the usual mistakes; the
parser's own words follow in parentheses, so nothing it said is lost.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"^(\s*)(- +)?([^\s#'\"\[\]{}:,-][^:#]*?|'[^']*'|\"[^\"]*\"):(\s|$)")


def explain(problem: str, context: str, lines: list[str], line: int, column: int, start) -> str:
    """The message for a YAML error at 0-based (`line`, `column`); `start` is the
    (line, column) where the construct being parsed began, or None. See `place` for
    where to report it."""
    return place(problem, context, lines, line, column, start)[0]


def place(problem: str, context: str, lines: list[str], line: int, column: int, start):
    """(message, (0-based line, column) to report it at, or None for the parser's mark)."""
    open_quote = _open_quote(lines, line)
    if open_quote is not None:
        at, col, mark = open_quote
        said = f"({problem}{' ' + context if context else ''})"
        return (
            f"the {mark} opened here is not closed on its line, so YAML reads on to the "
            f"next {mark} (and stopped at line {line + 1}): close it on this line {said}",
            (at, col),
        )
    return _words(problem, context, lines, line, column, start), None


def _words(problem: str, context: str, lines: list[str], line: int, column: int, start) -> str:
    said = f"({problem}{' ' + context if context else ''})"
    if "expected key" in problem or "expected '-' indicator" in problem:
        found = _indentation_words(problem, lines, line, start, said)
        if found is not None:
            return found
    if "mapping values are not allowed" in problem:
        found = _colon_words(lines, line, column, said)
        if found is not None:
            return found
    if "could not find expected ':'" in problem and start is not None:
        return (
            f"line {start[0] + 1} is not `key: value`: if it continues the text above, indent "
            f"it under that text (or write the text as a `|` block); if it is a key, add ': ' "
            f"{said}"
        )
    if "end of stream" in problem and "quoted scalar" in context and start is not None:
        return (
            f"the quote opened at line {start[0] + 1}, column {start[1] + 1} is never closed: "
            f"close it on the same value {said}"
        )
    flow = re.search(r"expected ',' or '([\]}])'", problem)
    if flow and start is not None:
        closing = flow.group(1)
        opening = "[" if closing == "]" else "{"
        return (
            f"the '{opening}' at line {start[0] + 1}, column {start[1] + 1} is not closed "
            f"before this: close it with '{closing}', or quote a value that holds ',', "
            f"'{opening}' or '{closing}' {said}"
        )
    return ""


def _indentation_words(problem: str, lines: list[str], line: int, start, said: str) -> str | None:
    """A line that is not the key or the list item YAML expected there: why, by its indent."""
    here = lines[line] if 0 <= line < len(lines) else ""
    indent = _indent(here)
    block = _block_scalar_above(lines, line)
    if block is not None:
        at, text_indent = block
        return (
            f"this line is indented less than the text of the block that starts at line "
            f"{at + 1} (a `|` or `>` block: its lines are at column {text_indent + 1}): "
            f"indent every line of the block at least as much as its first {said}"
        )
    if start is not None:
        s_line, s_col = start
        opener = lines[s_line] if 0 <= s_line < len(lines) else ""
        if "'-' indicator" in problem:
            item = _item_content(opener, s_col)
            if indent < s_col:
                return (
                    f"this line is indented less than the items of the list that starts "
                    f"at line {s_line + 1} (its '- ' at column {s_col + 1}): line it up "
                    f"with them, or with the key that holds the list to end it {said}"
                )
            if indent > s_col and item is not None and indent != item:
                return (
                    f"this line is indented {indent} spaces, but the keys of the list item "
                    f"above (line {s_line + 1}) are at {item}: line it up with them {said}"
                )
            return (
                f"this line is not an item of the list that starts at line {s_line + 1}: "
                f"start it with '- ' at column {s_col + 1}, or indent it under an item "
                f"{said}"
            )
        above = _previous(lines, line)
        prev = _indent(lines[above]) if above is not None else 0
        dashed = re.match(r"\s*-[^\s-]", opener)
        if dashed:
            return (
                f"line {s_line + 1} starts with '{dashed.group(0).strip()}': write a space "
                f"after '-' to start a list item {said}"
            )
        if s_col < indent < prev:
            return (
                f"this line is indented less than the item above it (line {above + 1}) "
                f"and more than the keys of the mapping that starts at line {s_line + 1} "
                f"(column {s_col + 1}): line it up with one of them {said}"
            )
        if here.lstrip().startswith("- "):
            return (
                f"a list item among the keys of the mapping that starts at line "
                f"{s_line + 1}: a list goes under a key of its own (`key:`, then its "
                f"items on the lines below, indented) {said}"
            )
        if indent < s_col:
            return (
                f"this line is indented less than the item above it: the keys of the "
                f"mapping that starts at line {s_line + 1} are at column {s_col + 1}; "
                f"line it up with them, or with a key further out {said}"
            )
        if indent > s_col:
            return (
                f"this line is indented more than the keys of the mapping that starts at "
                f"line {s_line + 1} (column {s_col + 1}): line it up with them {said}"
            )
        return (
            f"this line is not `key: value`, as the lines of the mapping that starts at "
            f"line {s_line + 1} are: add the key, or quote the text {said}"
        )
    return None


def _colon_words(lines: list[str], line: int, column: int, said: str) -> str | None:
    """A ': ' where YAML allows no new key: a colon inside a value, or a line indented too far."""
    here = lines[line] if 0 <= line < len(lines) else ""
    indent = _indent(here)
    before = here[:column]
    key = _KEY.match(here)
    if key and len(key.group(0).rstrip()) < column:
        return (
            f"a second ': ' on this line: the value after `{key.group(3).strip()}:` holds "
            f"a colon and a space, which YAML reads as a new key: put the value in quotes "
            f'("...") {said}'
        )
    above = _previous(lines, line)
    if above is not None and indent > _indent(lines[above]) and _KEY.match(lines[above]):
        name = _KEY.match(lines[above]).group(3).strip()
        return (
            f"this line is indented more than `{name}` above it, so YAML reads it as part "
            f"of that value: line it up with `{name}` {said}"
        )
    if above is not None and indent > _indent(lines[above]):
        return (
            f"this line is indented more than line {above + 1} above it, so YAML reads it "
            f"as part of that line's value: line it up with the key it belongs to {said}"
        )
    if ": " in before or before.rstrip().endswith(":"):
        return f"a colon and a space inside a value: put the value in quotes {said}"
    return None


_QUOTED_VALUE = re.compile(r"""^\s*(?:-\s+)?(?:[\w.-]+:\s+)?(["'])""")


def _open_quote(lines: list[str], line: int) -> tuple[int, int, str] | None:
    """(line, column, quote) of a quoted value opened on an earlier line and not closed
    there: YAML allows it, course files never mean it."""
    for i in range(max(0, line - 40), line):
        text = lines[i]
        found = _QUOTED_VALUE.match(text)
        if not found:
            continue
        mark, start = found.group(1), found.end(1) - 1
        rest = text[start + 1 :]
        if mark == '"':
            closed = re.search(r'(?<!\\)"', rest.replace("\\\\", ""))
        else:
            closed = re.search(r"'(?!')", rest.replace("''", ""))
        if closed is None:
            return i, start, "double quote" if mark == '"' else "single quote"
    return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _previous(lines: list[str], line: int) -> int | None:
    for i in range(line - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _item_content(text: str, dash: int) -> int | None:
    """The column of the first key of the list item whose '-' is at `dash`."""
    rest = text[dash:]
    found = re.match(r"-( +)\S", rest)
    return dash + 1 + len(found.group(1)) if found else None


def _block_scalar_above(lines: list[str], line: int) -> tuple[int, int] | None:
    """(line of a `|`/`>` block scalar above, its text's indentation) when the line at
    `line` is less indented than that block's text but more than its key."""
    indent = _indent(lines[line]) if 0 <= line < len(lines) else 0
    for i in range(line - 1, -1, -1):
        text = lines[i]
        if not text.strip():
            continue
        if re.search(r":\s*[|>][+-]?[1-9]?\s*(#.*)?$", text):
            body = [t for t in lines[i + 1 : line] if t.strip()]
            if not body:
                return None
            text_indent = min(_indent(t) for t in body)
            if _indent(text) < indent < text_indent:
                return i, text_indent
            return None
        if _indent(text) <= indent:
            return None  # out of any block the line could belong to
    return None
