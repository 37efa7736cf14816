"""The command line in a real terminal (tmux), at 80x24 and 120x40 (issue 17): a choice
exercise via `start` + `check`, `watch` (a screen per check, the result and the keys in
view, `n` to the next exercise) and `show` (wrapped, paged, code captions kept).

Skipped when tmux is not installed. Each test runs its own tmux server (`-L`), so a
learner's own tmux is never touched.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tooltutor.course import load_course

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

REPO = Path(__file__).resolve().parents[2]
SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
COURSE = load_course(None)


class Tmux:
    """One tmux server and session of a given size, running a shell in `cwd`."""

    def __init__(self, size: tuple[int, int], cwd: Path, home: Path) -> None:
        self.width, self.height = size
        self.runs = 0
        self.socket = f"tooltutor-test-{uuid.uuid4().hex[:8]}"
        env = {
            "TOOLTUTOR_HOME": str(home),
            "TERM": "xterm-256color",
            "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}",
            "PS1": "$ ",
            "LANG": "C.UTF-8",
        }
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"env -u NO_COLOR -u TOOLTUTOR_COURSE {exports} bash --norc --noprofile"
        self.tmux(
            "new-session", "-d", "-s", "t", "-x", str(self.width), "-y", str(self.height),
            "-c", str(cwd), shell,
        )  # fmt: skip
        self.tmux("set-option", "-g", "status", "off")
        self.tmux("resize-window", "-t", "t", "-x", str(self.width), "-y", str(self.height))

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            timeout=20,
        )
        return done.stdout

    def type(self, line: str) -> None:
        self.tmux("send-keys", "-t", "t", "-l", line)
        self.tmux("send-keys", "-t", "t", "Enter")

    def key(self, key: str) -> None:
        self.tmux("send-keys", "-t", "t", key)

    def screen(self, joined: bool = False) -> str:
        """What the pane shows (`joined`: lines the terminal wrapped, joined again)."""
        return self.tmux("capture-pane", "-p", "-t", "t", *(["-J"] if joined else []))

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            if text in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{self.screen()}")

    def run(self, command: str, timeout: float = 60) -> tuple[int, str]:
        """Type `command` at the shell; (its exit code, the screen once it has ended)."""
        self.runs += 1  # each command's own end mark: an earlier one may still be shown
        self.type(f'{command}; echo "EXIT-$?-END{self.runs}"')
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            shown = self.screen()
            found = re.search(rf"EXIT-(\d+)-END{self.runs}\b", shown)
            if found:
                return int(found.group(1)), shown
            time.sleep(0.1)
        raise AssertionError(f"{command!r} never ended:\n{self.screen()}")

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def terminal(tmp_path, request):
    made = []

    def make(size):
        term = Tmux(size, tmp_path, tmp_path / "home")
        made.append(term)
        return term

    yield make
    for term in made:
        term.close()


def _prompt_again(term: Tmux) -> None:
    """Wait for the shell's prompt: the program ended and gave the terminal back."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        lines = term.screen().rstrip().splitlines()
        if lines and lines[-1] == "$":
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"no prompt after the program:\n{term.screen()}")


def _nothing_wider_than_the_terminal(term: Tmux) -> None:
    """No line of what is shown was wrapped by the terminal: the program wrapped it."""
    rows = term.screen(joined=True).splitlines()
    wide = [row for row in rows if len(row.rstrip()) > term.width]
    assert not wide, "\n".join(wide)


@pytest.mark.parametrize("size", SIZES)
def test_a_choice_exercise_via_start_and_check(terminal, tmp_path, size):
    term = terminal(size)
    code, _ = term.run("tooltutor start did-anything-happen > /dev/null")
    assert code == 0
    path = tmp_path / "tooltutor-work/why-tools/did-anything-happen.txt"
    assert path.exists()
    code, shown = term.run("clear; tooltutor check")
    assert code == 1 and "FAIL: 0 of 1 criterion met." in shown
    term.run("echo '7, 13' >> " + shlex.quote(str(path)))
    code, shown = term.run("clear; tooltutor check")
    assert code == 0 and "PASS: the one criterion is met." in shown
    assert "tooltutor next" in shown
    _nothing_wider_than_the_terminal(term)


@pytest.mark.parametrize("size", SIZES)
def test_watch_in_a_terminal(terminal, tmp_path, size):
    term = terminal(size)
    term.type("tooltutor start did-anything-happen > /dev/null && tooltutor watch")
    shown = term.wait_for("[r] check")  # it checked once at the start
    lines = shown.rstrip().splitlines()
    assert lines[-1].startswith("[r] check"), shown  # the keys are in view, at the bottom
    assert "FAIL: 0 of 1 criterion met." in shown  # the compact result too, at 80x24
    assert "Progress:" in shown
    _nothing_wider_than_the_terminal(term)
    path = tmp_path / "tooltutor-work/why-tools/did-anything-happen.txt"
    with path.open("a") as f:
        f.write("7, 13\n")
    shown = term.wait_for("Press [n] for the next exercise.")  # drawn after the result
    assert "PASS: the one criterion is met." in shown
    assert "FAIL:" not in shown  # a screen of its own for each check
    term.key("n")
    order = [ex.id for lesson in COURSE.lessons for ex in lesson.exercise_items]
    following = order[order.index("did-anything-happen") + 1]
    target = COURSE.exercise(following)
    term.wait_for(f"{following}{target.file_suffix}; save it to check it.")
    term.wait_for("[r] check")
    term.key("f")  # the full list, and back
    term.key("f")
    term.key("q")
    _prompt_again(term)


@pytest.mark.parametrize("size", SIZES)
def test_show_pages_a_long_lesson_wrapped_with_its_captions(terminal, size):
    term = terminal(size)
    term.type("clear; tooltutor show round-trip")
    shown = term.wait_for("Lesson 2 of 6")
    assert "(json) Request 1, from your code to the Messages API" in shown
    time.sleep(0.5)
    assert term.screen().rstrip().splitlines()[-1].startswith(":")  # less holds it
    _nothing_wider_than_the_terminal(term)
    term.key("/")
    term.type("Response 1, from")  # less: search for the caption the prose refers to
    term.wait_for("(json) Response 1, from the API back to your code")
    _nothing_wider_than_the_terminal(term)
    term.key("q")
    _prompt_again(term)


@pytest.mark.parametrize("size", SIZES)
def test_show_no_pager_and_piped(terminal, size):
    term = terminal(size)
    code, shown = term.run("clear; tooltutor show 1 --no-pager | tail -n 2")
    assert code == 0 and "tooltutor check" in shown
    code, shown = term.run("clear; tooltutor show 1 --no-pager > /dev/null")
    assert code == 0
