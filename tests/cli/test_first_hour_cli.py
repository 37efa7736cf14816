"""The learner's first hour on the command line (issue 17): `start`, `check`, `hint` and
`next` on the current exercise, as rustlings users expect; "did you mean"; diagnostics
that name the learner's file at line:column; `reset` that offers the starter back; `show`
wrapped when piped."""

from __future__ import annotations

import re

import pytest

from tooltutor.course import load_course

COURSE = load_course(None)
CHOICE = COURSE.exercise("did-anything-happen")
CHOICE_FILE = "tooltutor-work/why-tools/did-anything-happen.txt"


def _statuses(run, cwd) -> dict:
    import json

    listing = json.loads(run("list", "--json", cwd=cwd).stdout)
    return {e["id"]: e["status"] for lesson in listing["lessons"] for e in lesson["exercises"]}


# --------------------------------------------------------------- a choice exercise


def test_a_choice_exercise_via_start_and_check(run, tmp_path):
    started = run("start", "did-anything-happen", cwd=tmp_path)
    assert started.returncode == 0, started.stderr
    path = tmp_path / CHOICE_FILE
    text = path.read_text()
    ids = [c["id"] for c in CHOICE.choices]
    # the example names the exercise's own option ids, not letters it does not have
    example = next(line for line in text.splitlines() if "e.g." in line)
    assert example.endswith(f"e.g. {ids[0]}, {ids[1]}"), example
    assert "a, c" not in text and " b " not in example
    # untouched: every line is a comment, so the answer is empty (not the comment words)
    empty = run("check", cwd=tmp_path)
    assert empty.returncode == 1
    assert '"did", "anything"' not in empty.stdout and "#" not in empty.stdout.split("FAIL")[0]
    path.write_text(text + CHOICE.solution + "\n")
    for args in ((), ("did-anything-happen",), (CHOICE_FILE,)):
        checked = run("check", *args, cwd=tmp_path)
        assert checked.returncode == 0, (args, checked.stdout, checked.stderr)
        assert "PASS: the one criterion is met." in checked.stdout
        assert "tooltutor next" in checked.stdout
    assert _statuses(run, tmp_path)["did-anything-happen"] == "passed"


def test_check_of_a_choice_file_with_a_wrong_answer_names_the_ids(run, tmp_path):
    run("start", "did-anything-happen", cwd=tmp_path)
    path = tmp_path / CHOICE_FILE
    path.write_text(path.read_text() + "1, 7\n")
    checked = run("check", cwd=tmp_path)
    assert checked.returncode == 1
    assert "FAIL: 0 of 1 criterion met." in checked.stdout
    assert '"#"' not in checked.stdout  # the comment lines are not read as answer words


def test_the_choice_draft_is_the_answer_alone_and_start_puts_the_options_back(run, tmp_path):
    run("start", "did-anything-happen", cwd=tmp_path)
    path = tmp_path / CHOICE_FILE
    path.write_text(path.read_text() + "7, 13\n")
    assert run("check", cwd=tmp_path).returncode == 0
    from tooltutor.progress import open_store

    store = open_store(tmp_path / "home" / "progress.db", course=COURSE)
    assert store.load_draft(COURSE.id, CHOICE.id).text == "7, 13"  # as the TUI keeps it
    store.close()
    path.unlink()
    assert run("start", cwd=tmp_path).returncode == 0  # the current exercise
    again = path.read_text()
    assert again.startswith(f"# {CHOICE.title}") and again.rstrip().endswith("7, 13")


# ------------------------------------------------------ the current exercise by default


def test_start_check_hint_next_default_to_the_current_exercise(run, tmp_path):
    first = run("start", cwd=tmp_path)  # nothing current: the first exercise not passed
    assert first.returncode == 0, first.stderr
    order = [ex.id for lesson in COURSE.lessons for ex in lesson.exercise_items]
    assert f"({order[0]})" in first.stdout
    marker = tmp_path / "tooltutor-work/.tooltutor-current"
    assert marker.read_text().strip() == order[0]
    assert "tooltutor check" in first.stdout and "tooltutor watch" in first.stdout

    checked = run("check", cwd=tmp_path)  # like `rustlings run`
    assert checked.returncode == 1 and f"{order[0]}:" in checked.stdout
    assert f"tooltutor hint {order[0]}" in checked.stdout

    hint = run("hint", cwd=tmp_path)
    assert hint.returncode == 0 and "Hint 1 of" in hint.stdout and "Hint 2 of" not in hint.stdout
    hint = run("hint", cwd=tmp_path)
    assert "Hint 1 of" in hint.stdout and "Hint 2 of" in hint.stdout

    moved = run("next", cwd=tmp_path)
    assert moved.returncode == 0, moved.stderr
    assert f"{order[0]} is not passed yet" in moved.stdout
    assert f"({order[1]})" in moved.stdout
    assert marker.read_text().strip() == order[1]
    second = COURSE.exercise(order[1])
    assert (
        tmp_path / "tooltutor-work" / second.lesson / f"{order[1]}{second.file_suffix}"
    ).exists()


