"""One trust decision per course, before any of its code is imported or run (issue 25).

Each course here holds a `checks/` module that leaves a mark when it runs (a file the
test can see, written only where the machine lets it), and only engine checks in its
exercises: the case where a course's code used to run unasked.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from minimal import write_course, write_python_pack

from tooltutor import trust
from tooltutor.course import load_course

SPY = """\
import os
from checker.checks import Outcome, check

for _path in {paths!r}:
    try:
        with open(_path, "w") as _handle:
            _handle.write("the course's checks ran here")
    except OSError:
        pass


@check("spy-check", kinds=("json",))
def spy(ctx, params):
    \"\"\"Always passes.\"\"\"
    return Outcome(True)
"""


def _spy_course(root: Path, marks: list[Path]) -> Path:
    """The tiny course (engine checks only) plus a `checks/` that marks `marks` on import."""
    return write_course(root, **{"checks__spy.py": SPY.format(paths=[str(m) for m in marks])})


@pytest.fixture
def env(tmp_path):
    return {
        **os.environ,
        "TOOLTUTOR_HOME": str(tmp_path / "home"),
        "NO_COLOR": "1",
        "TOOLTUTOR_TRUST": "",
    }


def _run(env, *args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "tooltutor", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        timeout=300,
    )


def test_checks_of_a_course_never_run_unasked(tmp_path, env):
    mark = tmp_path / "mark.txt"
    pack = _spy_course(tmp_path / "pack", [mark])
    answer = tmp_path / "answer.json"
    answer.write_text("[]")
    for command in (
        ["--course", pack, "check", "first", answer],
        ["validate", pack],
        ["--course", pack, "check", "first", answer, "--no-record"],
    ):
        done = _run(env, *command)
        assert done.returncode == 2, done.stdout + done.stderr
        assert "not trusted" in done.stderr and "--trust" in done.stderr
        assert not mark.exists(), f"{command}: the course's checks ran unasked"


def test_once_trusted_a_courses_checks_run_sandboxed_away_from_the_learners_files(tmp_path, env):
    home_mark = Path(env["TOOLTUTOR_HOME"]) / "written-by-the-course.txt"
    beside = tmp_path / "beside.txt"
    pack = _spy_course(tmp_path / "pack", [home_mark, beside])
    answer = tmp_path / "answer.json"
    answer.write_text("[]")
    done = _run(env, "--course", pack, "check", "first", answer, "--trust")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PASS" in done.stdout
    from checker.sandbox import contain

    if contain.current().contained:
        assert not home_mark.exists() and not beside.exists()


def test_validate_asks_first_even_when_the_course_lists_no_lessons(tmp_path, env):
    mark = tmp_path / "mark.txt"
    pack = _spy_course(tmp_path / "pack", [mark])
    course_yaml = pack / "course.yaml"
    course_yaml.write_text(course_yaml.read_text().replace("lessons: [basics]", "lessons: []"))
    done = _run(env, "validate", pack)
    assert done.returncode == 2 and "not trusted" in done.stderr
    assert not mark.exists()
    (pack / "course.yaml").write_text("{{{ not yaml")
    done = _run(env, "validate", pack)
    assert not mark.exists()


def test_validate_takes_trust_after_the_command_too(tmp_path, env):
    pack = _spy_course(tmp_path / "pack", [])
    done = _run(env, "validate", "--trust", pack)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid" in done.stdout


def test_alternating_check_and_validate_asks_once(tmp_path, env):
    pack = write_python_pack(tmp_path / "pack")
    (pack / "checks").mkdir()
    (pack / "checks/spy.py").write_text(SPY.format(paths=[]))
    answer = tmp_path / "answer.py"
    answer.write_text("def double(value):\n    return value * 2\n")
    first = _run(env, "--course", pack, "check", "second", answer, "--trust")
    assert first.returncode == 0, first.stdout + first.stderr
    for command in (
        ["validate", pack],
        ["--course", pack, "check", "second", answer],
        ["validate", pack],
        ["--course", pack, "check", "first", tmp_path / "answer.json"],
    ):
        (tmp_path / "answer.json").write_text("[]")
        done = _run(env, *command)
        assert "not trusted" not in done.stderr, (command, done.stderr)
        assert done.returncode == 0, (command, done.stdout + done.stderr)


def _trusted_pack(tmp_path, env, **files):
    pack = _spy_course(tmp_path / "pack", [])
    for name, text in files.items():
        path = pack / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    done = _run(env, "--trust", "validate", pack)
    assert done.returncode == 0, done.stdout + done.stderr
    return pack


def test_the_fingerprint_covers_every_file_under_checks_recursively(tmp_path, env):
    pack = _trusted_pack(
        tmp_path, env, **{"checks/lib/__init__.py": "", "checks/lib/impl.py": "X = 1\n"}
    )
    assert _run(env, "validate", pack).returncode == 0
    (pack / "checks/lib/impl.py").write_text("X = 2  # changed after it was trusted\n")
    changed = _run(env, "validate", pack)
    assert changed.returncode == 2 and "not trusted" in changed.stderr
    _run(env, "--trust", "validate", pack)
    (pack / "checks/data.json").write_text("{}")  # any type of file
    assert "not trusted" in _run(env, "validate", pack).stderr


@pytest.mark.parametrize(
    "name, content, said",
    [
        ("checks/spy/__init__.py", "", "package folder beside the module spy.py"),
        ("checks/fast.cpython-311-x86_64-linux-gnu.so", "\x7fELF", "compiled code"),
        ("checks/evil.pth", "import os", ".pth file"),
    ],
)
def test_what_the_fingerprint_cannot_vouch_for_is_refused(tmp_path, env, name, content, said):
    pack = _spy_course(tmp_path / "pack", [])
    path = pack / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    done = _run(env, "--trust", "validate", pack)
    assert done.returncode == 2 and said in done.stderr, done.stderr


def test_a_link_that_leaves_the_course_is_refused(tmp_path, env):
    outside = tmp_path / "outside.py"
    outside.write_text("X = 1\n")
    pack = _spy_course(tmp_path / "pack", [])
    (pack / "checks/linked.py").symlink_to(outside)
    done = _run(env, "--trust", "validate", pack)
    assert done.returncode == 2 and "leads out of the course" in done.stderr


def test_compiled_files_are_ignored_and_never_imported(tmp_path, env, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", env["TOOLTUTOR_HOME"])
    pack = _spy_course(tmp_path / "pack", [])
    cache = pack / "checks/__pycache__"
    cache.mkdir()
    (cache / "spy.cpython-311.pyc").write_bytes(b"not bytecode at all")
    course = load_course(pack)
    code = trust.course_code(course)
    assert all("__pycache__" not in name for name in code.files)
    trust.ensure_trusted(course, assume=True)
    from tooltutor.marking import course_checks

    assert "spy-check" in course_checks(course)


def test_the_question_says_where_each_kind_of_course_code_runs(tmp_path):
    pack = _spy_course(tmp_path / "pack", [])
    text = trust.question(load_course(pack))
    assert "checks/" in text and "sandbox" in text
    assert "support code" in text


def test_the_snapshot_is_what_runs_not_the_folder(tmp_path, monkeypatch):
    """A file changed after the decision is not imported: the trusted bytes are."""
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    pack = _spy_course(tmp_path / "pack", [])
    course = load_course(pack)
    trust.ensure_trusted(course, assume=True)
    code = trust.trusted_code(course)
    (pack / "checks/spy.py").write_text("raise SystemExit('not what was trusted')\n")
    assert "spy-check" in textwrap.dedent(code.check_sources()["spy.py"])
    with pytest.raises(trust.NotTrusted):
        trust.trusted_code(load_course(pack))
