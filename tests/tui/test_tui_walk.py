"""Pilot tests of the newcomer walk of issue 29 (Lessons 3-6, exercises of each kind, at
80x24): what the walk found cut, misplaced or surprising, each kept fixed."""

from __future__ import annotations

from tui_helpers import screen_text


def page_of(lesson, section_id: str) -> int:
    """The 1-based page of a lesson's section (page 1 is the objectives)."""
    return 2 + [s["id"] for s in lesson.sections].index(section_id)


async def test_a_source_url_is_never_cut_inside_a_word_at_80_columns(make_app, bundled_course):
    """L3's "Server tools" page cites .../tool-use/server-tools, one cell too long for
    the line: it must break after the `/`, not as "server-too" + "ls"."""
    lesson = bundled_course.lesson("tool-types")
    url = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/server-tools"
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("tool-types", page_of(lesson, "server-tools"))
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        await pilot.pause()
        rows = [row.strip() for row in screen_text(app).split("\n")]
        pieces = [row for row in rows if row and (row in url) and len(row) > 4]
        assert "server-tools" in rows or any(row.endswith("server-tools") for row in rows), rows
        assert "".join(pieces[-2:]) == url or url in rows, pieces


async def test_the_tasks_text_blocks_are_never_cut_at_the_right_edge(make_app, bundled_course):
    """did-anything-happen's conversation is 93 columns wide; at 80x24 its lines lost
    their ends ("If it's over 200 eur"), hiding the rule the learner must judge by. Wide
    lines of the task's blocks wrap instead."""
    app = make_app(bundled_course)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_exercise("did-anything-happen")
        await pilot.pause()
        await pilot.press("ctrl+t")  # the whole task, as the header offers
        await pilot.pause()
        await pilot.pause()
        text = ""
        for _ in range(12):
            rows = (row.strip(" ▌▁▂▃▄▅▆▇█") for row in screen_text(app).split("\n"))
            text += " " + " ".join(" ".join(rows).split())
            await pilot.press("pagedown")
            await pilot.pause()
        assert "remind Marco Rossi" in text
        assert "reminded Marco about INV-2288." in text
        assert "If it's over 200 euros, mark it" in text
        assert '\\"status\\": \\"unpaid\\"}"' in text
