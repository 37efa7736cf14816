"""`tooltutor progress [--json]` and `tooltutor reset EXERCISE | --all [--yes]`.

The course is a small fake with the interface of `tooltutor.course` (monkeypatched in as
`load_course`), so these tests do not depend on the bundled course's contents.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from dataclasses import dataclass, field

import pytest

import tooltutor.course
from tooltutor.commands import progress as progress_cmd
from tooltutor.commands import reset as reset_cmd
from tooltutor.errors import UserError
from tooltutor.progress import open_store

CID = "fake-course"


@dataclass
class Ex:
    id: str
    title: str
    lesson: str
    kind: str = "json"
    level: int = 1

    @property
    def lesson_id(self) -> str:
        return self.lesson


@dataclass
class Lesson:
    id: str
    number: int
    title: str
    exercise_items: list[Ex]
    checks: list[dict] = field(default_factory=list)

    @property
    def exercises(self) -> list[str]:
        return [e.id for e in self.exercise_items]


@dataclass
class Course:
    lessons: list[Lesson]
    id: str = CID
    title: str = "A fake course"
    problems: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    lang: str = "en"
    languages: list = field(default_factory=lambda: ["en"])

    @property
    def lesson_order(self) -> list[str]:
        return [lesson.id for lesson in self.lessons]

    @property
    def exercises(self) -> dict[str, Ex]:
        return {e.id: e for lesson in self.lessons for e in lesson.exercise_items}

    def exercise(self, exercise_id: str) -> Ex | None:
        return self.exercises.get(exercise_id)


def fake_course() -> Course:
    return Course(
        lessons=[
            Lesson(
                "round-trip",
                1,
                "The round trip",
                [
                    Ex("write-tool-result", "Write the tool result", "round-trip"),
                    Ex("resend-assistant-turn", "Resend the turn", "round-trip"),
                ],
                checks=[{"id": "q1"}, {"id": "q2"}],
            ),
            Lesson(
                "parallel",
                2,
                "Parallel calls " + "with a very long title " * 5,
                [Ex("parallel-results", "Answer two calls", "parallel")],
            ),
        ]
    )


@pytest.fixture(autouse=True)
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(tooltutor.course, "load_course", lambda *args, **kwargs: fake_course())


def cli(argv: list[str], capsys) -> tuple[int, str, str]:
    """Parse and run one of our subcommands the way `tooltutor.cli.main` does."""
    parser = argparse.ArgumentParser(prog="tooltutor")
    parser.add_argument("--course", default=None)
    sub = parser.add_subparsers(dest="command")
    progress_cmd.add_parser(sub.add_parser("progress"))
    reset_cmd.add_parser(sub.add_parser("reset"))
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except UserError as exc:
        print(f"tooltutor: {exc}", file=sys.stderr)
        code = exc.exit_code
    out, err = capsys.readouterr()
    return code, out, err


def record(passed: bool, exercise: str = "write-tool-result") -> None:
    with open_store() as s:
        s.record_attempt(
            CID,
            exercise,
            passed=passed,
            criteria_passed=1,
            criteria_total=2,
            submission="{}",
            lesson_id="round-trip",
        )


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


# --------------------------------------------------------------------------- progress


def seed() -> None:
    record(False)
    record(True)
    record(False, "resend-assistant-turn")
    with open_store() as s:
        s.reveal_hint(CID, "write-tool-result", 1)
        s.reveal_hint(CID, "parallel-results", 0)
        s.mark_solution_viewed(CID, "resend-assistant-turn")
        s.answer_check(CID, "round-trip", "q1", 0, True)
        s.answer_check(CID, "round-trip", "gone", 0, True)  # a check the course dropped
        s.record_attempt(  # progress on an exercise the course no longer has
            CID, "removed", passed=True, criteria_passed=1, criteria_total=1, submission=""
        )


def test_progress_json_export(capsys):
    seed()
    code, out, err = cli(["progress", "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["course"] == {"id": CID, "title": "A fake course"}
    lesson1, lesson2 = data["lessons"]
    assert lesson1["id"] == "round-trip"
    assert (lesson1["number"], lesson1["title"]) == (1, "The round trip")
    assert lesson1["exercises"] == [
        {
            "id": "write-tool-result",
            "status": "passed",
            "attempts": 2,
            "hints_used": 2,
            "solution_viewed": False,
        },
        {
            "id": "resend-assistant-turn",
            "status": "attempted",
            "attempts": 1,
            "hints_used": 0,
            "solution_viewed": True,
        },
    ]
    assert (lesson1["done"], lesson1["total"]) == (1, 2)
    assert (lesson1["checks_answered"], lesson1["checks_total"]) == (1, 2)
    assert lesson2["exercises"] == [
        {
            "id": "parallel-results",
            "status": "new",
            "attempts": 0,
            "hints_used": 1,
            "solution_viewed": False,
        }
    ]
    assert data["totals"] == {
        "exercises": 3,
        "passed": 1,
        "attempted": 1,
        "new": 1,
        "attempts": 3,
        "hints_used": 3,
        "solutions_viewed": 1,
        "checks_answered": 1,
        "checks_total": 2,
    }
    assert data["store"]["persistent"] is True


def test_progress_text_fits_80_columns(capsys):
    seed()
    code, out, _ = cli(["progress"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"A fake course ({CID})"
    assert all(len(line) <= 80 for line in lines), out
    row1 = next(line for line in lines if line.strip().startswith("1 "))
    assert row1.split()[:4] == ["1", "1/2", "1", "2"]  # number, done, attempted, hints
    assert "The round trip" in row1
    assert "Done: 1 of 3 exercises (1 attempted), 3 hints used, 1 solution viewed." in out
    assert "Questions answered: 1 of 2." in out


def test_progress_on_a_fresh_store(capsys):
    code, out, _ = cli(["progress", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["totals"]["new"] == 3 and data["totals"]["passed"] == 0


def test_progress_says_when_it_cannot_save(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("TOOLTUTOR_HOME", str(blocker / "sub"))
    code, out, err = cli(["progress", "--json"], capsys)
    assert code == 0
    assert json.loads(out)["store"]["persistent"] is False  # stdout stays pure JSON
    assert "will not be saved" in err
    code, out, err = cli(["progress"], capsys)
    assert "not being saved" in out and "will not be saved" in err


def test_progress_through_the_real_cli(capsys):
    from tooltutor.cli import main

    seed()
    assert main(["progress", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"]["passed"] == 1


# --------------------------------------------------------------------------- reset


def statuses() -> dict[str, str]:
    with open_store() as s:
        return s.statuses(CID)


def test_reset_with_yes_forgets_one_exercise(capsys):
    seed()
    code, out, _ = cli(["reset", "write-tool-result", "--yes"], capsys)
    assert code == 0
    assert "Forgot all progress on write-tool-result" in out
    assert statuses() == {"resend-assistant-turn": "attempted", "removed": "passed"}
    with open_store() as s:
        assert s.hints_revealed(CID, "write-tool-result") == 0


def test_reset_asks_and_yes_resets(monkeypatch, capsys):
    seed()
    monkeypatch.setattr("sys.stdin", Tty("y\n"))
    code, out, err = cli(["reset", "write-tool-result"], capsys)
    assert code == 0
    assert "Forget all progress on write-tool-result (Write the tool result)? [y/N]" in err
    assert "write-tool-result" not in statuses()


@pytest.mark.parametrize("answer", ["n\n", "\n", "", "maybe\n"])
def test_reset_asks_and_anything_but_yes_keeps(monkeypatch, capsys, answer):
    seed()
    monkeypatch.setattr("sys.stdin", Tty(answer))
    code, out, _ = cli(["reset", "write-tool-result"], capsys)
    assert code == 1
    assert "Nothing was reset." in out
    assert statuses()["write-tool-result"] == "passed"


def test_reset_without_a_terminal_refuses_unless_yes(monkeypatch, capsys):
    seed()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # piped: not a terminal
    code, _, err = cli(["reset", "--all"], capsys)
    assert code == 2
    assert "--yes" in err
    assert statuses()["write-tool-result"] == "passed"


def test_reset_all(capsys):
    seed()
    record(True, "elsewhere")
    with open_store() as s:
        s.record_attempt(
            "other-course", "x", passed=True, criteria_passed=1, criteria_total=1, submission=""
        )
    code, out, _ = cli(["reset", "--all", "-y"], capsys)
    assert code == 0 and "whole course A fake course" in out
    assert statuses() == {}
    with open_store() as s:
        assert s.statuses("other-course") == {"x": "passed"}  # other courses untouched


def test_reset_unknown_exercise_lists_close_matches(capsys):
    code, _, err = cli(["reset", "write-tool-reslt", "--yes"], capsys)
    assert code == 2
    assert "no exercise 'write-tool-reslt'" in err
    assert "did you mean write-tool-result" in err
    code, _, err = cli(["reset", "parallel", "--yes"], capsys)
    assert code == 2 and "parallel-results" in err  # a part of an id matches too
    code, _, err = cli(["reset", "zzzz", "--yes"], capsys)
    assert code == 2 and "did you mean" not in err and "tooltutor list" in err


def test_reset_an_exercise_the_course_no_longer_has(capsys):
    seed()
    code, _, _ = cli(["reset", "removed", "--yes"], capsys)
    assert code == 0
    assert "removed" not in statuses()


@pytest.mark.parametrize("argv", [["reset"], ["reset", "write-tool-result", "--all"]])
def test_reset_needs_exactly_one_target(capsys, argv):
    code, _, err = cli([*argv, "--yes"], capsys)
    assert code == 2 and "--all" in err


def test_reset_when_progress_is_not_saved(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("TOOLTUTOR_HOME", str(blocker / "sub"))
    code, _, err = cli(["reset", "--all", "--yes"], capsys)
    assert code == 2
    assert "will not be saved" in err and "nothing was reset" in err
