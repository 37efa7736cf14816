"""The terminal UI in a real terminal: tooltutor run inside tmux at 80x24 and 120x40,
driven with keys as a learner types them, and read back from the screen.

Skipped when tmux is not installed (`apt-get install tmux`). Each test runs its own tmux
server (a socket in the test's folder) and its own progress folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tui_helpers import no_spoiler_course

from tooltutor.course import load_course
from tooltutor.progress import open_store

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 30), id="100x30"),
    pytest.param((120, 40), id="120x40"),
]


class Terminal:
    """tooltutor in a tmux pane of a given size."""

    def __init__(self, tmp_path: Path, home: Path, size: tuple[int, int], course: Path | None):
        self.socket = str(tmp_path / "tmux.sock")
        self.size = size
        self.home = home
        self.course = course
        self.runs = 0

    def tmux(self, *args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run(
            [TMUX, "-S", self.socket, "-f", os.devnull, *args],
            check=False,
            capture_output=True,
            text=True,
            **kw,
        )

    def start(self) -> None:
        """Start tooltutor (again) in a new session."""
        self.runs += 1
        self.name = f"tt{self.runs}"
        command = [sys.executable, "-m", "tooltutor"]
        if self.course is not None:
            command += ["--course", str(self.course), "--trust"]
        env = {
            "TOOLTUTOR_HOME": str(self.home),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "COLORTERM": "truecolor",
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(self.home),
        }
        width, height = self.size
        shell = "env -i " + " ".join(f"{k}='{v}'" for k, v in env.items())
        shell += " " + " ".join(f"'{part}'" for part in command)
        result = self.tmux(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(width),
            "-y",
            str(height),
            shell,
            ";",
            "set-option",
            "-g",
            "status",
            "off",
        )
        assert result.returncode == 0, result.stderr

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name).stdout

    def wait_for(self, *texts: str, timeout: float = 30) -> str:
        """The screen once it shows every one of `texts`."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if all(text in screen for text in texts):
                time.sleep(0.3)  # let the frame finish drawing
                return self.screen()
            time.sleep(0.2)
        raise AssertionError(f"never showed {texts!r}; the screen was:\n{screen}")

    def keys(self, *keys: str) -> None:
        """Press keys one at a time, as a person does (tmux names: C-t, Escape, Down)."""
        for key in keys:
            self.tmux("send-keys", "-t", self.name, key)
            time.sleep(0.35)

    def paste(self, text: str) -> None:
        """Paste `text` as a terminal does (bracketed paste)."""
        self.tmux("load-buffer", "-b", "answer", "-", input=text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "answer", "-t", self.name)
        time.sleep(0.5)

    def wait_exit(self, timeout: float = 15) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.tmux("has-session", "-t", self.name).returncode != 0:
                return
            time.sleep(0.2)
        raise AssertionError("tooltutor did not quit")

    def close(self) -> None:
        self.tmux("kill-server")


@pytest.fixture
def terminal(tmp_path, home):
    made = []

    def make(size, course: Path | None = None) -> Terminal:
        term = Terminal(tmp_path, home, size, course)
        made.append(term)
        return term

    yield make
    for term in made:
        term.close()


def remember_exercise(home: Path, course_dir: Path | None, exercise_id: str) -> None:
    """Leave the learner "last in" an exercise, so `c` on the map opens it."""
    course = load_course(course_dir)
    os.environ["TOOLTUTOR_HOME"] = str(home)
    store = open_store(course=course)
    try:
        exercise = course.exercise(exercise_id)
        store.set_position(course.id, exercise.lesson, exercise_id=exercise_id)
    finally:
        store.close()


@pytest.mark.parametrize("size", SIZES)
def test_write_tool_result_with_the_model_reply_in_view(terminal, home, size):
    remember_exercise(home, None, "write-tool-result")
    term = terminal(size)
    term.start()
    term.wait_for("Continue: Lesson 2 exercise")
    term.keys("c")
    # The reply to answer is in view as the exercise opens, beside or over the editor.
    reply = ('"id": "toolu_01LxWeather7731"', '"name": "get_weather"', '"input": {"city"')
    term.wait_for("Write the request that carries", "Check ^R", "1  [", *reply, timeout=10)
    term.keys("C-t")  # Ctrl+T, from inside the editor, shows the whole task
    term.keys("PageDown")
    term.wait_for("JSON text")
    term.keys("C-t")  # back: the editor, the keyboard still in it
    term.wait_for("1  [", "Check ^R", "esc Leave editor")


@pytest.mark.parametrize("size", SIZES)
def test_fix_round_trip_names_no_bug_before_the_first_check(terminal, home, tmp_path, size):
    course = no_spoiler_course(tmp_path / "c")
    remember_exercise(home, course, "fix-round-trip")
    term = terminal(size, course)
    term.start()
    term.wait_for("Continue:")
    term.keys("c")
    spoilers = ("tool_use turn is sent", "quotes the call's id", "carries the tools", "resent")
    screen = term.wait_for("Find the three bugs", "Check ^R")
    assert not [s for s in spoilers if s in screen], screen
    term.keys("C-r")
    screen = term.wait_for("criteria met", timeout=60)
    assert "Bug 1 of 3: not found yet" in screen
    assert not [s for s in spoilers if s in screen], screen


