"""`tooltutor start [EXERCISE] [--dir DIR] [--force] [--conflict]`: the exercise as a file
for your editor.

The file holds the saved draft (or the starter), and the exercise becomes the current one
of the work folder, which `check`, `hint`, `next` and `watch` take when no exercise is
named. Without EXERCISE: the current exercise, else the first one not passed yet. A file
that is there already is kept as it is (``--force`` replaces it). ``--conflict`` writes
the newest conflict copy instead: the text another tooltutor kept typing while this one
had saved the draft first (see `tooltutor.progress`); the draft itself is left as it is.
"""

from __future__ import annotations

import os

from tooltutor.commands._common import find_exercise, load_course_or_fail
from tooltutor.errors import UserError
from tooltutor.i18n import t


def add_parser(parser) -> None:
    parser.add_argument(
        "exercise",
        metavar="EXERCISE",
        nargs="?",
        help=t(
            "exercise id (see 'tooltutor list'; default: the current exercise, else the "
            "first one you have not passed)"
        ),
    )
    parser.add_argument(
        "--dir",
        default=None,
        help=t("work folder (default: the one you are in, else ./tooltutor-work)"),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=t("replace the file if it exists already (with your saved draft, or the starter)"),
    )
    parser.add_argument(
        "--conflict",
        action="store_true",
        help=t("write the newest conflict copy of the draft (kept when two tooltutors saved it)"),
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.workdir, ... (53 modules)
    from tooltutor.progress import open_store
    from tooltutor.workdir import (
        exercise_file,
        find_workdir,
        initial_text,
        next_unfinished,
        read_current,
        set_current,
        write_exercise,
    )
    from tooltutor.workspace import local_time

    course = load_course_or_fail(args)
    workdir = find_workdir(args.dir)
    store = open_store(course=course)
    chosen = args.exercise
    if chosen is None:
        current = read_current(workdir) if workdir.is_dir() else None
        if current is not None and course.exercise(current) is not None:
            chosen = current
        else:
            first = next_unfinished(course, store.statuses(course.id))
            if first is None:
                raise UserError(
                    t(
                        "you have passed every exercise of the course; name one to work on it "
                        "again: tooltutor start EXERCISE"
                    )
                )
            chosen = first.id
    exercise = find_exercise(course, chosen)
    draft = store.load_draft(course.id, exercise.id)
    conflicts = store.draft_conflicts(course.id, exercise.id)
    path = exercise_file(workdir, exercise)
    if getattr(args, "conflict", False):
        if not conflicts:
            raise UserError(
                t("no conflict copy of {id} is kept: its draft is all there is", id=exercise.id)
            )
        text = conflicts[0].text
        source = t("the conflict copy saved at {time}", time=local_time(conflicts[0].saved_at))
    else:
        text = initial_text(exercise, draft.text if draft else None)
        source = t("your saved draft") if draft and draft.text.strip() else t("the starter")
    if os.path.lexists(path) and not args.force:  # never overwritten unless asked
        try:
            set_current(workdir, exercise.id)
        except OSError as exc:
            raise UserError(
                t("cannot write {path}: {reason}", path=workdir, reason=exc.strerror or exc)
            ) from None
        print(
            t(
                "{path} already exists: it is kept as it is (--force replaces it with your "
                "saved draft, or the starter).",
                path=path,
            )
        )
    else:
        path = write_exercise(workdir, exercise, text, force=True)
        print(t("Wrote {path} ({source}).", path=path, source=source))
    if conflicts and not getattr(args, "conflict", False):
        print(
            t(
                "A conflict copy of this draft (saved at {time}) is kept too: tooltutor start "
                "{id} --conflict --force writes it instead.",
                time=local_time(conflicts[0].saved_at),
                id=exercise.id,
            )
        )
    present(course, exercise, path, workdir, args.dir)
    return 0


def present(course, exercise, path, workdir, dir_given) -> None:
    """The exercise's task and what to do next, for `start` and `next`."""
    # on first use, not at import: tooltutor.lesson_text, tooltutor.course, ... (35 modules)
    from tooltutor.lesson_text import plain_markdown, terminal_width

    lesson = course.lesson(exercise.lesson)
    where = (
        t("Lesson {number}, {title}", number=lesson.number, title=lesson.title)
        if lesson
        else exercise.lesson
    )
    width = terminal_width()
    print(f"\n{exercise.title}  ({exercise.id})\n{where}\n")
    print(plain_markdown(course.expand(exercise.prompt), width).rstrip())
    folder = f" --dir {workdir}" if dir_given is not None else ""
    print("\n" + t("Next:"))
    print(t("  1. open {path} in your editor;", path=path))
    print(t("  2. in another terminal, run: tooltutor watch{folder}", folder=folder))
    print(t("     (or check once: tooltutor check{folder})", folder=folder))
