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
- Tags are read loosely (`pt-BR`, `pt_BR`, `pt_BR.UTF-8`, `pt`): any Portuguese tag means
  `pt-BR`; anything unknown means English. `current_language()` says which one is in use.
- `trn(n, singular, plural, **values)` picks the singular template when `n` takes the
  singular form in the current language (CLDR: `n == 1` in English, 0 or 1 in Brazilian
  Portuguese), else the plural one, and translates it with `n=n`.
- `N_(template)` marks a template that is stored now and translated later (module
  constants); it returns the template unchanged.

A template is formatted only when values are given; without values it is returned as is,
so a template holding a JSON example needs no doubled braces. Formatting never raises:
a translation whose placeholders do not fit falls back to the English template.

Why a dict in a Python module and not gettext catalogs: the checker is a pure-Python
package with no build step, and `.po`/`.mo` files need a compile step, package data to
ship and locate, and a runtime lookup keyed by a domain and a locale directory. A
catalog module (`checker/locales/pt_BR.py`, `MESSAGES: dict[str, str]` from the English
template to the translated one) is imported like any module, needs nothing compiled, is
checked by the linters, and a test walks the checker's source for every template passed
to `tr`, `trn` or `N_` and fails when the catalog lacks one or changes its placeholders.
English costs nothing: no catalog is imported; another language costs one dict lookup.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Iterator
from contextvars import ContextVar, Token

__all__ = [
    "LANGUAGES",
    "N_",
    "current_language",
    "normalise_language",
    "preload_catalog",
    "reset_language",
    "set_default_language",
    "set_language",
    "tr",
    "trn",
    "use_language",
]

#: The languages the checker speaks, English first.
LANGUAGES: tuple[str, ...] = ("en", "pt-BR")
#: language -> the module holding its `MESSAGES` (English has none: it is the templates).
_CATALOG_MODULES = {"pt-BR": "checker.locales.pt_BR"}

_LANGUAGE: ContextVar[str] = ContextVar("checker_language")
_default = "en"
_catalogs: dict[str, dict[str, str]] = {}


def normalise_language(tag: str | None) -> str:
    """The supported language a tag such as `pt_BR.UTF-8` or `en-US` stands for."""
    if not tag:
        return "en"
    base = tag.split(".", 1)[0].split("@", 1)[0].replace("_", "-").strip().lower()
    if base == "pt" or base.startswith("pt-"):
        return "pt-BR"
    return "en"


def set_language(lang: str | None) -> Token[str]:
    """Speak `lang` in the current context from now on; the token undoes it."""
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
    global _default
    _default = normalise_language(lang)
    return _default


def current_language() -> str:
    """The language messages are written in now: one of `LANGUAGES`."""
    return _LANGUAGE.get(_default)


def _catalog(lang: str) -> dict[str, str]:
    catalog = _catalogs.get(lang)
    if catalog is None:
        module = _CATALOG_MODULES.get(lang)
        catalog = importlib.import_module(module).MESSAGES if module else {}
        _catalogs[lang] = catalog
    return catalog


def preload_catalog() -> None:
    """Import the current language's catalog now rather than at the first message (the
    exercise child does this before its guards go up)."""
    _catalog(current_language())


def tr(template: str, /, **values: object) -> str:
    """`template` in the current language, its `{placeholders}` filled from `values`."""
    lang = _LANGUAGE.get(_default)
    if lang == "en":
        return template.format(**values) if values else template
    translated = _catalog(lang).get(template, template)
    if not values:
        return translated
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template.format(**values)


def trn(n: int, singular: str, plural: str, /, **values: object) -> str:
    """`tr` of `singular` when `n` takes the singular form in the current language, else
    of `plural`; `{n}` is `n`. The rule is CLDR's: `n == 1` in English, 0 or 1 in
    Brazilian Portuguese ("0 erro", "2 erros")."""
    one = n in (0, 1) if current_language() == "pt-BR" else n == 1
    return tr(singular if one else plural, n=n, **values)


def N_(template: str) -> str:
    """Mark `template` for translation where it is used (with `tr`); returns it unchanged."""
    return template