def test_next_skips_passed_exercises_and_keeps_a_file_that_is_there(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    work = tmp_path / "tooltutor-work/round-trip"
    (work / "write-tool-result.json").write_text(COURSE.exercise("write-tool-result").solution)
    assert run("check", cwd=tmp_path).returncode == 0
    # fix-round-trip passed already (in the TUI, say), with a file of its own
    answer = tmp_path / "fixed.py"
    answer.write_text(COURSE.exercise("fix-round-trip").solution)
    assert run("check", "fix-round-trip", answer, cwd=tmp_path).returncode == 0
    (work / "must-wait.json").write_text("[1]")
    moved = run("next", cwd=tmp_path)
    assert "(must-wait)" in moved.stdout, moved.stdout
    assert "is kept as it is" in moved.stdout
    assert (work / "must-wait.json").read_text() == "[1]"


def test_start_again_keeps_the_file_and_makes_it_current(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/round-trip/write-tool-result.json"
    path.write_text("my work")
    run("start", "must-wait", cwd=tmp_path)
    back = run("start", "write-tool-result", cwd=tmp_path)
    assert back.returncode == 0 and "already exists: it is kept as it is" in back.stdout
    assert path.read_text() == "my work"
    assert (tmp_path / "tooltutor-work/.tooltutor-current").read_text().strip() == (
        "write-tool-result"
    )


def test_the_commands_work_from_inside_the_work_folder(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    inside = tmp_path / "tooltutor-work/round-trip"
    (inside / "write-tool-result.json").write_text(COURSE.exercise("write-tool-result").solution)
    checked = run("check", cwd=inside)
    assert checked.returncode == 0, checked.stderr
    assert run("hint", cwd=inside).returncode == 0
    checked = run("check", "write-tool-result.json", cwd=inside)  # a start file by its name
    assert checked.returncode == 0, checked.stderr


def test_check_file_infers_the_exercise_from_a_start_file(run, tmp_path):
    run("start", "order-the-flow", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/why-tools/order-the-flow.json"
    path.write_text(COURSE.exercise("order-the-flow").solution)
    checked = run("check", path, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("order-the-flow:")
    other = tmp_path / "answer.json"
    other.write_text("[]")
    unknown = run("check", other, cwd=tmp_path)
    assert unknown.returncode == 2 and "name the exercise too" in unknown.stderr


def test_check_with_nothing_started_says_what_to_do(run, tmp_path):
    result = run("check", cwd=tmp_path)
    assert result.returncode == 2
    assert "no current exercise" in result.stderr and "tooltutor start" in result.stderr
    missing = run("check", "write-tool-result", cwd=tmp_path)
    assert missing.returncode == 2 and "tooltutor start write-tool-result" in missing.stderr
    stdin = run("check", "-", cwd=tmp_path, input="[]")
    assert stdin.returncode == 2 and "tooltutor check EXERCISE -" in stdin.stderr


# ---------------------------------------------------------------------- did you mean


@pytest.mark.parametrize(
    "args, wanted",
    [
        (["chek"], "did you mean 'check'?"),
        (["wacth"], "did you mean 'watch'?"),
        (["hnit"], "did you mean 'hint'?"),
        (["check", "writ-tool-result", "x.json"], "did you mean write-tool-result"),
        (["check", "writ-tool-result"], "did you mean write-tool-result"),
        (["start", "fix-round-trp"], "did you mean fix-round-trip"),
        (["hint", "must-wiat"], "did you mean must-wait"),
        (["reset", "must-wiat", "--yes"], "did you mean must-wait"),
        (["show", "roundtrip"], "did you mean round-trip?"),
        (["show", "two-format"], "did you mean two-formats"),
        (["show", "write-tool-reslt"], "did you mean the exercise write-tool-result"),
    ],
)
def test_did_you_mean(run, tmp_path, args, wanted):
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert wanted in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_an_unknown_command_is_one_line_with_no_guess_when_nothing_is_close(run):
    result = run("zzzz")
    assert result.returncode == 2
    assert "no command 'zzzz'" in result.stderr and "did you mean" not in result.stderr


def test_show_given_an_exercise_points_to_start(run):
    result = run("show", "write-tool-result")
    assert result.returncode == 2
    assert "is an exercise" in result.stderr
    assert "tooltutor start write-tool-result" in result.stderr
    assert "tooltutor show round-trip" in result.stderr


def test_check_given_a_lesson_points_to_show(run, tmp_path):
    result = run("check", "round-trip", cwd=tmp_path)
    assert result.returncode == 2 and "tooltutor show round-trip" in result.stderr


def test_a_mistyped_current_exercise_is_suggested(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    (tmp_path / "tooltutor-work/.tooltutor-current").write_text("write-tool-reslt\n")
    result = run("check", cwd=tmp_path)
    assert result.returncode == 2 and "did you mean write-tool-result" in result.stderr


# ------------------------------------------------------------------------ diagnostics

LOCATION = re.compile(r"^(\S+?):(\d+)(?::(\S+?))?: (?:error|warning) ", re.MULTILINE)


def test_a_diagnostic_names_the_learners_file_at_line_and_a_numeric_column(run, tmp_path):
    run("start", "fix-round-trip", cwd=tmp_path)
    result = run("check", "--no-record", cwd=tmp_path)
    assert result.returncode == 1
    out = result.stdout
    assert "solution.py" not in out and "None" not in out
    located = [m for m in LOCATION.finditer(out) if m.group(3) is not None]
    assert located, out
    for match in located:
        assert match.group(1).endswith("fix-round-trip.py")
        assert match.group(3).isdigit(), match.group(0)
    # the caret of an exception sits under the code, not under the indentation
    excerpt = re.search(r"^  (\d+) \| (\s*)\S.*\n\s+\| (\s*)\^", out, re.MULTILINE)
    assert excerpt and excerpt.group(2) == excerpt.group(3)


def test_a_syntax_error_names_the_learners_file(run, tmp_path):
    run("start", "fix-round-trip", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/round-trip/fix-round-trip.py"
    path.write_text("def handle_turn(:\n    pass\n")
    out = run("check", "--no-record", cwd=tmp_path).stdout
    assert "tooltutor-work/round-trip/fix-round-trip.py:1:17: error python-syntax" in out
    assert "solution.py" not in out


def test_the_json_output_has_numeric_columns(run, tmp_path):
    import json

    run("start", "fix-round-trip", cwd=tmp_path)
    data = json.loads(run("check", "--json", "--no-record", cwd=tmp_path).stdout)
    for d in data["diagnostics"]:
        if d.get("line") is not None:
            assert isinstance(d["column"], int), d


# ------------------------------------------------------------------------------ reset


def test_reset_puts_the_starter_back_with_yes(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/round-trip/write-tool-result.json"
    path.write_text("[]")
    assert run("check", cwd=tmp_path).returncode == 1
    done = run("reset", "write-tool-result", "--yes", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Put the starter back in" in done.stdout
    assert path.read_text() == COURSE.exercise("write-tool-result").starter


def test_reset_puts_the_starter_back_over_a_file_larger_than_the_limit(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/round-trip/write-tool-result.json"
    path.write_text("[" + "1, " * 1000 + "1]")
    big = {"TOOLTUTOR_MAX_FILE_BYTES": "100"}
    done = run("reset", "write-tool-result", "--yes", cwd=tmp_path, extra_env=big)
    assert done.returncode == 0, done.stderr
    assert path.read_text() == COURSE.exercise("write-tool-result").starter


def test_reset_keep_file_leaves_the_file(run, tmp_path):
    run("start", "write-tool-result", cwd=tmp_path)
    path = tmp_path / "tooltutor-work/round-trip/write-tool-result.json"
    path.write_text("[]")
    done = run("reset", "write-tool-result", "--yes", "--keep-file", cwd=tmp_path)
    assert done.returncode == 0 and path.read_text() == "[]"


# ------------------------------------------------------------------------------- show


def test_show_piped_is_wrapped_and_keeps_code_captions(run):
    out = run("show", "round-trip").stdout
    long = [line for line in out.splitlines() if len(line) > 80 and "://" not in line]
    code_lines = {line for line in long if line.startswith("    ")}  # code is as written
    assert not set(long) - code_lines, [x for x in long if x not in code_lines]
    lesson = COURSE.lesson("round-trip")
    captions = [
        b["code"]["caption"]
        for s in lesson.sections
        for b in s["blocks"]
        if "code" in b and b["code"].get("caption")
    ]
    assert captions
    for caption in captions:
        assert caption in out


def test_show_follows_the_columns_setting_and_takes_no_pager(run):
    out = run("show", "tool-types", "--no-pager", extra_env={"COLUMNS": "60"}).stdout
    long = [x for x in out.splitlines() if len(x) > 60 and not x.startswith(("    ", "|"))]
    assert all("://" in x or len(x.split()) == 1 for x in long), long


def test_start_wraps_the_task_when_piped(run, tmp_path):
    out = run("start", "tool-or-not", cwd=tmp_path).stdout
    prose = [x for x in out.splitlines() if len(x) > 80 and not x.startswith("|")]
    assert not prose, prose


# --------------------------------------------------------------- no spoilers


ROUND_TRIP = COURSE.exercise("fix-round-trip")
BUGS = [c for c in ROUND_TRIP.criteria if c.get("hidden_label")]


def test_check_names_no_bug_of_a_find_the_bugs_exercise_before_its_hint(run, tmp_path):
    assert len(BUGS) == 3
    run("start", "fix-round-trip", cwd=tmp_path)
    for revealed in range(len(ROUND_TRIP.hints) + 1):
        if revealed:
            run("hint", cwd=tmp_path)
        checked = run("check", cwd=tmp_path)
        assert checked.returncode == 1, checked.stderr
        for bug in BUGS:
            due = revealed >= bug.get("revealed_by_hint", len(ROUND_TRIP.hints) + 1)
            assert (bug["label"] in checked.stdout) == due, (revealed, checked.stdout)
            if not due:
                assert f"{bug['hidden_label']}: not found yet" in checked.stdout
                assert "tooltutor hint fix-round-trip" in checked.stdout
