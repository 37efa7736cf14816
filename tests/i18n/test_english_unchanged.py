"""English is the msgid itself: with no translation active, every message comes out exactly
as the code writes it (placeholders filled by `str.format` only when values are given),
and no catalog is opened for it."""

from __future__ import annotations

import pytest

from checker import i18n as checker_i18n
from checker.i18n import tr, trn, use_language
from tooltutor import i18n
from tooltutor.i18n import t, tn


@pytest.mark.parametrize(
    "said, written",
    [
        (lambda: t("Recap"), "Recap"),
        (
            lambda: t("Lesson {number} of {total}: {title}", number=2, total=6, title="Loops"),
            "Lesson 2 of 6: Loops",
        ),
        (
            lambda: t("the following arguments are required: %s"),
            "the following arguments are required: %s",
        ),
        (lambda: tn(0, "{n} hint used,", "{n} hints used,"), "0 hints used,"),
        (lambda: tn(1, "{n} hint used,", "{n} hints used,"), "1 hint used,"),
        (
            lambda: t("port to listen on (default: {port})", port=8000),
            "port to listen on (default: 8000)",
        ),
        (lambda: tr('Write `{"type": "any"}`.'), 'Write `{"type": "any"}`.'),  # no values: as is
        (lambda: tr("valid: no problems found"), "valid: no problems found"),
        (lambda: trn(0, "{n} error", "{n} errors"), "0 errors"),
        (lambda: trn(1, "{n} error", "{n} errors"), "1 error"),
        (
            lambda: trn(3, "{n} {what} is missing", "{n} {what}s are missing", what="pair"),
            "3 pairs are missing",
        ),
    ],
)
def test_english_is_written_as_the_code_says_it(said, written):
    i18n.set_language("en")
    with use_language("en"):
        assert said() == written


def test_english_opens_no_catalog(monkeypatch):
    monkeypatch.setattr(i18n, "_catalogs", {})
    monkeypatch.setattr(checker_i18n, "_catalogs", {})
    i18n.set_language("en")
    t("Recap")
    tn(2, "{n} hint used,", "{n} hints used,")
    tr("valid: no problems found")
    trn(2, "{n} error", "{n} errors")
    assert i18n._catalogs == {} and checker_i18n._catalogs == {}


def test_a_portuguese_message_the_catalog_lacks_is_english():
    i18n.set_language("pt-BR")
    assert t("A sentence nobody translated, {x}", x=1) == "A sentence nobody translated, 1"
    assert tn(0, "{n} new thing", "{n} new things") == "0 new things"
    with use_language("pt-BR"):
        assert tr("A template nobody translated") == "A template nobody translated"
