"""A line filter that keeps control characters from reaching the terminal.

Course files can hold any character through YAML escapes (`"\\e[2J"` in a title), and a
learner's draft can hold what their editor saved. Textual draws text as it is: an escape
character in a title or in the editor would be written to the terminal, which obeys it.
This filter runs on every line the app draws and drops C0 and C1 control characters (and
DEL) from the text; Textual's own styling is not text, so it is untouched. The characters
dropped take no cells on screen, so the layout does not change. Which characters those
are is `tooltutor.safe_output`'s to say (`without_controls`).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from tooltutor.safe_output import has_controls, without_controls


class ControlCharacterFilter(LineFilter):
    """Remove control characters from the text of every segment."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if not any(has_controls(segment.text) for segment in segments):
            return segments
        out = []
        for segment in segments:
            text, style, control = segment
            out.append(segment if control else Segment(without_controls(text), style, control))
        return out
