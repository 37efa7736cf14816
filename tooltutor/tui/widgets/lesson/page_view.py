"""The scrolling area that shows one page of a lesson, built from `tooltutor.pages`."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Collapsible

from tooltutor.pages import Page
from tooltutor.tui.texts import t
from tooltutor.tui.widgets.lesson.code_block import CodeBlock
from tooltutor.tui.widgets.lesson.diagram import DiagramBlock
from tooltutor.tui.widgets.lesson.inline_check import InlineCheck
from tooltutor.tui.widgets.lesson.sources import SourcesList
from tooltutor.tui.widgets.lesson.try_it import TryIt
from tooltutor.tui.widgets.prose import Prose


class PageView(VerticalScroll, inherit_bindings=False):
    """One lesson page; up/down scroll it, left/right are left to the reader (page turns)."""

    BINDINGS = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown,space", "page_down", "Page down", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "Bottom", show=False),
    ]


class PageBody(Vertical):
    """The widgets of one page (kept, hidden, when another page is shown)."""


def page_widgets(
    page: Page,
    answers: dict,
    *,
    unicode: bool,
    diagram_width: int,
    with_sources: bool = True,
) -> list[Widget]:
    """The widgets that show `page`; `answers` holds the saved answers of its checks."""
    widgets: list[Widget] = []
    for block in page.blocks:
        if block.kind == "markdown":
            widgets.append(Prose(block.text, classes="prose"))
        elif block.kind == "code":
            widgets.append(CodeBlock(block.text, block.lang, block.caption))
        elif block.kind == "sequence" and block.sequence is not None:
            widgets.append(
                DiagramBlock(block.sequence, block.caption, unicode=unicode, width=diagram_width)
            )
        elif block.kind == "check" and block.check is not None:
            widgets.append(InlineCheck(block.check, answers.get(block.check.id), unicode=unicode))
        elif block.kind == "try":
            widgets.append(TryIt(block.exercise_id, block.text))
    if with_sources and page.sources:
        recap = page.kind == "recap"
        widgets.append(recap_sources(page.sources) if recap else SourcesList(page.sources))
    return widgets


def recap_sources(sources) -> Collapsible:
    """Every source of the lesson, for its recap page: reference, folded (Enter opens it)
    so that the recap and the exercises fit; each section page lists its own, unfolded."""
    return Collapsible(
        SourcesList(sources, all_of_them=True, titled=False),
        title=t("Sources of this lesson ({count})", count=len(sources)),
        collapsed=True,
        classes="recap-sources",
    )
