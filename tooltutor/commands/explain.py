"""`tooltutor explain TEXT`: name the rules that explain an API error you pasted.

TEXT is the error as you got it: the message alone, the whole error JSON of either vendor,
or an SDK's exception line (`anthropic.BadRequestError: Error code: 400 - {...}`); `-`
reads it from standard input (quote it on the command line, or pipe it in). The rules
that explain it are printed best first, each with its page (what it means, why, the fix).
`--request FILE` also lints the request that got the error and points at the place.
`--json` prints `{"matches": [{"rule", "score", "api", "severity", "summary", "wording",
"message"}, ...]}`, best first (`path` too with `--request`).

Exit codes: 0 a rule explains it, 1 none does, 2 no text or an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import sys

from tooltutor.errors import UserError
from tooltutor.i18n import CATALOGS, resolve_language, t, use_checker_language

#: How many matches get their whole page in text output.
PAGES = 3


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "text",
        metavar="TEXT",
        nargs="*",
        help=t("the error message, error JSON or exception line ('-' reads standard input)"),
    )
    parser.add_argument(
        "--request",
        metavar="FILE",
        help=t("the request that got the error: lint it and point at the place"),
    )
    parser.add_argument(
        "--format",
        choices=("auto", "anthropic", "openai", "responses"),
        default="auto",
        help=t("the API of --request (default: detect)"),
    )
    parser.add_argument(
        "--json", action="store_true", help=t('print {"matches": [...]}, best first')
    )
    parser.set_defaults(run=run)


def _pasted(args: argparse.Namespace) -> str:
    if args.text == ["-"]:
        data = sys.stdin.buffer.read(1_000_000) if hasattr(sys.stdin, "buffer") else b""
        text = data.decode("utf-8", "replace") if data else sys.stdin.read()
    else:
        text = " ".join(args.text)
    if not text.strip():
        raise UserError(
            t(
                "explain needs the error text: paste it in quotes, or pipe it in with '-' "
                "(e.g. pbpaste | tooltutor explain -)"
            )
        )
    return text


def run(args: argparse.Namespace) -> int:
    # on first use, not at import: checker.explain, ast, collections, contextlib, ... (12 modules)
    from checker.explain import explain

    use_checker_language(resolve_language(getattr(args, "lang", None), ["en", *CATALOGS]))
    text = _pasted(args)
    request_text = None
    if args.request:
        # on first use, not at import: tooltutor.commands, tooltutor.bounded_read, ... (4 modules)
        from tooltutor.commands.lint import read_input

        request_text = read_input(args.request).decode("utf-8", "replace")
    matches = explain(text, request=request_text, format=args.format)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    if args.json:
        data = {"matches": [m.to_dict() for m in matches]}
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0 if matches else 1
    if not matches:
        sys.stdout.write(
            t(
                "No rule explains this message: it may not be a request error (a rate limit, "
                "an authentication or server error), or the API words it in a way no rule "
                "declares yet. The rules: docs/rules.md; one rule: tooltutor lint --explain RULE."
            )
            + "\n"
        )
        return 1
    sys.stdout.write(_text(matches, request_text, args))
    return 0


def _text(matches: list, request_text: str | None, args: argparse.Namespace) -> str:
    # on first use, not at import: checker.catalogue, checker.i18n, checker.rules, ... (27 modules)
    from checker import rules
    from checker.catalogue import explain as page
    from tooltutor.safe_output import printable

    out = [t("The rules that explain it, best first:"), ""]
    for n, match in enumerate(matches, 1):
        rule = rules.get(match.rule)
        title = rule.title if rule is not None else ""
        summary = rule.summary if rule is not None else ""
        out.append(f"  {n}. {match.rule} ({title}): {summary}")
    out.append("")
    if request_text is not None:
        out.append(_places(matches, request_text, args))
    for match in matches[:PAGES]:
        out.append(printable(page(match.rule) or "").rstrip())
        out.append("")
    rest = [m.rule for m in matches[PAGES:]]
    if rest:
        out.append(t("The others: tooltutor lint --explain {rules}", rules=" | ".join(rest)))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _places(matches: list, request_text: str, args: argparse.Namespace) -> str:
    """The request's diagnostics of the matched rules, at their line and column."""
    # on first use, not at import: checker.lint, checker.report, checker.detect, ... (23 modules)
    from checker.lint import lint
    from checker.report import format_human

    wanted = {m.rule for m in matches}
    result = lint(request_text, args.format)
    found = [d for d in result.diagnostics if d.rule in wanted]
    if not found:
        return (
            t(
                "{file}: the request shows none of these rules: the error may come from an "
                "earlier or later request, or from what only a session shows (tooltutor lint "
                "--session).",
                file=args.request,
            )
            + "\n"
        )
    return format_human(found, request_text, args.request).rpartition("\n\n")[0] + "\n"
