"""Write the checker's reference pages from its own declarations.

`docs/rules.md` is every rule of the rulebook (`checker.rules`), each from its one record:
severity, scope, what it does, a broken example with the API's answer, the fix, and its
sources. `tooltutor lint --explain RULE` prints one rule's entry (`rule_page`).
`docs/checks.md` lists every exercise check with its docstring. A test fails when a page
is out of date; regenerate both with:

    python -m checker.catalogue --write

The docs are English. `--explain` writes a page in the checker's current language: its
frame words through the catalog (`tr`), and each rule's summary and explanation from
`checker/locales/<folder>/rules.json` (`{"rule-id": {"summary": ..., "summary_of": ...,
"doc": ..., "doc_of": ...}}`, `*_of` being `text_hash` of the English it translates). A
translation whose English has changed since is not shown (the English is), and the
catalog tests fail until it is brought up to date.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from checker.i18n import _CATALOG_FOLDERS, LOCALES, N_, current_language, tr, use_language

DOCS = Path(__file__).resolve().parent.parent / "docs"

_SCOPES = {
    "message": N_("message rule: judged on a bare messages array too"),
    "body": N_("body rule: needs the whole request body"),
    "request": N_("request rule: needs the whole request as it is sent"),
    "model": N_("model rule: needs the body, or `--model`"),
    "document": N_("document rule"),
    "exercise": N_("found by running a Python answer"),
    "session": N_(
        "session rule: found by `lint --session`, comparing a request with the exchange "
        "it continues"
    ),
}
_SEVERITIES = {"error": N_("error"), "warning": N_("warning"), "note": N_("note")}
_rule_texts: dict[str, dict] = {}


def text_hash(text: str) -> str:
    """The first 12 hex digits of the SHA-256 of `text`: what a rule's translation is of."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def rule_texts(lang: str) -> dict:
    """`checker/locales/<folder>/rules.json` of `lang` (empty for English, or none)."""
    if lang not in _rule_texts:
        folder = _CATALOG_FOLDERS.get(lang)
        path = Path(LOCALES) / folder / "rules.json" if folder else None
        try:
            _rule_texts[lang] = json.loads(path.read_text(encoding="utf-8")) if path else {}
        except FileNotFoundError:
            _rule_texts[lang] = {}
    return _rule_texts[lang]


def _in_language(rule, field: str, english: str) -> str:
    """A rule's `summary` or `doc` in the current language, where its translation is of
    the English as it is now; else the English."""
    lang = current_language()
    if lang == "en" or not english:
        return english
    entry = rule_texts(lang).get(rule.id, {})
    if entry.get(field) and entry.get(f"{field}_of") == text_hash(english):
        return entry[field]
    return english


def _lang(rule) -> str:
    return "python" if rule.api == "python" else "json"


def _example_text(example: str | bytes) -> str:
    if isinstance(example, bytes):
        return example.decode("utf-8", "backslashreplace")
    return example


def _api_answer(rule) -> str | None:
    """What the API says to the rule's example: its 400 text, with the example's values."""
    if rule.api_message is None or rule.api == "python" or not isinstance(rule.example, str):
        return None
    # on first use, not at import: checker.lint, checker.rules, checker.source, ... (18 modules)
    from checker.lint import lint
    from checker.rules.api_text import api_error_message
    from checker.source import JsonSyntaxError, parse

    try:
        value = parse(rule.example).value
    except JsonSyntaxError:
        return rule.api_message
    fmt = "auto" if rule.api == "general" else rule.api
    found = [d for d in lint(rule.example, format=fmt).diagnostics if d.rule == rule.id]
    if not found:
        return None
    diagnostic = found[0].to_dict()
    if isinstance(value, list):  # a bare messages array: the API sees it inside a body
        value, diagnostic["path"] = {"messages": value}, "/messages" + diagnostic["path"]
    return api_error_message(diagnostic, value)


def rule_page(rule) -> list[str]:
    """The Markdown lines of one rule's entry, in the checker's current language (English
    for the docs)."""
    out = [f"### `{rule.id}`", "", _in_language(rule, "summary", rule.summary), ""]
    severity = tr(_SEVERITIES[rule.severity])
    out += [f"*{severity}* · {tr(_SCOPES[rule.scope])} · {tr(rule.title)}", ""]
    if rule.doc:
        out += [_in_language(rule, "doc", rule.doc), ""]
    if rule.example is not None:
        verdict = (
            N_("the API answers HTTP 400")
            if rule.severity == "error"
            else N_("accepted, with a warning")
        )
        if rule.api == "python":
            verdict = N_("the answer is not marked")
        out += [tr("**Example** ({verdict}):", verdict=tr(verdict)), "", f"```{_lang(rule)}"]
        out += [_example_text(rule.example).rstrip(), "```", ""]
    answer = _api_answer(rule) if rule.severity == "error" else None
    if answer:
        out += [tr("The API's answer:"), "", "```text", answer, "```", ""]
    if rule.other_wordings:
        out += [tr("Other wordings of this answer (older, or another part of the check):")]
        out += ["", "```text", *rule.other_wordings, "```", ""]
    if rule.fix is not None:
        out += [tr("**Use instead:**"), "", f"```{_lang(rule)}", rule.fix.rstrip(), "```", ""]
    if rule.untestable:
        untestable = tr("No example: {why}.", why=rule.untestable)
        out += [f"*{untestable}*", ""]
    if rule.sources:
        out += [tr("**Sources:**"), ""] + [f"- <{url}>" for url in rule.sources] + [""]
    return out


