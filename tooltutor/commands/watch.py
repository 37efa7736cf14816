"""`tooltutor watch [DIR] [--poll]`: re-mark the current exercise each time you save it,
like `rustlings watch` (see `tooltutor.watch`)."""

from __future__ import annotations

import sys

from tooltutor.commands._common import add_trust_option, load_course_or_fail
from tooltutor.i18n import t
from tooltutor.kinds import kind_named


def add_parser(parser) -> None:
    parser.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        default=None,
        help=t(
            "work folder made by 'tooltutor start' (default: the one you are in, else "
            "./tooltutor-work)"
        ),
    )
    parser.add_argument(
        "--poll",
        action="store_true",
        help=t("poll the file instead of waiting for file events (network or VM folders)"),
    )

    add_trust_option(parser)
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: threading (2 modules)
    import threading

    # on first use, not at import: tooltutor.progress, tooltutor.trust, ... (93 modules)
    from tooltutor.progress import open_store
    from tooltutor.trust import ensure_trusted
    from tooltutor.watch import WatchSession
    from tooltutor.watch_events import EventWatcher, PollWatcher, read_keys
    from tooltutor.workdir import current_exercise, find_workdir

    course = load_course_or_fail(args)
    ensure_trusted(course, assume=getattr(args, "trust", False))
    if any(kind_named(e.kind).runs_code for e in course.exercises.values()):
        # on first use, not at import: tooltutor.commands, errno, fnmatch, ... (13 modules)
        from tooltutor.commands.check import say_if_not_contained

        say_if_not_contained()
    workdir = find_workdir(args.directory)
    exercise = current_exercise(workdir, course)
    session = WatchSession(
        course, exercise, workdir, open_store(), assume_trust=getattr(args, "trust", False)
    )
    if args.poll:
        watcher = PollWatcher(lambda: session.path, session.events)
    else:
        watcher = EventWatcher(workdir, lambda: session.path, session.events)
    watcher.start()
    saved = _terminal_mode()
    threading.Thread(target=read_keys, args=(session.events,), daemon=True).start()
    try:
        return session.run()
    finally:
        watcher.stopped.set()
        if saved is not None:  # the key reader may still be waiting: put the terminal back
            # POSIX only; reached only once `_terminal_mode` imported it
            import termios

            termios.tcsetattr(saved[0], termios.TCSADRAIN, saved[1])


def _terminal_mode():
    """(fd, settings) of the terminal on standard input, to restore at the end; or None."""
    try:
        # POSIX only: on Windows the ImportError below means "no terminal mode to restore"
        import termios

        fd = sys.stdin.fileno()
        return (fd, termios.tcgetattr(fd)) if sys.stdin.isatty() else None
    except (ImportError, AttributeError, ValueError, OSError):
        return None
