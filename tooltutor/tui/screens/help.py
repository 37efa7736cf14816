"""The help screen: the keys of the screen it was opened from, and how things work."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tooltutor.i18n import N_
from tooltutor.tui.keys import (
    BROWSER_TAKES,
    TERMINAL_ONLY_ACTIONS,
    in_browser,
    names,
    palette_in_footer,
)
from tooltutor.tui.texts import adapt_bindings, plain, t
from tooltutor.tui.widgets.prose import Prose

GENERAL = N_("""\
**Everywhere:** Tab and Shift+Tab move between parts of the screen; arrow keys move
inside a list, a page or the editor; Enter opens or chooses. Escape goes back (in the
editor, Escape first leaves the editor). {palette} jumps to any lesson or exercise.
{help} (or ?) shows this help; {quit} quits, and your drafts are saved.
""")


class HelpScreen(ModalScreen[None]):
    """Keys of the screen underneath, with a short guide to that screen."""

    CSS_PATH = "help.tcss"

    BINDINGS = [
        Binding("escape,f1,f2,q,question_mark", "close", "Close", tooltip=N_("Close the help.")),
    ]

    def __init__(self, underneath: Screen) -> None:
        super().__init__()
        adapt_bindings(self)
        self.underneath = underneath

    def compose(self) -> ComposeResult:
        guide = getattr(self.underneath, "HELP", "")
        with Vertical(id="help-panel"):
            yield Static(plain(t("Help"), "bold"), id="help-title")
            with VerticalScroll(id="help-body"):
                if guide:
                    yield Prose(t(guide, **names()), id="help-guide")
                yield Static(self._keys(), id="help-keys")
                yield Prose(t(GENERAL, **names()), id="help-general")
        yield Footer(show_command_palette=palette_in_footer())

    def _keys(self) -> Content:
        """The keys tooltutor gives the screen underneath, with what each does: the
        screen's own first, then those of its parts (the editor, the map) and the app's.
        Textual's internal bindings (focus next, copy, press button...) are left out:
        the general text below says how to move around."""
        screen = self.underneath
        nodes = [screen, *_own_widgets(screen), self.app]
        keys: dict[str, list[str]] = {}
        for node in nodes:
            declared = _declared(type(node))
            for bindings in node._bindings.key_to_bindings.values():
                for binding in bindings:
                    if (binding.key, binding.action) not in declared or binding.system:
                        continue
                    if in_browser() and (
                        binding.key in BROWSER_TAKES or binding.action in TERMINAL_ONLY_ACTIONS
                    ):
                        continue
                    what = binding.tooltip or binding.description
                    if not what:
                        continue
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


def _declared(cls: type) -> set[tuple[str, str]]:
    """(key, action) of every binding that a tooltutor class in `cls`'s ancestry declares."""
    found: set[tuple[str, str]] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("tooltutor."):
            continue
        for binding in klass.__dict__.get("BINDINGS", []):
            if isinstance(binding, Binding):
                for key in binding.key.split(","):
                    found.add((key.strip(), binding.action))
    return found


def _own_widgets(screen: Screen) -> list:
    """One widget of each tooltutor class on `screen` that declares keys."""
    seen: set[type] = set()
    widgets = []
    for widget in screen.walk_children():
        cls = type(widget)
        if cls in seen or not cls.__module__.startswith("tooltutor."):
            continue
        seen.add(cls)
        if _declared(cls):
            widgets.append(widget)
    return widgets
