"""Editing an exercise's answer in the learner's own `$EDITOR` (`e` on the exercise
screen, in a terminal): the app is suspended meanwhile, and the file comes back as the
answer, saved as the draft."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from textual.app import SuspendNotSupported

from tooltutor.errors import UserError
from tooltutor.tui.texts import t
from tooltutor.workspace import editor_command


def edit_in_external_editor(screen) -> None:
    """Write the answer of the exercise `screen` to a file, open it in `$EDITOR`, and
    load what the editor saved (a browser has no `$EDITOR`: it says so)."""
    # on first use, not at import: tooltutor.submission, tooltutor.tui, ... (3 modules)
    from tooltutor.submission import read_answer_text
    from tooltutor.tui.keys import in_browser

    if in_browser():
        screen.say(
            t(
                "In a browser there is no $EDITOR to open: write here, or use "
                "tooltutor start and tooltutor watch in a terminal."
            ),
            "warning",
        )
        return

    command, problem = editor_command()
    if command is None:
        screen.say(problem, "warning")
        return
    screen.flush_draft()
    handle, name = tempfile.mkstemp(
        prefix=f"{screen.exercise.id}-", suffix=screen.exercise.file_suffix
    )
    path = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(screen.answer_text)
        try:
            with screen.app.suspend():
                result = subprocess.run([*command, str(path)], check=False)
        except SuspendNotSupported:
            screen.say(t("This terminal cannot hand over to another editor."), "warning")
            return
        except OSError as exc:
            screen.say(
                t(
                    "Could not start {command}: {reason}",
                    command=command[0],
                    reason=exc.strerror or exc,
                ),
                "error",
            )
            return
        try:
            text = read_answer_text(path)
        except UserError as exc:
            screen.say(str(exc), "error")
            return
    finally:
        path.unlink(missing_ok=True)
    if result.returncode != 0:
        screen.say(
            t(
                "{command} exited with status {status}.",
                command=command[0],
                status=result.returncode,
            )
        )
    if text != screen.answer_text:
        screen._load(text)
        screen.say(t("Your answer was loaded from the editor and saved."))
    screen.answer_widget.focus()
