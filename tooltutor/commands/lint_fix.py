"""`tooltutor lint --fix FILE [--write]`: the repair of a request file, as a diff or in place.

The diff goes to standard output (`git apply` and `patch -p1` take it); what could not be
repaired, with the reason, goes to standard error. `--json` prints `{"changed", "diff",
"changes", "unrepaired"}` instead. `--write` replaces the file with the repaired text
(written beside it, then renamed over it, keeping its permissions).

Exit codes: 0 a fix is proposed (or written), 1 nothing needs one (or nothing can be
repaired honestly), 2 the file cannot be read, is not JSON, or is not a request.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable

from tooltutor.errors import UserError
from tooltutor.i18n import t, tn


def run_fix(args: argparse.Namespace, output: str, read_input: Callable[[str], bytes]) -> int:
    # on first use, not at import: checker.fixes, tooltutor.lint_records, ... (15 modules)
    from checker.fixes import propose
    from tooltutor.lint_records import is_request

    path = args.fix
    if args.write and path == "-":
        raise UserError(t("--write needs a file: standard input cannot be written back"))
    name = "<stdin>" if path == "-" else path
    data = read_input(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(t("{path}: the file is not UTF-8 text", path=name)) from None
    try:
        value = json.loads(text.lstrip("\ufeff"))
    except ValueError:
        # on first use, not at import: tooltutor.session_inputs, checker.detect, ... (35 modules)
        from tooltutor.session_inputs import _syntax

        raise _syntax(name, text) from None
    if not is_request(value):
        raise UserError(
            t(
                "{path} is not a request (a body with `messages` or `input`, or a messages "
                "array): --fix repairs one request file",
                path=name,
            )
        )
    proposal = propose(text, args.format, model=args.model)
    shown = os.path.basename(name) if os.path.isabs(name) else name
    if output == "json":
        data_out = {
            "changed": proposal.changed,
            "diff": proposal.diff(shown),
            "changes": [c.to_dict() for c in proposal.changes],
            "unrepaired": [u.to_dict() for u in proposal.unrepaired],
        }
        sys.stdout.write(json.dumps(data_out, indent=2, ensure_ascii=False) + "\n")
    else:
        _explain(proposal, name)
        if proposal.changed and not args.write:
            _write_diff(proposal.diff(shown))
    if proposal.changed and args.write:
        _write(path, proposal.fixed)

        n = len(proposal.changes)
        written = tn(n, "{path}: {n} repair written", "{path}: {n} repairs written", path=name)
        print(written, file=sys.stderr)
    return 0 if proposal.changed else 1


def _write_diff(diff: str) -> None:
    """The diff as it must be applied: a file's own CRLF line ends kept (escaped, they
    would no longer match the file and `git apply` would refuse the patch). Piped or
    redirected, it is written exactly; on a terminal everything but the line ends goes
    through the terminal-text policy (a valid JSON file holds no other raw control
    character, but a bidi override may stand in a string)."""
    # on first use, not at import: tooltutor.safe_output, checker.terminal_text, ... (9 modules)
    from tooltutor.safe_output import printable, unfiltered

    raw = unfiltered(sys.stdout)
    if not getattr(raw, "isatty", lambda: False)():
        raw.write(diff)
        return
    for line in diff.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        raw.write(printable(body) + line[len(body) :])


def _explain(proposal, name: str) -> None:
    """What was repaired and what was not, on standard error (the diff stays a patch)."""
    # on first use, not at import: tooltutor.safe_output, checker.terminal_text, ... (9 modules)
    from tooltutor.safe_output import printable

    for change in proposal.changes:
        print(printable(f"{name}: {change.rule}: {change.change}"), file=sys.stderr)
    for left in proposal.unrepaired:
        print(
            printable(
                t(
                    "{path}: {rule} at {pointer}: no edit: {why}",
                    path=name,
                    rule=left.rule,
                    pointer=left.path or "/",
                    why=left.why,
                )
            ),
            file=sys.stderr,
        )
    if not proposal.changes and not proposal.unrepaired:
        print(t("{path}: nothing to repair", path=name), file=sys.stderr)


def _write(path: str, text: str) -> None:
    # on first use, not at import: tempfile, bisect, bz2, errno, ... (18 modules)
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    try:
        mode = os.stat(path).st_mode & 0o7777
        fd, temp = tempfile.mkstemp(prefix=".tooltutor-fix-", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except OSError as err:
        raise UserError(
            t("cannot write {path}: {reason}", path=path, reason=err.strerror)
        ) from None
