"""`tooltutor start EXERCISE [--dir DIR] [--force]`: the exercise as a file for your editor."""

from __future__ import annotations


def add_parser(parser) -> None:
    parser.add_argument("exercise", metavar="EXERCISE", help="exercise id (see 'tooltutor list')")
    parser.add_argument(
        "--dir", default="tooltutor-work", help="work folder (default: ./tooltutor-work)"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace the file if it exists already"
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    from pathlib import Path

    from tooltutor.commands._common import find_exercise, load_course_or_fail
    from tooltutor.progress import open_store
    from tooltutor.workdir import initial_text, write_exercise

    course = load_course_or_fail(args)
    exercise = find_exercise(course, args.exercise)
    store = open_store()
    draft = store.load_draft(course.id, exercise.id)
    workdir = Path(args.dir)
    path = write_exercise(
        workdir, exercise, initial_text(exercise, draft.text if draft else None), force=args.force
    )
    from tooltutor.i18n import t

    source = t("your saved draft") if draft and draft.text.strip() else t("the starter")
    print(t("Wrote {path} ({source}).", path=path, source=source))
    print(f"\n{exercise.title}\n")
    print(course.expand(exercise.prompt).rstrip())
    print("\n" + t("Next:"))
    print(t("  1. open {path} in your editor;", path=path))
    print(t("  2. in another terminal, run: tooltutor watch {workdir}", workdir=workdir))
    print(t("     (or check once: tooltutor check {id} {path})", id=exercise.id, path=path))
    return 0
