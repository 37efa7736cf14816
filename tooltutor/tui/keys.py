"""The keys the app names, in a terminal and in a browser (`tooltutor serve`).

A browser keeps some keys for itself before a page can see them (Ctrl+T opens a tab,
Ctrl+N a window, Ctrl+W closes the tab, Ctrl+Q quits) and gives others a meaning a
learner expects (Ctrl+R and F5 reload, F1 opens the browser's help, Ctrl+P prints, F6
and F7 move to the address bar and caret browsing). Each of the app's actions on such a
key also has a key no major browser uses (F2, F4, F8, F9, or a letter outside the
editor); in a browser the footer, the help and every message name that one instead.
"""

from __future__ import annotations

import dataclasses
import os

from tooltutor.i18n import t

#: Set by `tooltutor serve` for the app it starts.
SERVED_ENV = "TOOLTUTOR_SERVED"

#: Keys a browser takes (or that mean something else there), in Textual's names.
BROWSER_TAKES = frozenset(
    {"ctrl+r", "f5", "f1", "ctrl+t", "ctrl+n", "ctrl+o", "ctrl+p", "ctrl+w", "ctrl+q", "f6", "f7"}
)

#: Keys shown in the footer only in a browser, where they stand in for a taken one
#: (`/` opens the command palette, whose own Ctrl+P prints the page).
SHOWN_IN_BROWSER = frozenset({"slash"})

#: Actions that cannot work in a browser: the help leaves their keys out there.
TERMINAL_ONLY_ACTIONS = frozenset({"external_editor"})

#: What the app's texts call each key: (in a terminal, in a browser).
_NAMES = {
    "check": ("Ctrl+R", "F9"),
    "check_short": ("^R", "F9"),
    "task": ("Ctrl+T", "F4"),
    "task_short": ("^T", "F4"),
    "enlarge": ("Ctrl+O", "F8"),
    "help": ("F1", "F2"),
    "palette": ("Ctrl+P", "/"),
}


def in_browser() -> bool:
    """Whether the app is drawn in a browser (served), not in a terminal."""
    return os.environ.get(SERVED_ENV) == "1"


def key(name: str) -> str:
    """How the texts write the key of `name` (`check`, `task`, ...) where the app runs."""
    terminal, browser = _NAMES[name]
    return browser if in_browser() else terminal


def next_keys() -> str:
    """The keys that open what comes next after a pass, from the editor (where the
    keyboard stays after a check): Ctrl+N; in a browser, which keeps Ctrl+N, the letter
    n once Escape has left the editor."""
    return t("{a}, then {b}", a="Esc", b="n") if in_browser() else "Ctrl+N"


def quit_keys() -> str:
    """The keys that quit."""
    return "q" if in_browser() else t("{a} or {b}", a="q", b="Ctrl+Q")


def names() -> dict[str, str]:
    """Every key name, for texts that mention several (the help guides)."""
    found = {name: key(name) for name in _NAMES}
    found.update(next=next_keys(), quit=quit_keys())
    found["editor"] = "" if in_browser() else " " + t("e opens your answer in $EDITOR.")
    return found


def hide_browser_keys(node) -> None:
    """In a browser, keep the keys the browser takes out of `node`'s footer, so the
    footer shows their browser-safe twins (a binding lists both; Textual shows the first
    key still shown). In a terminal nothing changes."""
    if not in_browser():
        return
    table = node._bindings.key_to_bindings
    for name in BROWSER_TAKES & table.keys():
        table[name] = [dataclasses.replace(b, show=False) for b in table[name]]
    for name in SHOWN_IN_BROWSER & table.keys():
        table[name] = [dataclasses.replace(b, show=True) for b in table[name]]


def palette_in_footer() -> bool:
    """Whether footers show the palette's Ctrl+P (in a browser, `/` stands in for it)."""
    return not in_browser()
