"""Where a learner stands in a course, and what "Continue" opens next.

Plain logic over the course and the progress store (no Textual), for the course map and
the command palette. An exercise is `new`, `attempted` (failed checks only) or `passed`;
a lesson is finished when every inline check has an answer and every exercise that
loaded has passed. `continue_step` is the first unfinished step: the first lesson whose
checks are not all answered (at the page the learner last read in it, else its first
page), or else the first exercise of that lesson not yet passed. "Continue" on the map
(`resume_step`) opens the lesson page or exercise the learner was last in, as the
progress store remembers it, unless that place is done with: an exercise passed since,
or the last page of a lesson, lead on to the next thing to do (`step_after`,
`step_after_lesson`); with no such place, the first unfinished step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tooltutor.course import Course, Lesson
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.i18n import N_, t

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
                if page >= last_page(lesson) or (page == 0 and progress.started):
                    page = self.unanswered_page(lesson)  # back to a check left
                return Step("lesson", lesson.id, page=page)
            for exercise in lesson.exercise_items:
                if progress.statuses.get(exercise.id) != PASSED:
                    return Step("exercise", lesson.id, exercise_id=exercise.id)
        return Step("done")

    def resume_step(self) -> Step:
        """Where the learner was last: the lesson page or the exercise the progress store
        remembers (an exercise passed since leads on to the step after it); with no
        position (or one the course no longer has), the first unfinished step."""
        position = self.store.position(self.course.id)
        if position is None or self.course.lesson(position.lesson_id) is None:
            return self.continue_step()
        if position.exercise_id is not None:
            exercise = self.course.exercise(position.exercise_id)
            if exercise is None:
                return self.continue_step()
            if self.status(exercise.id) != PASSED:
                return Step("exercise", exercise.lesson, exercise_id=exercise.id)
            return self.step_after(exercise.id)
        lesson = self.course.lesson(position.lesson_id)
        page = max(0, position.section or 0)
        if lesson is not None and page >= last_page(lesson):
            return self.step_after_lesson(lesson)
        return Step("lesson", position.lesson_id, page=page)

    def unanswered_page(self, lesson: Lesson) -> int:
        """The page of the first inline check of `lesson` not answered (its first page
        when every check is)."""
        answered = self.answers(lesson)
        for index, section in enumerate(lesson.sections, 1):
            for block in section["blocks"]:
                check = block.get("check") if isinstance(block, dict) else None
                if check and check["id"] not in answered:
                    return index
        return 0

    def step_after_lesson(self, lesson: Lesson) -> Step:
        """What comes after reading `lesson` to its last page: its first exercise not
        passed yet, else what comes after the lesson (`step_after`'s later lessons)."""
        statuses = self.statuses()
        for exercise in lesson.exercise_items:
            if statuses.get(exercise.id) != PASSED:
                return Step("exercise", lesson.id, exercise_id=exercise.id)
        return self._after(lesson, statuses)

    def step_after(self, exercise_id: str) -> Step:
        """What comes after `exercise_id`: the next exercise of its lesson not passed yet
        (after it, then before it), else the first unfinished step of a later lesson,
        else the first unfinished step of the course, else the end."""
        exercise = self.course.exercise(exercise_id)
        lesson = self.course.lesson(exercise.lesson) if exercise else None
        if lesson is None:
            return self.continue_step()
        statuses = self.statuses()
        items = lesson.exercise_items
        at = next((i for i, e in enumerate(items) if e.id == exercise_id), -1)
        for other in items[at + 1 :] + items[: max(at, 0)]:
            if statuses.get(other.id) != PASSED:
                return Step("exercise", lesson.id, exercise_id=other.id)
        return self._after(lesson, statuses)

    def _after(self, lesson: Lesson, statuses: dict[str, str]) -> Step:
        """The first unfinished step of a lesson after `lesson`, else of the course."""
        lessons = self.course.lessons
        index = next((i for i, le in enumerate(lessons) if le.id == lesson.id), len(lessons))
        for later in lessons[index + 1 :]:
            progress = self.progress(later, statuses)
            if not progress.finished:
                if not progress.checks_done or not later.exercise_items:
                    return Step("lesson", later.id, page=0)
                first = next(e for e in later.exercise_items if statuses.get(e.id) != PASSED)
                return Step("exercise", later.id, exercise_id=first.id)
        return self.continue_step()

    def course_progress(self, progress: dict[str, LessonProgress] | None = None) -> tuple[int, int]:
        """(done, total) over the whole course: inline checks answered and exercises passed."""
        if progress is None:
            statuses = self.statuses()
            progress = {le.id: self.progress(le, statuses) for le in self.course.lessons}
        done = sum(p.checks_answered + p.exercises_passed for p in progress.values())
        total = sum(p.checks_total + p.exercises_total for p in progress.values())
        return min(done, total), total

    def next_exercise(self, lesson: Lesson) -> str | None:
        """The first exercise of `lesson` not passed yet, else its first exercise."""
        statuses = self.statuses()
        for exercise in lesson.exercise_items:
            if statuses.get(exercise.id) != PASSED:
                return exercise.id
        return lesson.exercise_items[0].id if lesson.exercise_items else None


def last_page(lesson: Lesson) -> int:
    """The index of a lesson's last page in the reader (`pages.lesson_pages`: the
    objectives, one page per section, then the recap)."""
    return len(lesson.sections) + 1


def missing_exercises(course: Course, lesson: Lesson) -> list[str]:
    """Exercise ids the lesson lists that did not load (a missing or broken file)."""
    loaded = {ex.id for ex in lesson.exercise_items}
    return [ex_id for ex_id in lesson.exercises if ex_id not in loaded]
