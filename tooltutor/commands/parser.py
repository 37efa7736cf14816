"""The command line's parser: every command, its one-line help, argparse's words in the
interface's language, and usage errors in one line (with the closest command)."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys

from tooltutor import __version__
from tooltutor.i18n import N_, t

#: subcommand name -> (module under tooltutor.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "list": ("list_cmd", N_("list lessons and exercises with their status")),
    "show": ("show", N_("print a lesson as readable text")),
    "start": ("start", N_("write an exercise to a file, to solve it in your own editor")),
    "check": ("check", N_("mark your answer (default: the current exercise, in its file)")),
    "hint": ("hint", N_("show the next hint of an exercise (default: the current one)")),
    "next": ("next", N_("go on to the next exercise you have not passed, in your editor")),
    "watch": ("watch", N_("check the current exercise each time you save its file")),
    "lint": ("lint", N_("judge a tool-calling request as the Anthropic or OpenAI API would")),
    "explain": ("explain", N_("name the rules that explain an API error message you pasted")),
    "validate": ("validate", N_("check a course directory and self-test its exercises")),
    "progress": ("progress", N_("show what you have done")),
    "reset": ("reset", N_("forget the progress of an exercise, or of the whole course")),
    "serve": ("serve", N_("open the course in a web browser (needs tooltutor[serve])")),
    "completion": ("completion", N_("print a shell completion script for bash, zsh or fish")),
    "new": ("new", N_("start a course, a lesson or an exercise from files that validate")),
    "stamp": ("stamp", N_("mark a course's translation into LANG as up to date with its source")),
}


class Parser(argparse.ArgumentParser):
    """ArgumentParser whose usage errors are one line and exit 2, with the closest command
    (or choice) for one that does not exist."""

    #: set for `check --json`: a usage error is a results.json document too (on stdout)
    results_json = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every argument added, and its own finds the width
        # with shutil, whose import (bz2, lzma...) every command would pay for
        return self.formatter_class(prog=self.prog, width=_help_width())

    def error(self, message: str) -> None:  # type: ignore[override]
        unknown = re.match(r"\S+ COMMAND: invalid choice: '([^']*)'", message)
        if unknown:
            message = t("no command '{name}'", name=unknown.group(1)) + _suggestion(message)
        else:
            message = _translated_choice(message) + _suggestion(message)
        if Parser.results_json:
            # a usage error under --json only: not on every command's start
            import json

            # on first use, not at import: checker.results, collections, ... (13 modules)
            from checker.results import error_document

            print(json.dumps(error_document(f"usage: {message}"), indent=2))
        self.exit(
            2,
            t("{prog}: error: {message}\n(see '{prog} --help')\n", prog=self.prog, message=message),
        )


def _translated_choice(message: str) -> str:
    """argparse's "invalid choice: 'x' (choose from ...)" in the interface's language (it
    is left English in argparse's own words so that `error` can read it)."""
    found = re.search(r"invalid choice: ('[^']*')(?: \(choose from (.*)\))?", message)
    if found is None:
        return message
    if found.group(2) is None:
        words = t("invalid choice: {value}", value=found.group(1))
    else:
        words = t(
            "invalid choice: {value} (choose from {choices})",
            value=found.group(1),
            choices=found.group(2),
        )
    return message[: found.start()] + words + message[found.end() :]


def _help_width() -> int:
    """The width argparse gives help: the terminal's ($COLUMNS first, else 80), less 2."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


def _suggestion(message: str) -> str:
    """`; did you mean 'check'?` for argparse's "invalid choice: 'chek' (choose from ...)"."""
    found = re.search(r"invalid choice: '([^']*)'(?: \(choose from (.*)\))?", message)
    if found is None or "maybe you meant" in message:
        return ""
    # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (34 modules)
    from tooltutor.workdir import close_names

    given, listed = found.group(1), found.group(2)
    if listed:  # quoted up to Python 3.12.7, bare since
        choices = re.findall(r"'([^']*)'", listed) or [c.strip() for c in listed.split(",")]
    else:
        choices = list(COMMANDS)
    near = close_names(given, choices)
    if not near:
        return ""
    return t("; did you mean {names}?", names=t(" or ").join(repr(n) for n in near))


#: argparse's own words in `--help` and usage errors, translated with the rest (its
#: "invalid choice" stays: `Parser.error` reads it to say "did you mean", then translates
#: it).
ARGPARSE_TEXTS = frozenset(
    {
        N_("usage: "),
        N_("options"),
        N_("positional arguments"),
        N_("show this help message and exit"),
        N_("show program's version number and exit"),
        N_("the following arguments are required: %s"),
        N_("unrecognized arguments: %s"),
        N_("expected one argument"),
        N_("expected at most one argument"),
        N_("expected at least one argument"),
        N_("argument %(argument_name)s: %(message)s"),
        N_("invalid %(type)s value: %(value)r"),
        N_("ambiguous option: %(option)s could match %(matches)s"),
        N_("ignored explicit argument %r"),
        N_("not allowed with argument %s"),
        N_("one of the arguments %s is required"),
    }
)


def argparse_text(text: str) -> str:
    return t(text) if text in ARGPARSE_TEXTS else text


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own, except that text already laid out in lines (the epilog) keeps them."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" not in text:
            return super()._fill_text(text, width, indent)
        return "".join(indent + line for line in text.splitlines(keepends=True))


#: What `tooltutor --help` says after the options: exit codes and environment variables.
EPILOG = N_(
    """\
exit codes:
  0    done: the answer passes, the request is valid, the course is valid
  1    the answer fails, the request is invalid, the course has errors, or you said no
  2    a usage or file problem (unknown command or exercise, unreadable file)
  70   an internal error (a bug in tooltutor; TOOLTUTOR_DEBUG=1 shows it)
  130  interrupted (Ctrl+C)

environment variables:
  TOOLTUTOR_COURSE          course directory (as --course)
  TOOLTUTOR_LANG            language of the course and the interface (as --lang)
  TOOLTUTOR_TRUST=1         trust a course's own code (as --trust)
  TOOLTUTOR_HOME            folder of the progress store and caches (default: the
                            user data folder)
  TOOLTUTOR_MAX_FILE_BYTES  largest answer or request file read (default: 10 MB)
  TOOLTUTOR_SANDBOX         auto, namespaces, bwrap or none: how exercise code and
                            a course's checks are contained
  TOOLTUTOR_ALLOW_ROOT=1    as root with no sandbox, run exercise code as root anyway
  TOOLTUTOR_PAGER, PAGER    pager of 'show' (default: less)
  EDITOR, VISUAL            editor the TUI opens with 'e'
  NO_COLOR                  plain output, no colours
  TOOLTUTOR_DEBUG=1         show the traceback of an internal error

shell completion: tooltutor completion bash|zsh|fish (see 'tooltutor completion --help')
"""
)


def build_parser(selected: str | None = None, alone: bool = False) -> argparse.ArgumentParser:
    """The command line; only the `selected` subcommand's module is imported (all if None).

    `alone`: the selected command is the only one given a parser. The others' parsers serve
    only the main help and "no command" errors, and making them was ~3 ms of every `lint`
    (an `ArgumentParser` each, with its `-h`); `tooltutor.cli` asks for it only when
    nothing before the command could need them (`alone_possible`).
    """
    parser = Parser(
        prog="tooltutor",
        description=t(
            "Learn to build LLM agents that call tools: lessons, exercises and an "
            "offline checker. With no command, starts the course in the terminal UI."
        ),
        epilog=t(EPILOG),
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"tooltutor {__version__}",
        help=t("show program's version number and exit"),  # Python 3.11 does not translate it
    )
    parser.add_argument(
        "--course",
        metavar="DIR",
        default=os.environ.get("TOOLTUTOR_COURSE"),
        help=t("course directory to use (default: $TOOLTUTOR_COURSE, else the bundled course)"),
    )
    parser.add_argument(
        "--trust",
        action="store_true",
        default=False,
        help=t(
            "trust the course's own code (its exercises' Python, its checks/) without asking, "
            "and remember it (also $TOOLTUTOR_TRUST=1); the bundled course is trusted"
        ),
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=t(
            "language of the course and the interface, e.g. pt-BR (default: "
            "$TOOLTUTOR_LANG, else the locale, else the course's own language)"
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        if alone and selected and name != selected:
            continue
        command_parser = sub.add_parser(name, help=t(help_text), description=t(help_text))
        if selected is None or name == selected:
            command_module(module_name).add_parser(command_parser)
    return parser


def selected_command(argv: list[str]) -> str | None:
    """The subcommand named on the command line, found before parsing."""
    skip_next = False
    for arg in argv:
        if skip_next:
            skip_next = False
        elif arg in ("--course", "--lang"):
            skip_next = True
        elif not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def alone_possible(argv: list[str]) -> bool:
    """Whether `argv` names a command with nothing before it but `--course`, `--lang` (with
    their values) and `--trust`, written out in full: then the other commands' parsers
    cannot be needed (no main help, no abbreviated option, no unknown command)."""
    skip_next = False
    for arg in argv:
        if skip_next:
            skip_next = False
        elif arg in ("--course", "--lang"):
            skip_next = True
        elif arg == "--trust" or arg.startswith(("--course=", "--lang=")):
            continue
        else:
            return arg in COMMANDS
    return False


def command_module(module_name: str):
    return importlib.import_module(f"tooltutor.commands.{module_name}")
