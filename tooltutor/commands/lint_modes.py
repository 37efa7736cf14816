"""The lint command's other modes: `--session PATH`, `--fix FILE [--write]`, `--tools FILE`.

- `--session`: a recorded session judged (`tooltutor.session_report`); exit 0 valid, 1 an
  error in some exchange, 2 the file cannot be read.
- `--fix`: a unified diff against the file's own text that repairs what can be repaired
  without inventing anything (`checker.fixes`); `--write` applies it. Exit 0 when a fix is
  proposed (or written), 1 when nothing needs one, 2 on errors (the file cannot be read,
  is not JSON, or is not a request).
- `--tools`: a list of tool definitions judged for the six targets
  (`checker.tool_targets`); exit 0 when every target accepts every tool, 1 otherwise, 2
  when the file cannot be read or holds no tool list.

One mode at a time; PATH may be `-` for standard input (not with `--write`).
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType

from tooltutor.errors import UserError
from tooltutor.i18n import CATALOGS, resolve_language, t, use_checker_language


def run_mode(args: argparse.Namespace, command: ModuleType) -> int:
    """Run the mode `args` asks for; `command` is `tooltutor.commands.lint` (its file
    reading and rule patterns, handed over so that the two modules import one way)."""
    modes = [m for m in ("session", "fix", "tools") if getattr(args, m)]
    if len(modes) > 1:
        raise UserError(
            t("--session, --fix and --tools are separate modes: give one of them at a time")
        )
    if args.write and modes != ["fix"]:
        raise UserError(t("--write goes with --fix FILE: it writes the repair into that file"))
    if args.files:
        raise UserError(
            t(
                "--{mode} takes its file as its own argument: remove the other paths ({paths})",
                mode=modes[0],
                paths=" ".join(args.files),
            )
        )
    use_checker_language(resolve_language(getattr(args, "lang", None), ["en", *CATALOGS]))
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    output = args.output_format or ("json" if args.json else "text")
    if args.session:
        return _session(args, output, command)
    if args.fix:
        # on first use, not at import: tooltutor.commands, collections, json (7 modules)
        from tooltutor.commands.lint_fix import run_fix

        return run_fix(args, output, command.read_input)
    # on first use, not at import: tooltutor.commands, collections, json (7 modules)
    from tooltutor.commands.lint_tools import run_tools

    return run_tools(args, output, command.read_input)


def options(args: argparse.Namespace, command: ModuleType):
    """The lint `Options` the command line gives (unknown rule ids: UserError)."""
    # on first use, not at import: tooltutor.lint_inputs, checker.diagnostics, ... (21 modules)
    from tooltutor.lint_inputs import Options

    found = Options(
        format=args.format,
        model=args.model,
        select=tuple(command._patterns(args.select)),
        ignore=tuple(command._patterns(args.ignore)),
    )
    if found.select or found.ignore:
        # on first use, not at import: checker.rules, checker.i18n, collections, ... (13 modules)
        from checker.rules import selector

        try:
            selector(found.select, found.ignore)
        except ValueError as err:
            raise command._unknown_rule(str(err)) from None
    return found


def _session(args: argparse.Namespace, output: str, command: ModuleType) -> int:
    # on first use, not at import: tooltutor.session_inputs, ... (44 modules)
    from tooltutor.session_inputs import read_session
    from tooltutor.session_report import SessionReport, render

    name = "<stdin>" if args.session == "-" else args.session
    data = command.read_input(args.session)
    report = SessionReport(read_session(name, data), options(args, command))
    sys.stdout.write(render(report, output))
    return 0 if report.valid else 1
