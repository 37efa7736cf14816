"""The wheel installs the engine as `tooltutor_checker`: no top-level `checker` that could
overwrite, shadow or be shadowed by the PyPI distribution of that name. Installed beside a
stranger's `checker`, the app still lints, marks with the course's own checks and runs
learner code, and `import checker` stays the stranger's."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _hook_module():
    spec = importlib.util.spec_from_file_location("tooltutor_hatch_build", ROOT / "hatch_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


def _engine_imports(source: bytes) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        lines += [node.lineno for name in names if name.split(".")[0] == "checker"]
    return lines


def test_the_wheel_has_no_top_level_checker_and_all_of_the_engine(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        tops = {name.split("/")[0] for name in names}
        assert tops == {"tooltutor", "tooltutor_checker", "tooltutor-0.1.0.dist-info"}
        engine = {
            path.relative_to(ROOT / "checker").as_posix()
            for path in (ROOT / "checker").rglob("*")
            if path.is_file()
            and "__pycache__" not in path.parts
            and not path.name.endswith((".po", ".pot", ".pyc", "babel.cfg"))
        }
        assert {f"tooltutor_checker/{name}" for name in engine} <= names
        assert "tooltutor_checker/py.typed" in names
        still_checker = {
            name: _engine_imports(archive.read(name))
            for name in names
            if name.endswith(".py") and not name.startswith("tooltutor/bundled_course/")
        }
        assert {name: lines for name, lines in still_checker.items() if lines} == {}
        # course code is shipped as written: it says `checker`, course_imports resolves it
        course_code = archive.read("tooltutor/bundled_course/checks/calls.py")
        assert course_code == (ROOT / "checks/calls.py").read_bytes()


def _run(
    installed: Path, decoy: Path, home: Path, *args: str, cwd: Path
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "TOOLTUTOR_"))}
    env.update(PYTHONPATH=f"{installed}{os.pathsep}{decoy}", TOOLTUTOR_HOME=str(home))
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def decoy(tmp_path) -> Path:
    """Somebody else's `checker` package, on the path after the installed wheel."""
    (tmp_path / "decoy/checker").mkdir(parents=True)
    (tmp_path / "decoy/checker/__init__.py").write_text("WHOSE = 'a stranger'\n")
    return tmp_path / "decoy"


def test_beside_a_strangers_checker_both_keep_their_own(installed, decoy, tmp_path):
    done = _run(
        installed,
        decoy,
        tmp_path / "home",
        "-c",
        "import tooltutor.cli, tooltutor_checker, checker\n"
        "from tooltutor_checker import lint\n"
        "body = {'model': 'm', 'max_tokens': 9, 'messages': [{'role': 'user', 'content': 'hi'}]}\n"
        "print(lint(body).valid, checker.WHOSE, tooltutor_checker.__file__)\n",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    valid, whose = done.stdout.split(" ", 1)[0], "a stranger"
    assert valid == "True" and f" {whose} " in done.stdout
    assert done.stdout.strip().endswith(str(installed / "tooltutor_checker/__init__.py"))


@pytest.mark.parametrize(
    "exercise_file",
    [
        "two-formats/01-claude-to-openai.yaml",  # marked by the course's own check
        "round-trip/02-fix-round-trip.yaml",  # learner code, run in the sandbox
    ],
)
def test_the_installed_app_marks_reference_solutions(installed, decoy, tmp_path, exercise_file):
    spec = yaml.safe_load(
        (installed / "tooltutor/bundled_course/exercises" / exercise_file).read_text()
    )
    answer = tmp_path / ("answer.py" if spec["kind"] == "python" else "answer.json")
    answer.write_text(spec["solution"])
    done = _run(
        installed,
        decoy,
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


@pytest.mark.parametrize(
    ("source", "renamed"),
    [
        ("from checker import lint\n", "from tooltutor_checker import lint\n"),
        ("from checker.rules.x import y  # c\n", "from tooltutor_checker.rules.x import y  # c\n"),
        ("import checker\n", "import tooltutor_checker as checker\n"),
        ("import checker.lint as lt\n", "import tooltutor_checker.lint as lt\n"),
        ("import os, checker\n", "import os, tooltutor_checker as checker\n"),
        (
            "    from checker import (\n        a,\n    )\n",
            "    from tooltutor_checker import (\n        a,\n    )\n",
        ),
        (
            "x = 'checker'\nfrom .checker import y\nimport checkers\n",
            "x = 'checker'\nfrom .checker import y\nimport checkers\n",
        ),
        ("from checkerboard import q\nchecker = 1\n", "from checkerboard import q\nchecker = 1\n"),
    ],
)
def test_the_rename_touches_only_the_engines_imports(source, renamed):
    assert _hook_module().rename_engine_imports(source, "tooltutor_checker") == renamed


def test_an_import_the_rename_would_break_stops_the_build():
    with pytest.raises(ValueError, match="from checker import <module>"):
        _hook_module().rename_engine_imports("import checker.lint\n", "tooltutor_checker")
