"""`checker.mo_catalog.MoCatalog` answers every message of every shipped catalog as
`gettext.GNUTranslations` does, while decoding only the messages asked for."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from checker.mo_catalog import MoCatalog

REPO = Path(__file__).resolve().parents[2]
CATALOGS = sorted(REPO.glob("*/locales/*/LC_MESSAGES/*.mo"))


def test_every_language_ships_its_catalogs():
    assert {p.parts[-3] for p in CATALOGS} >= {"pt_BR", "ru"}
    assert {p.stem for p in CATALOGS} == {"checker", "tooltutor"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.stem}-{p.parts[-3]}")
def test_each_message_reads_as_gnutranslations_reads_it(path):
    ours = MoCatalog(path.read_bytes())
    with path.open("rb") as mo:
        theirs = gettext.GNUTranslations(mo)
    messages = {key[0] if isinstance(key, tuple) else key for key in theirs._catalog}
    assert len(messages) > 300
    for message in messages:
        assert ours.gettext(message) == theirs.gettext(message)
        assert ours.gettext(message + " (not in it)") == message + " (not in it)"
        for n in (0, 1, 2, 3, 5, 11, 21, 22, 25, 101):
            assert ours.ngettext(message, "many", n) == theirs.ngettext(message, "many", n)
    assert ours._cache.keys() >= messages  # found one at a time, kept once found


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: f"{p.stem}-{p.parts[-3]}")
def test_the_originals_are_sorted_as_the_lookup_needs(path):
    catalog = MoCatalog(path.read_bytes())
    originals = [catalog._string(catalog._originals, i) for i in range(catalog._count)]
    assert originals == sorted(originals)


def test_a_russian_plural_takes_its_three_forms_and_unknowns_stay_english():
    ours = MoCatalog((REPO / "checker/locales/ru/LC_MESSAGES/checker.mo").read_bytes())
    assert [ours._plural(n) for n in (1, 2, 5, 21, 22, 25)] == [0, 1, 2, 0, 1, 2]
    assert ours.gettext("no such message") == "no such message"
    assert ours.ngettext("one thing", "{n} things", 2) == "{n} things"
    assert not ours.has("no such message")


def test_a_file_that_is_not_a_catalog_is_refused():
    with pytest.raises(OSError, match="magic"):
        MoCatalog(b"not a catalog at all")
