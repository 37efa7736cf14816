"""The messages of a course's own checks in each language of the course: counted for
`validate`, as the overlays are.

A course's `checks/` speak to learners through `tr("...")`; their translations live in
`checks/locales/<lang>.po` (`checker.po_catalog`). The messages are read from the checks'
source (nothing runs, so no trust is needed), and each language `validate` audits gets
its count in its summary line and a warning for each message left in English, at the
line of the check that says it. An exercise marked by a check whose module has such a
message counts as partly translated.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tooltutor.course.model import Problem, display_path

CHECKS_FOLDER = "checks"


def check_message_problems(course) -> list[Problem]:
    """Warnings for the course checks' messages each audited language leaves in English."""
    folder = Path(course.root) / CHECKS_FOLDER
    if not course.translations or not folder.is_dir():
        return []
    # on first use, not at import: checker.po_catalog (2 modules)
    from checker.po_catalog import catalog_path, messages_of, read_po

    messages = messages_of(folder)
    if not messages:
        return []
    modules = _modules_of_checks(folder)
    problems: list[Problem] = []
    for lang, report in course.translations.items():
        path = catalog_path(folder, lang)
        report.check_messages = len(messages)
        command = f"tooltutor new translation {lang} --dir {display_path(course.root)}"
        catalog = None
        if path.is_file():
            try:
                catalog = read_po(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                problems.append(Problem(path, 1, 1, f"cannot read this catalog: {exc}"))
            else:
                problems += [Problem(path, line, 1, text) for line, text in catalog.problems]
        engine = _engine_catalog(lang)
        missing = []
        for m in messages:
            entry = catalog.entries.get(m.msgid) if catalog else None
            if (entry is not None and entry.translated) or _in_engine(engine, m):
                report.check_messages_translated += 1
            else:
                missing.append((m, entry))
        untranslated = {m.file for m, _ in missing}
        if missing and catalog is None:
            problems.append(
                Problem(
                    folder,
                    1,
                    1,
                    f"{len(missing)} of the {len(messages)} messages the course's checks say "
                    f"to learners {'is' if len(missing) == 1 else 'are'} not translated into "
                    f"{lang}: write {display_path(path)} with `{command}`, then fill it",
                    "warning",
                )
            )
        for m, entry in missing if catalog is not None else []:
            if entry is None:
                why = f"not in {display_path(path)} (add it with `{command}`)"
                at = (Path(m.file), m.line)
            elif entry.fuzzy:
                why = "marked fuzzy: check the translation, then remove `#, fuzzy`"
                at = (path, entry.line)
            else:
                why = "its msgstr is empty"
                at = (path, entry.line)
            problems.append(
                Problem(
                    at[0],
                    at[1],
                    1,
                    f"a message of the course's checks is not translated into {lang}: "
                    f"{_short(m.msgid)!r} is {why}",
                    "warning",
                )
            )
        said = {m.msgid for m in messages}
        for msgid, entry in (catalog.entries if catalog else {}).items():
            if msgid not in said:
                problems.append(
                    Problem(
                        path,
                        entry.line,
                        1,
                        f"the checks no longer say {_short(msgid)!r}: remove it, or run "
                        f"`{command}`, which keeps only what they say",
                        "warning",
                    )
                )
        _count_partly(course, report, modules, untranslated)
    return problems


def _engine_catalog(lang: str):
    """The checker's own catalog for `lang` (the bundled course's checks speak through it)."""
    # on first use, not at import: checker.i18n, contextvars (4 modules)
    from checker import i18n

    spoken = i18n.normalise_language(lang)
    return None if spoken == "en" else i18n._catalog(spoken)


def _in_engine(engine, m) -> bool:
    """Whether the checker's catalog has `m`, or `m` has no words to translate."""
    if not re.search(r"[^\W\d_]", re.sub(r"\{[^{}]*\}", "", m.msgid)):
        return True  # placeholders and punctuation only: "{entry}: {why}"
    if engine is None:
        return False
    return engine.has(m.msgid, plural=m.plural is not None) if hasattr(engine, "has") else False


def _count_partly(course, report, modules: dict[str, str], untranslated: set[str]) -> None:
    """Exercises whose checks leave a message untranslated count as partly translated."""
    for exercise in course.exercises.values():
        names = {spec.get("check") for spec in exercise.criteria}
        if any(modules.get(name) in untranslated for name in names if name in modules):
            report.partly_checks += 1


def _modules_of_checks(folder: Path) -> dict[str, str]:
    """check name -> the file that declares it, read from `@check("name", ...)`."""
    found: dict[str, str] = {}
    for path in sorted(folder.glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, ValueError, OSError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            for decorator in getattr(node, "decorator_list", []):
                if (
                    isinstance(decorator, ast.Call)
                    and getattr(decorator.func, "id", getattr(decorator.func, "attr", ""))
                    == "check"
                    and decorator.args
                    and isinstance(decorator.args[0], ast.Constant)
                    and isinstance(decorator.args[0].value, str)
                ):
                    found[decorator.args[0].value] = str(path)
    return found


def _short(text: str) -> str:
    return text if len(text) <= 70 else text[:67] + "..."
