"""The course map's side panel: the highlighted lesson or exercise, described."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tooltutor.course import Course
from tooltutor.journey import STATUS_WORDS, LessonProgress
from tooltutor.tui.texts import inline, plain, status_mark


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
            plain(f"Lesson {lesson.number}: {lesson.title}", "bold"),
            inline(expand(lesson.summary)),
            Content(""),
        ]
        if lesson.objectives:
            lines.append(plain("You will be able to:", "bold"))
            lines += [Content("• ") + inline(expand(o)) for o in lesson.objectives]
            lines.append(Content(""))
        checks = f"Checks answered: {progress.checks_answered} of {progress.checks_total}"
        exercises = f"Exercises passed: {progress.exercises_passed} of {progress.exercises_total}"
        lines += [plain(checks), plain(exercises)]
        lines.append(plain("Enter: read the lesson", "$text-muted"))
        self.update(Content("\n").join(lines))

    def show_exercise(self, exercise_id: str, status: str) -> None:
        exercise = self.course.exercise(exercise_id)
        if exercise is None:
            return
        lines = [
            plain(exercise.title, "bold"),
            plain(f"Level {exercise.level} · answer in {exercise.kind}"),
            status_mark(status, self.unicode) + plain(f" {STATUS_WORDS.get(status, status)}"),
            Content(""),
            plain("Enter: open the exercise", "$text-muted"),
        ]
        self.update(Content("\n").join(lines))

    def show_missing(self, item_id: str, kind: str) -> None:
        """A listed lesson or exercise whose file is missing or broken."""
        self.update(
            plain(
                f"The {kind} {item_id} is listed by the course, but its file is missing "
                "or could not be loaded. Run 'tooltutor validate' to see why."
            )
        )
