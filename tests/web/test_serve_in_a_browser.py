"""`tooltutor serve` in a real browser: the system's Chromium, driven by Playwright.

The app draws on a canvas, so what happened is read where it lands: the progress store
(the lesson and exercise the learner is in, the attempt and its pass). A screenshot of
each step is kept in `build/test-artefacts/web/` (or `$TOOLTUTOR_TEST_ARTEFACTS`).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tooltutor.course import load_course
from tooltutor.progress import open_store

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("textual_serve")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine")

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = Path(os.environ.get("TOOLTUTOR_TEST_ARTEFACTS") or ROOT / "build/test-artefacts/web")
#: Chromium without a sandbox of its own (tests may run as root) and without reaching out.
BROWSER_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    """`tooltutor serve` on a free port with its own progress home: (url, home)."""
    home = tmp_path / "home"
    port = _free_port()
    env = dict(os.environ, TOOLTUTOR_HOME=str(home))
    env.pop("TOOLTUTOR_SERVED", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "tooltutor", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/?token=" in first, first + server.stdout.read()
        yield first.split()[4], home  # the address printed, with this launch's key
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture
def page():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield browser.new_page(viewport={"width": 1280, "height": 800})
        finally:
            browser.close()


def _store_says(home: Path, question, *, page=None, timeout: float = 60):
    """Poll the learner's progress store until `question(store, course_id)` is truthy
    (a screenshot of the page, `failed.png`, when it never is)."""
    course = load_course()
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        os.environ["TOOLTUTOR_HOME"] = str(home)
        store = open_store(course=course)
        try:
            last = question(store, course.id)
        finally:
            store.close()
        if last:
            return last
        time.sleep(0.25)
    if page is not None:
        _shot(page, "failed")
    raise AssertionError(f"the progress store never showed it (last answer: {last!r})")


def _shot(page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"))


def test_map_lesson_exercise_check_pass_in_chromium(served, page):
    url, home = served
    course = load_course()
    exercise = course.exercise("write-tool-result")
    answer = json.dumps(json.loads(course.expand(exercise.solution)))  # typed as one line

    page.goto(url)
    page.wait_for_selector("body.-first-byte", timeout=60_000)
    page.focus("textarea.xterm-helper-textarea")  # the terminal's keyboard (a click would pick)
    page.wait_for_timeout(1500)  # the first frame, then the map takes keys
    _shot(page, "1-map")

    page.keyboard.press("ArrowDown", delay=50)  # lesson 1's three exercises, then lesson 2
    for _ in range(3):
        page.keyboard.press("ArrowDown", delay=50)
    page.keyboard.press("Enter")
    position = _store_says(home, lambda store, cid: store.position(cid), page=page)
    assert (position.lesson_id, position.exercise_id) == (exercise.lesson, None)
    _shot(page, "2-lesson")

    page.keyboard.press("x")  # the lesson's next exercise
    _store_says(home, lambda store, cid: store.position(cid).exercise_id == exercise.id, page=page)
    page.wait_for_timeout(1000)
    _shot(page, "3-exercise")

    starter_lines = len(course.expand(exercise.starter).splitlines())
    for _ in range(starter_lines):  # select the starter from its top (F7 is the browser's)
        page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+End")
    page.keyboard.type(answer)  # key by key: in order after the selection

    def draft(store, cid):
        saved = store.load_draft(cid, exercise.id)
        return saved is not None and saved.text.strip() == answer

    _store_says(home, draft, page=page)  # the draft autosaves: the app has the whole answer
    _shot(page, "4-answered")
    page.keyboard.press("F9")  # Check: Ctrl+R and F5 would reload the page
    _store_says(
        home,
        lambda store, cid: store.exercise_status(cid, "write-tool-result") == "passed",
        page=page,
    )
    page.wait_for_timeout(1000)
    _shot(page, "5-passed")
    assert page.url == url  # never reloaded, never navigated away


def test_the_page_loads_nothing_from_the_network(served, page):
    url, _home = served
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(url)
    page.wait_for_selector("body.-first-byte", timeout=60_000)
    here = url.split("?")[0].rstrip("/")
    elsewhere = [u for u in asked if not u.startswith(here) and "ws:" not in u]
    assert elsewhere == []


def test_a_page_from_another_site_cannot_open_the_course(served):
    url, _home = served
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    here, _, key = url.partition("/?token=")
    ws = f"{here}/ws/{key}"
    headers = {
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    with pytest.raises(HTTPError) as refused:
        urlopen(Request(ws, headers={**headers, "Origin": "https://evil.example"}), timeout=10)
    assert refused.value.code == 403
