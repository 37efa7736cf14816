"""Edits to JSON text that keep its formatting: every value's span, and the array edits a
repair needs (remove an item, insert one, move one verbatim, replace a value).

`Spans(text)` scans the text once and records where each value starts and ends, by JSON
pointer. An inserted item takes the style of its siblings: the separator between them
(`,\\n      ` or `, `), and for multi-line siblings their indentation. A moved item is
copied character for character, so what the user or the model wrote is kept exactly.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring
from typing import Any

from checker.diagnostics import pointer, split_pointer

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")


class Spans:
    """Where each value of a JSON text starts and ends (`spans[pointer] = (start, end)`),
    and the items of each array (`items[pointer]`)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.spans: dict[str, tuple[int, int]] = {}
        self.items: dict[str, list[str]] = {}
        start = _WS.match(text, 0).end()
        end = self._value(start, "")
        if _WS.match(text, end).end() != len(text):
            raise ValueError("text after the JSON value")

    def _value(self, i: int, ptr: str) -> int:
        text = self.text
        ch = text[i]
        if ch == "{":
            end = self._object(i, ptr)
        elif ch == "[":
            end = self._array(i, ptr)
        elif ch == '"':
            _, end = scanstring(text, i + 1)
        else:
            for word in ("true", "false", "null"):
                if text.startswith(word, i):
                    end = i + len(word)
                    break
            else:
                found = _NUMBER.match(text, i)
                if found is None:
                    raise ValueError(f"not JSON at {i}")
                end = found.end()
        self.spans[ptr] = (i, end)
        return end

    def _object(self, i: int, ptr: str) -> int:
        text = self.text
        i = _WS.match(text, i + 1).end()
        if text[i] == "}":
            return i + 1
        while True:
            key, i = scanstring(text, i + 1)
            i = _WS.match(text, i).end() + 1
            i = _WS.match(text, i).end()
            i = self._value(i, ptr + pointer(key))
            i = _WS.match(text, i).end()
            if text[i] == "}":
                return i + 1
            i = _WS.match(text, i + 1).end()

    def _array(self, i: int, ptr: str) -> int:
        text = self.text
        children: list[str] = []
        self.items[ptr] = children
        i = _WS.match(text, i + 1).end()
        if text[i] == "]":
            return i + 1
        n = 0
        while True:
            child = f"{ptr}/{n}"
            children.append(child)
            i = self._value(i, child)
            i = _WS.match(text, i).end()
            if text[i] == "]":
                return i + 1
            i = _WS.match(text, i + 1).end()
            n += 1

    # ------------------------------------------------------------------ reading

    def slice(self, ptr: str) -> str:
        start, end = self.spans[ptr]
        return self.text[start:end]

    def column(self, offset: int) -> int:
        """0-based column of an offset."""
        return offset - (self.text.rfind("\n", 0, offset) + 1)

    def separator(self, array: str) -> str:
        """What stands between two items of the array (`,\\n    `, `, `): the array's own,
        else its parent's style."""
        items = self.items[array]
        text = self.text
        if len(items) >= 2:
            return text[self.spans[items[0]][1] : self.spans[items[1]][0]]
        start, end = self.spans[array]
        if items:
            lead = text[start + 1 : self.spans[items[0]][0]]
            return "," + lead if "\n" in lead else ", "
        return ", "

    def render(self, value: Any, array: str) -> str:
        """`value` as an item of `array`, in the style of its items."""
        items = self.items[array]
        sample = self.slice(items[0]) if items else ""
        compact = sample and ": " not in sample and '":' in sample
        seps = (",", ":") if compact else (", ", ": ")
        # a file written with non-ASCII escaped (`\u00e3`) gets its new text escaped too
        ascii_only = self.text.isascii() and "\\u" in self.text
        if "\n" not in sample:
            return json.dumps(value, ensure_ascii=ascii_only, separators=seps)
        # the sample's own line end (CRLF kept) and indentation (tabs kept)
        newline = "\r\n" if "\r\n" in sample else "\n"
        first = self.spans[items[0]][0]
        before = self.text[self.text.rfind("\n", 0, first) + 1 : first]
        lead = before if not before.strip() else " " * len(before)
        second = sample.split("\n")[1].rstrip("\r")
        inner = second[: len(second) - len(second.lstrip(" \t"))]
        unit = inner[len(lead) :] if inner.startswith(lead) and len(inner) > len(lead) else "  "
        dumped = json.dumps(value, ensure_ascii=ascii_only, indent=unit, separators=(",", ": "))
        return dumped.replace("\n", newline + lead)


# --------------------------------------------------------------------------- edits


class Edit:
    """A change to the text: replace `[start, end)` with `new`."""

    __slots__ = ("start", "end", "new")

    def __init__(self, start: int, end: int, new: str) -> None:
        self.start, self.end, self.new = start, end, new


def apply(text: str, edits: list[Edit]) -> str:
    """The text with non-overlapping edits applied (any order given)."""
    out = text
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out = out[: edit.start] + edit.new + out[edit.end :]
    return out


def remove_item(spans: Spans, ptr: str) -> Edit:
    """Remove an array item with the separator before it (or after it, for the first)."""
    tokens = split_pointer(ptr)
    array = pointer(*tokens[:-1])
    items = spans.items[array]
    n = items.index(ptr)
    start, end = spans.spans[ptr]
    if len(items) == 1:
        a_start, a_end = spans.spans[array]
        return Edit(a_start + 1, a_end - 1, "")
    if n > 0:
        return Edit(spans.spans[items[n - 1]][1], end, "")
    return Edit(start, spans.spans[items[1]][0], "")


def insert_item(spans: Spans, array: str, index: int, item_text: str) -> Edit:
    """Insert `item_text` (already written) as item `index` of `array`."""
    items = spans.items[array]
    sep = spans.separator(array)
    if not items:
        a_start, a_end = spans.spans[array]
        return Edit(a_start + 1, a_end - 1, item_text)
    if index < len(items):
        at = spans.spans[items[index]][0]
        return Edit(at, at, item_text + sep)
    at = spans.spans[items[-1]][1]
    return Edit(at, at, sep + item_text)


def replace_value(spans: Spans, ptr: str, new_text: str) -> Edit:
    start, end = spans.spans[ptr]
    return Edit(start, end, new_text)
