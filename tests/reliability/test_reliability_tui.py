"""The TUI under faults: learner code that never ends, a disk that stops taking writes, and
the TUI itself killed while a draft is being typed.

The first two drive the app with Textual's Pilot; the last runs the real `tooltutor` in a
pseudo-terminal (80x24, TERM=xterm-256color), types into an exercise as a learner would,
and kills the process with SIGKILL two seconds after the last keystroke.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import sqlite3
import struct
import sys
import termios
import time
from pathlib import Path

import pytest
from reliability_helpers import REPO
from slow_share import bounded

from tooltutor.course import load_course
from tooltutor.progress import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "course"))

from minimal import write_course  # noqa: E402

ENDLESS = "def handle_turn(client, user_text, tools, run_tool):\n    while True:\n        pass\n"


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


@pytest.fixture(scope="module")
def bundled():
    return load_course()


async def test_the_tui_stays_responsive_while_an_endless_loop_is_checked(bundled):
    from tooltutor.tui.app import TutorApp
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor
    from tooltutor.tui.widgets.exercise.hints import HintsPanel

    with open_store() as store:
        app = TutorApp(bundled, store, unicode=True, cursor_blink=False)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_exercise("fix-round-trip")
            await pilot.pause()
            screen = app.screen
            editor = screen.query_one(AnswerEditor)
            editor.load_text(ENDLESS)
            editor.move_cursor((2, 12))
            started = time.monotonic()
            await pilot.press("ctrl+r")
            await pilot.pause(0.5)
            assert screen.checking, "the check runs in the background"
            # While the learner's code loops in its child process, the screen answers keys.
            latencies = []
            for key in ("x", "y", "z"):
                before = time.monotonic()
                await pilot.press(key)
                await pilot.pause()
                latencies.append(time.monotonic() - before)
            assert "xyz" in editor.text, "typing goes on during the check"
            await pilot.press("escape", "h")  # leave the editor, reveal a hint
            await pilot.pause()
            assert screen.query_one(HintsPanel).revealed == 1
            await pilot.press("ctrl+r")  # a second check is refused with a note, not queued
            await pilot.pause()
            assert any("Still checking" in n for n in screen.notices)
            assert screen.checking, "all of that happened while the check ran"
            assert max(latencies) < 1.0, latencies
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.pause()
            elapsed = time.monotonic() - started
            assert not screen.checking
            summary = str(screen.query_one("#summary").render())
            assert "✘" in summary, summary
            assert 4.5 < elapsed < 12, elapsed  # stopped by the 5-second wall limit
            attempts = store.attempts(bundled.id, "fix-round-trip")
            assert len(attempts) == 1 and not attempts[0].passed


async def test_a_storage_fault_mid_session_is_told_and_typing_goes_on(home):
    from tooltutor.tui.app import TutorApp
    from tooltutor.tui.widgets.exercise.editor import AnswerEditor

    course = load_course(write_course(home.parent / "course"))
    store = open_store()
    store.save_draft(course.id, "first", "saved before the fault")
    app = TutorApp(course, store, unicode=True, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("first")
        await pilot.pause()
        editor = app.screen.query_one(AnswerEditor)
        assert editor.text == "saved before the fault"
        # The disk turns read-only under the running app.
        store._conn.close()
        store._conn = sqlite3.connect(
            f"file:{home / 'progress.db'}?mode=ro", uri=True, isolation_level=None,
            check_same_thread=False,
        )  # fmt: skip
        editor.move_cursor(editor.document.end)
        await pilot.press(*" and after")
        await pilot.pause(1.2)  # the autosave runs and meets the fault
        notes = [str(n.message) for n in app._notifications]
        assert any("can no longer be saved" in n for n in notes), notes
        await pilot.press(*" more")
        await pilot.pause(1.2)
        assert editor.text == "saved before the fault and after more"
        assert store.load_draft(course.id, "first").text == editor.text  # kept in memory
        await pilot.press("ctrl+r")  # checking still works
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "✘" in str(app.screen.query_one("#summary").render())
    store.close()
    with open_store() as fresh:  # what was committed before the fault is still there
        assert fresh.load_draft(course.id, "first").text == "saved before the fault"


# --------------------------------------------------------------------------- a real terminal


class Terminal:
    """`python -m tooltutor ARGS` in a pseudo-terminal of 80x24."""

    def __init__(self, args: list[str], home: Path):
        env = {
            **os.environ,
            "TOOLTUTOR_HOME": str(home),
            "TERM": "xterm-256color",
            "COLUMNS": "80",
            "LINES": "24",
            "PYTHONPATH": str(REPO),
        }
        env.pop("NO_COLOR", None)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the TUI on the pty
            try:
                os.execve(sys.executable, [sys.executable, "-m", "tooltutor", *args], env)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = bytearray()

    def read(self, until: bytes | None = None, timeout: float = 15.0) -> bool:
        """Read what the app draws for `timeout` seconds, or until `until` shows."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    return False
                self.output.extend(chunk)
                if until is not None and until in self.output:
                    return True
        return until is None

    def type(self, keys: str | bytes, pause: float = 0.03) -> None:
        for key in [keys] if isinstance(keys, bytes) else list(keys):
            os.write(self.fd, key if isinstance(key, bytes) else key.encode())
            self.read(timeout=pause)

    def kill(self) -> int:
        os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return status

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


