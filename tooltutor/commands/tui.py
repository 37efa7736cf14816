"""`tooltutor` with no command: start the course in the terminal UI."""

from __future__ import annotations

import os
import sys

from tooltutor.commands._common import load_course_or_fail
from tooltutor.errors import UserError
from tooltutor.i18n import t


def run(args) -> int:
    served = bool(os.environ.get("TEXTUAL_DRIVER"))  # textual-serve talks through pipes
    if not served and (not sys.stdin.isatty() or not sys.stdout.isatty()):
        raise UserError(
            t(
                "the course runs in a terminal; for plain text try 'tooltutor list' "
                "or 'tooltutor show LESSON'"
            )
        )
    course = load_course_or_fail(args)
    if getattr(args, "trust", False):  # else the exercise screen asks before a check
        # on first use, not at import: tooltutor.trust, tooltutor.kinds, ast, ... (33 modules)
        from tooltutor.trust import ensure_trusted

        ensure_trusted(course, assume=True)
    # on first use, not at import: tooltutor.progress, tooltutor.tui, ... (353 modules)
    from tooltutor.progress import open_store
    from tooltutor.tui.app import TutorApp

    store = open_store()
    try:
        TutorApp(course, store, lang=course.lang).run()
    finally:
        store.close()
    return 0
