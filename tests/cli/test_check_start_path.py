"""What a `check` of a JSON answer and a `lint` of a whole request load, run as a user runs
them (no TOOLTUTOR_HOME, a home of its own): none of the modules their start-up budgets
were won by leaving out (README, "Performance"; `python3 -m bench startup --installed`). A
module that comes back here costs every learner's every check: this says which one and
what took it out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

#: module -> why it is not on the path (what replaced it)
LEFT_OUT = {
    "dataclasses": "checker.records (the course model, Outcome)",
    "inspect": "imported by dataclasses",
    "typing": "names used in annotations only, under TYPE_CHECKING",
    "textwrap": "tooltutor.verdict_text.filled",
    "hashlib": "the course cache's entry names; the interpreter's SHA-256 for overlays",
    "difflib": "asked for only when an overlay or an `after:` names an unknown id",
    "platformdirs": "tooltutor.user_dirs on Linux",
    "tempfile": "imported by platformdirs",
    "yaml": "the course cache holds the parsed files",
    "jsonschema": "only a request with tool definitions needs it",
    "textual": "the app, not the command line",
    "rich": "the app, not the command line",
}

PROBE = """
import atexit, runpy, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write("\\n".join(sys.modules)))
sys.argv = ["tooltutor", *sys.argv[2:]]
runpy.run_module("tooltutor", run_name="__main__", alter_sys=True)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="the user folders are platformdirs' elsewhere")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_json_check_loads_none_of_the_modules_left_out(tmp_path, lang):
    home = tmp_path / "home"
    home.mkdir()
    answer = tmp_path / "answer.json"
    answer.write_text('[{"role": "user", "content": "Weather in Lisboa?"}]', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "TOOLTUTOR_"))}
    env.update(HOME=str(home), NO_COLOR="1", PYTHONPATH=str(REPO))
    command = ["--lang", lang, "check", "write-tool-result", str(answer)]
    # the first check fills the course cache (the files, and which module of the course's
    # checks declares each check), as a learner's first check does
    subprocess.run([sys.executable, "-m", "tooltutor", *command], env=env, capture_output=True)
    listing = tmp_path / "modules.txt"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(listing), *command],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 1 and "write-tool-result: " in run.stdout, run.stderr  # marked
    loaded = set(listing.read_text(encoding="utf-8").split())
    back = {name: why for name, why in LEFT_OUT.items() if name in loaded}
    assert back == {}
    assert ("tooltutor.course.translation.translator" in loaded) == (lang != "en")


def test_a_lint_of_a_whole_request_loads_none_of_the_modules_left_out(tmp_path):
    from bench.requests import request_json  # the request `bench startup` times

    request = tmp_path / "request.json"
    request.write_text(request_json(30), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "TOOLTUTOR_"))}
    env.update(HOME=str(tmp_path), NO_COLOR="1", PYTHONPATH=str(REPO))
    listing = tmp_path / "modules.txt"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(listing), "lint", str(request)],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode in (0, 1) and "Traceback" not in run.stderr, run.stderr
    loaded = set(listing.read_text(encoding="utf-8").split())
    assert "checker.rules.anthropic.tool_choice" in loaded  # a whole request: every rule
    kept_out = {"dataclasses", "inspect", "typing", "textwrap", "hashlib", "sqlite3"}
    assert {name for name in kept_out if name in loaded} == set()
