"""What the learner is told about their progress file reads in their language."""

from __future__ import annotations

import pytest

from tooltutor import i18n
from tooltutor.progress import open_store


@pytest.fixture
def language():
    def use(lang: str) -> None:
        i18n.set_language(lang)

    yield use
    i18n.set_language("en")


def _blocked(tmp_path):
    """A store path whose folder cannot be created: it sits under a regular file."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    return blocker / "data" / "progress.db"


def test_a_store_that_cannot_be_saved_says_so_in_portuguese(tmp_path, language):
    language("pt-BR")
    store = open_store(_blocked(tmp_path))
    assert store.notice.startswith("O progresso não será salvo: a pasta ")
    assert "TOOLTUTOR_HOME" in store.notice
    assert "Progress will not be saved" not in store.notice


def test_and_in_english_as_it_always_read(tmp_path, language):
    language("en")
    store = open_store(_blocked(tmp_path))
    assert store.notice.startswith("Progress will not be saved: the folder ")
    assert store.notice.endswith("Set TOOLTUTOR_HOME to a folder you can write to.")
