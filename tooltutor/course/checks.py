"""The checks of a course's own rules that JSON Schema cannot say.

Within one file: unique ids, footnotes that name a source, diagram steps between
participants, a correct choice, hints that exist. Between files: every listed lesson and
exercise has a file, every file is listed, prerequisites exist and do not go round in a
circle, a "try it now" block names an exercise its lesson lists. Each problem goes to
the `report` function given (path, position, message, severity), as the loader collects
them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tooltutor.course.model import FOOTNOTE, Course, Exercise, Lesson, display_path
from tooltutor.course.yamlsource import Position, YamlDoc
from tooltutor.kinds import KINDS

#: report(path, position, message, severity="error")
Reporter = Callable[..., None]


class CourseChecks:
    """The checks of one course, reporting through `report`."""

    def __init__(self, report: Reporter):
        self.problem = report

    # -- checks within one file ----------------------------------------------------------

    def check_lesson(self, lesson: Lesson, doc: YamlDoc) -> None:
        known = {s["id"] for s in lesson.sources}
        seen_sources: set[str] = set()
        for i, source in enumerate(lesson.sources):
            if source["id"] in seen_sources:
                self.problem(
                    lesson.path,
                    doc.locate(f"/sources/{i}/id"),
                    f"duplicate source id '{source['id']}'",
                )
            seen_sources.add(source["id"])
        check_ids: set[str] = set()
        for si, section in enumerate(lesson.sections):
            for bi, block in enumerate(section["blocks"]):
                pointer = f"/sections/{si}/blocks/{bi}"
                for text_pointer, text in _block_texts(block, pointer):
                    self._footnotes(lesson.path, doc, text_pointer, text, known)
                if "check" in block:
                    check = block["check"]
                    if check["id"] in check_ids:
                        self.problem(
                            lesson.path,
                            doc.locate(f"{pointer}/check/id"),
                            f"duplicate inline check id '{check['id']}' in this lesson",
                        )
                    check_ids.add(check["id"])
                    if not any(choice["correct"] for choice in check["choices"]):
                        self.problem(
                            lesson.path,
                            doc.locate(f"{pointer}/check/choices"),
                            "no choice is marked correct: set `correct: true` on at least one",
                        )
                if "sequence" in block:
                    self._sequence(lesson.path, doc, f"{pointer}/sequence", block["sequence"])

    def _footnotes(
        self, path: Path, doc: YamlDoc, pointer: str, text: str, known: set[str]
    ) -> None:
        for match in FOOTNOTE.finditer(text):
            if match.group(1) not in known:
                self.problem(
                    path,
                    _text_position(doc, pointer, match.group(0), match.start(), text),
                    f"footnote [^{match.group(1)}] names no source: add "
                    f"{{id: {match.group(1)}, title, url}} to this lesson's sources",
                )

    def _sequence(self, path: Path, doc: YamlDoc, pointer: str, seq: dict) -> None:
        ids = {p["id"] for p in seq["participants"]}
        for i, step in enumerate(seq["steps"]):
            step_pointer = f"{pointer}/steps/{i}"
            if "note" in step:
                names = [("note", step["note"])]
                if "from" in step or "to" in step:
                    self.problem(
                        path, doc.locate(step_pointer), "a step is an arrow or a note, not both"
                    )
            elif "from" in step and "to" in step:
                names = [("from", step["from"]), ("to", step["to"])]
            else:
                self.problem(
                    path,
                    doc.locate(step_pointer),
                    "a step needs `from` and `to` (an arrow) or `note` (a note)",
                )
                continue
            for key, name in names:
                if name not in ids:
                    self.problem(
                        path,
                        doc.locate(f"{step_pointer}/{key}"),
                        f"'{name}' is not a participant of this diagram "
                        f"(participants: {', '.join(sorted(ids))})",
                    )

    def check_exercise(self, exercise: Exercise, doc: YamlDoc) -> None:
        ids: set[str] = set()
        for i, criterion in enumerate(exercise.criteria):
            cid = criterion.get("id", criterion["check"])
            if cid in ids:
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}"),
                    f"two criteria share the id '{cid}': give each an `id` of its own",
                )
            ids.add(cid)
        for i, criterion in enumerate(exercise.criteria):
            # no spoilers: the hint that reveals a criterion must exist
            number = criterion.get("revealed_by_hint")
            if isinstance(number, int) and number > len(exercise.hints):
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}/revealed_by_hint"),
                    f"`revealed_by_hint` is {number}, but the exercise has "
                    f"{len(exercise.hints)} hints",
                )
            cid = criterion.get("id", criterion["check"])
            self._after_names_earlier(exercise, doc, i)
            if cid in (criterion.get("also_hides") or []):
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}/also_hides"),
                    f"criterion '{cid}' lists itself in `also_hides`: it hides itself already",
                    severity="warning",
                )
        self._keys_of_other_kinds(exercise, doc)
        if exercise.choices:
            choice_ids = [c["id"] for c in exercise.choices]
            if len(set(choice_ids)) != len(choice_ids):
                self.problem(exercise.path, doc.locate("/choices"), "two choices share an id")
            if not any(c["correct"] for c in exercise.choices):
                self.problem(exercise.path, doc.locate("/choices"), "no choice is marked correct")

    def _after_names_earlier(self, exercise: Exercise, doc: YamlDoc, index: int) -> None:
        """`after:` names criteria judged before this one: an id of a later criterion (or
        of none) would leave it never judged, or judged on nothing."""
        earlier = [c.get("id", c["check"]) for c in exercise.criteria[:index]]
        later = [c.get("id", c["check"]) for c in exercise.criteria[index:]]
        for j, name in enumerate(exercise.criteria[index].get("after") or []):
            if name in earlier:
                continue
            if name in later:
                why = f"`after` names '{name}', which comes later: move this criterion below it"
            else:
                # on first use, not at import: difflib (+heapq), for a wrong name only
                import difflib

                close = difflib.get_close_matches(name, earlier, n=1)
                why = f"`after` names '{name}', which is no earlier criterion" + (
                    f" (did you mean '{close[0]}'?)"
                    if close
                    else f" (earlier: {', '.join(earlier) or 'none'})"
                )
            self.problem(exercise.path, doc.locate(f"/criteria/{index}/after/{j}"), why)

    def _keys_of_other_kinds(self, exercise: Exercise, doc: YamlDoc) -> None:
        """A key only another kind of exercise reads (`entry` in a JSON exercise) is never
        used: most often the `kind` is the slip."""
        for kind in KINDS.values():
            if kind.name == exercise.kind:
                continue
            found = [k for k in kind.own_keys if k in (doc.value or {})]
            if found:
                self.problem(
                    exercise.path,
                    doc.locate(f"/{found[0]}", key=True),
                    f"{', '.join(f'`{k}`' for k in found)}: only {kind.name} exercises read "
                    f"{'this key' if len(found) == 1 else 'these keys'}, and this one is "
                    f"`kind: {exercise.kind}`: remove {'it' if len(found) == 1 else 'them'}, "
                    f"or make it `kind: {kind.name}`",
                    severity="warning",
                )

    # -- references between files --------------------------------------------------------

    def link(
        self, course: Course, path: Path, doc: YamlDoc, lessons: dict, exercises: dict
    ) -> None:
        """Put the lessons in course order and their exercises in place, checking every
        reference between course.yaml, the lessons and the exercises."""
        for i, lesson_id in enumerate(course.lesson_order):
            if lesson_id in lessons:
                course.lessons.append(lessons[lesson_id][0])
            elif not any(b.id == lesson_id for b in course.broken):
                self.problem(
                    path,
                    doc.locate(f"/lessons/{i}"),
                    f"lesson '{lesson_id}' is listed here but no file in lessons/ has that id"
                    + _did_you_mean(lesson_id, lessons),
                )
        for lesson_id, (lesson, lesson_doc) in lessons.items():
            if lesson_id not in course.lesson_order:
                self.problem(
                    lesson.path,
                    lesson_doc.locate("/id"),
                    f"lesson '{lesson_id}' is not listed in course.yaml's `lessons`, "
                    "so learners never see it",
                )
            for i, prereq in enumerate(lesson.prerequisites):
                if prereq == lesson_id:
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/prerequisites/{i}"),
                        f"lesson '{lesson_id}' lists itself as a prerequisite: remove it",
                    )
                elif prereq not in lessons and not any(b.id == prereq for b in course.broken):
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/prerequisites/{i}"),
                        f"prerequisite '{prereq}' is not a lesson of this course"
                        + _did_you_mean(prereq, lessons),
                    )
            self._prerequisite_cycle(lesson, lesson_doc, lessons)
            self._try_blocks(lesson, lesson_doc, exercises)
            for i, exercise_id in enumerate(lesson.exercises):
                if exercise_id in exercises:
                    lesson.exercise_items.append(exercises[exercise_id][0])
                elif not any(b.id == exercise_id for b in course.broken):
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/exercises/{i}"),
                        f"exercise '{exercise_id}' is listed here but no file in "
                        f"exercises/{lesson_id}/ has that id"
                        + _did_you_mean(exercise_id, exercises),
                    )
        self._numbers(course, lessons)
        for exercise_id, (exercise, ex_doc) in exercises.items():
            owner = lessons.get(exercise.lesson)
            if owner is None and any(b.id == exercise.lesson for b in course.broken):
                course.exercises[exercise_id] = exercise  # its lesson's file is the problem
                continue
            if owner is None:
                self.problem(
                    exercise.path,
                    ex_doc.locate("/lesson"),
                    f"lesson '{exercise.lesson}' does not exist"
                    + _did_you_mean(exercise.lesson, lessons),
                )
                continue
            if exercise_id not in owner[0].exercises:
                self.problem(
                    exercise.path,
                    ex_doc.locate("/id"),
                    f"lesson '{exercise.lesson}' does not list exercise '{exercise_id}' in its "
                    "`exercises`, so learners never see it",
                )
            course.exercises[exercise_id] = exercise

    def _try_blocks(self, lesson: Lesson, doc: YamlDoc, exercises: dict) -> None:
        """Each `try` block names an exercise of this lesson: one its `exercises` lists
        (so it is still listed at the end of the lesson)."""
        for si, section in enumerate(lesson.sections):
            for bi, block in enumerate(section["blocks"]):
                if "try" not in block:
                    continue
                exercise_id = block["try"]["exercise"]
                if exercise_id in lesson.exercises:
                    continue
                where = doc.locate(f"/sections/{si}/blocks/{bi}/try/exercise")
                if exercise_id in exercises:
                    self.problem(
                        lesson.path,
                        where,
                        f"`try` offers exercise '{exercise_id}', which this lesson does not "
                        "list in its `exercises`: add it there (a lesson offers only its "
                        "own exercises, and lists each one at its end)",
                    )
                else:
                    self.problem(
                        lesson.path,
                        where,
                        f"`try` offers exercise '{exercise_id}', but no exercise has that id"
                        + _did_you_mean(exercise_id, lesson.exercises or exercises),
                    )

    def _numbers(self, course: Course, lessons: dict) -> None:
        """Lesson numbers as learners read them: each its own, counting up by one in the
        order of course.yaml's `lessons` (from 1, or from 0 for a lesson zero)."""
        seen: dict[int, Lesson] = {}
        for lesson in course.lessons:
            doc = lessons[lesson.id][1]
            first = seen.get(lesson.number)
            if first is not None:
                self.problem(
                    lesson.path,
                    doc.locate("/number"),
                    f"lesson '{lesson.id}' is number {lesson.number}, as is lesson "
                    f"'{first.id}' ({display_path(first.path)}): learners would see two "
                    f"'Lesson {lesson.number}'; give each lesson its own number",
                )
            seen.setdefault(lesson.number, lesson)
        if len(seen) < len(course.lessons) or any(
            b.kind == "lesson" and b.id in course.lesson_order for b in course.broken
        ):
            return  # a number taken twice, or a lesson missing: counting would mislead
        start = 0 if course.lessons and course.lessons[0].number == 0 else 1
        for position, lesson in enumerate(course.lessons):
            expected = start + position
            if lesson.number != expected:
                doc = lessons[lesson.id][1]
                before = course.lessons[position - 1] if position else None
                after = (
                    f"it comes after lesson '{before.id}' (number {before.number})"
                    if before
                    else "it is the first lesson"
                )
                self.problem(
                    lesson.path,
                    doc.locate("/number"),
                    f"lesson '{lesson.id}' is number {lesson.number}, but {after} in "
                    f"course.yaml's `lessons`: number it {expected} (lessons count up by "
                    "one, in that order)",
                )
                return

    def _prerequisite_cycle(self, lesson: Lesson, doc: YamlDoc, lessons: dict) -> None:
        """A problem when following `lesson`'s prerequisites leads back to it."""
        for i, first in enumerate(lesson.prerequisites):
            if first == lesson.id:
                continue  # reported on its own
            stack, seen = [[first]], set()
            while stack:
                path = stack.pop()
                if path[-1] == lesson.id:
                    circle = " -> ".join([lesson.id, *path])
                    self.problem(
                        lesson.path,
                        doc.locate(f"/prerequisites/{i}"),
                        f"the prerequisites go round in a circle ({circle}): a lesson cannot "
                        "come before itself",
                    )
                    return
                if path[-1] in seen or path[-1] not in lessons:
                    continue
                seen.add(path[-1])
                stack += [[*path, nxt] for nxt in lessons[path[-1]][0].prerequisites]


