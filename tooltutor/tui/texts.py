"""Course and learner text as Textual `Content` (or Rich `Text`), never parsed as markup.

Every string that comes from a course file or from the learner reaches the screen through
these helpers (or a Markdown widget), so `[bold]` in a lesson shows as typed. Styles
name theme variables (`$text-success`), so they follow the theme and vanish with
`NO_COLOR`; the status glyphs carry the meaning on their own.

The interface's own words go through `tooltutor.i18n.t` (re-exported here); key bindings
are declared in English on each class and `adapt_bindings` puts a node's in the
interface's language when it is made.
"""

from __future__ import annotations

import dataclasses

from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text
from textual.content import Content

from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.i18n import current_language, t, tn
from tooltutor.journey import glyph
from tooltutor.pages import inline_spans

__all__ = ["t", "tn", "adapt_bindings"]

#: Styles of the inline Markdown spans in one-line texts (choices, labels, hints).
SPAN_STYLES = {"": "", "code": "bold $text-accent", "bold": "bold", "italic": "italic"}

#: The theme variable that colours each exercise status.
STATUS_VARIABLES = {PASSED: "text-success", ATTEMPTED: "text-error", NEW: "text-muted"}


def plain(text: str, style: str = "") -> Content:
    """`text` exactly as it is, with an optional style."""
    return Content.styled(text, style) if style else Content(text)


def inline(text: str, style: str = "", *, code_only: bool = False) -> Content:
    """`text` with its inline Markdown (`code`, **bold**, *italic*) shown styled.

    `code_only`: only `code` spans are read, for the checker's messages, which quote
    learner values as they are (a value like "*x*" must not turn italic).
    """
    spans = inline_spans(text)
    if code_only:
        spans = _code_spans(text)
    parts = [(piece, SPAN_STYLES[kind]) for piece, kind in spans]
    content = Content.assemble(*parts)
    return content.stylize_before(style) if style else content


def _code_spans(text: str) -> list[tuple[str, str]]:
    pieces = text.split("`")
    if len(pieces) % 2 == 0:  # an unpaired backtick: show the text as written
        return [(text, "")]
    return [(piece, "code" if n % 2 else "") for n, piece in enumerate(pieces) if piece]


def status_mark(status: str, unicode: bool = True) -> Content:
    """The glyph of an exercise status, coloured by status (the glyph alone is enough)."""
    return Content.styled(glyph(status, unicode), f"${STATUS_VARIABLES.get(status, 'text')}")


def rich_style(variables: dict[str, str], name: str, fallback: str = "") -> Style | str:
    """A theme variable as a Rich style, for widgets that take Rich labels (Tree).

    Some variables are not plain colours (`auto 60%`); then `fallback` is used.
    """
    try:
        return Style.parse(variables[name])
    except (KeyError, StyleSyntaxError):
        return fallback


def status_text(status: str, variables: dict[str, str], unicode: bool = True) -> Text:
    """The same mark as Rich `Text`, for widgets that take Rich labels (Tree)."""
    style = rich_style(variables, STATUS_VARIABLES.get(status, "text"), "dim")
    return Text(glyph(status, unicode), style=style, end="")


def adapt_bindings(node) -> None:
    """Put the descriptions and tooltips of `node`'s key bindings (what the footer and the
    help show) in the interface's language, and in a browser keep the keys it takes out
    of the footer (`keys.hide_browser_keys`); call it in `__init__`.

    Textual gives each node its own copy of its class's bindings, made from `BINDINGS`
    when the node is created: the copies are adapted, the class stays as declared.
    """
    # on first use, not at import: tooltutor.tui (1 module)
    from tooltutor.tui.keys import hide_browser_keys

    hide_browser_keys(node)
    if current_language() == "en":
        return
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            dataclasses.replace(
                binding,
                description=t(binding.description) if binding.description else "",
                tooltip=t(binding.tooltip) if binding.tooltip else "",
            )
            for binding in bindings
        ]


def hanging(head: Content, body: Content, width: int) -> Content:
    """`head` then `body` wrapped to `width`, its later lines indented under the first
    (for list items whose widget cannot indent wrapped lines itself)."""
    indent = head.cell_length
    out: list[Content] = []
    for paragraph in body.split("\n", allow_blank=True):
        out += paragraph.wrap(max(10, width - indent)) or [Content("")]
    lines = [head + out[0]] + [Content(" " * indent) + line for line in out[1:]]
    return Content("\n").join(lines)
