"""Two TUIs on one home, driven with Textual's Pilot (issue 15, item 4): the one that saves
second does not overwrite the other's draft; it says so in one notification, and what its
learner typed is kept as a conflict copy."""

from __future__ import annotations

from reliability_helpers import FIXTURE_COURSE

from tooltutor.course import load_course
from tooltutor.progress import open_store


async def test_a_second_tui_is_told_and_neither_draft_is_lost(home):
    from tooltutor.tui.app import TutorApp
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    course = load_course(FIXTURE_COURSE)
    other = open_store(course=course)  # the first TUI (or watch), in another terminal
    other.load_draft(course.id, "write-tool-result")
    store = open_store()
    app = TutorApp(course, store, unicode=True, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_exercise("write-tool-result")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        # The other TUI saves its draft after this one opened the exercise.
        assert other.save_draft(course.id, "write-tool-result", "[1] from the other") is None
        editor.move_cursor(editor.document.end)
        await pilot.press(*" mine")
        await pilot.pause(1.3)  # the autosave runs and meets the newer draft
        notes = app.screen.notices  # the exercise screen's notice line, not a toast
        told = [n for n in notes if "conflict copy" in n]
        assert len(told) == 1, notes
        assert "was saved by another tooltutor" in told[0] and "\n" not in told[0]
        await pilot.press(*" more")
        await pilot.pause(1.3)
        assert len([n for n in app.screen.notices if "conflict copy" in n]) == 1
        typed = editor.text
        assert typed.endswith(" mine more")
        await pilot.press("escape", "escape")  # leave: the draft is flushed once more
        await pilot.pause()
    store.close()
    # The other TUI's draft is intact, and this one's text is there to get back.
    assert other.load_draft(course.id, "write-tool-result").text == "[1] from the other"
    assert [d.text for d in other.draft_conflicts(course.id, "write-tool-result")] == [typed]
    other.close()


async def test_a_single_tui_never_meets_a_conflict(home):
    from tooltutor.tui.app import TutorApp
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    course = load_course(FIXTURE_COURSE)
    store = open_store()
    store.save_draft(course.id, "write-tool-result", "[1]")
    app = TutorApp(course, store, unicode=True, cursor_blink=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for round_ in range(2):  # open, type, leave; open again, type, leave
            app.open_exercise("write-tool-result")
            await pilot.pause()
            editor = app.screen.query_one(AnswerEditor)
            editor.move_cursor(editor.document.end)
            await pilot.press(*f" {round_}")
            await pilot.pause(1.3)
            assert not [n for n in app.screen.notices if "conflict" in n]
            await pilot.press("escape", "escape")
            await pilot.pause()
        assert not [n for n in app._notifications if "conflict" in str(n.message)]
    assert store.load_draft(course.id, "write-tool-result").text == "[1] 0 1"
    assert store.draft_conflicts(course.id, "write-tool-result") == []
    store.close()
