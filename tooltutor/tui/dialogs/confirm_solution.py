"""Ask before showing the solution to a learner who has not passed yet."""

from __future__ import annotations

from tooltutor.tui.dialogs.confirm import ConfirmDialog


class ConfirmSolution(ConfirmDialog):
    """Show the solution before passing? (offered after three failed checks)"""

    TITLE_TEXT = "Show the solution?"
    YES = "Show it"
    NO = "Keep trying"
