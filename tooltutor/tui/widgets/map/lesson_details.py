"""The course map's side panel: the highlighted lesson or exercise, described."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tooltutor.course import Course
from tooltutor.journey import LessonProgress, status_word
from tooltutor.lesson_text import untranslated_note
from tooltutor.tui.texts import inline, plain, status_mark, t


class LessonDetails(Static):
    """Summary, objectives and progress of a lesson, or the facts of an exercise."""

    def __init__(self, course: Course, *, unicode: bool = True, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.course = course
        self.unicode = unicode

    def show_lesson(self, lesson_id: str, progress: LessonProgress) -> None:
        lesson = self.course.lesson(lesson_id)
        if lesson is None:
            return
        expand = self.course.expand
        lines: list[Content] = [
            plain(t("Lesson {number}: {title}", number=lesson.number, title=lesson.title), "bold"),
            inline(expand(lesson.summary)),
        ]
        note = untranslated_note(self.course, lesson)
        if note:
            lines.append(plain(note, "italic $text-warning"))
        lines.append(Content(""))
        if lesson.objectives:
            lines.append(plain(t("You will be able to:"), "bold"))
            lines += [Content("• ") + inline(expand(o)) for o in lesson.objectives]
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
        lines += [plain(checks), plain(exercises)]
        lines.append(plain(t("Enter: read the lesson"), "$text-muted"))
        self.update(Content("\n").join(lines))

    def show_exercise(self, exercise_id: str, status: str) -> None:
        exercise = self.course.exercise(exercise_id)
        if exercise is None:
            return
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
        self.update(plain(message))
