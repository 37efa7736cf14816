"""The interface's own strings: every one the code marks has its pt-BR translation."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import tooltutor
from tooltutor import i18n
from tooltutor.locales.pt_BR import MESSAGES, TEXTUAL_KEYS

SOURCE = Path(tooltutor.__file__).parent


def _marked() -> dict[str, tuple[str, bool]]:
    """English string -> (where, plural?) for every literal passed to t, tn or N_, and every
    Binding description and tooltip of tooltutor's screens and widgets."""
    found: dict[str, tuple[str, bool]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        if "locales" in path.parts:
            continue
        where = str(path.relative_to(SOURCE.parent))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name in ("t", "N_"):
                args = node.args[:1]
            elif name == "tn":
                args = node.args[1:2]  # the plural form lives under the singular
            elif name == "Binding":
                args = node.args[2:3] + [k.value for k in node.keywords if k.arg == "tooltip"]
            else:
                continue
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    found.setdefault(arg.value, (where, name == "tn"))
    return found


MARKED = _marked()


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_scan_finds_the_strings():
    assert "Recap" in MARKED
    assert "Show the keys of this screen." in MARKED  # a Binding tooltip
    assert MARKED[
        "tooltutor: warning: the course has {n} problem; the broken parts are left "
        "out (run 'tooltutor validate' to see them)"
    ][1]


@pytest.mark.parametrize("english", sorted(MARKED))
def test_every_marked_string_has_a_translation_with_the_same_placeholders(english):
    where, plural = MARKED[english]
    assert english in MESSAGES, f"{where}: {english!r} has no pt-BR translation"
    translated = MESSAGES[english]
    forms = translated if isinstance(translated, tuple) else (translated,)
    assert len(forms) == (2 if plural else 1), f"{where}: {english!r}"
    for form in forms:
        assert form.strip(), english
        wanted = _fields(english) | ({"n"} if plural else set())
        assert _fields(form) <= wanted, f"{english!r} -> {form!r}"
        assert _fields(form) >= _fields(english) - {"n"} or plural, f"{english!r} -> {form!r}"


def test_no_translation_is_left_over():
    unused = set(MESSAGES) - set(MARKED) - set(TEXTUAL_KEYS)
    assert not unused, f"translations of strings the code no longer uses: {sorted(unused)}"


def test_commands_options_and_ids_stay_english():
    for english, translated in MESSAGES.items():
        for form in translated if isinstance(translated, tuple) else (translated,):
            for word in ("tooltutor validate", "tooltutor check", "tooltutor start", "$EDITOR"):
                if word in english:
                    assert word in form, (english, form)


def test_t_and_tn_in_each_language():
    assert i18n.t("Recap") == "Recap"
    assert i18n.tn(2, "{n} x", "{n} xs") == "2 xs"
    i18n.set_language("pt-BR")
    assert i18n.current_language() == "pt-BR"
    assert i18n.t("Recap") == "Resumo"
    assert i18n.t("page {number} of {total}", number=2, total=9) == "página 2 de 9"
    assert i18n.t("a string no table has {x}", x=1) == "a string no table has 1"
    solution = (
        "The solution opens after you pass, or after {n} more failed check. Try a hint (h) first."
    )
    plural = solution.replace("check.", "checks.")
    assert i18n.tn(1, solution, plural).startswith("A solução abre") and " 1 verificação " in (
        i18n.tn(1, solution, plural)
    )
    assert " 2 verificações " in i18n.tn(2, solution, plural)
    i18n.set_language("pt-PT")  # no table of its own: the closest one
    assert i18n.t("Recap") == "Resumo"
    i18n.set_language(None)
    assert i18n.t("Recap") == "Recap"


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_english(monkeypatch):
    monkeypatch.setitem(MESSAGES, "Hello {name}", "Olá {nome}")
    i18n.set_language("pt-BR")
    assert i18n.t("Hello {name}", name="Ana") == "Hello Ana"
