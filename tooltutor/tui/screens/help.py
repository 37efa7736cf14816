"""The help screen: the keys of the screen it was opened from, and how things work."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tooltutor.i18n import N_
from tooltutor.tui.texts import plain, t, translate_bindings
from tooltutor.tui.widgets.prose import Prose

GENERAL = N_("""\
**Everywhere:** Tab and Shift+Tab move between parts of the screen; arrow keys move
inside a list, a page or the editor; Enter opens or chooses. Escape goes back (in the
editor, Escape first leaves the editor). Ctrl+P jumps to any lesson or exercise.
F1 (or ?) shows this help; q or Ctrl+Q quits, and your drafts are saved.
""")


class HelpScreen(ModalScreen[None]):
    """Keys of the screen underneath, with a short guide to that screen."""

    CSS_PATH = "help.tcss"

    BINDINGS = [
        Binding("escape,f1,q,question_mark", "close", "Close", tooltip="Close the help."),
    ]

    def __init__(self, underneath: Screen) -> None:
        super().__init__()
        translate_bindings(self)
        self.underneath = underneath

    def compose(self) -> ComposeResult:
        guide = getattr(self.underneath, "HELP", "")
        with Vertical(id="help-panel"):
            yield Static(plain(t("Help"), "bold"), id="help-title")
            with VerticalScroll(id="help-body"):
                if guide:
                    yield Prose(t(guide), id="help-guide")
                yield Static(self._keys(), id="help-keys")
                yield Prose(t(GENERAL), id="help-general")
        yield Footer()

    def _keys(self) -> Content:
        """Every key that works on the screen underneath, with what it does: the keys of
        this screen first (those with a tooltip), keys doing the same thing on one line."""
        screen = self.underneath
        ranked = sorted(
            screen.active_bindings.values(),
            key=lambda active: (not active.binding.tooltip, active.node is not screen),
        )
        keys: dict[str, list[str]] = {}
        for active in ranked:
            binding = active.binding
            what = binding.tooltip or binding.description
            if binding.system or not what or binding.key.startswith("super+"):
                continue
            what = t(what)  # Textual's own widgets' keys, when the table has them
            shown = self.app.get_key_display(binding)
            if shown not in keys.setdefault(what, []):
                keys[what].append(shown)
        rows = [(", ".join(shown), what) for what, shown in keys.items()]
        width = max((len(k) for k, _ in rows), default=4) + 2
        lines = [plain(t("Keys on this screen"), "bold")]
        lines += [plain(k.ljust(width), "bold $text-accent") + plain(w) for k, w in rows]
        return Content("\n").join(lines)

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss()
