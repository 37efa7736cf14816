"""Plural forms follow CLDR, as Babel wrote them into the catalogs' headers: in Brazilian
Portuguese the "one" form takes 0 and 1 ("0 erro", "1 erro", "2 erros"); English stays
`n == 1`."""

from __future__ import annotations

import pytest
from babel import Locale

from checker.i18n import trn, use_language
from tooltutor.i18n import set_language, tn


@pytest.fixture
def language():
    yield set_language
    set_language(None)


def test_cldr_says_0_and_1_are_one_in_portuguese():
    rule = Locale.parse("pt_BR").plural_form
    assert [rule(n) for n in (0, 1, 2, 5, 21, 100)] == ["one", "one"] + ["other"] * 4
    assert Locale.parse("en").plural_form(0) == "other"


@pytest.mark.parametrize(
    "n, words",
    [(0, "0 dica usada,"), (1, "1 dica usada,"), (2, "2 dicas usadas,"), (21, "21 dicas usadas,")],
)
def test_the_interface_takes_the_singular_for_0_and_1_in_portuguese(language, n, words):
    language("pt-BR")
    assert tn(n, "{n} hint used,", "{n} hints used,") == words


def test_english_plurals_are_unchanged(language):
    language(None)
    assert [tn(n, "{n} hint used,", "{n} hints used,") for n in (0, 1, 2)] == [
        "0 hints used,",
        "1 hint used,",
        "2 hints used,",
    ]
    assert [trn(n, "{n} error", "{n} errors") for n in (0, 1, 2)] == [
        "0 errors",
        "1 error",
        "2 errors",
    ]


def test_the_checker_takes_the_singular_for_0_and_1_in_portuguese():
    with use_language("pt-BR"):
        said = [trn(n, "{n} error", "{n} errors") for n in (0, 1, 2)]
        zero = trn(0, "{n} {what} is missing", "{n} {what}s are missing", what="par")
        two = trn(2, "{n} {what} is missing", "{n} {what}s are missing", what="par")
    assert said == ["0 erro", "1 erro", "2 erros"]
    assert zero == "falta 0 item (par)" and two == "faltam 2 itens (par)"
    assert trn(0, "{n} {what} is missing", "{n} {what}s are missing", what="pair") == (
        "0 pairs are missing"
    )


def test_a_million_takes_the_many_form_which_reads_as_the_plural(language):
    language("pt-BR")
    assert tn(1_000_000, "{n} hint used,", "{n} hints used,") == "1000000 dicas usadas,"
