"""The command line's part of issue 29: `check` names the hint command (not the TUI's
key), a problem said at ten places is told once, `watch`'s list fits a 30-row terminal,
and `lint --explain` of an unknown id points to what a pip install has."""

from __future__ import annotations

import io
import json

from tooltutor.course import load_course
from tooltutor.progress import open_store
from tooltutor.watch import WatchSession

COURSE = load_course(None)
TOOL_OR_NOT = "tooltutor-work/why-tools/tool-or-not.json"


def test_check_names_the_hint_command_not_a_key_of_the_tui(run, tmp_path):
    run("start", "tool-or-not", cwd=tmp_path)
    path = tmp_path / TOOL_OR_NOT
    exercise = COURSE.exercise("tool-or-not")
    answer = json.loads(exercise.solution)
    first = next(iter(answer))
    answer[first]["needs_tool"] = not answer[first]["needs_tool"]  # one verdict wrong
    answer[first]["reason"] = "none" if answer[first]["needs_tool"] is False else "fresh_data"
    path.write_text(json.dumps(answer, indent=2))
    checked = run("check", cwd=tmp_path)
    assert checked.returncode == 1
    assert "(h)" not in checked.stdout, checked.stdout
    assert "(tooltutor hint tool-or-not) gives the reason" in checked.stdout, checked.stdout


def test_the_untouched_starter_says_a_problem_once_not_ten_times(run, tmp_path):
    run("start", "tool-or-not", cwd=tmp_path)
    checked = run("check", cwd=tmp_path)
    assert checked.returncode == 1
    out = checked.stdout
    assert out.count("expected a boolean, found null") == 2, out  # the criterion, the problem
    assert "(the same at 9 more places: lines 3, 4, 5, 6, 7, 8, 9, 10, 11)" in out
    assert "\n1 error\n" in out


def test_watch_list_fits_a_thirty_row_terminal(tmp_path):
    store = open_store(tmp_path / "progress.sqlite3", course=COURSE)
    try:
        exercise = COURSE.exercise("write-tool-result")
        session = WatchSession(COURSE, exercise, tmp_path, store, out=io.StringIO())
        every = sum(len(lesson.exercise_items) for lesson in COURSE.lessons)
        tall = session.list_lines(None)  # a pipe: all of it
        assert len(tall) >= every + len(COURSE.lessons)
        for rows in (30, 24):  # the whole list has room under its top line
            assert len(session.list_lines(rows)) + 2 <= rows
        short = session.list_lines(20)
        assert short != tall
        text = "\n".join(short)
        assert "write-tool-result  <- you are here" in text  # its lesson in full
        assert "fix-round-trip" in text
        for lesson in COURSE.lessons:  # every lesson still has its line
            assert f"{lesson.number}. {lesson.title}" in text
        assert "tool-or-not" not in text  # the other lessons: their marks in a row
        assert "[ ][ ][ ]" in text
    finally:
        store.close()


def test_explain_of_an_unknown_rule_points_to_what_a_pip_install_has(run):
    close = run("lint", "--explain", "a-tool-result-orphn")
    assert close.returncode == 2
    assert "did you mean 'a-tool-result-orphan'?" in close.stderr
    assert "a-tool-result-missing" in close.stderr  # the rules of its family
    assert "docs/rules.md" not in close.stderr
    none = run("lint", "--explain", "no-such-rule")
    assert "docs/rules.md" not in none.stderr
    assert "a- (Claude Messages)" in none.stderr and "names its rule" in none.stderr
