"""Textual's own words that the interface shows translated, marked for the extractor.

Textual names the keys of its widgets and the app in the help (their `Binding`
descriptions), and its command palette lists commands of its own; they are looked up in
the interface's catalog where they are shown (`tooltutor.tui.texts.adapt_bindings`, the
app's palette commands), so they are written nowhere in tooltutor's code. This tuple is
what `pybabel extract` reads for them; nothing needs to import it.
"""

from __future__ import annotations

from tooltutor.i18n import N_

#: the keys of Textual's widgets and app, as its help lists them
KEY_DESCRIPTIONS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
    N_("Focus Next"),
    N_("Focus Previous"),
    N_("Copy selected text"),
    N_("Cursor Up"),
    N_("Cursor Down"),
    N_("Scroll Up"),
    N_("Scroll Down"),
    N_("Scroll Left"),
    N_("Scroll Right"),
    N_("Scroll Home"),
    N_("Scroll End"),
    N_("Page Up"),
    N_("Page Down"),
    N_("Page Left"),
    N_("Page Right"),
    N_("Cursor to parent"),
    N_("Cursor to next ancestor"),
    N_("Cursor to previous sibling"),
    N_("Cursor to next sibling"),
    N_("Select"),
    N_("Toggle"),
    N_("Expand or collapse all"),
    N_("Up"),
    N_("Down"),
    N_("First"),
    N_("Last"),
    N_("Toggle option"),
    N_("Cursor up"),
    N_("Cursor down"),
    N_("Cursor left"),
    N_("Cursor right"),
    N_("Cursor line start"),
    N_("Cursor line end"),
    N_("Cursor page up"),
    N_("Cursor page down"),
    N_("Cursor word left"),
    N_("Cursor word right"),
    N_("Cursor left word select"),
    N_("Cursor right word select"),
    N_("Cursor line start select"),
    N_("Cursor line end select"),
    N_("Cursor up select"),
    N_("Cursor down select"),
    N_("Cursor left select"),
    N_("Cursor right select"),
    N_("Select line"),
    N_("Select all"),
    N_("Delete character left"),
    N_("Delete left to start of word"),
    N_("Delete character right"),
    N_("Delete right to start of word"),
    N_("Cut"),
    N_("Copy"),
    N_("Paste"),
    N_("Delete to line start"),
    N_("Delete to line end"),
    N_("Delete line"),
    N_("Undo"),
    N_("Redo"),
    N_("Press button"),
)

#: the command palette's own commands: titles and what they do
PALETTE_COMMANDS = (
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)
