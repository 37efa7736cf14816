"""The help screen: the keys of the screen it was opened from, and how things work."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, Static

from tooltutor.tui.texts import plain

GENERAL = """\
**Everywhere:** Tab and Shift+Tab move between parts of the screen; arrow keys move
inside a list, a page or the editor; Enter opens or chooses. Escape goes back (in the
editor, Escape first leaves the editor). Ctrl+P jumps to any lesson or exercise.
F1 (or ?) shows this help; q or Ctrl+Q quits, and your drafts are saved.
"""


class HelpScreen(ModalScreen[None]):
    """Keys of the screen underneath, with a short guide to that screen."""

    BINDINGS = [
        Binding("escape,f1,q,question_mark", "close", "Close", tooltip="Close the help."),
    ]

    def __init__(self, underneath: Screen) -> None:
        super().__init__()
        self.underneath = underneath

    def compose(self) -> ComposeResult:
        guide = getattr(self.underneath, "HELP", "")
        with Vertical(id="help-panel"):
            yield Static(plain("Help", "bold"), id="help-title")
            with VerticalScroll(id="help-body"):
                if guide:
                    yield Markdown(guide, id="help-guide")
                yield Static(self._keys(), id="help-keys")
                yield Markdown(GENERAL, id="help-general")
        yield Footer()

    def _keys(self) -> Content:
        """Every key that works on the screen underneath, with what it does."""
        rows: list[tuple[str, str]] = []
        seen: set[tuple[str, str]] = set()
        for active in self.underneath.active_bindings.values():
            binding = active.binding
            if binding.system:
                continue
            what = binding.tooltip or binding.description
            if not what:
                continue
            shown = self.app.get_key_display(binding)
            if (shown, what) in seen:
                continue
            seen.add((shown, what))
            rows.append((shown, what))
        width = max((len(k) for k, _ in rows), default=4) + 2
        lines = [plain("Keys on this screen", "bold")]
        lines += [plain(k.ljust(width), "bold $text-accent") + plain(w) for k, w in rows]
        return Content("\n").join(lines)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss()
