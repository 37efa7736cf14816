"""The list, show and validate commands, usage errors, and import hygiene."""

from __future__ import annotations

import json
import subprocess
import sys

from minimal import LESSON, write_course


def test_list_json_shape_from_another_folder(run, tmp_path):
    result = run("list", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    listing = json.loads(result.stdout)
    assert set(listing) == {"course", "lessons"}
    assert listing["course"]["id"] == "tool-calling-for-agents"
    assert [lesson["number"] for lesson in listing["lessons"]] == [1, 2, 3, 4, 5, 6]
    round_trip = listing["lessons"][1]
    assert round_trip["id"] == "round-trip"
    assert set(round_trip) == {"id", "number", "title", "checks", "exercises"}
    assert round_trip["checks"] == 4
    first = round_trip["exercises"][0]
    assert first == {
        "id": "write-tool-result",
        "title": first["title"],
        "kind": "json",
        "level": 1,
        "status": "new",
    }


def test_list_text_marks_status(run):
    result = run("list")
    assert result.returncode == 0, result.stderr
    assert "2. The complete round trip of a tool call" in result.stdout
    assert "[ ] write-tool-result" in result.stdout


def test_show_prints_plain_lesson_when_piped(run):
    result = run("show", "round-trip")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Lesson 2 of 6: The complete round trip of a tool call\n")
    assert "\x1b[" not in out, "no colour codes when piped"
    assert "[^S" not in out and "[S1]" in out, "footnote markers read as [S1]"
    assert "{{model}}" not in out and "claude-sonnet-5" in out
    assert "Sources" in out and "https://" in out
    assert "Answers to the checks" in out
    assert "│" in out, "the sequence diagram is drawn"


def test_show_by_number_and_unknown_lesson(run):
    assert run("show", "2").stdout.startswith("Lesson 2 of 6")
    result = run("show", "nope")
    assert result.returncode == 2
    assert result.stderr.startswith("tooltutor: no lesson 'nope' in this course")
    assert "Traceback" not in result.stderr


def test_validate_bundled_course_is_clean(run):
    result = run("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "valid:" in result.stdout


def test_validate_reports_every_problem_and_exits_1(run, tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=LESSON.replace("number: 1", "number: x"))
    result = run("validate", tmp_path)
    assert result.returncode == 1
    assert "lessons/01-basics.yaml:3:9: `number` should be a whole number, not text" in (
        result.stdout
    )


def test_course_option_and_environment_variable(run, tmp_path):
    write_course(tmp_path)
    by_option = run("--course", tmp_path, "list", "--json")
    by_env = run("list", "--json", extra_env={"TOOLTUTOR_COURSE": str(tmp_path)})
    for result in (by_option, by_env):
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["course"]["id"] == "tiny"


def test_usage_errors_are_one_line_exit_2(run):
    for args in (["frobnicate"], ["show"], ["list", "--bogus"]):
        result = run(*args)
        assert result.returncode == 2, args
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith("tooltutor")


def test_unreadable_course_is_exit_2_without_traceback(run, tmp_path):
    result = run("--course", tmp_path / "missing", "list")
    assert result.returncode == 2
    assert "no such course directory" in result.stderr
    assert "Traceback" not in result.stderr


def test_headless_commands_do_not_import_textual(tmp_path):
    code = (
        "import sys, io, contextlib\n"
        "from tooltutor.cli import main\n"
        "for argv in (['list'], ['show', 'round-trip'], ['lint', '-'],\n"
        "             ['check', 'write-tool-result', '-', '--no-record']):\n"
        "    sys.stdin = io.TextIOWrapper(io.BytesIO(b'[]'))\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        main(argv)\n"
        "heavy = [m for m in ('textual', 'jsonschema') if m in sys.modules]\n"
        "assert 'textual' not in sys.modules, heavy\n"
    )
    env_home = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"TOOLTUTOR_HOME": env_home, "PATH": "", "NO_COLOR": "1"},
    )
    assert result.returncode == 0, result.stderr
