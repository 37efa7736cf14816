"""The data and cache folders are platformdirs' own, in every environment, and on Linux the
usual ones are found without importing platformdirs (`tooltutor.user_dirs`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from tooltutor import user_dirs
from tooltutor.course.cache import cache_dir
from tooltutor.progress import data_dir

VARIABLES = ("HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "ANDROID_DATA", "ANDROID_ROOT")

# (HOME, XDG_DATA_HOME, XDG_CACHE_HOME); None: unset
ENVIRONMENTS = [
    ("/home/ana", None, None),
    ("/home/ana/", None, None),
    ("/", None, None),
    ("/home/ana", "/data/xdg", "/data/cache"),
    ("/home/ana", "/data/xdg/", "/data/cache/"),
    ("/home/ana", "", ""),
    ("/home/ana", "   ", "\t"),
    ("/home/ana", "relative/share", "relative/cache"),
    ("/home/ana", "~/share", "~/cache"),
    ("/home/ana", " /leading-blank", " /leading-blank"),
    ("/home/ana", "/trailing-blank ", "/trailing-blank "),
    ("/home/with space/ünïcode", None, None),
    ("/home/ana", "/x/../y", "/x/./z"),
    (None, None, None),
    (None, "/data/xdg", "/data/cache"),
    ("", None, None),
    ("relative-home", None, None),
    ("~", None, None),
    (" /home/ana", None, None),
    ("/home/ana ", None, None),
    ("/home/ana ", " ", "/data/cache"),
    ("/home/ana", "/data/xdg\n", "\t/data/cache"),
]


def _set(monkeypatch, home, data, cache):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in (("HOME", home), ("XDG_DATA_HOME", data), ("XDG_CACHE_HOME", cache)):
        if value is not None:
            monkeypatch.setenv(name, value)


@pytest.mark.parametrize(("home", "data", "cache"), ENVIRONMENTS)
def test_the_folders_are_platformdirs_own(monkeypatch, home, data, cache):
    _set(monkeypatch, home, data, cache)
    assert user_dirs.user_data_dir() == platformdirs.user_data_dir("tooltutor", appauthor=False)
    assert user_dirs.user_cache_dir() == platformdirs.user_cache_dir("tooltutor")


@pytest.mark.skipif(sys.platform != "linux", reason="worked out without platformdirs on Linux")
@pytest.mark.parametrize(
    ("home", "data", "cache", "expected_data", "expected_cache"),
    [
        ("/home/ana", None, None, "/home/ana/.local/share/tooltutor", "/home/ana/.cache/tooltutor"),
        ("/home/ana/", "", " ", "/home/ana/.local/share/tooltutor", "/home/ana/.cache/tooltutor"),
        ("/home/ana", "/srv/d", "/srv/c/", "/srv/d/tooltutor", "/srv/c/tooltutor"),
    ],
)
def test_the_usual_folders_on_linux_need_no_platformdirs(
    monkeypatch, home, data, cache, expected_data, expected_cache
):
    _set(monkeypatch, home, data, cache)
    monkeypatch.setattr(user_dirs, "_platformdirs", _refused)
    assert user_dirs.user_data_dir() == expected_data
    assert user_dirs.user_cache_dir() == expected_cache


@pytest.mark.parametrize(
    ("home", "data", "android"),
    [
        ("relative-home", None, {}),  # platformdirs 4 reads the password database
        ("", None, {}),
        (None, None, {}),
        ("/home/ana", "relative", {}),  # platformdirs 4 ignores it, 3 used it
        ("/home/ana", "/with-blank ", {}),  # 4.9 to 4.12 strip it, the others not
        ("/home/ana ", None, {}),
        ("/home/ana", None, {"ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"}),
        ("/home/ana", None, {"ANDROID_ROOT": "/system"}),
    ],
)
def test_every_other_case_is_asked_of_platformdirs(monkeypatch, home, data, android):
    _set(monkeypatch, home, data, data)
    for name, value in android.items():
        monkeypatch.setenv(name, value)
    asked = []
    monkeypatch.setattr(user_dirs, "_platformdirs", lambda: _Recorder(asked))
    assert user_dirs.user_data_dir() == "data:tooltutor:False"
    assert user_dirs.user_cache_dir() == "cache:tooltutor"
    assert asked == ["data", "cache"]


@pytest.mark.parametrize("platform", ["darwin", "win32", "freebsd14", "ios", "cygwin"])
def test_another_system_is_asked_of_platformdirs(monkeypatch, platform):
    _set(monkeypatch, "/home/ana", None, None)
    monkeypatch.setattr(user_dirs.sys, "platform", platform)
    asked = []
    monkeypatch.setattr(user_dirs, "_platformdirs", lambda: _Recorder(asked))
    assert user_dirs.user_data_dir() == "data:tooltutor:False"
    assert asked == ["data"]


def test_the_folders_are_not_created(monkeypatch, tmp_path):
    _set(monkeypatch, str(tmp_path / "home"), None, None)
    user_dirs.user_data_dir(), user_dirs.user_cache_dir()
    assert not (tmp_path / "home").exists()


def test_tooltutor_home_still_wins(monkeypatch, tmp_path):
    _set(monkeypatch, "/home/ana", "/srv/d", "/srv/c")
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path))
    assert data_dir() == tmp_path
    assert cache_dir() == tmp_path / "cache" / "course-files"
    monkeypatch.delenv("TOOLTUTOR_HOME")
    assert data_dir() == Path("/srv/d/tooltutor")
    assert cache_dir() == Path("/srv/c/tooltutor/course-files")


@pytest.mark.skipif(sys.platform != "linux", reason="worked out without platformdirs on Linux")
def test_a_check_as_a_user_imports_neither_platformdirs_nor_hashlib(tmp_path):
    """A learner's `check` (no TOOLTUTOR_HOME): the folders, the course cache and the
    bundled course's checks, with none of platformdirs, hashlib or zlib."""
    answer = tmp_path / "answer.json"
    answer.write_text('[{"role": "user", "content": "What\'s the weather in Lisboa?"}]')
    env = {k: v for k, v in os.environ.items() if k != "TOOLTUTOR_HOME"}
    env = {k: v for k, v in env.items() if not k.startswith("XDG_")}
    env["HOME"] = str(tmp_path / "home")
    code = (
        "import sys\n"
        "from tooltutor.cli import main\n"
        "for args in (['list'], ['check', 'write-tool-result', sys.argv[1]]):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in ('platformdirs', 'hashlib', '_hashlib', 'zlib') "
        "if m in sys.modules), file=sys.stderr)\n"
    )
    run = lambda: subprocess.run(  # noqa: E731
        [sys.executable, "-c", code, str(answer)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    run()  # the first run fills the course cache
    second = run()
    assert second.stderr.strip().splitlines()[-1] == "[]", second.stderr
    assert (tmp_path / "home/.local/share/tooltutor/progress.db").is_file()
    assert any((tmp_path / "home/.cache/tooltutor/course-files").iterdir())


def _refused():
    raise AssertionError("platformdirs was asked")


class _Recorder:
    def __init__(self, asked: list[str]):
        self.asked = asked

    def user_data_dir(self, app, appauthor=None):
        self.asked.append("data")
        return f"data:{app}:{appauthor}"

    def user_cache_dir(self, app):
        self.asked.append("cache")
        return f"cache:{app}"