def _block_texts(block: dict, pointer: str):
    """The Markdown-bearing strings of a block, with their pointers."""
    if "markdown" in block:
        yield f"{pointer}/markdown", block["markdown"]
    elif "try" in block and block["try"].get("text"):
        yield f"{pointer}/try/text", block["try"]["text"]
    elif "check" in block:
        check = block["check"]
        yield f"{pointer}/check/prompt", check["prompt"]
        for i, choice in enumerate(check["choices"]):
            yield f"{pointer}/check/choices/{i}/feedback", choice["feedback"]


def _text_position(doc: YamlDoc, pointer: str, needle: str, offset: int, text: str) -> Position:
    """Where `needle` (at `offset` in the string at `pointer`) stands in the file."""
    start = doc.locate(pointer)
    lines = doc.full_text().split("\n")
    nth = text.count(needle, 0, offset)  # earlier occurrences in this string
    for line_no in range(start.line - 1, len(lines)):
        line = lines[line_no]
        column = line.find(needle, start.column - 1 if line_no == start.line - 1 else 0)
        while column != -1:
            if nth == 0:
                return Position(line_no + 1, column + 1)
            nth -= 1
            column = line.find(needle, column + 1)
    return start


def _did_you_mean(name: str, known) -> str:
    import difflib  # only when a name is wrong

    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
