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


def region_text(app, widget) -> str:
    """What the terminal shows in `widget`'s place (a pane beside another), its words on
    one line (wrapped lines joined)."""
    region = widget.region
    rows = screen_text(app).split("\n")[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right] for row in rows).split())


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


async def wait_until(pilot, done, seconds: float = 5.0) -> None:
    """Let the app run until `done()` holds (what a worker thread sends takes a moment),
    at most `seconds`; the test's own assertion then says what was expected."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await pilot.pause(0.02)


def notice_text(app) -> str:
    """The notice under the exercise's buttons ("" when none is shown)."""
    notice = app.screen.query_one("#notice")
    return str(notice.render()) if notice.display else ""


#: The "no spoilers" fields the bundled course's find-the-mistake exercises get (the
#: lead applies them to the YAML; until then the tests patch a copy of the course).
NO_SPOILER_PATCHES: dict[str, list[tuple[str, str]]] = {
    "exercises/round-trip/02-fix-round-trip.yaml": [
        (
            '    label: "Bug 1: the model\'s tool_use turn is sent back before the result"\n',
            '    label: "The model\'s tool_use turn is sent back before the result"\n'
            "    hidden_label: Bug 1 of 3\n"
            "    revealed_by_hint: 3\n"
            "    also_hides: [a-tool-result-orphan, requests-valid, returns-final]\n",
        ),
        (
            '    label: "Bug 2: the tool_result quotes the call\'s id"\n',
            '    label: "The tool_result quotes the call\'s id"\n'
            "    hidden_label: Bug 2 of 3\n"
            "    revealed_by_hint: 3\n"
            "    also_hides: [requests-valid, returns-final]\n",
        ),
        (
            '    label: "Bug 3: the second request carries the tools too"\n',
            '    label: "The second request carries the tools too"\n'
            "    hidden_label: Bug 3 of 3\n"
            "    revealed_by_hint: 3\n"
            "    also_hides: [a-tools-required, requests-valid, returns-final]\n",
        ),
    ],
    "exercises/tool-types/01-classify-tools.yaml": [
        (
            "    label: Every tool has the right type\n",
            "    label: Every tool has the right type\n    revealed_by_hint: 2\n",
        ),
        (
            "    label: Every tool is rightly marked reversible or not\n",
            "    label: Every tool is rightly marked reversible or not\n    revealed_by_hint: 3\n",
        ),
    ],
    "exercises/why-tools/01-tool-or-not.yaml": [
        (
            "    label: Every request is rightly judged as needing a tool or not\n",
            "    label: Every request is rightly judged as needing a tool or not\n"
            "    revealed_by_hint: 1\n",
        ),
        (
            "    label: At least 8 of the 10 reasons match the key\n",
            "    label: At least 8 of the 10 reasons match the key\n    revealed_by_hint: 2\n",
        ),
    ],
}


def no_spoiler_course(tmp_path: Path) -> Path:
    """The bundled course copied under `tmp_path`, its find-the-mistake exercises given
    the no-spoilers fields (`NO_SPOILER_PATCHES`; a patch the YAML already has is
    skipped)."""
    from tooltutor.course import bundled_course_dir

    source = bundled_course_dir()
    root = tmp_path / "course"
    root.mkdir(parents=True)
    shutil.copy2(source / "course.yaml", root / "course.yaml")
    for folder in ("lessons", "exercises", "checks"):
        if (source / folder).is_dir():
            shutil.copytree(
                source / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__")
            )
    for name, patches in NO_SPOILER_PATCHES.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        if "hidden_label" in text or "revealed_by_hint" in text:
            continue  # the course has its own already
        for old, new in patches:
            assert old in text, f"{old!r} not in {name}"
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    # a copy is not the bundled course: its checks/ are trusted here, as `--trust` would
    from tooltutor.course import load_course
    from tooltutor.trust import ensure_trusted

    ensure_trusted(load_course(root), assume=True)
    return root
