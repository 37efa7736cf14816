"""Write the reference pages of the checker from its own docstrings.

`docs/rules.md` lists every protocol rule id with the fact it enforces (the docstring of
the rule's function); `docs/checks.md` lists every exercise check with its docstring. A
test fails when a page is out of date; regenerate both with:

    python -m checker.catalogue --write
"""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
_LEAD = re.compile(r"^`([a-z0-9-]+)`(?: \((warning)\))?(?::| for)\s*", re.S)


def _rule_entries():
    from checker import anthropic, openai

    for api, module in (("Anthropic Messages API", anthropic), ("OpenAI Chat Completions", openai)):
        seen: dict[str, list[str]] = {}
        for function in module.MESSAGE_RULES + module.BODY_RULES:
            doc = inspect.cleandoc(function.__doc__ or "")
            match = _LEAD.match(doc)
            if not match:
                continue
            rule = match.group(1)
            text = doc[match.end() :]
            text = text[:1].upper() + text[1:]
            severity = "warning" if match.group(2) else "error"
            seen.setdefault(rule, [severity]).append(text)
        yield api, seen


def rules_markdown() -> str:
    """docs/rules.md: every protocol rule, its severity and the fact behind it."""
    out = [
        "# Protocol rules",
        "",
        "What `tooltutor lint` and the `protocol` check report. Severity `error` means the real",
        "API answers HTTP 400; `warning` means it is accepted today but risky or",
        "version-dependent. Generated from the rule functions' docstrings by",
        "`python -m checker.catalogue --write`; do not edit by hand.",
        "",
        "General ids: `json-syntax` (the text is not JSON), `input-encoding` (not UTF-8),",
        "`request-shape` (not the structure the API reads), `format-unknown` (warning: the",
        "format could not be told; force it with `--format`).",
    ]
    for api, rules in _rule_entries():
        out += ["", f"## {api}", ""]
        for rule, (severity, *texts) in rules.items():
            if rule == "request-shape":
                continue
            out += [f"### `{rule}` ({severity})", ""]
            for text in texts:
                out += [text.strip(), ""]
    return "\n".join(out).rstrip() + "\n"


def checks_markdown() -> str:
    """docs/checks.md: every exercise check, the kinds it marks and what it verifies."""
    from checker.criteria import CHECKS

    out = [
        "# Exercise checks",
        "",
        "The `check` names an exercise's `criteria` may use, with their parameters. Generated",
        "from the check functions' docstrings by `python -m checker.catalogue --write`.",
    ]
    for kind in ("json", "choice", "python"):
        out += ["", f"## {kind} exercises", ""]
        for name, spec in sorted(CHECKS.items()):
            if kind in spec.kinds:
                out += [f"### `{name}`", "", spec.doc, ""]
    return "\n".join(out).rstrip() + "\n"


PAGES = {"rules.md": rules_markdown, "checks.md": checks_markdown}


def main(argv: list[str]) -> int:
    stale = [name for name, render in PAGES.items() if _read(DOCS / name) != render()]
    if "--write" in argv:
        for name in stale:
            (DOCS / name).write_text(PAGES[name](), encoding="utf-8")
            print(f"wrote docs/{name}")
        return 0
    for name in stale:
        print(f"docs/{name} is out of date: run python -m checker.catalogue --write")
    return 1 if stale else 0


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
