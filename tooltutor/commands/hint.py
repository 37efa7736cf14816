"""`tooltutor hint [EXERCISE] [--dir DIR]`: the next hint of an exercise, like `rustlings hint`.

Without EXERCISE: the current exercise of the work folder. Each run reveals one more hint
(the terminal UI and `watch` count the same ones) and shows those revealed before it too.
"""

from __future__ import annotations


def add_parser(parser) -> None:
    from tooltutor.i18n import t

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


def reveal_hint(store, course, exercise) -> tuple[list[str], str]:
    """Reveal the next hint of `exercise`: (every hint shown so far, the new one last,
    each as "Hint 2 of 3: ..."; a note when there is no new one to show, else "")."""
    from tooltutor.i18n import t

    hints = exercise.hints
    if not hints:
        return [], t("This exercise has no hints.")
    shown = min(store.hints_revealed(course.id, exercise.id), len(hints))
    note = ""
    if shown < len(hints):
        store.reveal_hint(course.id, exercise.id, shown)
        shown += 1
    else:
        note = t("No more hints: all {total} are shown above.", total=len(hints))
    texts = [
        course.expand(t("Hint {number} of {total}: {hint}", number=n, total=len(hints), hint=h))
        for n, h in enumerate(hints[:shown], 1)
    ]
    return texts, note


def run(args) -> int:
    from tooltutor.commands._common import find_exercise, load_course_or_fail
    from tooltutor.lesson_text import plain_markdown, terminal_width
    from tooltutor.progress import open_store
    from tooltutor.workdir import current_exercise, find_workdir

    course = load_course_or_fail(args)
    if args.exercise is None:
        exercise = current_exercise(find_workdir(args.dir), course)
    else:
        exercise = find_exercise(course, args.exercise)
    store = open_store(course=course)
    texts, note = reveal_hint(store, course, exercise)
    width = terminal_width()
    print(f"{exercise.id}: {exercise.title}")
    for text in texts:
        print("\n" + plain_markdown(text, width))
    if note:
        print("\n" + note)
    if store.notice:
        from tooltutor.i18n import t

        print(t("note: {notice}", notice=store.notice))
    return 0
