"""Draw a lesson's sequence diagram as terminal text.

Participants are columns with a lifeline each; every step is a row: an arrow between two
lifelines with its label above it (a reply is drawn dashed), or a note boxed over one
lifeline. `unicode=False` draws the same picture with ASCII characters only.
"""

from __future__ import annotations

import textwrap

_UNICODE = {
    "h": "─", "v": "│", "tl": "┌", "tr": "┐", "bl": "└", "br": "┘",
    "tee_down": "┬", "dash": "╌", "right": "▶", "left": "◀",
}  # fmt: skip
_ASCII = {
    "h": "-", "v": "|", "tl": "+", "tr": "+", "bl": "+", "br": "+",
    "tee_down": "+", "dash": ".", "right": ">", "left": "<",
}  # fmt: skip

MIN_GAP = 14


class _Canvas:
    def __init__(self, width: int):
        self.width = width
        self.rows: list[list[str]] = []

    def new_row(self, lifelines: list[int], v: str) -> list[str]:
        row = [" "] * self.width
        for x in lifelines:
            row[x] = v
        self.rows.append(row)
        return row

    @staticmethod
    def put(row: list[str], x: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= x + i < len(row):
                row[x + i] = ch

    def render(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.rows)


def render_sequence(sequence: dict, width: int = 78, unicode: bool = True) -> str:
    """The diagram of a `sequence` block, at most `width` columns wide."""
    g = _UNICODE if unicode else _ASCII
    participants = sequence["participants"]
    labels = [p["label"] for p in participants]
    n = len(participants)
    box_widths = [min(len(label), 20) + 4 for label in labels]
    first = box_widths[0] // 2
    last_half = box_widths[-1] // 2
    gap = max(MIN_GAP, (width - first - last_half - 1) // max(n - 1, 1))
    centers = [first + i * gap for i in range(n)]
    total = min(max(width, centers[-1] + last_half + 1), centers[-1] + last_half + 1 + width)
    index = {p["id"]: i for i, p in enumerate(participants)}
    canvas = _Canvas(total)

    # participant boxes
    top, mid, bottom = (canvas.new_row([], g["v"]) for _ in range(3))
    for center, label, bw in zip(centers, labels, box_widths):
        text = label if len(label) <= 20 else label[:19] + "…" if unicode else label[:17] + "..."
        left = center - bw // 2
        canvas.put(top, left, g["tl"] + g["h"] * (bw - 2) + g["tr"])
        canvas.put(mid, left, g["v"] + text.center(bw - 2) + g["v"])
        bar = list(g["h"] * (bw - 2))
        bar[center - left - 1] = g["tee_down"]
        canvas.put(bottom, left, g["bl"] + "".join(bar) + g["br"])

    for step in sequence["steps"]:
        canvas.new_row(centers, g["v"])
        if "note" in step:
            _note(canvas, centers, centers[index.get(step["note"], 0)], step["text"], g, total)
        else:
            a = centers[index.get(step.get("from"), 0)]
            b = centers[index.get(step.get("to"), 0)]
            _arrow(canvas, centers, a, b, step["text"], bool(step.get("reply")), g)
    canvas.new_row(centers, g["v"])
    return canvas.render()


def _arrow(canvas, centers, a, b, text, reply, g) -> None:
    left, right = min(a, b), max(a, b)
    span = max(right - left - 3, 8)
    for line in textwrap.wrap(text, span) or [""]:
        row = canvas.new_row(centers, g["v"])
        canvas.put(row, left + 2, line)
    row = canvas.new_row(centers, g["v"])
    body = g["dash"] if reply else g["h"]
    length = right - left - 1
    if length < 1:
        return
    shaft = (body * length)[: length - 1]
    canvas.put(row, left + 1, shaft + g["right"] if b > a else g["left"] + shaft)


def _note(canvas, centers, center, text, g, total) -> None:
    inner = min(max(len(text), 10), 36)
    lines = textwrap.wrap(text, inner) or [""]
    inner = max(len(line) for line in lines)
    left = max(0, min(center - (inner + 4) // 2, total - inner - 4))
    top = canvas.new_row(centers, g["v"])
    canvas.put(top, left, g["tl"] + g["h"] * (inner + 2) + g["tr"])
    for line in lines:
        row = canvas.new_row(centers, g["v"])
        canvas.put(row, left, g["v"] + " " + line.ljust(inner) + " " + g["v"])
    bottom = canvas.new_row(centers, g["v"])
    canvas.put(bottom, left, g["bl"] + g["h"] * (inner + 2) + g["br"])
