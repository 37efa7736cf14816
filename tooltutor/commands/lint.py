"""`tooltutor lint FILE`: judge a request body or transcript as the real API would.

Exit codes: 0 valid (warnings allowed), 1 invalid, 2 the file cannot be read (missing, a
directory, no permission, larger than `TOOLTUTOR_MAX_FILE_BYTES`, 10 MB unless set: the
limit `check` applies to answers). `FILE` may be `-` for standard input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from tooltutor.errors import UserError
from tooltutor.submission import max_file_bytes, too_big


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="JSON request body or messages array ('-' = stdin)"
    )
    parser.add_argument(
        "--format",
        choices=("auto", "anthropic", "openai"),
        default="auto",
        help="which API's rules to apply (default: detect from the request)",
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
    parser.set_defaults(run=run)


def read_input(name: str) -> bytes:
    """The bytes of file `name` (or stdin for "-"); UserError when it cannot be read."""
    limit = max_file_bytes()
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise too_big("standard input", limit, "a request to lint")
        return data
    try:
        if os.path.isdir(name):
            raise UserError(f"cannot read {name}: it is a directory")
        with open(name, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise too_big(name, limit, "a request to lint")
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise UserError(f"cannot read {name}: no such file") from None
    except PermissionError:
        raise UserError(f"cannot read {name}: permission denied") from None
    except IsADirectoryError:
        raise UserError(f"cannot read {name}: it is a directory") from None
    except OSError as err:
        raise UserError(f"cannot read {name}: {err.strerror or err}") from None
    if len(data) > limit:
        raise too_big(name, limit, "a request to lint")
    return data


def run(args: argparse.Namespace) -> int:
    from checker import lint
    from checker.report import format_human
    from tooltutor.i18n import TABLES, resolve_language, use_checker_language

    # No course here: the messages follow --lang, TOOLTUTOR_LANG or the locale among the
    # languages the interface speaks.
    use_checker_language(resolve_language(getattr(args, "lang", None), ["en", *TABLES]))
    data = read_input(args.file)
    result = lint(data, args.format, model=args.model)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        text = data.decode("utf-8-sig", errors="replace")
        name = "<stdin>" if args.file == "-" else args.file
        sys.stdout.write(format_human(result, text, name))
    return 0 if result.valid else 1
