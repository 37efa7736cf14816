"""`tooltutor lint FILE`: judge a request body or transcript as the real API would.

Exit codes: 0 valid (warnings allowed), 1 invalid, 2 the file cannot be read (missing, a
directory, no permission, larger than `TOOLTUTOR_MAX_FILE_BYTES`, 10 MB unless set: the
limit `check` applies to answers) or a rule id is unknown. `FILE` may be `-` for standard
input. `--explain RULE` prints a rule's page instead (no FILE needed).
"""

from __future__ import annotations

import argparse
import json
import sys

from tooltutor.errors import UserError
from tooltutor.submission import max_file_bytes, read_answer_file, too_big


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="JSON request body or messages array ('-' = stdin)",
    )
    parser.add_argument(
        "--format",
        choices=("auto", "anthropic", "openai", "responses"),
        default="auto",
        help=(
            "which API's rules to apply: anthropic (Messages), openai (Chat Completions), "
            "responses (OpenAI Responses); default: detect from the request"
        ),
    )
    parser.add_argument(
        "--model",
        metavar="ID",
        help="model id to judge model-dependent rules against (overrides the body's model)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"valid", "format", "diagnostics"} as JSON',
    )
    parser.add_argument(
        "--select",
        metavar="RULES",
        action="append",
        default=[],
        help="report only these rules: ids or globs, comma-separated (e.g. 'a-tool-*')",
    )
    parser.add_argument(
        "--ignore",
        metavar="RULES",
        action="append",
        default=[],
        help="do not report these rules: ids or globs, comma-separated",
    )
    parser.add_argument(
        "--explain",
        metavar="RULE",
        help="print what a rule checks, with a broken example and the fix, and exit",
    )
    parser.set_defaults(run=run)


def _patterns(values: list[str]) -> list[str]:
    return [p.strip() for value in values for p in value.split(",") if p.strip()]


def _unknown_rule(rule_id: str) -> UserError:
    import difflib

    from checker import rules

    close = difflib.get_close_matches(rule_id, sorted(rules.ids()), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return UserError(f"no rule is called '{rule_id}'{hint}: the rules are in docs/rules.md")


def explain(rule_id: str) -> int:
    from checker.catalogue import explain as page

    text = page(rule_id)
    if text is None:
        raise _unknown_rule(rule_id)
    sys.stdout.write(text)
    return 0


def read_input(name: str) -> bytes:
    """The bytes of file `name` (or stdin for "-"); UserError when it cannot be read.

    A named pipe (`<(...)`) is read while data comes, never waited on for good; a device
    or a socket is refused (`submission.read_answer_file`).
    """
    limit = max_file_bytes()
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise too_big("standard input", limit, "a request to lint")
        return data
    try:
        data = read_answer_file(name, limit)
    except UserError as err:
        raise UserError(f"cannot read {name}: {_reason(str(err), name)}") from None
    if len(data) > limit:
        raise too_big(name, limit, "a request to lint")
    return data


def _reason(message: str, name: str) -> str:
    """`read_answer_file`'s reason without the file name it starts with."""
    for lead in (f"{name}: ", f"{name} "):
        if message.startswith(lead):
            message = message[len(lead) :]
            break
    if message.startswith("is a folder"):
        return "it is a directory"
    return message.replace("give the file that holds your answer", "give the request file")


def run(args: argparse.Namespace) -> int:
    from checker import lint
    from checker.report import format_human
    from tooltutor.i18n import TABLES, resolve_language, use_checker_language

    # No course here: the messages follow --lang, TOOLTUTOR_LANG or the locale among the
    # languages the interface speaks.
    if args.explain:
        return explain(args.explain)
    if args.file is None:
        raise UserError("lint needs a FILE to judge ('-' for standard input), or --explain RULE")
    use_checker_language(resolve_language(getattr(args, "lang", None), ["en", *TABLES]))
    data = read_input(args.file)
    select, ignore = _patterns(args.select), _patterns(args.ignore)
    try:
        result = lint(data, args.format, model=args.model, select=select, ignore=ignore)
    except ValueError as err:
        raise _unknown_rule(str(err)) from None
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        text = data.decode("utf-8-sig", errors="replace")
        name = "<stdin>" if args.file == "-" else args.file
        sys.stdout.write(format_human(result, text, name))
    return 0 if result.valid else 1
