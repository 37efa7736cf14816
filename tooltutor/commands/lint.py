"""`tooltutor lint PATH...`: judge request bodies, transcripts and logs as the real API would.

A `.json` file is one document: a request, or a record that wraps requests (an OpenAI
Batch line, an Anthropic batch, an HTTP log entry, a LiteLLM payload, OpenTelemetry
spans: see `tooltutor.lint_inputs`). A `.jsonl` / `.ndjson` file (or `-` with `--jsonl`)
holds one record per line. With `--recursive`, a folder stands for every such file under
it. One JSON document prints exactly as it always did; several requests print their
diagnostics and a summary. `--output-format json|sarif|github` is for tools and CI
(`tooltutor.lint_output`).

Exit codes: 0 valid (warnings allowed), 1 invalid, 2 a file cannot be read (missing, no
permission, larger than `TOOLTUTOR_MAX_FILE_BYTES`, 10 MB unless set: the limit `check`
applies to answers; a folder without `--recursive`, or with no request file) or a rule id
is unknown. `PATH` may be `-` for standard input. `--explain RULE` prints a rule's page
instead (no PATH needed).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

from tooltutor.errors import UserError
from tooltutor.i18n import CATALOGS, N_, resolve_language, t, use_checker_language
from tooltutor.submission import FileTooBig, read_answer


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        metavar="PATH",
        nargs="*",
        help=t(
            "request files: .json (a request body, a messages array, or a log record that "
            "wraps requests), .jsonl/.ndjson (one per line), folders of them (with -r), '-' for "
            "stdin"
        ),
    )
    parser.add_argument(
        "-r",
        "--recursive",
        action="store_true",
        help=t("lint every .json, .jsonl and .ndjson file in the folders given"),
    )
    parser.add_argument(
        "--jsonl",
        action="store_true",
        help=t("read standard input and .json files as JSON Lines (one record per line)"),
    )
    parser.add_argument(
        "--format",
        choices=("auto", "anthropic", "openai", "responses"),
        default="auto",
        help=(
            t(
                "which API's rules to apply: anthropic (Messages), openai (Chat Completions), "
                "responses (OpenAI Responses); default: detect from the request"
            )
        ),
    )
    parser.add_argument(
        "--model",
        metavar="ID",
        help=t("model id to judge model-dependent rules against (overrides the body's model)"),
    )
    parser.add_argument(
        "--output-format",
        choices=("text", "json", "sarif", "github"),
        default=None,
        help=t(
            "text (default); json; sarif (SARIF 2.1.0, for code scanning); github "
            "(GitHub Actions annotations by file and line)"
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=t(
            'the same as --output-format json: {"valid", "format", "diagnostics"} for one '
            'document, {"valid", "summary", "requests"} for several'
        ),
    )
    parser.add_argument(
        "--skip-non-requests",
        action="store_true",
        help=t(
            "skip .json documents that hold no request (for pre-commit over many files) "
            "instead of reporting them"
        ),
    )
    parser.add_argument(
        "--select",
        metavar="RULES",
        action="append",
        default=[],
        help=t("report only these rules: ids or globs, comma-separated (e.g. 'a-tool-*')"),
    )
    parser.add_argument(
        "--ignore",
        metavar="RULES",
        action="append",
        default=[],
        help=t("do not report these rules: ids or globs, comma-separated"),
    )
    parser.add_argument(
        "--show-notes",
        action="store_true",
        help=t(
            "also print notes: reminders and what depends on a header the request does not "
            "show (hidden by default; see docs/rules.md)"
        ),
    )
    parser.add_argument(
        "-j",
        "--jobs",
        metavar="N",
        type=int,
        default=1,
        help=t("lint with N worker processes (0: one per CPU), for large logs and folders"),
    )
    parser.add_argument(
        "--explain",
        metavar="RULE",
        help=t("print what a rule checks, with a broken example and the fix, and exit"),
    )
    add_mode_arguments(parser)
    parser.set_defaults(run=run)


def add_mode_arguments(parser: argparse.ArgumentParser) -> None:
    """`--session`, `--fix` (with `--write`) and `--tools`: see `tooltutor.commands.lint_modes`."""
    parser.add_argument(
        "--session",
        metavar="PATH",
        help=t(
            "judge a recorded session (JSON Lines of exchanges, a HAR file, a vcrpy cassette): "
            "each request alone and against the exchange it continues"
        ),
    )
    parser.add_argument(
        "--fix",
        metavar="FILE",
        help=t(
            "print a unified diff that repairs what can be repaired without inventing "
            "anything (exit 0: a fix, 1: nothing to fix, 2: an error)"
        ),
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help=t("with --fix: apply the repair to the file in place"),
    )
    parser.add_argument(
        "--tools",
        metavar="FILE",
        help=t(
            "judge a list of tool definitions (an MCP tools/list result, an Anthropic or "
            "OpenAI tools array) for every API at once"
        ),
    )


def _patterns(values: list[str]) -> list[str]:
    return [p.strip() for value in values for p in value.split(",") if p.strip()]


def _unknown_rule(rule_id: str) -> UserError:
    """What `--explain` says of an id no rule has: the closest id, and where the ids are
    to be found with what a pip install has (the rules of the same family, and the id
    every problem `lint` reports ends with)."""
    # on first use, not at import: difflib, heapq (3 modules)
    import difflib

    # on first use, not at import: checker.i18n, checker.rules, contextlib, ... (12 modules)
    from checker import rules

    known = sorted(rules.ids())
    close = difflib.get_close_matches(rule_id, known, n=1)
    hint = t(" (did you mean '{rule}'?)", rule=close[0]) if close else ""
    parts = rule_id.split("-")
    family, kin = "", []
    for size in range(len(parts) - 1, 0, -1):  # the longest shared start with a few rules
        family = "-".join(parts[:size]) + "-"
        kin = [r for r in known if r.startswith(family)]
        if 0 < len(kin) <= 12:
            break
        kin = []
    if kin:
        where = t(
            "the rules whose id starts with {family}: {ids}", family=family, ids=", ".join(kin)
        )
    else:
        where = t(
            "rule ids start with a- (Claude Messages), o- (OpenAI Chat Completions) or r- "
            "(OpenAI Responses)"
        )
    return UserError(
        t(
            "no rule is called '{rule}'{hint}; {where}. Each problem `tooltutor lint` "
            "reports names its rule after its severity (error a-tools-required: ...).",
            rule=rule_id,
            hint=hint,
            where=where,
        )
    )


def explain(rule_id: str) -> int:
    # on first use, not at import: checker.catalogue, checker.i18n, contextlib, ... (21 modules)
    from checker.catalogue import explain as page

    text = page(rule_id)
    if text is None:
        raise _unknown_rule(rule_id)
    sys.stdout.write(text)
    return 0


def read_input(name: str) -> bytes:
    """The bytes of file `name` (or stdin for "-"); UserError when it cannot be read.

    A named pipe (`<(...)`) is read while data comes, never waited on for good; a device
    or a socket is refused (`submission.read_answer`).
    """
    try:
        return read_answer(name, what=N_("a request to lint"), stdin_name=t("standard input"))
    except FileTooBig:
        raise
    except UserError as err:
        raise UserError(
            t("cannot read {path}: {reason}", path=name, reason=_reason(str(err), name))
        ) from None


def _reason(message: str, name: str) -> str:
    """`read_answer_file`'s reason without the file name it starts with."""
    for lead in (f"{name}: ", f"{name} "):
        if message.startswith(lead):
            message = message[len(lead) :]
            break
    if message.startswith("is a folder"):
        return "it is a directory"
    if message.startswith("cannot read it (") and message.endswith(")"):  # the OS's reason
        reason = message[len("cannot read it (") : -1]
        return reason[:1].lower() + reason[1:]
    return message.replace("give the file that holds your answer", "give the request file")


