"""`tooltutor reset EXERCISE | --all [--yes] [--dir DIR] [--keep-file]`: forget progress.

Asks "Forget all progress on X? [y/N]" first; ``--yes`` skips the question, and without
a terminal to ask on it refuses (exit 2). Exit 0 when progress was forgotten, 1 when the
answer was no, 2 for a usage problem (unknown exercise, nothing saved to reset).

An exercise's file in the work folder (the one `tooltutor start` wrote) can be restored
to the starter too, as `rustlings reset` does: asked on a terminal ("Also put the starter
back in FILE? [y/N]"), done with ``--yes``, never with ``--keep-file``.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys

from tooltutor.commands._common import load_course_or_fail
from tooltutor.errors import UserError
from tooltutor.i18n import N_, t


def add_parser(parser: argparse.ArgumentParser) -> None:

    parser.add_argument("exercise", nargs="?", metavar="EXERCISE", help=t("exercise id to forget"))
    parser.add_argument(
        "--all", action="store_true", help=t("forget all progress on the whole course")
    )
    parser.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help=t("do not ask for confirmation (and put the starter back in the exercise's file)"),
    )
    parser.add_argument(
        "--dir",
        metavar="DIR",
        default=None,
        help=t(
            "work folder of the exercise's file (default: the one you are in, else "
            "./tooltutor-work)"
        ),
    )
    parser.add_argument(
        "--keep-file",
        action="store_true",
        help=t("leave the exercise's file in the work folder as it is"),
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.exercise_status, ... (34 modules)
    from tooltutor.progress import course_folder, open_store

    if bool(args.exercise) == bool(args.all):
        raise UserError(t(MSG_WHICH))
    course = load_course_or_fail(args)
    exercise = None
    with open_store(course=course) as store:  # only this course (its folder) is reset
        notice = store.take_notice()
        if notice:
            print("tooltutor: " + t("note: {notice}", notice=notice), file=sys.stderr)
        if not store.persistent:
            raise UserError(t(MSG_NOT_SAVED))
        if args.all:
            folder = course_folder(course)  # None: the bundled course
            where = t(", in {folder}", folder=folder) if folder else ""
            what = t(
                "the whole course {title} ({id}{where})",
                title=course.title,
                id=course.id,
                where=where,
            )
        else:
            exercise = course.exercise(args.exercise)
            # Progress on an exercise the course no longer has can be reset too.
            stored = store.export(course.id)["courses"][course.id]["exercises"]
            if exercise is None and args.exercise not in stored:
                raise UserError(_unknown(args.exercise, list(course.exercises)))
            what = f"{args.exercise} ({exercise.title})" if exercise else args.exercise
        if not _confirm(t(MSG_QUESTION, what=what), args.yes):
            print(t(MSG_KEPT))
            return 1
        if args.all:
            store.reset_course(course.id)
        else:
            store.reset_exercise(course.id, args.exercise)
    print(t(MSG_DONE, what=what))
    if exercise is not None and not getattr(args, "keep_file", False):
        _restore_file(args, exercise)
    return 0


def _restore_file(args: argparse.Namespace, exercise) -> None:
    """Offer to put the starter back in the exercise's work file, if there is one."""
    # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (34 modules)
    from tooltutor.workdir import exercise_file, find_workdir, initial_text

    if not hasattr(exercise, "file_suffix"):  # not an exercise of a course on disk
        return
    path = exercise_file(find_workdir(getattr(args, "dir", None)), exercise)
    if not os.path.isfile(path):
        return
    # on first use, not at import: tooltutor.submission, tooltutor.bounded_read (2 modules)
    from tooltutor.submission import FileTooBig, read_answer_text

    starter = initial_text(exercise, None)
    try:
        if read_answer_text(path) == starter:
            return
    except FileTooBig:
        pass  # larger than any starter: the learner's work, offered to be replaced
    except UserError:
        return
    if not args.yes:
        if sys.stdin is None or not sys.stdin.isatty():
            print(t(MSG_FILE_KEPT, path=path, id=exercise.id))
            return
        if not _confirm(t(MSG_FILE_QUESTION, path=path), False):
            print(t(MSG_FILE_KEPT, path=path, id=exercise.id))
            return
    try:
        path.write_text(starter, encoding="utf-8")
    except OSError as exc:
        print(
            "tooltutor: "
            + t("cannot write {path}: {reason}", path=path, reason=exc.strerror or exc),
            file=sys.stderr,
        )
        return
    print(t(MSG_FILE_DONE, path=path))


def _confirm(question: str, assume_yes: bool) -> bool:
    if assume_yes:
        return True
    if sys.stdin is None or not sys.stdin.isatty():
        raise UserError(t(MSG_NO_TTY))
    sys.stderr.write(f"{question} [y/N] ")
    sys.stderr.flush()
    return sys.stdin.readline().strip().lower() in ("y", "yes")


def _unknown(given: str, ids: list[str]) -> str:
    """The message for an unknown id, with the closest ids (substring matches first)."""
    near = [i for i in ids if given.lower() in i.lower()]
    near += [i for i in difflib.get_close_matches(given, ids, n=3, cutoff=0.5) if i not in near]
    hint = t("; did you mean {names}?", names=", ".join(near[:3])) if near else ""
    return t(MSG_UNKNOWN, given=given, hint=hint)


MSG_WHICH = N_("reset what? Give one exercise id, or --all for the whole course.")
MSG_NOT_SAVED = N_("nothing was reset: progress is not being saved here (see the message above).")
MSG_QUESTION = N_("Forget all progress on {what}?")
MSG_NO_TTY = N_(
    "not resetting without confirmation, and there is no terminal to ask on: pass --yes."
)
MSG_KEPT = N_("Nothing was reset.")
MSG_DONE = N_("Forgot all progress on {what}.")
MSG_UNKNOWN = N_("no exercise '{given}' in this course{hint} (see 'tooltutor list')")
MSG_FILE_QUESTION = N_("Also put the starter back in {path} (what you wrote there is lost)?")
MSG_FILE_KEPT = N_(
    "{path} is kept as it is ('tooltutor start {id} --force' puts the starter back)."
)
MSG_FILE_DONE = N_("Put the starter back in {path}.")
