"""The TUI's plain logic modules: pages, journey and workspace (no Textual involved)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tooltutor.journey import ASCII_GLYPHS, STATUS_GLYPHS, Journey, Step, legend
from tooltutor.pages import (
    OBJECTIVES,
    RECAP,
    SECTION,
    can_draw_unicode,
    inline_spans,
    lesson_pages,
    page_heading,
    page_of_check,
    render_footnotes,
    sources_of,
)
from tooltutor.progress import open_store
from tooltutor.workspace import (
    DraftAutosave,
    choice_answer,
    chosen_ids,
    cursor_location,
    editor_command,
    hints_heading,
    next_hint,
    solution_access,
    verdict_summary,
)

# -- pages -------------------------------------------------------------------------------


def test_pages_objectives_sections_recap(fixture_course):
    lesson = fixture_course.lesson("round-trip")
    pages = lesson_pages(fixture_course, lesson)
    assert [p.kind for p in pages] == [OBJECTIVES, SECTION, SECTION, RECAP]
    assert [p.index for p in pages] == [0, 1, 2, 3]
    assert pages[1].section_index == 0 and pages[2].section_index == 1
    assert page_heading(pages[2]) == "2. Draw it as a diagram"
    assert "Name the fields" in pages[0].blocks[0].text
    assert "1. Three blocks of JSON" in pages[0].blocks[0].text  # the table of contents


def test_footnotes_become_numbers_and_sources_follow_the_page(fixture_course):
    lesson = fixture_course.lesson("round-trip")
    pages = lesson_pages(fixture_course, lesson)
    first = pages[1]
    assert "[^S" not in first.blocks[0].text
    assert "manifest of tools.[1]" in first.blocks[0].text
    assert "runs the tool.[2]" in first.blocks[0].text
    assert [(s.number, s.url) for s in first.sources] == [
        (1, "https://example.com/define-tools"),
        (2, "https://example.com/handle-tool-calls"),
    ]
    assert pages[2].sources == ()  # the diagram page cites nothing
    assert [s.id for s in pages[-1].sources] == ["S1", "S2"]  # every source on the last page


def test_render_footnotes_keeps_unknown_ids_visible():
    sources = sources_of_list([("S1", "A", "https://a")])
    text, cited = render_footnotes("x[^S1] y[^S9] z[^S1]", sources)
    assert text == "x[1] y[S9] z[1]"
    assert [s.id for s in cited] == ["S1"]


def sources_of_list(items):
    @dataclass
    class L:
        sources: list

    return sources_of(L([{"id": i, "title": t, "url": u} for i, t, u in items]))


def test_code_diagram_and_check_blocks(fixture_course):
    lesson = fixture_course.lesson("round-trip")
    pages = lesson_pages(fixture_course, lesson)
    code = pages[1].blocks[1]
    assert (code.kind, code.lang, code.caption) == (
        "code",
        "json",
        "The model's reply asks for a call",
    )
    kinds = [b.kind for b in pages[2].blocks]
    assert kinds == ["markdown", "sequence", "check"]
    check = pages[2].blocks[2].check
    assert check.id == "who-runs" and check.number == 1 and not check.multiple
    assert [c.correct for c in check.choices] == [False, True]
    assert page_of_check(pages, "who-runs") == 2
    assert page_of_check(pages, "nope") is None


def test_model_is_expanded(fixture_course, tmp_path):
    from tui_helpers import copy_course

    from tooltutor.course import load_course

    root = copy_course(
        tmp_path,
        {"lessons/02-round-trip.yaml": ("with a `tool_use` block", "with {{model}} said")},
    )
    course = load_course(root)
    pages = lesson_pages(course, course.lesson("round-trip"))
    assert "with model-x said" in pages[1].blocks[0].text


def test_inline_spans():
    assert inline_spans("a `b` **c** *d* e") == [
        ("a ", ""),
        ("b", "code"),
        (" ", ""),
        ("c", "bold"),
        (" ", ""),
        ("d", "italic"),
        (" e", ""),
    ]
    assert inline_spans("[bold]x[/bold] 2*3*4 `open") == [("[bold]x[/bold] 2*3*4 `open", "")]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "C"}, False),
        ({"LANG": "POSIX"}, False),
        ({"LANG": "en_US.ISO-8859-1"}, False),
        ({"LANG": "en_US.UTF-8"}, True),
        ({"LANG": "C.utf8"}, True),
        ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, False),
        ({"LC_CTYPE": "en_GB.UTF-8", "LANG": "C"}, True),
    ],
)
def test_can_draw_unicode(env, expected):
    assert can_draw_unicode(env) is expected


# -- journey -----------------------------------------------------------------------------


@pytest.fixture
def store(home):
    s = open_store()
    yield s
    s.close()


def test_continue_walks_the_course(fixture_course, store):
    course = fixture_course
    journey = Journey(course, store)
    assert journey.continue_step() == Step("lesson", "why-tools", page=0)
    store.set_position(course.id, "why-tools", section=1)
    assert journey.continue_step() == Step("lesson", "why-tools", page=1)
    store.answer_check(course.id, "why-tools", "needs-tool", 0, False)  # answered, even wrong
    assert journey.continue_step() == Step("exercise", "why-tools", exercise_id="pick-one")
    store.record_attempt(
        course.id, "pick-one", passed=False, criteria_passed=0, criteria_total=1, submission="a"
    )
    assert journey.continue_step().exercise_id == "pick-one"
    store.record_attempt(
        course.id, "pick-one", passed=True, criteria_passed=1, criteria_total=1, submission="b"
    )
    assert journey.continue_step() == Step("lesson", "round-trip", page=0)
    store.answer_check(course.id, "round-trip", "who-runs", 1, True)
    assert journey.continue_step() == Step(
        "exercise", "round-trip", exercise_id="write-tool-result"
    )
    store.record_attempt(
        course.id,
        "write-tool-result",
        passed=True,
        criteria_passed=6,
        criteria_total=6,
        submission="[]",
    )
    assert journey.continue_step() == Step("done")
    assert Step("done").describe(course).startswith("Course complete")


def test_progress_and_statuses(fixture_course, store):
    course = fixture_course
    journey = Journey(course, store)
    lesson = course.lesson("why-tools")
    progress = journey.progress(lesson)
    assert (progress.checks_total, progress.checks_answered, progress.exercises_total) == (1, 0, 1)
    assert not progress.started and not progress.finished
    assert progress.summary() == "checks 0/1 · exercises 0/1"
    store.answer_check(course.id, "why-tools", "needs-tool", 1, True)
    store.record_attempt(
        course.id, "pick-one", passed=True, criteria_passed=1, criteria_total=1, submission="b"
    )
    progress = journey.progress(lesson)
    assert progress.finished and progress.checks_correct == 1
    assert journey.statuses() == {"pick-one": "passed", "write-tool-result": "new"}
    assert journey.next_exercise(lesson) == "pick-one"  # all passed: the first one


def test_glyphs_are_readable_without_colour():
    assert set(STATUS_GLYPHS.values()) == {"✔", "✘", "•"}
    assert all(g.isascii() for g in ASCII_GLYPHS.values())
    assert "✔ passed" in legend() and "+ passed" in legend(unicode=False)


# -- workspace ---------------------------------------------------------------------------


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_draft_autosave_debounces():
    saved, clock = [], FakeClock()
    autosave = DraftAutosave(saved.append, delay=1.0, clock=clock)
    autosave.start("starter")
    assert autosave.changed("a") == 1.0
    clock.now = 0.5
    autosave.changed("ab")
    clock.now = 1.2
    assert not autosave.tick()  # 0.7 s since the last keystroke
    clock.now = 1.6
    assert autosave.tick() and saved == ["ab"]
    assert not autosave.tick() and not autosave.flush()  # nothing new
    autosave.changed("abc")
    assert autosave.flush() and saved == ["ab", "abc"]  # leaving: saved at once
    autosave.changed("abc")
    assert not autosave.flush()  # the same text is not saved twice


def test_draft_autosave_does_not_save_the_text_it_started_with():
    saved = []
    autosave = DraftAutosave(saved.append)
    autosave.start("x")
    autosave.changed("x")
    assert not autosave.flush() and saved == []


def test_solution_access():
    assert solution_access(True, 0).state == "open"
    assert solution_access(False, 2).state == "locked"
    assert "1 more failed check." in solution_access(False, 2).message
    assert "2 more failed checks" in solution_access(False, 1).message
    confirm = solution_access(False, 3)
    assert confirm.state == "confirm" and "3 times" in confirm.message


def test_hints():
    assert next_hint(0, 3) == 0 and next_hint(2, 3) == 2 and next_hint(3, 3) is None
    assert hints_heading(1, 3) == "Hints: 1 of 3 shown. Press h for the next one."
    assert hints_heading(3, 3) == "Hints: all 3 shown."


def test_cursor_location_is_zero_based_and_clamped():
    text = '[\n  {"a": 1},\n]'
    assert cursor_location(2, 3, text) == (1, 2)
    assert cursor_location(1, 1, text) == (0, 0)
    assert cursor_location(9, 9, text) == (2, 1)  # past the end: the last line's end
    assert cursor_location(2, 99, text) == (1, 11)
    assert cursor_location(None, None, text) == (0, 0)


def test_verdict_summary():
    from checker.diagnostics import Criterion, Diagnostic, Verdict

    passed = Verdict(True, [Criterion("a", True), Criterion("b", True)])
    assert verdict_summary(passed) == "Passed: all 2 criteria met."
    failed = Verdict(False, [Criterion("a", True), Criterion("b", False)])
    assert verdict_summary(failed) == "Not yet: 1 of 2 criteria met."
    broken = Verdict(
        False, [Criterion("a", False)], [Diagnostic("json-syntax", "error", "", "bad JSON")]
    )
    assert verdict_summary(broken) == "Not checked: bad JSON"


def test_choice_answers_round_trip():
    assert choice_answer(["a", "c"]) == "a, c"
    assert (
        chosen_ids("a, c") == ["a", "c"]
        and chosen_ids("") == []
        and chosen_ids("B;c")
        == [
            "b",
            "c",
        ]
    )


def test_editor_command():
    def which(found):
        return lambda name: f"/usr/bin/{name}" if name in found else None

    assert editor_command({"EDITOR": "nano -w"}, which({"nano"})) == (["nano", "-w"], "")
    assert editor_command({"VISUAL": "code --wait"}, which({"code"}))[0] == ["code", "--wait"]
    assert editor_command({}, which({"vi"})) == (["vi"], "")
    command, problem = editor_command({"EDITOR": "nope"}, which({"vi"}))
    assert command is None and "nope" in problem
    command, problem = editor_command({}, which(set()))
    assert command is None and "EDITOR" in problem


# -- what comes next ------------------------------------------------------------------------


def test_step_after_an_exercise_and_the_course_progress(bundled_course, store):
    course = bundled_course
    journey = Journey(course, store)
    assert journey.step_after("write-tool-result") == Step(
        "exercise", "round-trip", exercise_id="fix-round-trip"
    )
    for exercise_id in ("fix-round-trip", "must-wait", "thinking-round-trip"):
        store.record_attempt(
            course.id,
            exercise_id,
            passed=True,
            criteria_passed=1,
            criteria_total=1,
            submission="x",
        )
    # The last exercise of a lesson: the one before it not passed yet comes next...
    assert journey.step_after("thinking-round-trip") == Step(
        "exercise", "round-trip", exercise_id="write-tool-result"
    )
    store.record_attempt(
        course.id,
        "write-tool-result",
        passed=True,
        criteria_passed=1,
        criteria_total=1,
        submission="x",
    )
    # ...and once every exercise is passed, the next lesson.s first page.
    assert journey.step_after("thinking-round-trip") == Step("lesson", "tool-types", page=0)
    done, total = journey.course_progress()
    assert (done, total) == (4, 49)  # 26 inline checks and 23 exercises


# -- no spoilers ----------------------------------------------------------------------------


def _criterion(cid, passed, message="", label=None):
    from checker.diagnostics import Criterion

    return Criterion(label or f"label of {cid}", passed, message, cid)


def _diagnostic(rule, message, hint=""):
    from checker.diagnostics import Diagnostic

    return Diagnostic(rule, "error", "", message, hint)


def _exercise(criteria, hints=3):
    from tooltutor.course import Exercise

    return Exercise(
        id="find",
        lesson="l",
        level=1,
        title="Find them",
        kind="json",
        prompt="p",
        starter="",
        criteria=criteria,
        hints=["h"] * hints,
        solution="",
        explanation="",
        wrong_answers=[],
    )


def test_a_hidden_criterion_keeps_its_neutral_label_until_found_or_hinted():
    from checker.diagnostics import Verdict
    from tooltutor.workspace import checklist_before_check, spoiler_free

    exercise = _exercise(
        [
            {
                "check": "a",
                "label": "The id is the call's id",
                "hidden_label": "Bug 1 of 2",
                "revealed_by_hint": 2,
                "also_hides": ["rule-x", "valid"],
            },
            {"check": "b", "label": "Tools go in every request", "hidden_label": "Bug 2 of 2"},
            {"check": "valid", "label": "The API accepts it"},
            {"check": "kinds", "label": "Each item has its kind", "revealed_by_hint": 1},
        ]
    )
    before = checklist_before_check(exercise, 0)
    assert [c.label for c in before] == [
        "Bug 1 of 2",
        "Bug 2 of 2",
        "The API accepts it",
        "Each item has its kind",
    ]
    verdict = Verdict(
        False,
        [
            _criterion("a", False, "use call.id", "The id is the call's id"),
            _criterion("b", True, "", "Tools go in every request"),
            _criterion("valid", False, "a 400: the id is the name"),
            _criterion("kinds", False, "2 of 3 kinds match; not right yet: x"),
        ],
        [
            _diagnostic("rule-x", "the id is the tool's name", "use the call's id"),
            _diagnostic("kinds", '"x": "read" is not the right kind', "It runs code."),
            _diagnostic("python-exception", "a 400", "the API says so"),
        ],
    )
    shown = spoiler_free(exercise, verdict, 0)
    a, b, valid, kinds = shown.criteria
    assert (a.label, a.message, a.secret) == ("Bug 1 of 2: not found yet", "", True)
    assert b.label == "Bug 2 of 2: found and fixed — Tools go in every request"
    assert "Held back" in valid.message and "400" not in valid.message
    assert kinds.message.startswith("2 of 3 kinds match")  # which items: said
    rules = [(d.rule, d.hint) for d in shown.diagnostics]
    assert rules == [
        ("kinds", "Hint 1 (h) gives the reason."),
        ("python-exception", "the API says so"),
    ]
    assert shown.held_back == 1 and shown.hidden == 1 and shown.hint == 2
    assert "hint 2" in shown.note() and "1 problem" in shown.note()
    # Hint 1 gives the reasons; hint 2 names the bug, and its problems come back.
    shown = spoiler_free(exercise, verdict, 1)
    assert [d.hint for d in shown.diagnostics][0] == "It runs code."
    shown = spoiler_free(exercise, verdict, 2)
    assert shown.criteria[0].label == "Bug 1 of 2: The id is the call's id"
    assert shown.criteria[0].message == "use call.id"
    assert shown.criteria[2].message == "a 400: the id is the name"
    assert len(shown.diagnostics) == 3 and shown.note() == ""


def test_the_loader_checks_the_hint_that_reveals_a_criterion(tmp_path):
    from tui_helpers import copy_course

    from tooltutor.course import load_course

    root = copy_course(
        tmp_path,
        {
            "exercises/round-trip/01-write-tool-result.yaml": (
                '    label: "Three messages, with roles user, assistant, user"\n',
                '    label: "Three messages, with roles user, assistant, user"\n'
                "    hidden_label: Mistake 1 of 1\n    revealed_by_hint: 9\n",
            )
        },
    )
    course = load_course(root)
    assert any("`revealed_by_hint` is 9" in p.message for p in course.problems)


# -- the task's code blocks and the editor's Enter --------------------------------------------


def test_code_blocks_of_a_task():
    from tooltutor.workspace import code_blocks

    blocks = code_blocks('Intro\n\n```json\n{"a": 1}\n```\n\n  ~~~\n  x = 1\n    y\n  ~~~\n')
    assert [(b.lang, b.text) for b in blocks] == [("json", '{"a": 1}'), ("", "x = 1\n  y")]
    assert blocks[0].preview == '{"a": 1}' and blocks[1].lines == 2


def test_new_line_indent_and_indented_blocks():
    from tooltutor.workspace import indented_for, new_line_indent

    assert new_line_indent("    x = 1", "python", 4) == "    "
    assert new_line_indent("    if x:", "python", 4) == "        "
    assert new_line_indent('  {"a": [', "json", 2) == "    "
    assert new_line_indent("", "json", 2) == ""
    assert indented_for("{\n  1\n}", "    ") == "{\n      1\n    }"
    assert indented_for("{\n}", "x = ") == "{\n}"
