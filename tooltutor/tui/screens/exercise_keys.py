"""The exercise workspace's keys: its bindings, the letters that act only outside the
editor, and the help text that names them (`ExerciseScreen` reads all three).
"""

from __future__ import annotations

from textual.binding import Binding

from tooltutor.i18n import N_

#: Actions that letters trigger: hidden (and off) while the editor has the keyboard.
LETTER_ACTIONS = {
    "hint",
    "solution",
    "reset",
    "external_editor",
    "back",
    "edit",
    "zoom",
    "task_letter",
    "next_letter",
    "copy_code",
}

#: What the help screen says about the workspace; the braces name its keys.
HELP = N_("""\
**Solving an exercise.** Write your answer in the editor: Tab indents, Enter keeps the
indentation. {task} shows the whole task over the editor and back (y there copies one of
its code blocks to the cursor); {enlarge} enlarges the editor and back. {check} marks
the answer: the criteria show as a checklist, and each problem found is listed; Enter
on one puts the cursor on it. h reveals the next hint, shown above the criteria. After
a pass, the explanation is shown and {next} opens what comes next. The
solution opens after a pass, or after three failed checks if you confirm. r resets the
editor to the starter text.{editor} Letter keys work outside the editor: Escape leaves
it, i goes back in (in the editor, every letter types). Your draft is saved as you type.
""")

BINDINGS = [
    Binding("ctrl+r,f5,f9", "check", "Check", priority=True, tooltip=N_("Mark your answer.")),
    Binding(
        "ctrl+t,f4",
        "task",
        "Task",
        priority=True,
        tooltip=N_("Show the whole task, or go back to the editor."),
    ),
    Binding(
        "ctrl+o,f8",
        "enlarge",
        "Enlarge",
        priority=True,
        tooltip=N_("Enlarge the editor to the whole screen, or restore it."),
    ),
    Binding(
        "ctrl+n",
        "next",
        "Next",
        priority=True,
        tooltip=N_("After a pass: open the next exercise or lesson."),
    ),
    Binding("h", "hint", "Hint", show=False, tooltip=N_("Reveal the next hint.")),
    Binding(
        "s", "solution", "Solution", show=False, tooltip=N_("Show the solution (after a pass).")
    ),
    Binding(
        "r",
        "reset",
        "Reset",
        show=False,
        tooltip=N_("Put the starter text back in the editor."),
    ),
    Binding(
        "e", "external_editor", "Editor", show=False, tooltip=N_("Edit your answer in $EDITOR.")
    ),
    Binding("i", "edit", "Edit", show=False, tooltip=N_("Put the cursor in the editor.")),
    Binding(
        "t",
        "task_letter",
        "Task",
        show=False,
        tooltip=N_("Show the whole task, or go back to the editor."),
    ),
    Binding(
        "y",
        "copy_code",
        "Copy code",
        show=False,
        tooltip=N_("Copy a code block of the task into the editor."),
    ),
    Binding(
        "n",
        "next_letter",
        "Next",
        show=False,
        tooltip=N_("After a pass: open the next exercise or lesson."),
    ),
    Binding(
        "m",
        "zoom",
        "Enlarge",
        show=False,
        tooltip=N_("Enlarge the focused pane, or restore it."),
    ),
    Binding("escape", "back", "Back", tooltip=N_("Back to where you came from.")),
]
