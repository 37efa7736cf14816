"""`tooltutor new`: a course, a lesson and an exercise of each kind, valid as written, and
an editor's YAML language server (the real one, from npm) checking them in any folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tooltutor(*args, cwd=None, home=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLTUTOR_")}
    if home:
        env["TOOLTUTOR_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "tooltutor", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=600,
    )


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """A course made with `new` only: course, a second lesson, one exercise of each kind."""
    base = tmp_path_factory.mktemp("authoring")
    root = base / "My Course"  # a space in the path, as authors' folders have
    steps = [
        ("new", "course", root, "--id", "my-course", "--title", 'My "first" course'),
        ("new", "lesson", "second-lesson", "--dir", root),
        ("new", "exercise", "python", "shout", "--lesson", "second-lesson", "--dir", root),
        ("new", "exercise", "choice", "pick", "--lesson", "first-steps", "--dir", root),
    ]
    for step in steps:
        done = tooltutor(*step, home=base / "home")
        assert done.returncode == 0, done.stderr
    return root


def test_what_new_writes_validates_self_tests_and_is_listed(course):
    done = tooltutor("--trust", "validate", course, home=course.parent / "home")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid: 2 lessons, 3 exercises, every exercise self-tested" in done.stdout
    listed = tooltutor("--course", course, "list", "--json", home=course.parent / "home")
    ids = [e["id"] for lesson in json.loads(listed.stdout)["lessons"] for e in lesson["exercises"]]
    assert ids == ["first-request", "pick", "shout"]


def test_every_schema_line_resolves_from_its_file(course):
    files = [
        course / "course.yaml",
        *course.glob("lessons/*.yaml"),
        *course.rglob("exercises/**/*.yaml"),
    ]
    assert len(files) == 6
    for path in files:
        first = path.read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = (path.parent / first.split("=", 1)[1]).resolve()
        assert schema.is_file() and schema.parent == (course / "schemas").resolve(), path
        shipped = ROOT / "tooltutor/course/schemas" / schema.name
        if schema.name != "exercise.schema.json":  # that one knows the checks too
            assert schema.read_bytes() == shipped.read_bytes()


def test_new_refuses_what_it_would_overwrite_or_cannot_name(course, tmp_path):
    again = tooltutor("new", "exercise", "json", "pick", "--lesson", "first-steps", "--dir", course)
    assert again.returncode == 2 and "already" in again.stderr
    bad = tooltutor("new", "lesson", "Bad Id", "--dir", course)
    assert bad.returncode == 2 and "lower-case letters" in bad.stderr
    nowhere = tooltutor("new", "lesson", "x", "--dir", tmp_path)
    assert nowhere.returncode == 2 and "no course.yaml" in nowhere.stderr
    orphan = tooltutor("new", "exercise", "json", "e", "--lesson", "missing", "--dir", course)
    assert orphan.returncode == 2 and "tooltutor new lesson missing" in orphan.stderr


# -- the real yaml-language-server ----------------------------------------------------------


def _language_server() -> list[str] | None:
    found = os.environ.get("YAML_LANGUAGE_SERVER") or shutil.which("yaml-language-server")
    local = ROOT / "build/node/node_modules/.bin/yaml-language-server"
    if not found and local.exists():
        found = str(local)
    return [found, "--stdio"] if found else None


class LanguageServer:
    """Just enough of an LSP client: open a file, collect the diagnostics it publishes."""

    def __init__(self, command: list[str], root: Path):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0
        self.request(
            "initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}}
        )
        self.notify("initialized", {})
        settings = {"yaml": {"validate": True, "schemaStore": {"enable": False}}}
        self.notify("workspace/didChangeConfiguration", {"settings": settings})

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self) -> dict:
        length = 0
        while (line := self.process.stdout.readline().strip()) != b"":
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id and "method" not in message:
                return message
            self._answer(message)

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def _answer(self, message: dict) -> None:
        if "id" in message and "method" in message:  # the server asks (configuration...)
            items = message.get("params", {}).get("items", [])
            result = [{"validate": True, "schemaStore": {"enable": False}}] * len(items)
            self.send({"id": message["id"], "result": result or None})

    def diagnostics(self, path: Path, timeout: float = 60) -> list[dict]:
        uri = path.as_uri()
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "yaml",
                    "version": 1,
                    "text": path.read_text(),
                }
            },
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.read()
            self._answer(message)
            params = message.get("params") or {}
            published = message.get("method") == "textDocument/publishDiagnostics"
            if published and params["uri"] == uri and params["diagnostics"]:
                return params["diagnostics"]
        return []

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.mark.skipif(_language_server() is None, reason="yaml-language-server is not installed")
def test_an_editor_flags_a_wrong_key_in_a_scaffolded_course(course, tmp_path):
    # the course moved elsewhere, as an author's own folder is: the schema lines still resolve
    moved = tmp_path / "elsewhere" / "course"
    shutil.copytree(course, moved)
    exercise = next(moved.glob("exercises/second-lesson/*.yaml"))
    text = exercise.read_text()
    exercise.write_text(text.replace("\nhints:", "\nhint:", 1))
    server = LanguageServer(_language_server(), moved)
    try:
        found = server.diagnostics(exercise)
    finally:
        server.close()
    messages = " | ".join(d["message"] for d in found)
    assert "hint" in messages, messages  # the unknown key, or "hints" missing
    lines = {d["range"]["start"]["line"] for d in found}
    wrong = text.splitlines().index("hints:") if "hints:" in text.splitlines() else None
    assert wrong is None or wrong in lines or 0 in lines, (lines, messages)
