"""`tooltutor start EXERCISE [--dir DIR] [--force] [--conflict]`: the exercise as a file for
your editor.

The file holds the saved draft (or the starter). ``--conflict`` writes the newest conflict
copy instead: the text another tooltutor kept typing while this one had saved the draft
first (see `tooltutor.progress`); the draft itself is left as it is.
"""

from __future__ import annotations


def add_parser(parser) -> None:
    parser.add_argument("exercise", metavar="EXERCISE", help="exercise id (see 'tooltutor list')")
    parser.add_argument(
        "--dir", default="tooltutor-work", help="work folder (default: ./tooltutor-work)"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace the file if it exists already"
    )
    parser.add_argument(
        "--conflict",
        action="store_true",
        help="write the newest conflict copy of the draft (kept when two tooltutors saved it)",
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    from pathlib import Path

    from tooltutor.commands._common import find_exercise, load_course_or_fail
    from tooltutor.errors import UserError
    from tooltutor.i18n import t
    from tooltutor.progress import open_store
    from tooltutor.workdir import initial_text, write_exercise
    from tooltutor.workspace import local_time

    course = load_course_or_fail(args)
    exercise = find_exercise(course, args.exercise)
    store = open_store(course=course)
    draft = store.load_draft(course.id, exercise.id)
    conflicts = store.draft_conflicts(course.id, exercise.id)
    workdir = Path(args.dir)
    if getattr(args, "conflict", False):
        if not conflicts:
            raise UserError(f"no conflict copy of {exercise.id} is kept: its draft is all there is")
        text = conflicts[0].text
        source = t("the conflict copy saved at {time}", time=local_time(conflicts[0].saved_at))
    else:
        text = initial_text(exercise, draft.text if draft else None)
        source = t("your saved draft") if draft and draft.text.strip() else t("the starter")
    path = write_exercise(workdir, exercise, text, force=args.force)
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
    print(f"\n{exercise.title}\n")
    print(course.expand(exercise.prompt).rstrip())
    print("\n" + t("Next:"))
    print(t("  1. open {path} in your editor;", path=path))
    print(t("  2. in another terminal, run: tooltutor watch {workdir}", workdir=workdir))
    print(t("     (or check once: tooltutor check {id} {path})", id=exercise.id, path=path))
    return 0
