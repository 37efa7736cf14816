"""The terminal UI in pt-BR, on the small fixture course (so the pictures do not change when
the real lessons do): snapshots at 80x24, and what is marked as not translated.

Regenerate after a deliberate change, once you have looked at the new pictures:
    pytest tests/i18n/test_tui_i18n.py --snapshot-update
"""

from __future__ import annotations

import pytest
from i18n_helpers import FIXTURE

from tooltutor.course import load_course
from tooltutor.progress import open_store

SIZE = (80, 24)


@pytest.fixture
def make_app():
    """`make_app(lang)` -> a TutorApp on the fixture course in `lang`."""
    from tooltutor.tui.app import TutorApp

    stores = []

    def make(lang="pt-BR"):
        store = open_store()
        stores.append(store)
        return TutorApp(load_course(FIXTURE, lang), store, unicode=True, cursor_blink=False)

    yield make
    for store in stores:
        store.close()


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def test_course_map_in_portuguese(snap_compare, make_app):
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_partly_translated_lesson_in_portuguese(snap_compare, make_app):
    async def open_lesson(pilot):
        pilot.app.open_lesson("round-trip", 0)
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=open_lesson)


def test_partly_translated_exercise_in_portuguese(snap_compare, make_app):
    async def open_exercise(pilot):
        pilot.app.open_exercise("write-tool-result")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=open_exercise)


async def test_the_map_tags_only_what_is_not_fully_translated(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "2. A ida e volta de uma chamada de ferramenta EN" in text
        row = next(line for line in text.splitlines() if "1. Por que agentes" in line)
        assert row.rstrip().endswith("1. Por que agentes precisam de ferramentas"), row
        assert "Escolha o pedido que precisa de uma ferramenta EN" not in text
        assert "Escreva a requisição que leva o resultado da ferramenta EN" in text
        assert "c Continuar" in text and "f1 Ajuda" in text and "q Sair" in text
        assert "✔ resolvido" in text


async def test_lesson_and_exercise_screens_say_what_is_not_translated(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_lesson("why-tools", 0)
        await pilot.pause()
        assert "não foram traduzidas" not in screen_text(app)
        await pilot.press("escape")
        app.open_lesson("round-trip", 0)
        await pilot.pause()
        text = screen_text(app)
        assert "Partes desta lição ainda não foram traduzidas." in text
        assert "Lição 2: A ida e volta de uma chamada de ferramenta [EN]" in text
        assert "página 1 de 4" in text and "Próxima ▶" in text
        await pilot.press("right", "right")  # the section left in English
        await pilot.pause()
        assert "Draw it as a diagram" in screen_text(app)
        app.open_exercise("write-tool-result", on_top=True)
        await pilot.pause()
        text = screen_text(app)
        assert "Partes deste exercício ainda não foram traduzidas." in text
        assert "Verificar ^R" in text and "O que é verificado" in text


async def test_help_lists_the_keys_in_portuguese(make_app):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        assert "Teclas desta tela" in text
        assert "Retoma onde você parou: aquela página de lição ou aquele exercício." in text
        assert "Em qualquer tela:" in text


async def test_an_english_app_after_a_portuguese_one_is_english(make_app):
    make_app("pt-BR")
    app = make_app("en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Continue: Lesson 1, page 1" in text and "f1 Help" in text
        assert " EN" not in text


async def test_the_palette_speaks_portuguese_too(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Tema" in titles and "Sair" in titles and "Theme" not in titles
        from tooltutor.tui.palette import CourseCommands

        provider = CourseCommands(app.screen)
        texts = [text for text, *_ in provider._targets()]
        assert texts[0] == "Continuar: Lição 1, página 1"
        assert "Lição 2: A ida e volta de uma chamada de ferramenta" in texts
        assert "Exercício: Escolha o pedido que precisa de uma ferramenta" in texts
