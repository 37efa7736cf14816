"""`tooltutor serve` on the command line: what it runs, and what it says when it cannot."""

from __future__ import annotations

import shlex
import subprocess
import sys
from types import SimpleNamespace

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
