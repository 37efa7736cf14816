"""Helpers shared by the TUI tests (imported by name: conftest puts this folder on the path)."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE_COURSE = Path(__file__).parent / "fixture_course"


def copy_course(tmp_path: Path, replace: dict[str, tuple[str, str]]) -> Path:
    """The fixture course copied under `tmp_path`, with text replaced in some files:
    `{relative path: (old, new)}`."""
    root = tmp_path / "course"
    shutil.copytree(FIXTURE_COURSE, root)
    for name, (old, new) in replace.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return root


def screen_text(app) -> str:
    """What the terminal shows now, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def press_until(pilot, key: str, done, limit: int = 40) -> None:
    """Press `key` until `done()` is true (at most `limit` times)."""
    for _ in range(limit):
        if done():
            return
        await pilot.press(key)
        await pilot.pause()
    assert done(), f"pressed {key} {limit} times and the condition never held"


async def finish_checks(pilot) -> None:
    """Wait until every worker (the checker) is done and the screen has caught up."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()
