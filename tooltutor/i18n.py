"""The learner's language: which one to use, and the interface's own strings in it.

Choosing the language (`resolve_language`): `--lang`, else `TOOLTUTOR_LANG`, else the
locale (the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set, as POSIX reads them;
`pt_BR.UTF-8` means `pt-BR`; `C` and `POSIX` mean no preference), else the language the
course is written in. A tag is matched to the course's `languages` without regard to case;
a bare language (`pt`) means the first of its regional forms the course has (`pt-BR`), and
a regional one whose region is not offered means the bare language if the course has it
(`en-US` -> `en`, `ru-UA` -> `ru`). A language asked for by name (`--lang`,
`TOOLTUTOR_LANG`) that the course does not offer gets a one-line warning on stderr, and the
source language.

The interface's strings (`t`, `tn`, `N_`) are gettext messages of the domain `tooltutor`:
the English string is the msgid, and each other language has a catalog
`tooltutor/locales/<lang>/LC_MESSAGES/tooltutor.po` with its compiled `.mo` committed
beside it (docs/translations.md says how to extract, update, translate and compile them
with Babel, a tool of development only). Run time needs only the standard library's
`gettext`, through the checker's `load_catalog`, and only for a language other than
English: English is the msgids themselves, and costs nothing. A string the catalog lacks
shows in English; plural forms follow the catalog's header (CLDR's rule, written by
Babel); a fraction takes the form a fraction takes in the language ("1,5 секунды"), and
the count is written as the language writes numbers (`checker.i18n.format_number`). The
checker (checker/i18n.py) has its own domain, `checker`; this module tells it the language
too (`use_checker_language`).

`t("Lesson {number}: {title}", number=2, title=...)` fills placeholders with
`str.format` only when values are given, so a string with braces and no values needs no
escaping; a translation whose placeholders do not fit falls back to the English text.
Values filled in (titles from the course, ids, commands) are never translated here.
Command names, options, rule ids, exercise ids and JSON keys stay English everywhere.

The language of the interface is one process-wide setting (`set_language`): the command
line sets it once the course is loaded, the TUI when the app is made. Nothing here
imports Textual.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not `typing`'s: importing it would slow every start
if TYPE_CHECKING:  # gettext is imported with the first catalog, never for English
    from collections.abc import Iterable, Mapping  # nor collections, for `--version`
    from gettext import NullTranslations

__all__ = [
    "N_",
    "current_language",
    "help_language",
    "language_name",
    "match_language",
    "number",
    "parse_locale",
    "resolve_language",
    "set_language",
    "t",
    "tn",
    "use_checker_language",
]

#: language -> the folder of its catalog under `tooltutor/locales` (English is the msgids).
CATALOGS = {"pt-BR": "pt_BR", "ru": "ru"}
#: the interface's gettext domain, and where its catalogs are
DOMAIN = "tooltutor"
LOCALES = os.path.join(os.path.dirname(__file__), "locales")

#: Names of languages, in English, for messages to authors.
LANGUAGE_NAMES = {
    "en": "English",
    "pt": "Portuguese",
    "pt-BR": "Brazilian Portuguese",
    "pt-PT": "European Portuguese",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "ru": "Russian",
    "uk": "Ukrainian",
}

#: The locale variables read, in order (the first one set decides, as in POSIX).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_current = "en"
_catalogs: dict[str, NullTranslations] = {}


# -- choosing the language ---------------------------------------------------------------


def parse_locale(value: str | None) -> str | None:
    """The language tag of a locale name: `pt_BR.UTF-8` -> `pt-BR`; None for `C`/`POSIX`."""
    if not value:
        return None
    base = value.split(".", 1)[0].split("@", 1)[0].strip()
    if not base or base.upper() in ("C", "POSIX"):
        return None
    return base.replace("_", "-")


def match_language(tag: str | None, available: Iterable[str]) -> str | None:
    """The tag of `available` that `tag` names (see the module docstring), or None."""
    if not tag:
        return None
    available = list(available)
    wanted = tag.replace("_", "-").strip().lower()
    by_lower = {lang.lower(): lang for lang in available}
    if wanted in by_lower:
        return by_lower[wanted]
    primary = wanted.split("-", 1)[0]
    if "-" not in wanted:
        return next((lang for lang in available if lang.lower().startswith(primary + "-")), None)
    return by_lower.get(primary)


def resolve_language(
    cli_value: str | None,
    available: Iterable[str],
    environ: Mapping[str, str] | None = None,
    stderr=None,
) -> str:
    """The language to show a course in, from the command line, the environment and the
    locale (see the module docstring); `available` is the course's `languages`."""
    available = list(available) or ["en"]
    env = os.environ if environ is None else environ
    for origin, value in (("--lang", cli_value), ("TOOLTUTOR_LANG", env.get("TOOLTUTOR_LANG"))):
        if not value or not value.strip():
            continue
        found = match_language(value, available)
        if found is None:
            print(
                t(
                    "tooltutor: warning: this course is not offered in '{asked}' (from "
                    "{origin}; it is offered in {offered}): showing it in {shown}",
                    asked=value,
                    origin=origin,
                    offered=", ".join(available),
                    shown=available[0],
                ),
                file=stderr or sys.stderr,
            )
            return available[0]
        return found
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return match_language(parse_locale(value), available) or available[0]
    return available[0]


