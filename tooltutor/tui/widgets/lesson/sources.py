"""The sources a lesson page cites, numbered as in the text, with their URLs."""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from tooltutor.pages import Source
from tooltutor.tui.texts import plain, t


class SourcesList(Static):
    """`[1] Title` and the URL under it, for each source cited on the page."""

    def __init__(self, sources: tuple[Source, ...], *, all_of_them: bool = False) -> None:
        self.sources = sources
        heading = t("Sources of this lesson") if all_of_them else t("Sources cited on this page")
        lines = [plain(heading, "bold")]
        for source in sources:
            lines.append(plain(f"{source.marker} ", "bold") + plain(source.title))
            lines.append(
                plain(" " * (len(source.marker) + 1))
                + Content(source.url).stylize(Style(underline=True, link=source.url))
            )
        super().__init__(Content("\n").join(lines), classes="sources", markup=False)
