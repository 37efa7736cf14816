"""`tooltutor serve` on the command line: what it runs, and what it says when it cannot."""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
from types import SimpleNamespace
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from tooltutor.cli import main
from tooltutor.commands.serve import app_command, page_url


def test_without_textual_serve_it_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["serve"]) == 2
    assert "pip install 'tooltutor[serve]'" in capsys.readouterr().err


def test_a_port_out_of_range_is_refused_before_anything_starts(capsys):
    assert main(["serve", "--port", "70000"]) == 2
    assert "between 1 and 65535" in capsys.readouterr().err


def test_each_tab_runs_this_python_on_this_course_in_this_language(tmp_path):
    args = SimpleNamespace(course=str(tmp_path / "my course"), lang="pt-BR", trust=True)
    words = shlex.split(app_command(args))
    assert words[:3] == [sys.executable, "-m", "tooltutor"]
    assert words[3:] == [
        "--course",
        str((tmp_path / "my course").resolve()),
        "--lang",
        "pt-BR",
        "--trust",
    ]
    assert page_url("::1", 8000) == "http://[::1]:8000"


def test_outside_a_browser_the_app_still_refuses_pipes():
    plain = subprocess.run(
        [sys.executable, "-m", "tooltutor"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert plain.returncode == 2 and "runs in a terminal" in plain.stderr


# ----------------------------------------------------------- who may open the course


@pytest.fixture
def serving(tmp_path):
    """`tooltutor serve` on a free port: (the printed address, its origin, its key)."""
    pytest.importorskip("textual_serve")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, TOOLTUTOR_HOME=str(tmp_path / "home"))
    server = subprocess.Popen(
        [sys.executable, "-m", "tooltutor", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first = server.stdout.readline()
        printed = next(word for word in first.split() if word.startswith("http://"))
        here, _, key = printed.partition("/?token=")
        assert here == f"http://127.0.0.1:{port}" and len(key) >= 24, first
        yield printed, here, key
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def _status(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict]:
    try:
        with urlopen(Request(url, headers=headers or {}), timeout=10) as response:
            return response.status, dict(response.headers)
    except HTTPError as error:
        return error.code, dict(error.headers)


HANDSHAKE = {
    "Connection": "Upgrade",
    "Upgrade": "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
}


def test_the_page_opens_only_with_this_launchs_key_and_is_never_framed(serving):
    printed, here, key = serving
    status, headers = _status(printed)
    assert status == 200
    assert headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    assert headers["X-Frame-Options"] == "DENY"
    for other in (here + "/", f"{here}/?token=x{key}", f"{here}/?token="):
        status, headers = _status(other)
        assert status == 403 and headers["X-Frame-Options"] == "DENY", other


def test_the_socket_needs_this_launchs_key_and_this_servers_origin(serving):
    printed, here, key = serving
    refused = {
        "no Origin at all": (f"{here}/ws/{key}", {}),
        "another site's Origin": (f"{here}/ws/{key}", {"Origin": "https://evil.example"}),
        "no key": (f"{here}/ws", {"Origin": here}),
        "a wrong key": (f"{here}/ws/{key[:-1]}x", {"Origin": here}),
    }
    for name, (url, headers) in refused.items():
        status, _ = _status(url, {**HANDSHAKE, **headers})
        assert status == 403, name
