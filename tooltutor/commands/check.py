"""`tooltutor check [EXERCISE] [FILE] [--dir DIR] [--json] [--no-record]`: mark an answer.

Like `rustlings run`: with nothing named it marks the current exercise (the one `start`,
`next` or `watch` left in the work folder) in its file; `check EXERCISE` marks that
exercise's file in the work folder; `check FILE` marks a file `tooltutor start` wrote (its
name says which exercise); `check EXERCISE FILE` (FILE `-`: standard input) marks any
file. The file is read exactly as `watch` reads it: the `#` lines of a choice exercise's
file (its title, options and how to answer) are not part of the answer.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tooltutor.commands._common import (
    add_trust_option,
    find_exercise,
    load_course_or_fail,
    unknown_exercise,
)
from tooltutor.errors import UserError
from tooltutor.i18n import t
from tooltutor.kinds import of as kind_of


def add_parser(parser) -> None:
    parser.add_argument(
        "exercise",
        metavar="EXERCISE",
        nargs="?",
        help=t(
            "exercise id (see 'tooltutor list'; default: the current exercise), or the "
            "file 'tooltutor start' wrote"
        ),
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=t(
            "your answer file, or - for standard input (default: the exercise's file in "
            "the work folder)"
        ),
    )
    parser.add_argument(
        "--dir",
        metavar="DIR",
        default=None,
        help=t("work folder (default: the one you are in, else ./tooltutor-work)"),
    )
    parser.add_argument(
        "--json", action="store_true", help=t("print Exercism results.json v3 plus diagnostics")
    )
    parser.add_argument(
        "--no-record", action="store_true", help=t("do not record this attempt in your progress")
    )

    add_trust_option(parser)
    parser.add_argument(
        "--solution",
        action="store_true",
        help=t(
            "for course authors: mark the exercise's reference solution as a learner's answer "
            "(nothing is recorded)"
        ),
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help=t(
            "for course authors: when a check itself fails, show its file, line and "
            "traceback (also $TOOLTUTOR_DEBUG=1)"
        ),
    )
    parser.set_defaults(run=run)


def say_if_not_contained() -> None:
    """One line on standard error when learner code runs without an OS sandbox here."""
    # on first use, not at import: checker.sandbox, checker.i18n, ast, bisect, ... (51 modules)
    from checker.sandbox.contain import note

    text = note()
    if text:
        print(f"tooltutor: {text}", file=sys.stderr)


def _load_with(args, exercise_id: str):
    """The course with `exercise_id` loaded (only it when it is there: faster), else whole."""
    if exercise_id and not any(ch in exercise_id for ch in "/\\*?["):  # an id, not a glob
        course = load_course_or_fail(args, only_exercise=exercise_id)
        if course.exercise(exercise_id) is not None:
            return course
    return load_course_or_fail(args)


def resolve_target(args):
    """(course, exercise, file name, is it the exercise's own work file?) for `args`."""
    # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (27 modules)
    from tooltutor.workdir import (
        current_exercise,
        exercise_file,
        exercise_for_file,
        find_workdir,
        read_current,
    )

    given, file = args.exercise, args.file
    workdir = find_workdir(args.dir)
    if given is None:  # the current exercise, in its file
        marker = read_current(workdir)
        if marker is None:
            raise UserError(
                t(
                    "no current exercise in {workdir}: start one with 'tooltutor start "
                    "EXERCISE', or name one: 'tooltutor check EXERCISE [FILE]'",
                    workdir=workdir,
                )
            )
        course = _load_with(args, marker)
        exercise = current_exercise(workdir, course)
    else:
        course = _load_with(args, given)
        exercise = course.exercise(given)
        if exercise is None and file is None:  # one name: a file `tooltutor start` wrote?
            if given == "-":
                raise UserError(
                    t("which exercise is on standard input? Name it: tooltutor check EXERCISE -")
                )
            path = Path(given)
            exercise = exercise_for_file(path, course)
            if exercise is not None:
                return course, exercise, given, True
            if path.exists():
                raise UserError(
                    t(
                        "which exercise is {given} an answer to? Its name is not one that "
                        "'tooltutor start' writes: name the exercise too, as in "
                        "'tooltutor check EXERCISE FILE'",
                        given=given,
                    )
                )
            raise UserError(unknown_exercise(course, given, nor_file=True))
        exercise = find_exercise(course, given)
    if file is not None:
        own = file != "-" and Path(file).name == exercise_file(workdir, exercise).name
        return course, exercise, file, own
    path = exercise_file(workdir, exercise)
    if not path.exists():
        raise UserError(
            t(
                "{path}: no such file; write it with 'tooltutor start {id}' (or give "
                "your file: 'tooltutor check {id} FILE')",
                path=path,
                id=exercise.id,
            )
        )
    return course, exercise, str(path), True


def run(args) -> int:
    if not args.json:
        return _run(args)

    try:
        return _run(args)
    except UserError as exc:  # still a results document, for the tool that reads it
        # on first use, not at import: checker.results, collections, contextlib, typing (8 modules)
        from checker.results import error_document

        print(json.dumps(error_document(str(exc)), indent=2, ensure_ascii=False))
        return exc.exit_code


def _run(args) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.submission, ... (74 modules)
    from tooltutor.progress import open_store
    from tooltutor.submission import read_answer
    from tooltutor.submit import AnswerDesk

    if getattr(args, "solution", False):
        return check_solution(args)
    course, exercise, name, own_file = resolve_target(args)
    raw = read_answer(name)
    shown = "<stdin>" if name == "-" else name
    store = open_store(course=course)  # keyed by the course's folder too
    submitted = AnswerDesk(store, course, exercise).submit(
        raw,
        filename=shown,
        record=not args.no_record,
        keep_draft=own_file and name != "-",  # the exercise's own file is its draft
        assume_trust=getattr(args, "trust", False),
        # said before a run of seconds, after the trust question if there is one
        before_marking=say_if_not_contained if kind_of(exercise).runs_code else None,
    )
    verdict, text, notes = submitted.verdict, submitted.text, submitted.notices
    show_faults(args, verdict)
    hints = store.hints_revealed(course.id, exercise.id)
    if args.json:
        print(json.dumps(_results(exercise, verdict, hints), indent=2, ensure_ascii=False))
    else:
        # on first use, not at import: tooltutor.verdict_text, tooltutor.workspace, ... (28 modules)
        from tooltutor.verdict_text import format_verdict
        from tooltutor.workspace import spoiler_free_verdict

        shown_verdict, held = spoiler_free_verdict(
            exercise, verdict, hints, f"tooltutor hint {exercise.id}"
        )
        print(format_verdict(exercise, shown_verdict, text, shown), end="")
        if held:
            print(held)
        for notice in notes:
            print(t("note: {notice}", notice=notice))
        if own_file and name != "-":
            print()
            if verdict.passed:
                print(t("Next: tooltutor next (the next exercise you have not passed)"))
            else:
                print(t("Stuck? tooltutor hint {id} shows a hint.", id=exercise.id))
    return 0 if verdict.passed else 1


def show_faults(args, verdict) -> None:
    """With --debug (or $TOOLTUTOR_DEBUG), each check that failed itself: where, what, and
    its traceback, on standard error (for the course's author)."""
    if not (getattr(args, "debug", False) or os.environ.get("TOOLTUTOR_DEBUG")):
        return
    for criterion in verdict.criteria:
        fault = criterion.fault
        if fault is None:
            continue
        print(
            f"{fault.headline()} (criterion '{criterion.id}': a bug of the check, not of the "
            "answer)",
            file=sys.stderr,
        )
        if fault.traceback:
            print(fault.traceback.rstrip("\n"), file=sys.stderr)


def _results(exercise, verdict, hints: int) -> dict:
    """results.json v3 of the verdict, holding back what the hints give (as the text
    does): a mistake not found yet keeps its neutral name, and its check is not shown."""
    # on first use, not at import: checker.criterion_id, checker.results, ... (29 modules)
    from checker.criterion_id import criterion_id
    from checker.results import results_document
    from tooltutor.workspace import held_back, spoiler_free_verdict

    shown, held = spoiler_free_verdict(exercise, verdict, hints, f"tooltutor hint {exercise.id}")
    passed = {c.id: c.passed for c in verdict.criteria}
    hidden = {
        criterion_id(spec)
        for spec in exercise.criteria
        if held_back(spec, passed.get(criterion_id(spec)), hints)
    }
    document = results_document(shown, exercise)
    for test in document["tests"]:
        if test["id"] in hidden:
            test["test_code"] = test["name"]
            if held:
                test["message"] = held
    return document


# -- `check --solution EXERCISE`: the reference solution, for the course's author ----------


def check_solution(args) -> int:
    # on first use, not at import: tooltutor.marking, tooltutor.trust, ... (52 modules)
    from tooltutor.marking import mark_answer
    from tooltutor.trust import ensure_trusted

    if not args.exercise or args.file:
        raise UserError(
            t("name the exercise whose solution to mark: tooltutor check --solution EXERCISE")
        )
    course = _load_with(args, args.exercise)
    exercise = find_exercise(course, args.exercise, args)
    ensure_trusted(course, assume=getattr(args, "trust", False))
    if kind_of(exercise).runs_code:
        say_if_not_contained()
    verdict = mark_answer(course, exercise, exercise.solution)
    show_faults(args, verdict)
    if args.json:
        # on first use, not at import: checker.results, collections, contextlib, typing (8 modules)
        from checker.results import results_document

        print(json.dumps(results_document(verdict, exercise), indent=2, ensure_ascii=False))
        return 0 if verdict.passed else 1
    # on first use, not at import: tooltutor.verdict_text, textwrap (2 modules)
    from tooltutor.verdict_text import format_verdict

    text, shown, placed = _in_file(exercise, verdict)
    print(format_verdict(exercise, placed, text, shown), end="")
    return 0 if verdict.passed else 1


def _in_file(exercise, verdict):
    """(text, file name, verdict) to print: the exercise file with the diagnostics moved to
    the solution's place in it when they all can be; else the solution alone."""
    # on first use, not at import: tooltutor.course, tooltutor.selftest_report, ... (27 modules)
    from tooltutor.course import display_path
    from tooltutor.selftest_report import answer_places

    place = answer_places(exercise, "/solution")
    moved = []
    for d in verdict.diagnostics:
        if d.line is None:
            moved.append(d)
            continue
        at = place(d.line, d.column or 1)
        if at is None:
            return exercise.solution, f"{display_path(exercise.path)} (solution)", verdict
        moved.append(d._replace(line=at[0], column=at[1]))
    text = Path(exercise.path).read_text(encoding="utf-8")
    return text, display_path(exercise.path), verdict._replace(diagnostics=moved)
