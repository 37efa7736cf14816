"""The `tooltutor` command: argparse front end that dispatches to `tooltutor.commands`.

Each subcommand lives in its own module under `tooltutor/commands/` with two functions:
`add_parser(subparsers)` registers its arguments, and `run(args) -> int` does the work and
returns the exit code. Modules are imported only when their command runs, so `list`,
`show`, `check` and `lint` never import Textual. The parser itself, and the list of
commands, is `tooltutor.commands.parser`'s.
"""

from __future__ import annotations

import gc
import os
import sys

from tooltutor import __version__
from tooltutor.errors import UserError
from tooltutor.i18n import help_language, set_language, t

TYPE_CHECKING = False  # typing itself is not imported for `--version` either
if TYPE_CHECKING:
    import argparse


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit code (never raises to the user)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--version"]:
        # the one answer that needs no parser, so argparse is not even imported for it
        # (`--version` <= 2.5x a bare Python start: python3 -m bench startup)
        print(f"tooltutor {__version__}")
        return 0
    # here, after `--version` has answered: argparse and the parser are most of a start
    import argparse

    # on first use, not at import: 0 modules
    from tooltutor.commands.parser import (
        Parser,
        alone_possible,
        argparse_text,
        build_parser,
        selected_command,
    )

    set_language(help_language(argv))  # --help and usage errors, before a course is read
    argparse._ = argparse_text  # argparse looks its words up through this name
    selected = selected_command(argv)
    Parser.results_json = selected == "check" and "--json" in argv
    parser = build_parser(selected or "", alone=alone_possible(argv))
    args = parser.parse_args(argv)
    if args.command is None:
        return _run(args)
    # on first use, not at import: tooltutor.safe_output, checker.terminal_text, ... (10 modules)
    from tooltutor.safe_output import safe_stdio

    with safe_stdio():  # course and answer text is shown, never obeyed by the terminal
        return _run(args)


def script() -> int:
    """The installed `tooltutor` command (and `python -m tooltutor`): `main`, then the
    objects it made are frozen out of the collector before the interpreter exits.

    Python's shutdown runs a full garbage collection over every object still alive: for a
    `lint` or `check` that has loaded the rulebook that walk alone was ~6 ms of CPU, an
    eighth of the command (python3 -m bench startup --installed). Frozen objects are left
    to the process's end instead; the standard streams are still flushed, `atexit`
    handlers still run, and the work was finished and written before `main` returned.
    Only here, not in `main`: a process that calls `main` and goes on (the tests, a
    script) keeps its collector as it was.
    """
    code = main()
    gc.freeze()
    return code


def _run(args: argparse.Namespace) -> int:
    try:
        if args.command is None:
            # on first use, not at import: tooltutor.commands (2 modules)
            from tooltutor.commands import tui

            return tui.run(args)
        return int(args.run(args))
    except UserError as exc:
        print(f"tooltutor: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(t("tooltutor: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into `head` and the like: not an error of ours.
        sys.stderr.close()
        return 0
    except Exception as exc:  # the last line of defence: never a traceback for users
        if os.environ.get("TOOLTUTOR_DEBUG"):
            raise
        print(
            t(
                "tooltutor: internal error: {error}\n"
                "This is a bug in tooltutor, not in your work. Run again with TOOLTUTOR_DEBUG=1 "
                "to see the details, and please report them.",
                error=f"{type(exc).__name__}: {exc}",
            ),
            file=sys.stderr,
        )
        return 70
