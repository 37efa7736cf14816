"""Plural forms follow each language's CLDR rule: in Brazilian Portuguese "one" is 0 or 1."""

from __future__ import annotations

import pytest

from tooltutor import i18n
from tooltutor.i18n import plural_is_one, set_language, tn


@pytest.fixture
def language():
    yield set_language
    set_language(None)


@pytest.mark.parametrize(
    "lang, ones, others",
    [
        ("en", [1], [0, 2, 5, 21]),
        ("pt-BR", [0, 1], [2, 5, 21, 100]),
        ("pt", [0, 1], [2]),
        ("pt_BR", [0, 1], [2]),
        ("pt-PT", [1], [0, 2]),
        ("de", [1], [0, 2]),
    ],
)
def test_the_plural_rule_of_each_language(lang, ones, others):
    assert all(plural_is_one(lang, n) for n in ones)
    assert not any(plural_is_one(lang, n) for n in others)


def test_tn_in_portuguese_says_0_erro_1_erro_2_erros(language, monkeypatch):
    monkeypatch.setitem(i18n._tables, "pt-BR", {"{n} error": ("{n} erro", "{n} erros")})
    language("pt-BR")
    assert [tn(n, "{n} error", "{n} errors") for n in (0, 1, 2)] == [
        "0 erro",
        "1 erro",
        "2 erros",
    ]
    language(None)
    assert [tn(n, "{n} error", "{n} errors") for n in (0, 1, 2)] == [
        "0 errors",
        "1 error",
        "2 errors",
    ]


def test_a_real_table_entry_takes_the_singular_for_zero(language):
    language("pt-BR")
    assert tn(0, "{n} more problem", "{n} more problems") == t_singular("{n} more problem", 0)


def t_singular(key: str, n: int) -> str:
    from tooltutor.locales.pt_BR import MESSAGES

    singular, _ = MESSAGES[key]
    return singular.format(n=n)


def test_the_checker_picks_the_portuguese_singular_for_zero():
    from checker.i18n import trn, use_language

    with use_language("pt-BR"):
        zero = trn(0, "{n} {what} is missing", "{n} {what}s are missing", what="par")
        two = trn(2, "{n} {what} is missing", "{n} {what}s are missing", what="par")
    assert zero == "falta 0 item (par)" and two == "faltam 2 itens (par)"
    assert trn(0, "{n} {what} is missing", "{n} {what}s are missing", what="pair") == (
        "0 pairs are missing"
    )
