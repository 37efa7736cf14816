"""Shell completion (bash for real, zsh and fish where installed) and what `--help` says
about exit codes and environment variables."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tooltutor.cli import main
from tooltutor.commands.parser import COMMANDS
from tooltutor.course import load_course


def _script(shell: str, tmp_path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tooltutor", "completion", shell],
        capture_output=True,
        text=True,
        check=True,
    )
    path = tmp_path / f"completion.{shell}"
    path.write_text(done.stdout)
    return str(path)


def _bash_complete(script: str, words: list[str], tmp_path) -> list[str]:
    """What Tab offers after `words` (the last one is being typed), in a real bash."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "tooltutor"  # the scripts call `tooltutor` for the ids
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tooltutor "$@"\n')
    shim.chmod(0o755)
    line = " ".join(f"'{w}'" for w in words)
    program = (
        f"source {script}; COMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; "
        'cd "$1"; _tooltutor; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        ["bash", "-c", program, "bash", str(tmp_path)],
        capture_output=True,
        text=True,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completes_commands_options_ids_and_languages(tmp_path):
    script = _script("bash", tmp_path)
    assert _bash_complete(script, ["tooltutor", "che"], tmp_path) == ["check"]
    assert set(_bash_complete(script, ["tooltutor", ""], tmp_path)) >= set(COMMANDS)
    course = load_course()
    ids = _bash_complete(script, ["tooltutor", "start", ""], tmp_path)
    assert ids == list(course.exercises)
    assert _bash_complete(script, ["tooltutor", "show", "round"], tmp_path) == ["round-trip"]
    assert "--output-format" in _bash_complete(script, ["tooltutor", "lint", "--o"], tmp_path)
    assert _bash_complete(script, ["tooltutor", "--lang", "pt"], tmp_path) == ["pt-BR"]
    (tmp_path / "answer.json").write_text("[]")
    offered = _bash_complete(script, ["tooltutor", "check", "ans"], tmp_path)
    assert offered == ["answer.json"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="no zsh")
def test_zsh_registers_the_completion(tmp_path):
    script = _script("zsh", tmp_path)
    done = subprocess.run(
        ["zsh", "-f", "-c", f"source {script}; print -- ${{_comps[tooltutor]}}"],
        capture_output=True,
        text=True,
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert "_tooltutor" in done.stdout, done.stderr


@pytest.mark.skipif(shutil.which("fish") is None, reason="no fish")
def test_fish_completes_exercise_ids(tmp_path):
    script = _script("fish", tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "tooltutor").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tooltutor "$@"\n')
    (bin_dir / "tooltutor").chmod(0o755)
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source {script}; complete -C 'tooltutor hint write'"],
        capture_output=True,
        text=True,
        env={"HOME": str(tmp_path), "PATH": f"{bin_dir}:/usr/bin:/bin"},
    )
    assert done.stdout.split() == ["write-tool-result"], done.stderr


def test_completion_without_a_shell_says_which(capsys):
    assert main(["completion"]) == 2
    assert "bash, zsh or fish" in capsys.readouterr().err


def test_help_names_exit_codes_and_environment_variables(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for code in ("0 ", "1 ", "2 ", "70 ", "130 "):
        assert f"\n  {code}" in text, code
    for name in (
        "TOOLTUTOR_COURSE",
        "TOOLTUTOR_LANG",
        "TOOLTUTOR_TRUST",
        "TOOLTUTOR_HOME",
        "TOOLTUTOR_MAX_FILE_BYTES",
        "TOOLTUTOR_SANDBOX",
        "NO_COLOR",
    ):
        assert f"\n  {name}" in text, name


def test_every_variable_the_code_reads_is_in_the_help():
    import re
    from pathlib import Path

    from tooltutor.commands.parser import EPILOG

    root = Path(__file__).resolve().parents[2]
    read = set()
    for path in [*root.glob("tooltutor/**/*.py"), *root.glob("checker/**/*.py")]:
        read |= set(re.findall(r"environ(?:\.get)?\(\s*\"(TOOLTUTOR_[A-Z_]+)\"", path.read_text()))
    internal = {"TOOLTUTOR_SERVED"}  # set by `serve` for the app it starts
    assert read - internal <= set(re.findall(r"TOOLTUTOR_[A-Z_]+", EPILOG))
    assert len(read) >= 6