def run(args: argparse.Namespace) -> int:
    # on first use, not at import: tooltutor.lint_inputs, checker.diagnostics, ... (20 modules)
    from tooltutor.lint_inputs import Options, is_jsonl, lint_file, looks_like_jsonl

    # No course here: the messages (and `--explain`'s page) follow --lang, TOOLTUTOR_LANG or
    # the locale among the languages the interface speaks.
    use_checker_language(resolve_language(getattr(args, "lang", None), ["en", *CATALOGS]))
    if args.explain:
        return explain(args.explain)
    if args.session or args.fix or args.tools or args.write:
        # the other modes' module only for them: plain `lint` is a measured start path
        from tooltutor.commands.lint_modes import run_mode

        return run_mode(args, sys.modules[__name__])
    if not args.files:
        raise UserError(t("lint needs a FILE to judge ('-' for standard input), or --explain RULE"))
    output = args.output_format or ("json" if args.json else "text")
    options = Options(
        format=args.format,
        model=args.model,
        select=tuple(_patterns(args.select)),
        ignore=tuple(_patterns(args.ignore)),
        skip_non_requests=args.skip_non_requests,
        show_notes=args.show_notes,
    )
    if options.select or options.ignore:
        # on first use, not at import: checker.rules, checker.i18n, contextlib, ... (12 modules)
        from checker.rules import selector

        try:
            selector(options.select, options.ignore)
        except ValueError as err:
            raise _unknown_rule(str(err)) from None
    inputs = []
    for path in _paths(args.files, args.recursive):
        data = read_input(path)
        name = "<stdin>" if path == "-" else path
        inputs.append((name, data, args.jsonl or (path != "-" and is_jsonl(path))))
    jobs = getattr(args, "jobs", 1)
    if jobs != 1:
        # on first use, not at import: tooltutor.lint_jobs, checker.diagnostics, ... (81 modules)
        from tooltutor.lint_jobs import default_jobs, lint_files

        if jobs < 0:
            raise UserError(t("--jobs takes a number of workers, 0 for one per CPU"))
        documents = lint_files(inputs, options, jobs or default_jobs())
    else:
        documents = [lint_file(name, data, options, jsonl=jsonl) for name, data, jsonl in inputs]
    for document, (name, _, jsonl) in zip(documents, inputs, strict=True):
        if not jsonl and looks_like_jsonl(document):
            print(
                t(
                    "tooltutor: {name} looks like JSON Lines (one JSON value per line): add "
                    "--jsonl, or name the file .jsonl",
                    name=name,
                ),
                file=sys.stderr,
            )
    # on first use, not at import: tooltutor.lint_output, checker.diagnostics, ... (21 modules)
    from tooltutor.lint_output import render, valid

    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    sys.stdout.write(render(documents, output))
    return 0 if valid(documents) else 1


def _paths(given: list[str], recursive: bool) -> Iterator[str]:
    """Every file to read; with `recursive`, folders stand for their request files."""
    # on first use, not at import: tooltutor.lint_inputs, checker.diagnostics, ... (20 modules)
    from tooltutor.lint_inputs import walk

    for path in given:
        if path != "-" and os.path.isdir(path):
            if not recursive:
                raise UserError(
                    t(
                        "cannot read {path}: it is a directory (to lint every request file in "
                        "it, add --recursive)",
                        path=path,
                    )
                )
            found = list(walk(path))
            if not found:
                raise UserError(
                    t("{path} holds no .json, .jsonl or .ndjson file to lint", path=path)
                )
            yield from found
        else:
            yield path
