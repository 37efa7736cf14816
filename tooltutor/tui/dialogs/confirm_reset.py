"""Ask before the editor goes back to the exercise's starter text."""

from __future__ import annotations

from tooltutor.i18n import N_
from tooltutor.tui.dialogs.confirm import ConfirmDialog


class ConfirmReset(ConfirmDialog):
    """Reset the answer to the starter? What is typed now is lost."""

    TITLE_TEXT = N_("Start again?")
    QUESTION = N_(
        "The editor goes back to the starter text, and what you typed is lost. "
        "Your checks, hints and progress are kept."
    )
    YES = N_("Reset")
