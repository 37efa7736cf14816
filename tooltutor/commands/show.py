"""`tooltutor show LESSON [--plain] [--no-pager]`: print a lesson as readable text.

On a terminal the lesson is drawn with Rich (plain with `--plain`, `NO_COLOR` or
`TERM=dumb`), wrapped to the terminal's width, and a lesson longer than the screen goes
through a pager, as `git log` does: `$TOOLTUTOR_PAGER`, else `$PAGER`, else `less` (with
`LESS=FRX` unless `LESS` is set: colours shown, and it quits at once if the text fits).
Piped, it is plain text wrapped to 80 columns (`$COLUMNS` changes that), never paged.
"""

from __future__ import annotations

import os
import sys

from tooltutor.commands._common import find_lesson, load_course_or_fail, plain_output
from tooltutor.i18n import t


def add_parser(parser) -> None:
    parser.add_argument("lesson", metavar="LESSON", help=t("lesson id (e.g. round-trip) or number"))
    parser.add_argument("--plain", action="store_true", help=t("plain text even on a terminal"))
    parser.add_argument(
        "--no-pager", action="store_true", help=t("print the whole lesson, never through a pager")
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: shutil, bz2, errno, fnmatch, ... (9 modules)
    import shutil

    # on first use, not at import: tooltutor.lesson_text, tooltutor.safe_output, ... (39 modules)
    from tooltutor.lesson_text import plain_lesson, rich_lesson, terminal_width
    from tooltutor.safe_output import printable, printable_data, unfiltered

    course = load_course_or_fail(args)
    lesson = find_lesson(course, args.lesson)
    out = unfiltered(sys.stdout)
    on_terminal = hasattr(out, "isatty") and out.isatty()
    width = terminal_width()
    if args.plain or plain_output():
        text = printable(plain_lesson(course, lesson, width=width))
    else:
        # on first use, not at import: rich, ast, bisect, collections, ... (76 modules)
        from rich.console import Console

        # Rich styles the terminal on purpose: it writes past the filter, and the course's
        # text is made printable before Rich sees it.
        console = Console(file=out, width=width)
        with console.capture() as captured:
            for part in rich_lesson(printable_data(course), printable_data(lesson), width):
                console.print(part)
        text = captured.get()
    rows = shutil.get_terminal_size((80, 24)).lines
    if on_terminal and not args.no_pager and text.count("\n") >= rows and page(text):
        return 0
    out.write(text)
    out.flush()
    return 0


def pager_command() -> list[str] | None:
    """The pager to use, split into words; None for none (`cat`, or set to "")."""
    # on first use, not at import: shlex (1 module)
    import shlex

    value = os.environ.get("TOOLTUTOR_PAGER", os.environ.get("PAGER", "less"))
    try:
        words = shlex.split(value)
    except ValueError:
        return None
    return words if words and words != ["cat"] else None


def page(text: str) -> bool:
    """Show `text` through the pager; False when there is none to run (print it then)."""
    # on first use, not at import: signal, subprocess, collections, contextlib, ... (14 modules)
    import signal
    import subprocess

    command = pager_command()
    if command is None:
        return False
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")  # as git: colours, quit if it fits, no screen clearing
    env.setdefault("LV", "-c")
    sys.stdout.flush()
    try:
        pager = subprocess.Popen(command, stdin=subprocess.PIPE, env=env)
    except OSError:
        return False
    # Ctrl-C is for the pager (less ignores it); tooltutor waits for the learner to quit.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        try:
            pager.stdin.write(text.encode(encoding, errors="replace"))
            pager.stdin.close()
        except OSError:  # the learner quit before the end: fine
            pass
        pager.wait()
    finally:
        signal.signal(signal.SIGINT, previous)
    return True
