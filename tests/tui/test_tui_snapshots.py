"""Snapshots of the main screens at 80x24 (panes stacked), 100x30 and 120x40 (side by
side).

Regenerate after a deliberate change, once you have looked at the new pictures:
    pytest tests/tui/test_tui_snapshots.py --snapshot-update
"""

from __future__ import annotations

import pytest
from textual import events
from tui_helpers import finish_checks, press_until

SIZES = [
    pytest.param((80, 24), id="80x24"),
    pytest.param((100, 30), id="100x30"),
    pytest.param((120, 40), id="120x40"),
]


@pytest.mark.parametrize("size", SIZES)
def test_course_map(snap_compare, make_app, fixture_course, size):
    app = make_app(fixture_course)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_lesson_page_with_diagram(snap_compare, make_app, fixture_course, size):
    async def open_diagram_page(pilot):
        pilot.app.open_lesson("round-trip", 0)
        await pilot.pause()
        await pilot.press("right", "right")  # objectives, section 1, section 2 (diagram)
        await pilot.pause()

    app = make_app(fixture_course)
    assert snap_compare(app, terminal_size=size, run_before=open_diagram_page)


@pytest.mark.parametrize("size", SIZES)
def test_exercise_with_diagnostics(snap_compare, make_app, fixture_course, size):
    wrong = fixture_course.exercise("write-tool-result").wrong_answers[1]["answer"]

    async def check_a_wrong_answer(pilot):
        app = pilot.app
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f7")
        app.post_message(events.Paste(wrong))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)
        await pilot.press("escape")  # leave the editor, then Tab to the diagnostics
        diagnostics = app.screen.query_one("#diagnostics")
        await press_until(pilot, "tab", lambda: app.focused is diagnostics)

    app = make_app(fixture_course)
    assert snap_compare(app, terminal_size=size, run_before=check_a_wrong_answer)


@pytest.mark.parametrize("size", SIZES)
def test_exercise_whole_task_over_the_editor(snap_compare, make_app, fixture_course, size):
    async def open_the_task(pilot):
        pilot.app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("ctrl+t")  # from inside the editor
        await pilot.pause()

    app = make_app(fixture_course)
    assert snap_compare(app, terminal_size=size, run_before=open_the_task)


@pytest.mark.parametrize("size", SIZES)
def test_exercise_after_a_pass(snap_compare, make_app, fixture_course, size):
    right = fixture_course.expand(fixture_course.exercise("write-tool-result").solution)

    async def pass_it(pilot):
        app = pilot.app
        app.open_exercise("write-tool-result")
        await pilot.pause()
        await pilot.press("f7")
        app.post_message(events.Paste(right))
        await pilot.pause()
        await pilot.press("ctrl+r")
        await finish_checks(pilot)

    app = make_app(fixture_course)
    assert snap_compare(app, terminal_size=size, run_before=pass_it)
