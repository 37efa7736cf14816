"""The terminal UI in Russian, on the fixture course with the Russian overlays of
`fixture_ru/` laid over it: snapshots of the main screens at 80x24 and 120x40 (Russian
words are longer: the footer, the buttons, the map and the results pane must still say
what they mean), and the words a learner reads.

Regenerate after a deliberate change, once you have looked at the new pictures:
    pytest tests/i18n/test_tui_russian.py --snapshot-update
"""

from __future__ import annotations

import shutil

import pytest
from i18n_helpers import FIXTURE, HERE, replace_in

from tooltutor.course import load_course
from tooltutor.progress import open_store

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}
#: a wrong answer: the assistant turn left out
WRONG = '[{"role": "user", "content": "What\'s the weather in Lisboa right now?"}]'


@pytest.fixture(scope="module")
def russian_course(tmp_path_factory):
    """A copy of the fixture course offered in Russian too, with its Russian overlays."""
    root = tmp_path_factory.mktemp("russian") / "course"
    shutil.copytree(FIXTURE, root)
    shutil.copytree(HERE / "fixture_ru", root, dirs_exist_ok=True)
    (root / "README.md").unlink()
    replace_in(root / "course.yaml", "languages: [en, pt-BR]", "languages: [en, pt-BR, ru]")
    return root


@pytest.fixture
def make_app(russian_course):
    """`make_app()` -> a TutorApp on the Russian course, in Russian."""
    from tooltutor.tui.app import TutorApp

    stores = []

    def make(lang="ru"):
        store = open_store()
        stores.append(store)
        course = load_course(russian_course, lang)
        assert course.lang == lang and not course.errors, course.problems
        return TutorApp(course, store, unicode=True, cursor_blink=False)

    yield make
    for store in stores:
        store.close()


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def _open_lesson(pilot):
    pilot.app.open_lesson("round-trip", 0)
    await pilot.pause()


async def _open_exercise(pilot):
    pilot.app.open_exercise("write-tool-result")
    await pilot.pause()
    await pilot.pause()  # the footer follows the focus a frame later


async def _check_a_wrong_answer(pilot):
    await _open_exercise(pilot)
    from textual.widgets import TextArea

    pilot.app.screen.query_one(TextArea).text = WRONG
    await pilot.press("ctrl+r")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press("escape")  # out of the editor: the screen's own keys show
    await pilot.pause()


async def _open_help(pilot):
    await _open_exercise(pilot)
    await pilot.press("escape", "f1")
    await pilot.pause()


SCREENS = {
    "map": None,
    "lesson": _open_lesson,
    "exercise": _open_exercise,
    "results": _check_a_wrong_answer,
    "help": _open_help,
}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_main_screens_in_russian(snap_compare, make_app, screen, size):
    assert snap_compare(make_app(), terminal_size=SIZES[size], run_before=SCREENS[screen])


# -- what the pictures show, in words ------------------------------------------------------


async def test_the_map_is_russian_and_marks_what_is_not_translated(make_app):
    app = make_app()
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Продолжить: Урок 1, страница 1" in text
        assert "1. Зачем агентам нужны инструменты  вопросы 0/1 · упражнения 0/1" in text
        assert "2. Полный цикл вызова инструмента EN" in text
        assert "Выберите запрос, которому нужен инструмент EN" not in text
        assert "✔ решено   ✘ начато, пока не решено   • не начато" in text
        assert "c Продолжить  f1 Справка  q Выход" in text


@pytest.mark.parametrize("size", sorted(SIZES))
async def test_the_footer_keeps_its_words_whole_at_each_size(make_app, size):
    """Every key the exercise screen's footer shows keeps its whole word: a label is cut
    at most at its end, never to a stub of a word (`Спра` for `Справка`)."""
    app = make_app()
    async with app.run_test(size=SIZES[size]) as pilot:
        await _open_exercise(pilot)
        footer = screen_text(app).splitlines()[-1]
        for words in ("esc Из редактора", "^r Проверить", "^t Задание", "^o Развернуть"):
            assert words in footer, footer
        assert "f1 Справка" in footer and "^p команды" in footer
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "^r Проверить" in footer and "esc Назад" in footer and "q Выход" in footer


async def test_the_results_pane_reads_in_russian(make_app):
    app = make_app()
    async with app.run_test(size=SIZES["120x40"]) as pilot:
        await _check_a_wrong_answer(pilot)
        text = screen_text(app)
        assert "Пока нет: выполнено критериев — 2 из 6." in text
        assert "Ожидалось сообщений: 3, с ролями user, assistant, user; у вас:" in text
        assert "✘ Три сообщения с ролями user, assistant, user" in text
        assert "Проверить ^R" in text and "Подсказка h" in text


async def test_the_lesson_screen_says_what_is_not_translated(make_app):
    app = make_app()
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await _open_lesson(pilot)
        text = screen_text(app)
        assert "Урок 2: Полный цикл вызова инструмента [EN]" in text
        assert "Часть этого урока пока не переведена." in text
        assert "страница 1 из 4" in text and "Далее ▶" in text and "◀ Назад" in text
        await pilot.press("right", "right")  # the section left in English
        await pilot.pause()
        assert "Draw it as a diagram" in screen_text(app)


async def test_help_lists_the_keys_in_russian(make_app):
    app = make_app()
    async with app.run_test(size=SIZES["120x40"]) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        assert "Клавиши этого экрана" in text
        assert "Вернуться туда, где вы остановились: к той странице урока или упражнению." in text
        assert "Везде:" in text


async def test_the_palette_speaks_russian(make_app):
    app = make_app()
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Тема" in titles and "Выход" in titles and "Theme" not in titles
        from tooltutor.tui.palette import CourseCommands

        texts = [text for text, *_ in CourseCommands(app.screen)._targets()]
        assert texts[0] == "Продолжить: Урок 1, страница 1"
        assert "Урок 2: Полный цикл вызова инструмента" in texts
        assert "Упражнение: Выберите запрос, которому нужен инструмент" in texts


async def test_an_english_app_after_a_russian_one_is_english(make_app):
    make_app("ru")
    app = make_app("en")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Continue: Lesson 1, page 1" in text and "f1 Help" in text
        assert "Урок" not in text
