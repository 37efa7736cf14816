"""The sdist as a user or a distribution packager gets it: built from this tree, unpacked
into `tooltutor-<version>/`, it carries the licence, the course and the tests, and its
own tests pass there (a bounded set here; all of them with `-m slow`, installed in a fresh
virtual environment: the bounded set again when only a share of the slow runs is asked
for, see `slow_share`)."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from slow_share import in_full

ROOT = Path(__file__).resolve().parents[2]
#: Tests that read paths, the course files and the sandbox's messages: what an unpacked
#: folder named tooltutor-<version>/ could upset.
BOUNDED = [
    # the sandbox's "never show our machinery" guard met the folder's name here
    "tests/sandbox/test_sandbox.py::test_writing_outside_the_work_folder_is_refused",
    "tests/sandbox/test_sandbox.py::test_the_learners_traceback_shows_only_their_frames",
    "tests/course/test_yaml_loaders.py",
    "tests/cli/test_completion_and_help.py",
]


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory) -> Path:
    hatchling = pytest.importorskip("hatchling.builders.sdist")
    out = tmp_path_factory.mktemp("dist")
    built = next(hatchling.SdistBuilder(str(ROOT)).build(directory=str(out)))
    from tooltutor import __version__

    assert Path(built).name == f"tooltutor-{__version__}.tar.gz"
    with tarfile.open(built) as archive:
        archive.extractall(out, filter="data")
    folder = out / f"tooltutor-{__version__}"
    assert folder.is_dir()
    return folder


def test_the_sdist_carries_the_licence_the_course_and_the_tests(unpacked):
    for name in (
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "course.yaml",
        ".pre-commit-hooks.yaml",
        "hatch_build.py",
        "light/pyproject.toml",  # the light distribution builds from the sdist too
    ):
        assert (unpacked / name).is_file(), name
    assert "MIT License" in (unpacked / "LICENSE").read_text()
    assert list((unpacked / "lessons").glob("*.yaml"))
    assert list((unpacked / "exercises").rglob("*.yaml"))
    assert (unpacked / "tooltutor/web/app_index.html").is_file()
    assert (unpacked / "tests/conftest.py").is_file()


def _own_tests(folder: Path, *args: str, python: str = sys.executable, timeout: float = 600):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "TOOLTUTOR_"))}
    return subprocess.run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_its_own_tests_pass_in_tooltutor_version_folder(unpacked):
    done = _own_tests(unpacked, *BOUNDED)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    imported = _own_tests(unpacked, "--co", "-q", "tests/cli/test_completion_and_help.py")
    assert imported.returncode == 0


def _see_these_packages(python: str) -> None:
    """Let the environment of `python` import this environment's packages after its own."""
    import sysconfig

    ours = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    theirs = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(theirs) / "tests-outer-environment.pth").write_text("".join(f"{p}\n" for p in ours))


@pytest.mark.slow
def test_installed_from_the_sdist_all_its_tests_pass(unpacked, tmp_path):
    venv = tmp_path / "venv"
    full = in_full()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin/python")
    if not full:
        # With a share of the slow runs (CI), the new environment sees this one's packages
        # (after its own) and installs only tooltutor from the sdist (installing the
        # dependencies is CI's own first step), then runs the bounded set of its tests.
        _see_these_packages(python)
    install = [f"{unpacked}[test]"] if full else ["--no-deps", "--no-build-isolation", unpacked]
    subprocess.run(
        [python, "-m", "pip", "install", "-q", *map(str, install)], check=True, timeout=1800
    )
    where = subprocess.run(
        [python, "-c", "import tooltutor; print(tooltutor.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(where).is_relative_to(venv), where  # the sdist's install, not this tree
    done = _own_tests(unpacked, *([] if full else BOUNDED), python=python, timeout=3600)
    assert done.returncode == 0, done.stdout[-5000:]


def test_the_bundled_courses_schema_lines_resolve_inside_the_wheel(tmp_path):
    wheel_builder = pytest.importorskip("hatchling.builders.wheel")
    import posixpath
    import zipfile

    built = next(wheel_builder.WheelBuilder(str(ROOT)).build(directory=str(tmp_path)))
    with zipfile.ZipFile(built) as wheel:
        names = set(wheel.namelist())
        assert any(n.endswith("licenses/LICENSE") for n in names)
        for schema in (ROOT / "tooltutor/course/schemas").glob("*.schema.json"):  # code reads
            assert f"tooltutor/course/schemas/{schema.name}" in names, schema.name
        # the course data has a folder of its own, beside the `tooltutor.course` package
        assert "tooltutor/course/__init__.py" in names
        assert "tooltutor/bundled_course/course.yaml" in names
        assert not [n for n in names if n.startswith("tooltutor/course/lessons/")]
        course_files = [
            n for n in names if n.startswith("tooltutor/bundled_course/") and n.endswith(".yaml")
        ]
        assert len(course_files) > 20
        for name in course_files:
            first = wheel.read(name).decode("utf-8").splitlines()[0]
            if "$schema=" not in first:
                continue
            target = posixpath.normpath(
                posixpath.join(posixpath.dirname(name), first.split("=", 1)[1])
            )
            assert target in names, (name, target)


def test_the_wheel_ships_the_compiled_catalogs_and_not_their_sources(tmp_path):
    wheel_builder = pytest.importorskip("hatchling.builders.wheel")
    import gettext
    import io
    import zipfile

    built = next(wheel_builder.WheelBuilder(str(ROOT)).build(directory=str(tmp_path)))
    with zipfile.ZipFile(built) as wheel:
        names = set(wheel.namelist())
        for package, domain, english, portuguese in (
            (
                "checker",
                "checker",
                "valid: no problems found",
                "válido: nenhum problema encontrado",
            ),
            ("tooltutor", "tooltutor", "Recap", "Resumo"),
        ):
            mo = f"{package}/locales/pt_BR/LC_MESSAGES/{domain}.mo"
            assert mo in names
            catalog = gettext.GNUTranslations(io.BytesIO(wheel.read(mo)))
            assert catalog.gettext(english) == portuguese
            if domain == "checker":  # CLDR's plural rule came along: 0 is singular
                assert catalog.ngettext("{n} error", "{n} errors", 0) == "{n} erro"
        assert not [n for n in names if n.endswith((".po", ".pot", "babel.cfg"))]
