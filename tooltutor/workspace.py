"""The exercise workspace's logic, without Textual: drafts, hints, solution, diagnostics.

- `DraftAutosave` saves the editor's text about a second after the last keystroke
  (debounce) and whenever asked to flush (leaving the exercise, quitting), never saving
  the same text twice.
- `draft_conflict_note` is the one line that tells the learner a save met a draft saved
  by another tooltutor (a second window, `watch`), which was kept as it is.
- `solution_access` says when the reference solution may be shown: after a pass, or on
  explicit request (with a confirmation) after `SOLUTION_AFTER_FAILURES` failed checks.
- `cursor_location` maps a diagnostic's 1-based line:column to a 0-based (row, column)
  editor location, clamped to the text.
- `mark_answer` marks a submission with the checker, imported only when a check runs
  (it can take seconds for Python exercises: call it from a worker thread).
"""

from __future__ import annotations

import os
import shlex
import shutil
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tooltutor.course import Course, Exercise
from tooltutor.i18n import t, tn

#: Seconds after the last keystroke at which the draft is saved.
DRAFT_DELAY_S = 1.0
#: Failed checks (since the last pass) after which the solution may be asked for.
SOLUTION_AFTER_FAILURES = 3


class DraftAutosave:
    """Debounced draft saving: `changed` on every edit, `flush` when leaving.

    `save(text)` is called at most once per distinct text; `due()` tells whether the
    delay since the last change has passed (the screen's timer calls `tick()` then).
    """

    def __init__(
        self,
        save: Callable[[str], None],
        delay: float = DRAFT_DELAY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._save = save
        self.delay = delay
        self._clock = clock
        self._saved: str | None = None
        self._pending: str | None = None
        self._due_at = 0.0

    def start(self, text: str) -> None:
        """The editor now holds `text`, already stored (or the starter): nothing to save."""
        self._saved, self._pending = text, None

    def changed(self, text: str) -> float:
        """The text changed; returns the delay after which `tick()` should run."""
        self._pending = text
        self._due_at = self._clock() + self.delay
        return self.delay

    @property
    def dirty(self) -> bool:
        """Whether there is text not saved yet."""
        return self._pending is not None and self._pending != self._saved

    def due(self) -> bool:
        return self.dirty and self._clock() >= self._due_at

    def tick(self) -> bool:
        """Save if the delay has passed since the last change; True if it saved."""
        return self.flush() if self.due() else False

    def flush(self) -> bool:
        """Save the pending text now (if it differs from the saved one); True if it saved."""
        if not self.dirty:
            self._pending = None
            return False
        text = self._pending
        assert text is not None
        self._save(text)
        self._saved, self._pending = text, None
        return True


def local_time(saved_at: str) -> str:
    """A stored UTC time as the learner's local clock time (HH:MM:SS)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(saved_at).astimezone().strftime("%H:%M:%S")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(saved_at)


def draft_conflict_note(conflict) -> str:
    """The learner's one line about a `progress.DraftConflict`."""
    return t(
        "The draft of {id} was saved by another tooltutor at {time} and was left as it is; "
        "your text is kept as a conflict copy (tooltutor start {id} --conflict writes it to "
        "a file).",
        id=conflict.exercise_id,
        time=local_time(conflict.other_saved_at),
    )


@dataclass(frozen=True)
class SolutionAccess:
    """Whether the solution can be shown: `open`, `confirm` (ask first) or `locked`."""

    state: str
    message: str = ""


def solution_access(
    passed: bool, failures_since_pass: int, threshold: int = SOLUTION_AFTER_FAILURES
) -> SolutionAccess:
    """When the solution is offered: after a pass, or after `threshold` failed checks."""
    if passed:
        return SolutionAccess("open")
    if failures_since_pass >= threshold:
        return SolutionAccess(
            "confirm",
            t(
                "You have checked {n} times without passing. Seeing the solution now is "
                "fine, but working it out (with a hint) teaches more. Show the solution?",
                n=failures_since_pass,
            ),
        )
    left = threshold - failures_since_pass
    return SolutionAccess(
        "locked",
        tn(
            left,
            "The solution opens after you pass, or after {n} more failed check. Try a hint "
            "(h) first.",
            "The solution opens after you pass, or after {n} more failed checks. Try a hint "
            "(h) first.",
        ),
    )


def next_hint(revealed: int, total: int) -> int | None:
    """The index of the next hint to reveal, or None when all are shown."""
    return revealed if revealed < total else None


def hints_heading(revealed: int, total: int) -> str:
    if total == 0:
        return t("No hints for this exercise.")
    if revealed >= total:
        return t("Hints: all {total} shown.", total=total)
    return t(
        "Hints: {revealed} of {total} shown. Press h for the next one.",
        revealed=revealed,
        total=total,
    )


def cursor_location(line: int | None, column: int | None, text: str) -> tuple[int, int]:
    """The editor location (0-based row, column) of a 1-based checker line:column.

    Clamped to the text, so a diagnostic about text since edited still lands nearby.
    """
    lines = text.split("\n")
    row = min(max((line or 1) - 1, 0), len(lines) - 1)
    col = min(max((column or 1) - 1, 0), len(lines[row]))
    return row, col


def where(diagnostic) -> str:
    """`3:5` for a diagnostic with a position, else the JSON pointer or `answer`."""
    if diagnostic.line is not None:
        return f"{diagnostic.line}:{diagnostic.column or 1}"
    return diagnostic.path or t("answer")


def verdict_summary(verdict) -> str:
    """One line about a verdict: passed, how many criteria met, or unreadable."""
    total = len(verdict.criteria)
    met = sum(c.passed for c in verdict.criteria)
    if verdict.passed:
        return t("Passed: all {total} criteria met.", total=total)
    if verdict.status == "error":
        first = verdict.diagnostics[0].message if verdict.diagnostics else t("unreadable")
        return t("Not checked: {reason}", reason=first)
    return t("Not yet: {met} of {total} criteria met.", met=met, total=total)


def starter_text(course: Course, exercise: Exercise) -> str:
    return course.expand(exercise.starter)


def solution_text(course: Course, exercise: Exercise) -> str:
    return course.expand(exercise.solution)


def mark_answer(course: Course, exercise: Exercise, text: str):
    """The checker's verdict on `text` (blocking: seconds for Python exercises)."""
    from tooltutor.marking import mark_answer as mark_with_course_checks

    return mark_with_course_checks(course, exercise, text)


def choice_answer(ids: list[str]) -> str:
    """The answer text of a choice exercise: the chosen ids, `a, c`."""
    return ", ".join(ids)


def chosen_ids(text: str) -> list[str]:
    """The ids named in a choice answer (the inverse of `choice_answer`)."""
    return [part.strip().lower() for part in text.replace(";", ",").split(",") if part.strip()]


def editor_command(
    environ: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] = shutil.which,
) -> tuple[list[str] | None, str]:
    """The command that opens the learner's editor, and a problem to show if none.

    `$EDITOR` (then `$VISUAL`), split like a shell would; `vi` when neither is set.
    """
    env = os.environ if environ is None else environ
    for name in ("EDITOR", "VISUAL"):
        value = env.get(name, "").strip()
        if not value:
            continue
        try:
            parts = shlex.split(value)
        except ValueError:
            return None, t("${name} ({value}) cannot be read as a command.", name=name, value=value)
        if parts and which(parts[0]):
            return parts, ""
        return None, t("${name} is {value}, but no such program was found.", name=name, value=value)
    if which("vi"):
        return ["vi"], ""
    return None, t("No editor found: set $EDITOR (for example, EDITOR=nano).")
