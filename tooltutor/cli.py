"""The `tooltutor` command: argparse front end that dispatches to `tooltutor.commands`.

Each subcommand lives in its own module under `tooltutor/commands/` with two functions:
`add_parser(subparsers)` registers its arguments, and `run(args) -> int` does the work and
returns the exit code. Modules are imported only when their command runs, so `list`,
`show`, `check` and `lint` never import Textual.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from tooltutor import __version__
from tooltutor.errors import UserError

#: subcommand name -> (module under tooltutor.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("list_cmd", "list lessons and exercises with their status"),
    "show": ("show", "print a lesson as readable text"),
    "check": ("check", "mark your answer to an exercise"),
    "lint": ("lint", "judge a tool-calling request as the Anthropic or OpenAI API would"),
    "validate": ("validate", "check a course directory and self-test its exercises"),
    "progress": ("progress", "show what you have done"),
    "reset": ("reset", "forget the progress of an exercise, or of the whole course"),
}


class _Parser(argparse.ArgumentParser):
    """ArgumentParser whose usage errors are one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, subcommands included."""
    parser = _Parser(
        prog="tooltutor",
        description="Learn to build LLM agents that call tools: lessons, exercises and an "
        "offline checker. With no command, starts the course in the terminal UI.",
    )
    parser.add_argument("--version", action="version", version=f"tooltutor {__version__}")
    parser.add_argument(
        "--course",
        metavar="DIR",
        default=os.environ.get("TOOLTUTOR_COURSE"),
        help="course directory to use (default: $TOOLTUTOR_COURSE, else the bundled course)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        module = _command_module(module_name)
        module.add_parser(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def _command_module(module_name: str):
    return importlib.import_module(f"tooltutor.commands.{module_name}")


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit code (never raises to the user)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            from tooltutor.commands import tui

            return tui.run(args)
        return int(args.run(args))
    except UserError as exc:
        print(f"tooltutor: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tooltutor: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # Output piped into `head` and the like: not an error of ours.
        sys.stderr.close()
        return 0
