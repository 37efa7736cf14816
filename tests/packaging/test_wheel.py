"""The wheel ships the code a contributor reads: every module once, byte for byte the
repository's file, under the repository's own names (`tooltutor` and `checker`), with no
tests and no catalog sources; installed, it marks the course's reference solutions from
another folder, with the course's own checks and with learner code in the sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
#: What the wheel leaves out of the two packages (pyproject's `exclude`).
LEFT_OUT = (".po", ".pot", ".pyc", "babel.cfg")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    builder = pytest.importorskip("hatchling.builders.wheel")
    out = tmp_path_factory.mktemp("wheel")
    return Path(next(builder.WheelBuilder(str(ROOT)).build(directory=str(out))))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked as an installer lays it out in site-packages."""
    folder = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    return folder


def _repository_files(package: str) -> set[str]:
    return {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(LEFT_OUT)
    }


def test_every_shipped_module_is_the_repositorys_file_byte_for_byte(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert len(names) == len(set(names))
        tops = {name.split("/")[0] for name in names}
        assert tops == {"tooltutor", "checker", "tooltutor-0.1.0.dist-info"}
        shipped = {
            n for n in names if not n.startswith(("tooltutor-", "tooltutor/bundled_course/"))
        }
        assert shipped == _repository_files("checker") | _repository_files("tooltutor")
        for name in shipped:
            assert archive.read(name) == (ROOT / name).read_bytes(), name
        assert {"checker/py.typed", "tooltutor/py.typed"} <= set(names)


def test_each_module_once_and_no_tests_or_catalog_sources(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    # beside the bundled course: its files and its own checks, no module of the app or engine
    bundled = [n for n in names if n.startswith("tooltutor/bundled_course/")]
    assert not [n for n in bundled if n.endswith(".py") and "/checks/" not in n], bundled
    assert not [n for n in names if n.startswith("tests/") or "/tests/" in n]
    assert not [n for n in names if n.endswith(LEFT_OUT)]


def _run(installed: Path, home: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "TOOLTUTOR_"))}
    env.update(PYTHONPATH=str(installed), TOOLTUTOR_HOME=str(home))
    return subprocess.run(
        [sys.executable, "-X", "utf8", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_installed_engine_is_the_one_that_runs(installed, tmp_path):
    done = _run(
        installed,
        tmp_path / "home",
        "-c",
        "import checker, tooltutor.cli\n"
        "body = {'model': 'm', 'max_tokens': 9, 'messages': [{'role': 'user', 'content': 'hi'}]}\n"
        "print(checker.lint(body).valid, checker.__file__)\n",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", str(installed / "checker/__init__.py")]


@pytest.mark.parametrize(
    "exercise_file",
    [
        "two-formats/01-claude-to-openai.yaml",  # marked by the course's own check
        "round-trip/02-fix-round-trip.yaml",  # learner code, run in the sandbox
    ],
)
def test_the_installed_app_marks_reference_solutions(installed, tmp_path, exercise_file):
    spec = yaml.safe_load(
        (installed / "tooltutor/bundled_course/exercises" / exercise_file).read_text()
    )
    answer = tmp_path / ("answer.py" if spec["kind"] == "python" else "answer.json")
    answer.write_text(spec["solution"])
    done = _run(
        installed,
        tmp_path / "home",
        "-m",
        "tooltutor",
        "check",
        spec["id"],
        str(answer),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASS" in done.stdout.upper()
