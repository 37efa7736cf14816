"""`check`, `watch` and the TUI's Check submit an answer the same way (`tooltutor.submit`):
on the same answers to the same untrusted course, with a damaged progress file, each asks
the trust question once, saves the draft, records each attempt and tells the learner of
the store's fault once."""

from __future__ import annotations

import io
import os
import sys

import pytest
from tui_helpers import finish_checks, wait_until

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "course"))
from minimal import write_course  # noqa: E402

from tooltutor import trust  # noqa: E402
from tooltutor.course import load_course  # noqa: E402
from tooltutor.progress import open_store  # noqa: E402

ANSWERS = ["[1]\n", "[]\n"]  # a wrong answer saved first, then the right one


@pytest.fixture
def setting(tmp_path, home, monkeypatch):
    """An untrusted course (it has a `checks/` folder), a damaged progress file, and a
    count of the trust questions put."""
    pack = write_course(tmp_path / "pack", checks__notes_txt="the author's notes\n")
    home.mkdir(parents=True, exist_ok=True)
    (home / "progress.db").write_bytes(b"not a database " * 200)
    asked = []
    question = trust.question

    def counted(course):
        asked.append(course.id)
        return question(course)

    monkeypatch.setattr(trust, "question", counted)
    return load_course(pack), asked


def _outcome(course, home):
    store = open_store(home / "progress.db", course=course)
    try:
        attempts = [a.passed for a in store.attempts(course.id, "first")]
        draft = store.load_draft(course.id, "first")
        return attempts, draft.text if draft else None
    finally:
        store.close()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_check(setting, home, tmp_path, monkeypatch, capsys):
    from tooltutor.cli import main

    course, asked = setting
    monkeypatch.setattr(trust, "_ask_on_terminal", lambda text: True)  # the learner says yes
    monkeypatch.setattr(sys, "stdin", _Terminal())
    work = tmp_path / "work"
    answer = work / "basics" / "first.json"
    answer.parent.mkdir(parents=True)
    said = ""
    for text in ANSWERS:
        answer.write_text(text)
        monkeypatch.setattr(sys, "stderr", _Terminal())
        main(["--course", str(course.root), "check", "first", "--dir", str(work)])
        said += capsys.readouterr().out
    assert len(asked) == 1
    assert _outcome(course, home) == ([False, True], "[]\n")
    assert said.count("note: ") == 1 and "progress" in said.split("note: ")[1]


def test_watch(setting, home, tmp_path):
    from tooltutor.watch import WatchSession
    from tooltutor.workdir import exercise_file

    course, asked = setting
    trust.ensure_trusted(course, ask=lambda text: True)  # as `watch` asks when it starts
    out = io.StringIO()
    session = WatchSession(course, course.exercise("first"), tmp_path, open_store(), out=out)
    path = exercise_file(tmp_path, session.exercise)
    path.parent.mkdir(parents=True)
    for text in ANSWERS:
        path.write_text(text)
        session.check()
    session.store.close()
    assert len(asked) == 1
    assert _outcome(course, home) == ([False, True], "[]\n")
    said = out.getvalue()
    assert said.count("note: ") == 1 and "progress" in said.split("note: ")[1]


async def test_the_tui(setting, home, make_app):
    from tooltutor.tui.dialogs.confirm_trust import ConfirmTrust

    course, asked = setting
    app = make_app(course)
    told = []
    notify = app.notify
    app.notify = lambda message, **options: (told.append(message), notify(message, **options))
    async with app.run_test(size=(100, 30)) as pilot:
        app.open_exercise("first")
        await pilot.pause()
        screen = app.screen
        for text in ANSWERS:
            screen.query_one("#editor").load_text(text)
            await pilot.press("ctrl+r")
            # the question comes from the checking thread
            await wait_until(
                pilot, lambda: isinstance(app.screen, ConfirmTrust) or not screen.checking
            )
            if isinstance(app.screen, ConfirmTrust):
                await pilot.press("y")
            await finish_checks(pilot)
        told += screen.notices
        app.store.close()
    assert len(asked) == 1
    assert _outcome(course, home) == ([False, True], "[]\n")
    assert sum("progress" in m.lower() and "moved" in m.lower() for m in told) == 1, told
