"""Ask before showing the solution to a learner who has not passed yet."""

from __future__ import annotations

from tooltutor.i18n import N_
from tooltutor.tui.dialogs.confirm import ConfirmDialog


class ConfirmSolution(ConfirmDialog):
    """Show the solution before passing? (offered after three failed checks)"""

    TITLE_TEXT = N_("Show the solution?")
    YES = N_("Show it")
    NO = N_("Keep trying")
