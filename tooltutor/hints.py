"""The next hint of an exercise: revealed, recorded in the progress store, and worded
for `tooltutor hint` and `watch` alike."""

from __future__ import annotations

from tooltutor.i18n import t


def reveal_next_hint(store, course, exercise) -> tuple[list[str], str]:
    """Reveal the next hint of `exercise`: (every hint shown so far, the new one last,
    each as "Hint 2 of 3: ..."; a note when there is no new one to show, else "")."""
    hints = exercise.hints
    if not hints:
        return [], t("This exercise has no hints.")
    shown = min(store.hints_revealed(course.id, exercise.id), len(hints))
    note = ""
    if shown < len(hints):
        store.reveal_hint(course.id, exercise.id, shown)
        shown += 1
    else:
        note = t("No more hints: all {total} are shown above.", total=len(hints))
    texts = [
        course.expand(t("Hint {number} of {total}: {hint}", number=n, total=len(hints), hint=h))
        for n, h in enumerate(hints[:shown], 1)
    ]
    return texts, note
