"""Where a learner stands in a course, and what "Continue" opens next.

Plain logic over the course and the progress store (no Textual), for the course map and
the command palette. An exercise is `new`, `attempted` (failed checks only) or `passed`;
a lesson is finished when every inline check has an answer and every exercise that
loaded has passed. "Continue" opens the first unfinished step: the first lesson whose
checks are not all answered (at the page the learner last read in it, else its first
page), or else the first exercise of that lesson not yet passed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tooltutor.course import Course, Lesson
from tooltutor.i18n import N_, t

NEW, ATTEMPTED, PASSED = "new", "attempted", "passed"

#: How each status is drawn: a glyph, so it stays readable without colour (NO_COLOR).
STATUS_GLYPHS = {PASSED: "✔", ATTEMPTED: "✘", NEW: "•"}
#: The same for terminals that cannot draw those characters.
ASCII_GLYPHS = {PASSED: "+", ATTEMPTED: "x", NEW: "-"}
#: What each status means, for the legend (in English: show them with `status_word`).
STATUS_WORDS = {
    PASSED: N_("passed"),
    ATTEMPTED: N_("tried, not passed yet"),
    NEW: N_("not started"),
}


def glyph(status: str, unicode: bool = True) -> str:
    """The mark of a status."""
    return (STATUS_GLYPHS if unicode else ASCII_GLYPHS).get(status, "?")


def status_word(status: str) -> str:
    """What a status means, in the interface's language."""
    return t(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def legend(unicode: bool = True) -> str:
    """One line that says what the marks mean."""
    return "   ".join(f"{glyph(s, unicode)} {status_word(s)}" for s in (PASSED, ATTEMPTED, NEW))


@dataclass(frozen=True)
class LessonProgress:
    """How far the learner is in one lesson."""

    lesson_id: str
    checks_total: int
    checks_answered: int
    checks_correct: int
    exercises_total: int
    exercises_passed: int
    #: exercise id -> status, for the exercises that loaded
    statuses: dict[str, str] = field(default_factory=dict)

    @property
    def checks_done(self) -> bool:
        return self.checks_answered >= self.checks_total

    @property
    def finished(self) -> bool:
        return self.checks_done and self.exercises_passed >= self.exercises_total

    @property
    def started(self) -> bool:
        return self.checks_answered > 0 or any(s != NEW for s in self.statuses.values())

    def summary(self) -> str:
        """`checks 1/2 · exercises 0/3`."""
        parts = []
        if self.checks_total:
            parts.append(
                t("checks {done}/{total}", done=self.checks_answered, total=self.checks_total)
            )
        if self.exercises_total:
            parts.append(
                t(
                    "exercises {done}/{total}",
                    done=self.exercises_passed,
                    total=self.exercises_total,
                )
            )
        return " · ".join(parts)


@dataclass(frozen=True)
class Step:
    """A place in the course: a lesson page, an exercise, or the end (`done`)."""

    kind: str
    lesson_id: str | None = None
    page: int = 0
    exercise_id: str | None = None

    def describe(self, course: Course) -> str:
        """Where the step leads, in words: `Lesson 2, page 3` or `Lesson 2: <title>`."""
        if self.kind == "done":
            return t("Course complete: review any lesson")
        lesson = course.lesson(self.lesson_id or "")
        number = lesson.number if lesson else "?"
        if self.kind == "exercise":
            exercise = course.exercise(self.exercise_id or "")
            title = exercise.title if exercise else self.exercise_id
            return t("Lesson {number} exercise: {title}", number=number, title=title)
        return t("Lesson {number}, page {page}", number=number, page=self.page + 1)


class Journey:
    """The learner's progress through `course`, read from a progress store."""

    def __init__(self, course: Course, store) -> None:
        self.course = course
        self.store = store

    def statuses(self) -> dict[str, str]:
        """Status of every exercise that loaded (one query)."""
        known = self.store.statuses(self.course.id)
        return {ex_id: known.get(ex_id, NEW) for ex_id in self.course.exercises}

    def status(self, exercise_id: str) -> str:
        return self.store.exercise_status(self.course.id, exercise_id)

    def answers(self, lesson: Lesson) -> dict[str, object]:
        """The saved answer of each inline check of `lesson` that has one."""
        found = {}
        for check in lesson.checks:
            answer = self.store.check_answer(self.course.id, lesson.id, check["id"])
            if answer is not None:
                found[check["id"]] = answer
        return found

    def progress(self, lesson: Lesson, statuses: dict[str, str] | None = None) -> LessonProgress:
        statuses = self.statuses() if statuses is None else statuses
        answers = self.answers(lesson)
        mine = {ex.id: statuses.get(ex.id, NEW) for ex in lesson.exercise_items}
        return LessonProgress(
            lesson_id=lesson.id,
            checks_total=len(lesson.checks),
            checks_answered=len(answers),
            checks_correct=sum(bool(getattr(a, "correct", False)) for a in answers.values()),
            exercises_total=len(mine),
            exercises_passed=sum(s == PASSED for s in mine.values()),
            statuses=mine,
        )

    def continue_step(self) -> Step:
        """The first unfinished step of the course (see the module docstring)."""
        statuses = self.statuses()
        position = self.store.position(self.course.id)
        for lesson in self.course.lessons:
            progress = self.progress(lesson, statuses)
            if not progress.checks_done:
                page = 0
                if (
                    position is not None
                    and position.lesson_id == lesson.id
                    and position.exercise_id is None
                    and position.section is not None
                ):
                    page = max(0, position.section)
                return Step("lesson", lesson.id, page=page)
            for exercise in lesson.exercise_items:
                if progress.statuses.get(exercise.id) != PASSED:
                    return Step("exercise", lesson.id, exercise_id=exercise.id)
        return Step("done")

    def next_exercise(self, lesson: Lesson) -> str | None:
        """The first exercise of `lesson` not passed yet, else its first exercise."""
        statuses = self.statuses()
        for exercise in lesson.exercise_items:
            if statuses.get(exercise.id) != PASSED:
                return exercise.id
        return lesson.exercise_items[0].id if lesson.exercise_items else None


def missing_exercises(course: Course, lesson: Lesson) -> list[str]:
    """Exercise ids the lesson lists that did not load (a missing or broken file)."""
    loaded = {ex.id for ex in lesson.exercise_items}
    return [ex_id for ex_id in lesson.exercises if ex_id not in loaded]
