"""`tooltutor watch` as rustlings users expect it (issue 17): it checks once when it starts,
clears the screen for each check on a terminal (plain when piped), uses colour unless
NO_COLOR is set, draws the task's Markdown wrapped to the terminal, shows a compact result
(`f` shows it all), and `n` goes to the next exercise not passed yet."""

from __future__ import annotations

import io
import re

import pytest

from tooltutor.course import load_course
from tooltutor.progress import open_store
from tooltutor.watch import WatchSession
from tooltutor.watch_events import Event
from tooltutor.watch_screen import CLEAR, compact_diagnostics, fit
from tooltutor.workdir import exercise_file, initial_text

COURSE = load_course(None)
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-9]|9[0-7])(;[0-9]+)*m")


class Terminal(io.StringIO):
    """What a terminal would be shown (Rich takes it for a terminal)."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "progress.db", course=COURSE)
    yield s
    s.close()


@pytest.fixture(autouse=True)
def colour_terminal(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    monkeypatch.delenv("NO_COLOR", raising=False)


def _session(tmp_path, store, exercise_id, out, text=None):
    exercise = COURSE.exercise(exercise_id)
    path = exercise_file(tmp_path, exercise)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(initial_text(exercise, None) if text is None else text)
    (tmp_path / ".tooltutor-current").write_text(exercise_id + "\n")
    return WatchSession(COURSE, exercise, tmp_path, store, out=out, debounce=0.05)


def _run(session, *keys):
    for key in keys:
        session.events.put(Event("key", key))
    session.events.put(Event("key", "q"))
    assert session.run() == 0


def test_it_checks_once_when_it_starts_and_records_no_attempt_for_a_starter(tmp_path, store):
    out = io.StringIO()
    _run(_session(tmp_path, store, "write-tool-result", out))
    said = out.getvalue()
    assert "--- check 1 at" in said and "FAIL:" in said
    assert store.statuses(COURSE.id).get("write-tool-result") is None  # not even attempted


def test_a_file_finished_before_watch_started_passes_at_once(tmp_path, store):
    solution = COURSE.exercise("write-tool-result").solution
    out = io.StringIO()
    _run(_session(tmp_path, store, "write-tool-result", out, solution))
    assert "PASS: all" in out.getvalue()
    assert store.statuses(COURSE.id)["write-tool-result"] == "passed"


def test_piped_output_is_plain_text(tmp_path, store):
    out = io.StringIO()
    _run(_session(tmp_path, store, "did-anything-happen", out), "r")
    said = out.getvalue()
    assert "\x1b" not in said
    assert said.count("--- check") == 2
    assert "**" not in said.split("What is checked")[0] or "really changed" in said


def test_a_terminal_is_cleared_for_each_check_and_in_colour(tmp_path, store):
    out = Terminal()
    _run(_session(tmp_path, store, "did-anything-happen", out), "r")
    said = out.getvalue()
    assert said.count(CLEAR) >= 2  # once per check
    assert COLOUR.search(said), "colour on a colour terminal"
    screen = said.rsplit(CLEAR, 1)[-1]
    plain = ANSI.sub("", screen)
    # the task's Markdown is drawn (no ** marks) and wrapped to the terminal
    assert "really changed" in plain and "**really changed" not in plain
    assert max(len(line) for line in plain.splitlines()) <= 80
    # at the bottom, in view however long the task: the progress, the file, the keys
    tail = plain.rstrip().splitlines()[-5:]
    assert any(line.startswith("Progress:") for line in tail)
    assert any(line.startswith("Watching ") for line in tail)
    assert tail[-1].startswith("[r] check")


def test_no_color_is_honoured_on_a_terminal(tmp_path, store, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    out = Terminal()
    _run(_session(tmp_path, store, "did-anything-happen", out))
    said = out.getvalue()
    assert CLEAR in said  # still a screen of its own
    assert not COLOUR.search(said)


def test_term_dumb_is_plain(tmp_path, store, monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    out = Terminal()
    _run(_session(tmp_path, store, "did-anything-happen", out))
    assert "\x1b" not in out.getvalue()


def _last_check(said: str) -> str:
    return said.rsplit("--- check", 1)[-1]


def test_an_untouched_starter_gets_a_compact_result_and_f_shows_it_all(tmp_path, store):
    exercise = COURSE.exercise("fix-round-trip")
    out = io.StringIO()
    session = _session(tmp_path, store, "fix-round-trip", out)
    session.events.put(Event("key", "q"))
    session.run()
    compact = _last_check(out.getvalue())
    lines = compact.strip().splitlines()
    assert len(lines) <= 22, compact  # not 44 lines: one criterion and its diagnostics
    from tooltutor.workspace import spoiler_free_verdict

    shown_verdict, _ = spoiler_free_verdict(exercise, session.last[0], 0, "[h]")
    failing = [c for c in shown_verdict.criteria if not c.passed]
    assert failing[0].label in compact  # the first one not met, as the learner may see it
    for other in failing[1:]:
        assert other.label not in compact
    assert "[f] shows the full list" in compact
    assert "solution.py" not in compact
    session.on_key("f")
    full = " ".join(_last_check(out.getvalue()).split())  # lines are wrapped to the width
    for criterion in shown_verdict.criteria:
        assert " ".join(criterion.label.split()) in full
    for spec in exercise.criteria:  # no bug is named before its hint
        if spec.get("hidden_label"):
            assert " ".join(spec["label"].split()) not in full
            assert f"{spec['hidden_label']}: not found yet" in full
    assert exercise.id in full


def test_compact_diagnostics_are_those_of_the_first_criterion_not_met():
    from checker.diagnostics import Criterion, Diagnostic, Verdict

    verdict = Verdict(
        False,
        [Criterion("a", True, "", "a"), Criterion("b", False, "no", "b"), Criterion("c", False)],
        [
            Diagnostic("x", "error", "", "elsewhere"),
            Diagnostic("b", "error", "", "of b", "", 2, 3),
            Diagnostic("c", "error", "", "of c"),
        ],
    )
    failing, shown = compact_diagnostics(verdict)
    assert failing.label == "b" and [d.message for d in shown] == ["of b"]


def test_fit_wraps_prose_and_keeps_a_source_excerpt_on_one_line():
    text = "x.json:1:5: error r: " + "word " * 30 + "\n  1 | " + "[" + "1, " * 40 + "]\n    |     ^"
    lines = fit(text, 60).splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    assert lines[-1] == "    |     ^" and lines[-2].endswith("...")


def test_n_goes_to_the_next_exercise_not_passed_and_checks_it_at_once(tmp_path, store):
    order = [ex.id for lesson in COURSE.lessons for ex in lesson.exercise_items]
    here = order.index("write-tool-result")
    skipped, wanted = order[here + 1], order[here + 2]
    store.record_attempt(
        COURSE.id, skipped, passed=True, criteria_passed=1, criteria_total=1, submission=""
    )
    solution = COURSE.exercise("write-tool-result").solution
    out = io.StringIO()
    session = _session(tmp_path, store, "write-tool-result", out, solution)
    _run(session, "n")
    assert session.exercise.id == wanted
    said = out.getvalue()
    assert f"({wanted})" in said and "--- check 2" in said
    target = COURSE.exercise(wanted)
    assert exercise_file(tmp_path, target).exists()
    assert (tmp_path / ".tooltutor-current").read_text().strip() == wanted


def test_n_before_a_pass_says_to_pass_first(tmp_path, store):
    out = io.StringIO()
    session = _session(tmp_path, store, "write-tool-result", out)
    _run(session, "n")
    assert session.exercise.id == "write-tool-result"
    assert "Pass this exercise first" in out.getvalue()


def test_hints_stay_on_the_screen_of_a_terminal(tmp_path, store):
    out = Terminal()
    session = _session(tmp_path, store, "write-tool-result", out)
    _run(session, "h", "r")
    last = ANSI.sub("", out.getvalue().rsplit(CLEAR, 1)[-1])
    assert "Hint 1 of" in last  # shown again after the next check


def test_t_hides_the_task_on_a_terminal(tmp_path, store):
    out = Terminal()
    session = _session(tmp_path, store, "did-anything-happen", out)
    _run(session, "t")
    last = ANSI.sub("", out.getvalue().rsplit(CLEAR, 1)[-1])
    assert "really changed" not in last and "FAIL:" in last