def explain(rule_id: str) -> str | None:
    """One rule's entry as text (`tooltutor lint --explain`), or None for an unknown id."""
    # on first use, not at import: checker.rules, typing (6 modules)
    from checker import rules

    found = rules.get(rule_id)
    if found is None:
        return None
    return "\n".join(rule_page(found)).rstrip() + "\n"


def rules_markdown() -> str:
    """docs/rules.md: every rule, from its declaration (in English, whatever the language)."""
    with use_language("en"):
        return _rules_markdown()


def _rules_markdown() -> str:
    # on first use, not at import: checker.rules, typing (6 modules)
    from checker import rules
    from checker.rules.record import APIS

    everything = rules.all_rules()
    out = [
        "# Rules",
        "",
        "What `tooltutor lint`, the `protocol` check and the Python exercises report. Each",
        "entry is generated from the rule's one declaration in `checker/rules/` by",
        "`python -m checker.catalogue --write`; do not edit by hand. `tooltutor lint --explain",
        "RULE` prints one entry.",
        "",
        "The severity policy:",
        "",
        "- **error**: a 400 the request shows. A valid request is never an error; recorded",
        "  traffic the API accepted (`tests/recordings/`) holds the rules to it.",
        "- **warning**: likely to hurt this request (a mistake the API takes but that loses",
        "  data or breaks the loop). A warning-level rule's page says why it is not a note;",
        "  warnings stay under 3% of recorded accepted requests.",
        "- **note**: anything else: a reminder, a style preference, what depends on a header",
        "  the body cannot show (a beta, the API version), a fact the docs and live reports",
        "  disagree on. Notes are hidden unless asked for (`tooltutor lint --show-notes`).",
        "  When the request's headers are known (a HAR file, a logged record, the SDK hook,",
        "  `lint(headers=...)`), a beta or version rule is judged from them instead.",
        "",
        "Contents:",
        "",
    ]
    for api, title in APIS.items():
        count = sum(1 for r in everything if r.api == api)
        if count:
            anchor = title.lower().replace(" ", "-")
            out.append(f"- [{title}](#{anchor}) ({count} rules)")
    for api, title in APIS.items():
        group = [r for r in everything if r.api == api]
        if not group:
            continue
        out += ["", f"## {title}", ""]
        for rule in group:
            out += rule_page(rule)
    return "\n".join(out).rstrip() + "\n"


#: the line of docs/checks.md after which everything is generated; what stands above it
#: (the guide to marking a tool loop and to writing checks) is written by hand and kept
CHECKS_MARKER = (
    "<!-- Everything below is generated from the checks' docstrings by "
    "`python -m checker.catalogue --write`: edit those, not this. -->"
)


def checks_markdown() -> str:
    """docs/checks.md: the hand-written guide above `CHECKS_MARKER`, then every check of the
    engine and of the bundled course, with its docs."""
    from checker import loop_checks, python_checks  # noqa: F401 (registers the run checks)

    # on first use, not at import: checker.checks, checker.criteria, ... (36 modules)
    from checker.checks import load_folder
    from checker.criteria import CHECKS
    from checker.exercise import MARKERS

    current = _read(DOCS / "checks.md")
    if CHECKS_MARKER in current:
        out = [current.split(CHECKS_MARKER, 1)[0].rstrip("\n"), "", CHECKS_MARKER]
    else:
        out = ["# Exercise checks", "", CHECKS_MARKER]
    out += [
        "",
        "## Every check",
        "",
        "The `check` names an exercise's `criteria` may use, with their parameters.",
        "The engine's checks serve any course; a course adds its own in a `checks/` folder",
        "(see [the course format](course-format.md#a-courses-own-checks)), as the bundled",
        "course does for the checks listed last.",
    ]
    groups = [
        ("", CHECKS),
        (" (the bundled course's own, `checks/`)", load_folder(DOCS.parent / "checks")),
    ]
    for suffix, registry in groups:
        for kind in MARKERS:  # every exercise kind, in the checker's order
            names = sorted(n for n, spec in registry.items() if kind in spec.kinds)
            if not names:
                continue
            out += ["", f"### {kind} exercises{suffix}", ""]
            for name in names:
                spec = registry[name]
                out += [f"#### `{name}`", "", spec.doc, ""]
                if spec.params is not None:
                    keys = sorted((spec.params.get("properties") or {}).keys())
                    required = set(spec.params.get("required") or [])
                    shown = ", ".join(
                        f"`{k}`" + (" (required)" if k in required else "") for k in keys
                    )
                    out += [f"Parameters: {shown or 'none'}.", ""]
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
