"""`tooltutor lint FILE`: exit codes, JSON output, human output."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from checker_requests import anthropic_body, assistant, user

from tooltutor.commands import lint as lint_cmd
from tooltutor.errors import UserError

ROOT = Path(__file__).resolve().parents[2]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tooltutor lint")
    lint_cmd.add_parser(parser)
    return parser


def run(argv, capsys):
    args = _parser().parse_args(argv)
    code = args.run(args)
    return code, capsys.readouterr().out


@pytest.fixture
def files(tmp_path):
    valid = tmp_path / "valid.json"
    valid.write_text(json.dumps(anthropic_body(), indent=2))
    broken_body = anthropic_body()
    broken_body["messages"][2] = user("thanks")
    invalid = tmp_path / "invalid.json"
    invalid.write_text(json.dumps(broken_body, indent=2))
    warned = tmp_path / "warned.json"
    warned.write_text(json.dumps([assistant("Hi"), user("hello")]))
    return {"valid": valid, "invalid": invalid, "warned": warned, "dir": tmp_path}


def test_exit_codes(files, capsys):
    assert run([str(files["valid"])], capsys)[0] == 0
    code, out = run([str(files["invalid"])], capsys)
    assert code == 1
    assert f"{files['invalid']}:" in out and "error a-tool-result-missing" in out
    assert out.rstrip().endswith("1 error (Anthropic Messages)")
    code, out = run([str(files["warned"]), "--format", "anthropic"], capsys)
    assert code == 0 and "a-first-not-user" not in out, "notes are hidden by default"
    code, out = run([str(files["warned"]), "--format", "anthropic", "--show-notes"], capsys)
    assert code == 0 and "note a-first-not-user" in out and "valid: 1 note" in out


def test_json_output(files, capsys):
    code, out = run([str(files["invalid"]), "--json"], capsys)
    data = json.loads(out)
    assert code == 1
    assert set(data) == {"valid", "format", "diagnostics"}
    assert data["valid"] is False and data["format"] == "anthropic"
    (diag,) = data["diagnostics"]
    assert set(diag) == {"rule", "severity", "path", "line", "column", "message", "hint"}
    assert diag["rule"] == "a-tool-result-missing" and diag["path"] == "/messages/1/content/1/id"
    code, out = run([str(files["valid"]), "--json"], capsys)
    assert code == 0 and json.loads(out) == {
        "valid": True,
        "format": "anthropic",
        "diagnostics": [],
    }


def test_format_and_model_options(files, capsys, tmp_path):
    prefill = tmp_path / "prefill.json"
    prefill.write_text(json.dumps([user("Give JSON"), assistant("{")]))
    assert run([str(prefill), "--format", "anthropic"], capsys)[0] == 0
    code, out = run([str(prefill), "--format", "anthropic", "--model", "claude-opus-4-6"], capsys)
    assert code == 1 and "a-prefill-unsupported" in out
    code, out = run([str(prefill), "--json"], capsys)
    assert json.loads(out)["format"] == "unknown"


def test_unreadable_files(files, tmp_path):
    parser = _parser()
    for target, words in (
        (tmp_path / "missing.json", "no such file"),
        (files["dir"], "is a directory"),
    ):
        args = parser.parse_args([str(target)])
        with pytest.raises(UserError, match=words) as info:
            args.run(args)
        assert info.value.exit_code == 2
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(11 * 1024 * 1024)
    args = parser.parse_args([str(big)])
    with pytest.raises(UserError, match="larger than 10 MB"):
        args.run(args)


def _as_a_user_file_modes_bind() -> list[str]:
    """The command prefix under which file modes bind this process: none for a user; for
    root (as CI runs) `setpriv` dropping every capability, which is how root reads a file
    its mode forbids (root then is only the file's owner, and mode 0 refuses the owner)."""
    if os.geteuid() != 0:
        return []
    import shutil

    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv (util-linux) to drop root's capabilities")
    return ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--"]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_permission_denied(tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text("[]")
    secret.chmod(0)
    done = subprocess.run(
        [*_as_a_user_file_modes_bind(), sys.executable, "-m", "tooltutor", "lint", str(secret)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"tooltutor: cannot read {secret}: permission denied\n"
    assert done.stdout == ""


def test_bad_json_and_bad_bytes(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"messages": [\n  {"role": "user", "content": "hi"},\n]}')
    code, out = run([str(bad)], capsys)
    assert code == 1 and f"{bad}:3:1: error json-syntax" in out and "  3 | ]" in out
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'[{"role": "user", "content": "caf\xe9"}]')
    code, out = run([str(latin), "--json"], capsys)
    assert code == 1 and json.loads(out)["diagnostics"][0]["rule"] == "input-encoding"


@pytest.mark.skipif(
    importlib.util.find_spec("tooltutor.commands.list_cmd") is None,
    reason="the CLI dispatcher needs every subcommand module",
)
def test_subprocess(files, tmp_path):
    def cli(*argv, stdin=None):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", "lint", *argv],
            cwd=ROOT,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert cli(str(files["valid"])).returncode == 0
    invalid = cli(str(files["invalid"]), "--json")
    assert invalid.returncode == 1
    assert json.loads(invalid.stdout)["valid"] is False
    missing = cli(str(tmp_path / "nope.json"))
    assert missing.returncode == 2
    assert missing.stderr.strip().endswith("no such file") and missing.stdout == ""
    piped = cli("-", "--json", stdin=files["valid"].read_text())
    assert piped.returncode == 0 and json.loads(piped.stdout)["valid"] is True
    assert cli("-", stdin="[1,]").returncode == 1