@pytest.mark.parametrize("size", SIZES)
def test_passing_an_exercise_and_going_on_with_one_key(terminal, home, size):
    course = load_course()
    remember_exercise(home, None, "write-tool-result")
    term = terminal(size)
    term.start()
    term.wait_for("Continue: Lesson 2 exercise")
    term.keys("c")
    term.wait_for("Check ^R", '"id": "toolu_01LxWeather7731"')
    time.sleep(1)  # a learner reads before typing (and a busy machine draws slowly)
    term.keys("F7")  # select all, then paste the answer over it
    term.paste(course.expand(course.exercise("write-tool-result").solution))
    term.keys("C-r")
    screen = term.wait_for("Passed", "Next (Ctrl+N)", timeout=60)
    assert "Why this works" in screen
    term.keys("C-n")
    term.wait_for("Find the three bugs in a round trip", "Check ^R")


@pytest.mark.parametrize("size", SIZES)
def test_quitting_in_lesson_two_and_resuming_there(terminal, size):
    term = terminal(size)
    term.start()
    term.wait_for("Continue: Lesson 1, page 1")
    term.keys("Down", "Down", "Down", "Down")  # lesson 1's three exercises, then lesson 2
    term.keys("Enter")
    term.wait_for("page 1 of")
    term.keys("Right")
    screen = term.wait_for("page 2 of")
    assert "round trip" in screen.lower()
    term.keys("q")
    term.wait_exit()
    term.start()
    term.wait_for("Continue: Lesson 2, page 2")
    term.keys("c")
    term.wait_for("page 2 of")


def _words_in(screen: str, text: str, count: int | None = 5) -> bool:
    """Whether the first `count` words of `text` (all of them: None) show on `screen`,
    however wrapped; side by side, in the pane on the right (what follows its border)."""
    rows = [row.rpartition("▕")[2] for row in screen.splitlines()]
    words = " ".join(" ".join(rows).replace("▌", " ").split())
    return " ".join(text.replace("`", "").split()[:count]) in words


def _wait_for_words(term: Terminal, *texts: str, timeout: float = 30) -> str:
    """The screen once every one of `texts` shows whole on it, however wrapped."""
    deadline = time.monotonic() + timeout
    while True:
        screen = term.screen()
        if all(_words_in(screen, text, None) for text in texts):
            return screen
        assert time.monotonic() < deadline, f"never showed {texts!r}:\n{screen}"
        time.sleep(0.2)


@pytest.mark.parametrize("size", SIZES)
def test_a_newcomer_reads_every_explanation_without_a_key_more(terminal, size):
    """Issue 29's walk: answer an inline check wrongly and read its explanation; open
    write-tool-result, see the model's call, make the tool-name-as-id mistake, check,
    and read that mistake's explanation. Only the keys a learner presses."""
    course = load_course()
    lesson = course.lessons[0]
    term = terminal(size)
    term.start()
    term.wait_for("Continue: Lesson 1, page 1")
    term.keys("c")
    term.wait_for("page 1 of")
    # Turn pages until one holds a check, as a reader does.
    check = None
    for number, section in enumerate(lesson.sections, 2):
        term.keys("Right")
        term.wait_for(f"page {number} of")
        checks = [block["check"] for block in section["blocks"] if "check" in block]
        if checks:
            check = checks[0]
            break
    assert check is not None, "Lesson 1 has no inline check"
    wrong = next(i for i, choice in enumerate(check["choices"]) if not choice["correct"])
    term.keys("Tab", *["Down"] * wrong, "Enter")  # to the choices, a wrong one, answer
    term.wait_for("Not quite.")
    _wait_for_words(term, check["choices"][wrong]["feedback"], timeout=5)  # in view
    # Back to the map, down to Lesson 2 (past Lesson 1's exercises), its exercise.
    term.keys("Escape")
    term.wait_for("Continue:")
    term.keys(*["Down"] * (len(lesson.exercise_items) + 1), "Enter")
    term.wait_for("page 1 of")
    term.keys("x")
    # The model's call is in view as the exercise opens.
    call = ('"id": "toolu_01LxWeather7731"', '"name": "get_weather"')
    term.wait_for("Write the request that carries the tool result", *call, timeout=15)
    mistake = next(
        w for w in course.exercise("write-tool-result").wrong_answers if "name used" in w["note"]
    )
    time.sleep(1)  # a learner reads before typing (and a busy machine draws slowly)
    term.keys("F7")  # select all, then the mistake over it (typed, here pasted)
    term.paste(mistake["answer"])
    term.keys("C-r")
    screen = _wait_for_words(
        term,
        "Not yet: 4 of 6 criteria met.",
        "The last message starts with a tool_result for toolu_01LxWeather7731",
        'tool_use_id is "get_weather", the tool\'s name. It must be the id of the call, '
        '"toolu_01LxWeather7731": results are matched to calls by id.',
        timeout=60,
    )
    assert "esc Leave editor" in screen  # the keyboard is still in the editor
