"""`tooltutor hint [EXERCISE] [--dir DIR]`: the next hint of an exercise, like `rustlings hint`.

Without EXERCISE: the current exercise of the work folder. Each run reveals one more hint
(the terminal UI and `watch` count the same ones) and shows those revealed before it too.
"""

from __future__ import annotations

from tooltutor.commands._common import find_exercise, load_course_or_fail
from tooltutor.hints import reveal_next_hint
from tooltutor.i18n import t


def add_parser(parser) -> None:
    parser.add_argument(
        "exercise",
        metavar="EXERCISE",
        nargs="?",
        help=t("exercise id (default: the current exercise of the work folder)"),
    )
    parser.add_argument(
        "--dir",
        metavar="DIR",
        default=None,
        help=t("work folder (default: the one you are in, else ./tooltutor-work)"),
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: tooltutor.lesson_text, tooltutor.progress, ... (55 modules)
    from tooltutor.lesson_text import plain_markdown, terminal_width
    from tooltutor.progress import open_store
    from tooltutor.workdir import current_exercise, find_workdir

    course = load_course_or_fail(args)
    if args.exercise is None:
        exercise = current_exercise(find_workdir(args.dir), course)
    else:
        exercise = find_exercise(course, args.exercise)
    store = open_store(course=course)
    texts, note = reveal_next_hint(store, course, exercise)
    width = terminal_width()
    print(f"{exercise.id}: {exercise.title}")
    for text in texts:
        print("\n" + plain_markdown(text, width))
    if note:
        print("\n" + note)
    if store.notice:
        print(t("note: {notice}", notice=store.notice))
    return 0
