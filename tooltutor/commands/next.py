"""`tooltutor next [--dir DIR]`: go on to the next exercise you have not passed.

The exercise after the current one in course order that is not passed yet (coming round
to the start of the course) becomes the current exercise: its file is written from your
saved draft or its starter (a file that is there is kept), and its task is shown, as
`start` shows it.
"""

from __future__ import annotations

from tooltutor.commands._common import load_course_or_fail
from tooltutor.commands.start import present
from tooltutor.exercise_status import PASSED
from tooltutor.i18n import t


def add_parser(parser) -> None:
    parser.add_argument(
        "--dir",
        metavar="DIR",
        default=None,
        help=t("work folder (default: the one you are in, else ./tooltutor-work)"),
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.workdir, ... (52 modules)
    from tooltutor.progress import open_store
    from tooltutor.workdir import find_workdir, next_unfinished, open_exercise, read_current

    course = load_course_or_fail(args)
    workdir = find_workdir(args.dir)
    store = open_store(course=course)
    statuses = store.statuses(course.id)
    current_id = read_current(workdir) if workdir.is_dir() else None
    current = course.exercise(current_id) if current_id else None
    following = next_unfinished(course, statuses, after=current)
    if following is None:
        if current is not None and statuses.get(current.id) != PASSED:
            print(
                t(
                    "{id} is the only exercise you have not passed yet: keep at it "
                    "(tooltutor hint shows a hint).",
                    id=current.id,
                )
            )
            return 1
        print(t("You have passed every exercise of the course. Well done!"))
        return 0
    if current is not None and statuses.get(current.id) != PASSED:
        print(
            t(
                "{id} is not passed yet; come back to it with: tooltutor start {id}",
                id=current.id,
            )
        )
    path, wrote = open_exercise(workdir, following, store, course)
    if wrote:
        print(t("Wrote {path} ({source}).", path=path, source=wrote))
    else:
        print(t("Your file {path} is kept as it is.", path=path))
    present(course, following, path, workdir, args.dir)
    if store.notice:
        print(t("note: {notice}", notice=store.notice))
    return 0
