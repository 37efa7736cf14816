"""The checker's messages in the learner's language: `tr(template, **values)`.

Every message and hint the checker writes is an English template passed through `tr`:

    tr("`tool_use_id` is {used}, the tool's name", used=quote(used))

`tr` looks the template up in the catalog of the current language and fills in the
values with `str.format`; a template the catalog lacks is shown in English. What is filled
in is never translated: quoted learner values, ids, JSON pointers, counts, rule ids. Rule
ids stay the same in every language, so a learner can search for them.

- `set_language("pt-BR")` chooses the language of the current context (a
  `contextvars.ContextVar`: each thread and asyncio task has its own, and the returned
  token undoes it: `reset_language(token)`); `use_language(lang)` does both around a
  block. `set_default_language(lang)` sets the process-wide language that contexts which
  never chose one fall back to, such as threads that a thread pool starts without copying
  the context (`loop.run_in_executor`, Textual's thread workers). The default default is
  English.
- Tags are read loosely (`pt-BR`, `pt_BR`, `pt_BR.UTF-8`, `pt`, `ru_UA.UTF-8`): any
  Portuguese tag means `pt-BR`, any Russian one `ru`; anything unknown means English.
  `current_language()` says which one is in use.
- `trn(n, singular, plural, **values)` picks the form of the template that `n` takes in the
  current language (CLDR's rule, from the catalog's header: `n == 1` in English; 0 or 1 in
  Brazilian Portuguese; in Russian three forms, "1 ошибка", "2 ошибки", "5 ошибок"), and
  translates it with `n=n`. `n` may be a fraction (seconds, megabytes): it takes the form a
  fraction takes in the language ("1,5 секунды", as "2 секунды") and is written as the
  language writes numbers (`format_number`).
- `N_(template)` marks a template that is stored now and translated later (module
  constants); it returns the template unchanged.

A template is formatted only when values are given; without values it is returned as is,
so a template holding a JSON example needs no doubled braces. Formatting never raises:
a translation whose placeholders do not fit falls back to the English template.

The catalogs are gettext's: `checker/locales/<lang>/LC_MESSAGES/checker.po`, edited by
translators, and the `.mo` compiled from it, committed beside it so an install needs no
build step (docs/translations.md: extract, update, translate, compile with Babel). The
English template is the msgid, so English needs no catalog at all: nothing is opened or
imported for it. Another language reads its `.mo` once, at its first message, and each
message is decoded when it is first asked for (`checker.mo_catalog.MoCatalog`, answering
as the standard library's `gettext` does); the plural forms come from its header,
written by Babel from CLDR. `load_catalog` does the same for the app's own domain
(tooltutor/i18n.py).

A course's own checks speak through the same `tr`: while one of them runs,
`course_catalog(folder)` has `tr` look each template up first in the course's own
catalog, `<folder>/locales/<tag>.po` for the course's language tag as given to
`set_language` (read as it is, no compiling: `checker.po_catalog`), then in the checker's.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar, Token

from checker.mo_catalog import MoCatalog

TYPE_CHECKING = False  # not `typing`'s: importing it would slow every start
if TYPE_CHECKING:  # gettext is imported with the first catalog, never for English
    from gettext import NullTranslations

    Catalog = MoCatalog | NullTranslations

__all__ = [
    "LANGUAGES",
    "N_",
    "current_language",
    "format_number",
    "load_catalog",
    "course_catalog",
    "current_tag",
    "normalise_language",
    "plural_count",
    "preload_catalog",
    "reset_language",
    "set_default_language",
    "set_language",
    "tr",
    "trn",
    "use_language",
]

#: The languages the checker speaks, English first.
LANGUAGES: tuple[str, ...] = ("en", "pt-BR", "ru")
#: language -> the folder of its catalog under `checker/locales` (English has none: its
#: words are the templates).
_CATALOG_FOLDERS = {"pt-BR": "pt_BR", "ru": "ru"}
#: language -> a whole number whose form a fraction takes. gettext's plural rules are for
#: whole numbers; CLDR gives fractions a form of their own ("other"), which is worded as
#: the plural in English and Portuguese ("1.5 seconds", as 2) and as the genitive singular in
#: Russian ("1,5 секунды", as "2 секунды"). A language not listed takes the form of 2.
FRACTION_FORM_OF = {"en": 2, "pt-BR": 2, "ru": 2}
#: language -> (decimal mark, thousands separator, the smallest whole number grouped) for
#: numbers the messages write themselves (counts, seconds); values quoted from a request
#: or an answer are shown as written. Russian groups from 10 000 with a no-break space.
NUMBER_STYLES = {"ru": (",", "\u00a0", 10_000)}
#: where the checker's catalogs are, and their gettext domain
LOCALES = os.path.join(os.path.dirname(__file__), "locales")
DOMAIN = "checker"

_LANGUAGE: ContextVar[str] = ContextVar("checker_language")
_default = "en"
#: the language tag as given (a course's `pt-BR`, `es`...), for a course's own catalog
_TAG: ContextVar[str] = ContextVar("checker_language_tag")
_default_tag = "en"
#: the `checks/` folder of the course check running now (None: an engine check)
_COURSE: ContextVar[str | None] = ContextVar("checker_course_catalog", default=None)
_catalogs: dict[str, Catalog] = {}


def normalise_language(tag: str | None) -> str:
    """The supported language a tag such as `pt_BR.UTF-8` or `en-US` stands for."""
    if not tag:
        return "en"
    base = tag.split(".", 1)[0].split("@", 1)[0].replace("_", "-").strip().lower()
    primary = base.split("-", 1)[0]
    if primary == "pt":
        return "pt-BR"
    if primary == "ru":
        return "ru"
    return "en"


def set_language(lang: str | None) -> Token[str]:
    """Speak `lang` in the current context from now on; the token undoes it."""
    _TAG.set(lang or "en")
    return _LANGUAGE.set(normalise_language(lang))


def reset_language(token: Token[str]) -> None:
    """Undo the `set_language` call that returned `token`."""
    _LANGUAGE.reset(token)


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Speak `lang` inside the `with` block (yields the language in use)."""
    token = set_language(lang)
    try:
        yield _LANGUAGE.get()
    finally:
        _LANGUAGE.reset(token)