DOWN, ENTER = b"\x1b[B", b"\r"


def draft_after_sigkill(tmp_path: Path, home: Path, typed: str, wait: float) -> str | None:
    """Open the one exercise of a tiny course in the real TUI, type `typed`, wait `wait`
    seconds after the last key, SIGKILL the TUI, and read the draft from the store."""
    root = write_course(tmp_path / "course")
    term = Terminal(["--course", str(root)], home)
    try:
        assert term.read(b"Basics"), bytes(term.output[-2000:])
        term.read(timeout=0.3)
        term.type(DOWN)  # from the lesson to its exercise
        term.type(ENTER)
        assert term.read(b"Check"), bytes(term.output[-2000:])  # the workspace is up
        term.read(timeout=0.3)
        term.type(typed)
        last_key = time.monotonic()
        term.read(timeout=wait)
        assert time.monotonic() - last_key < wait + 0.5
        status = term.kill()
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    finally:
        term.stop()
    with open_store() as store:
        assert store.persistent and store.notice is None
        draft = store.load_draft("tiny", "first")
        return draft.text if draft else None


def test_a_draft_survives_a_sigkill_two_seconds_after_the_last_keystroke(tmp_path, home):
    text = "draft typed in the real TUI"
    assert draft_after_sigkill(tmp_path, home, text, wait=2.0) == text


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(bounded(10)))
def test_a_draft_survives_a_sigkill_two_seconds_after_the_last_keystroke_rounds(
    tmp_path, home, round_
):
    text = f"round {round_}: " + "[{}], 'é' 日本 " * (round_ + 1)
    assert draft_after_sigkill(tmp_path, home, text, wait=2.0) == text


async def test_escape_sequences_in_course_text_and_drafts_never_reach_the_terminal(tmp_path):
    """Markup shows as typed; control characters are dropped before the terminal sees them."""
    import shutil

    from reliability_helpers import FIXTURE_COURSE, TERMINAL_CONTROLS

    from tooltutor.tui.app import TutorApp

    root = tmp_path / "course"
    shutil.copytree(FIXTURE_COURSE, root)
    hostile = '"\\e[2J\\e]0;retitled\\a\\x9b31m [bold red]x[/]"'
    for rel, line in [
        ("course.yaml", "title: Tool calling, a small course for screenshots"),
        ("lessons/01-why-tools.yaml", "title: Why agents need tools"),
        ("exercises/why-tools/01-pick-one.yaml", "prompt: Which request needs a tool? Tick it."),
    ]:
        path = root / rel
        key = line.split(":")[0]
        path.write_text(path.read_text(encoding="utf-8").replace(line, f"{key}: {hostile}"))
    course = load_course(root)
    assert "\x1b" in course.title and not course.problems
    with open_store() as store:
        store.save_draft(course.id, "write-tool-result", "[\x1b[2J\x9b31m [bold]x[/bold]]")
        app = TutorApp(course, store, unicode=True, cursor_blink=False)
        async with app.run_test(size=(100, 30)) as pilot:
            for open_screen in (
                lambda: None,
                lambda: app.open_lesson("why-tools"),
                lambda: app.open_exercise("pick-one"),
                lambda: app.open_exercise("write-tool-result"),
            ):
                open_screen()
                await pilot.pause()
                await pilot.pause()
                drawn = "".join(
                    segment.text
                    for strip in app.screen._compositor.render_strips()
                    for segment in strip
                )
                assert not [c for c in drawn if c in TERMINAL_CONTROLS], repr(drawn[:400])
                assert "[bold red]x[/]" in drawn or "[bold]x[/bold]" in drawn