def help_language(argv: list[str], environ: Mapping[str, str] | None = None) -> str | None:
    """The interface's language for what the command line says before a course is read
    (`--help`, usage errors): `--lang`, else `TOOLTUTOR_LANG`, else the locale, among the
    languages the interface has tables for; None for English."""
    env = os.environ if environ is None else environ
    wanted = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            wanted = argv[i + 1]
        elif arg.startswith("--lang="):
            wanted = arg.split("=", 1)[1]
    if not wanted or not wanted.strip():
        wanted = env.get("TOOLTUTOR_LANG")
    if not wanted or not wanted.strip():
        wanted = next((parse_locale(env[name]) for name in LOCALE_VARIABLES if env.get(name)), None)
    found = match_language(wanted, ["en", *CATALOGS])
    return None if found in (None, "en") else found


def language_name(tag: str) -> str:
    """`Brazilian Portuguese` for `pt-BR`; the tag itself when the name is not known."""
    return LANGUAGE_NAMES.get(tag) or LANGUAGE_NAMES.get(tag.split("-", 1)[0]) or tag


# -- the interface's strings -------------------------------------------------------------


def set_language(lang: str | None) -> str:
    """Write the interface in `lang` from now on (English when None); returns it."""
    global _current
    _current = lang or "en"
    return _current


def current_language() -> str:
    """The language the interface is written in now."""
    return _current


def _catalog(lang: str) -> NullTranslations:
    catalog = _catalogs.get(lang)
    if catalog is None:
        folder = CATALOGS.get(lang)
        if folder is None:  # pt-PT asked for, pt-BR known: closer than English
            primary = lang.split("-", 1)[0].lower()
            folder = next(
                (f for tag, f in CATALOGS.items() if tag.split("-", 1)[0].lower() == primary), None
            )
        # on first use, not at import: checker.i18n, collections, contextlib, ... (6 modules)
        from checker.i18n import load_catalog

        catalog = _catalogs[lang] = load_catalog(LOCALES, DOMAIN, folder)
    return catalog


def _fill(template: str, english: str, values: dict) -> str:
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return english.format(**values)


def t(message: str, /, **values: object) -> str:
    """`message` in the interface's language, its `{placeholders}` filled from `values`."""
    if _current == "en":
        return message.format(**values) if values else message
    return _fill(_catalog(_current).gettext(message), message, values)


def tn(n: float, singular: str, plural: str, /, **values: object) -> str:
    """The form of `singular`/`plural` that `n` takes in the interface's language (the
    plural rule of its catalog: 0 and 1 are singular in Brazilian Portuguese; Russian has
    three forms, and a fourth for fractions), translated; `{n}` is `n`."""
    if _current == "en" and not isinstance(n, float):
        values = {"n": n, **values}
        return (singular if n == 1 else plural).format(**values)
    # on first use, not at import: checker.i18n, collections, contextlib, contextvars (6 modules)
    from checker.i18n import plural_count

    count, shown = plural_count(n, _current)
    values = {"n": shown, **values}
    english = singular if count == 1 else plural
    if _current == "en":
        return english.format(**values)
    return _fill(_catalog(_current).ngettext(singular, plural, count), english, values)


def number(value: float, *, grouped: bool = False) -> str:
    """`value` as the interface's language writes a number in a sentence (`1,5` and
    `12 000` in Russian; English and Portuguese as Python writes it, with `,` between
    thousands when `grouped`)."""
    if _current == "en" and not isinstance(value, float) and not grouped:
        return str(value)
    # on first use, not at import: checker.i18n, collections, contextlib, contextvars (6 modules)
    from checker.i18n import format_number

    return format_number(value, _current, grouped=grouped)


def N_(message: str) -> str:
    """Mark `message` for translation where it is used (with `t`); returns it unchanged."""
    return message


# -- the checker ---------------------------------------------------------------------------


def use_checker_language(lang: str | None) -> None:
    """Have the checker write its criterion messages and diagnostics in `lang` (call it
    before marking; rule ids stay the same in every language)."""
    # on first use, not at import: checker.i18n, collections, contextlib, contextvars (6 modules)
    from checker import i18n as checker_i18n

    checker_i18n.set_default_language(lang)  # threads (the TUI marks in one) read it
    checker_i18n.set_language(lang)