def set_default_language(lang: str | None) -> str:
    """Speak `lang` wherever no context chose a language (new threads included)."""
    global _default, _default_tag
    _default = normalise_language(lang)
    _default_tag = lang or "en"
    return _default


def current_tag() -> str:
    """The language tag as it was given (`pt-BR`, `es`): a course's catalog is named so.

    A tag left over from a context whose language was undone since does not count: the
    tag always names the language in use."""
    tag = _TAG.get(_default_tag)
    lang = current_language()
    return tag if normalise_language(tag) == lang else lang


@contextlib.contextmanager
def course_catalog(folder: str | None) -> Iterator[None]:
    """Inside the block, `tr` and `trn` look templates up in the catalog of the course's
    `checks/` folder first (None: the checker's only)."""
    if folder is None:
        yield
        return
    token = _COURSE.set(folder)
    try:
        yield
    finally:
        _COURSE.reset(token)


def _course_text(template: str, plural: str | None = None, n: int = 1) -> str | None:
    """The course catalog's translation of `template`, if a course check is running and
    its catalog has one."""
    folder = _COURSE.get()
    if folder is None:
        return None
    # on first use, not at import: checker.po_catalog, ast, copy, copyreg, ... (30 modules)
    from checker.po_catalog import course_translation

    return course_translation(folder, current_tag(), template, plural, n)


def current_language() -> str:
    """The language messages are written in now: one of `LANGUAGES`."""
    return _LANGUAGE.get(_default)


def load_catalog(locales: str, domain: str, folder: str | None) -> Catalog:
    """The compiled catalog `locales/<folder>/LC_MESSAGES/<domain>.mo`; with no folder (or
    no such file), one that gives back the English it is asked for."""
    if folder:
        path = os.path.join(locales, folder, "LC_MESSAGES", f"{domain}.mo")
        try:
            with open(path, "rb") as mo:
                # each message decoded when asked for, not the whole catalog at once
                return MoCatalog(mo.read())
        except FileNotFoundError:
            pass
    # on first use, not at import: gettext, copyreg, enum, re (9 modules)
    import gettext

    return gettext.NullTranslations()


