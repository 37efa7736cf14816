"""Ask before a course's own Python code runs for the first time (see `tooltutor.trust`)."""

from __future__ import annotations

from tooltutor.i18n import N_
from tooltutor.tui.dialogs.confirm import ConfirmDialog


class ConfirmTrust(ConfirmDialog):
    """Trust this course and run its code? Asked once per course folder and content."""

    TITLE_TEXT = N_("Run this course's code?")
    YES = N_("Trust and run")
    NO = N_("Do not run")
