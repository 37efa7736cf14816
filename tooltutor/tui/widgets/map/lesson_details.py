"""The course map's side panel: the highlighted lesson or exercise, described."""

from __future__ import annotations

import re

from textual.content import Content
from textual.widgets import Static

from tooltutor.course import Course
from tooltutor.journey import LessonProgress, status_word
from tooltutor.lesson_text import untranslated_note
from tooltutor.tui.texts import hanging, inline, plain, status_mark, t


class LessonDetails(Static):
    """Summary, objectives and progress of a lesson, or the facts of an exercise."""

    def __init__(self, course: Course, *, unicode: bool = True, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.course = course
        self.unicode = unicode

    def show_lesson(self, lesson_id: str, progress: LessonProgress) -> None:
        """Title, summary, objectives and progress of a lesson. On a narrow terminal the
        summary and the blank lines give way, so the objectives stay in view at 80x24."""
        lesson = self.course.lesson(lesson_id)
        if lesson is None:
            return
        self._shown = (self.show_lesson, (lesson_id, progress))
        compact = self._compact()
        expand = self.course.expand
        width = self._width()
        bullet = plain("• " if self.unicode else "- ")
        lines: list[Content] = [
            plain(t("Lesson {number}: {title}", number=lesson.number, title=lesson.title), "bold"),
        ]
        if not compact:
            lines.append(inline(expand(lesson.summary)))
        note = untranslated_note(self.course, lesson)
        if note:
            lines.append(plain(note, "italic $text-warning"))
        if not compact:
            lines.append(Content(""))
        if lesson.objectives:
            lines.append(plain(t("You will be able to:"), "bold"))
            lines += [hanging(bullet, inline(expand(o)), width) for o in lesson.objectives]
            if not compact:
                lines.append(Content(""))
        checks = t(
            "Checks answered: {done} of {total}",
            done=progress.checks_answered,
            total=progress.checks_total,
        )
        exercises = t(
            "Exercises passed: {done} of {total}",
            done=progress.exercises_passed,
            total=progress.exercises_total,
        )
        if compact:
            lines.append(plain(f"{checks} · {exercises}", "$text-muted"))
        else:
            lines += [plain(checks), plain(exercises)]
            lines.append(plain(t("Enter: read the lesson"), "$text-muted"))
        self.update(Content("\n").join(lines))

    def _compact(self) -> bool:
        try:
            return self.screen.has_class("-narrow")
        except Exception:  # not on a screen yet
            return False

    def _width(self) -> int:
        """The width text wraps to (the panel may not be laid out yet)."""
        width = self.content_region.width or (self.size.width - 2)
        return max(width, 30)

    def on_resize(self) -> None:
        shown = getattr(self, "_shown", None)
        if shown is not None:
            method, args = shown
            method(*args)

    def show_exercise(self, exercise_id: str, status: str) -> None:
        exercise = self.course.exercise(exercise_id)
        if exercise is None:
            return
        self._shown = None
        lines = [
            plain(exercise.title, "bold"),
            plain(t("Level {level} · answer in {kind}", level=exercise.level, kind=exercise.kind)),
            status_mark(status, self.unicode) + plain(f" {status_word(status)}"),
        ]
        note = untranslated_note(self.course, exercise)
        if note:
            lines.append(plain(note, "italic $text-warning"))
        lines += [Content(""), plain(t("Enter: open the exercise"), "$text-muted")]
        self.update(Content("\n").join(lines))

    def show_missing(self, item_id: str, kind: str) -> None:
        """A listed lesson or exercise whose file is missing or broken."""
        self._shown = None
        message = (
            t(
                "The lesson {id} is listed by the course, but its file is missing or could "
                "not be loaded. Run 'tooltutor validate' to see why.",
                id=item_id,
            )
            if kind == "lesson"
            else t(
                "The exercise {id} is listed by the course, but its file is missing or could "
                "not be loaded. Run 'tooltutor validate' to see why.",
                id=item_id,
            )
        )
        lines = [plain(message)]
        problems = broken_item_problems(self.course, item_id)
        if problems:  # where to look, file:line:col, without leaving the app
            lines += [Content(""), plain(t("Where to look:"), "bold")]
            lines += [plain(str(problem)) for problem in problems[:MAX_PROBLEMS_SHOWN]]
            more = len(problems) - MAX_PROBLEMS_SHOWN
            if more > 0:
                lines.append(plain(t("… and {count} more", count=more), "$text-muted"))
        self.update(Content("\n").join(lines))


#: Problems of a broken item listed in the side panel (validate lists them all).
MAX_PROBLEMS_SHOWN = 5


def broken_item_problems(course: Course, item_id: str) -> list:
    """The problems that keep a listed lesson or exercise from loading: those of its
    broken file (found by its id or its file name), then those that name it."""
    found = [
        problem
        for item in course.broken
        if item_id in (item.id, re.sub(r"^[0-9]+[-_]", "", item.path.stem))
        for problem in item.problems
    ]
    found += [p for p in course.problems if f"'{item_id}'" in p.message and p not in found]
    return found