def _catalog(lang: str) -> Catalog:
    catalog = _catalogs.get(lang)
    if catalog is None:
        catalog = _catalogs[lang] = load_catalog(LOCALES, DOMAIN, _CATALOG_FOLDERS.get(lang))
    return catalog


def preload_catalog() -> None:
    """Import the current language's catalog now rather than at the first message (the
    exercise child does this before its guards go up)."""
    _catalog(current_language())


def tr(template: str, /, **values: object) -> str:
    """`template` in the current language, its `{placeholders}` filled from `values`."""
    lang = _LANGUAGE.get(_default)
    if _COURSE.get() is not None:
        own = _course_text(template)
        if own is not None:
            return _fill(own, template, values)
    if lang == "en":
        return template.format(**values) if values else template
    return _fill(_catalog(lang).gettext(template), template, values)


def _fill(translated: str, english: str, values: dict[str, object]) -> str:
    """`translated` filled from `values`; `english` filled instead when it does not fit."""
    if not values:
        return translated
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return english.format(**values)


def format_number(
    value: float, lang: str | None = None, digits: int | None = None, grouped: bool = False
) -> str:
    """`value` as `lang` (default: the current language) writes a number in a sentence:
    `digits` places after the decimal mark if given, else a whole float without its `.0`
    and a fraction to at most 6 places; the decimal mark and digit groups are the
    language's (`1.5` -> `1,5` in Russian, `12000` -> `12 000`). A language without a
    style of its own writes numbers as Python does, its thousands apart (`1,500`) only when
    `grouped`."""
    lang = lang or current_language()
    if digits is not None:
        text = f"{value:.{digits}f}"
    elif isinstance(value, float) and not value.is_integer():
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        if text.lstrip("-") == "0":
            text = f"{value:g}"  # tinier than a millionth
    else:
        text = str(int(value))
    style = NUMBER_STYLES.get(lang)
    if style is None:
        style = (".", ",", 1000) if grouped else (".", "", float("inf"))
    mark, group, smallest = style
    whole, _, fraction = text.partition(".")
    if abs(int(value)) >= smallest and "e" not in text:
        sign = "-" if whole.startswith("-") else ""
        whole = sign + f"{int(whole.lstrip('-')):,}".replace(",", group)
    return whole + (mark + fraction if fraction else "")


def plural_count(n: float, lang: str) -> tuple[int, object]:
    """(the whole number whose plural form `n` takes in `lang`, `n` as it is shown): a
    count as it is in English, else as `format_number` writes it; a fraction takes the
    form `FRACTION_FORM_OF` names (gettext's rules are for whole numbers only)."""
    if isinstance(n, float):
        if n.is_integer():
            n = int(n)
        else:
            return FRACTION_FORM_OF.get(lang, 2), format_number(n, lang)
    shown = n if lang not in NUMBER_STYLES else format_number(n, lang)
    return n, shown


def trn(n: float, singular: str, plural: str, /, **values: object) -> str:
    """The form of `singular`/`plural` that `n` takes in the current language, translated
    and filled from `values`, `{n}` being `n`. The rule is CLDR's, from the catalog's
    header: `n == 1` in English, 0 or 1 in Brazilian Portuguese ("0 erro", "2 erros"), three
    forms in Russian ("1 ошибка", "2 ошибки", "5 ошибок"); a fraction takes the form of
    `FRACTION_FORM_OF` ("1,5 секунды")."""
    lang = _LANGUAGE.get(_default)
    count, shown = plural_count(n, lang)
    values = {"n": shown, **values}
    english = singular if count == 1 else plural
    if _COURSE.get() is not None:
        own = _course_text(singular, plural, count)
        if own is not None:
            return _fill(own, english, values)
    if lang == "en":
        return english.format(**values)
    return _fill(_catalog(lang).ngettext(singular, plural, count), english, values)


def N_(template: str) -> str:
    """Mark `template` for translation where it is used (with `tr`); returns it unchanged."""
    return template
