"""The sources a lesson page cites, numbered as in the text, with their URLs.

A URL longer than the line is broken only after a `/` (or `-`, `?`, `&`, `=`, `#`), never
inside a word, and every piece is a link to the whole URL (a terminal with hyperlinks
opens it from any piece).
"""

from __future__ import annotations

import re

from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from tooltutor.pages import Source
from tooltutor.tui.texts import plain, t

#: Where a URL may be broken, best first: after a `/`, then after `-`, `?`, `&`, `=`, `#`.
_BREAKS = (re.compile(r"(?<=/)"), re.compile(r"(?<=[-?&=#])"))


def url_pieces(url: str, width: int) -> list[str]:
    """`url` cut into lines of at most `width` cells: after a `/` where one fits, else
    after a `-`, `?`, `&`, `=` or `#`, and only a run with none of them is cut anywhere."""
    return _pack([url], max(width, 10), 0)


def _pack(parts: list[str], width: int, level: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for part in parts:
        if len(part) > width:  # too long for a line of its own: break it finer
            if line:
                lines.append(line)
                line = ""
            if level < len(_BREAKS):
                finer = _pack(_BREAKS[level].split(part), width, level + 1)
            else:
                finer = [part[i : i + width] for i in range(0, len(part), width)]
            lines += finer[:-1]
            line = finer[-1]
            continue
        if len(line) + len(part) > width:
            lines.append(line)
            line = ""
        line += part
    if line:
        lines.append(line)
    return lines


class SourcesList(Static):
    """`[1] Title` and the URL under it, for each source cited on the page."""

    def __init__(
        self, sources: tuple[Source, ...], *, all_of_them: bool = False, titled: bool = True
    ) -> None:
        self.sources = sources
        self.heading = (
            t("Sources of this lesson") if all_of_them else t("Sources cited on this page")
        )
        #: False inside a fold whose title already says what the list is
        self.titled = titled
        self._width = 0
        super().__init__(self._content(80), classes="sources", markup=False)

    def _content(self, width: int) -> Content:
        lines = [plain(self.heading, "bold")] if self.titled else []
        for source in self.sources:
            indent = " " * (len(source.marker) + 1)
            lines.append(plain(f"{source.marker} ", "bold") + plain(source.title))
            link = Style(underline=True, link=source.url)
            for piece in url_pieces(source.url, width - len(indent)):
                lines.append(plain(indent) + Content(piece).stylize(link))
        return Content("\n").join(lines)

    def get_content_height(self, container, viewport, width: int) -> int:
        """Packed for the width it is laid out at, before its height is measured: a
        resize event can come too early (width 0) and leave the URLs cut for 80 cells."""
        self._fit(width)
        return super().get_content_height(container, viewport, width)

    def on_resize(self) -> None:
        self._fit(self.content_region.width)

    def _fit(self, width: int) -> None:
        if width and width != self._width:
            self._width = width
            self.update(self._content(width))
