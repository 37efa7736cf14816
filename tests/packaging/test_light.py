"""The light distribution (`tooltutor-checker`, built from light/): the repository's
`checker/`, each file as it is there, with one dependency; the engine, the SDK hook, the
test helpers and the pytest plugin work from it with no trace of the app, Textual, Rich,
tree-sitter or watchfiles; and with the whole product beside it, pytest loads the plugin
once."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from slow_share import in_full

ROOT = Path(__file__).resolve().parents[2]
LEFT_OUT = (".po", ".pot", ".pyc", "babel.cfg")
#: What a light install must never bring, nor import.
HEAVY = ("tooltutor", "textual", "rich", "tree_sitter", "watchfiles", "yaml", "platformdirs")


def _build(root: Path, out: Path) -> Path:
    builder = pytest.importorskip("hatchling.builders.wheel")
    return Path(next(builder.WheelBuilder(str(root)).build(directory=str(out))))


@pytest.fixture(scope="module")
def light_wheel(tmp_path_factory) -> Path:
    return _build(ROOT / "light", tmp_path_factory.mktemp("light"))


@pytest.fixture(scope="module")
def full_wheel(tmp_path_factory) -> Path:
    return _build(ROOT, tmp_path_factory.mktemp("full"))


def _entry_points(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
        return archive.read(name).decode()


def test_the_light_wheel_is_the_engine_byte_for_byte(light_wheel):
    engine = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "checker").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(LEFT_OUT)
    }
    with zipfile.ZipFile(light_wheel) as archive:
        names = archive.namelist()
        assert len(names) == len(set(names))
        shipped = {n for n in names if not n.startswith("tooltutor_checker-")}
        assert shipped == engine
        for name in shipped:
            assert archive.read(name) == (ROOT / name).read_bytes(), name
        info = "tooltutor_checker-0.1.0.dist-info"
        assert "MIT License" in archive.read(f"{info}/extra_metadata/LICENSE").decode()
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
    assert metadata["Name"] == "tooltutor-checker"
    assert metadata.get_all("Requires-Dist") == ["jsonschema>=4.18"]


def test_both_distributions_have_one_version_and_one_plugin_entry_point(light_wheel, full_wheel):
    from tooltutor import __version__

    versions = {
        re.search(r'^version = "([^"]+)"$', (folder / "pyproject.toml").read_text(), re.M)[1]
        for folder in (ROOT, ROOT / "light")
    }
    assert versions == {__version__}
    expected = "[pytest11]\ntooltutor.pytest_plugin = checker.pytest_plugin\n"
    assert expected in _entry_points(light_wheel)
    assert expected in _entry_points(full_wheel)


#: Run first in each child: the heavy packages cannot be imported, as in a light install
#: (this test environment has them all, and the checkout's `tooltutor` too).
BLOCK = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {HEAVY!r}:
            raise ModuleNotFoundError(f'not in a light install: {{name}}')
sys.meta_path.insert(0, Block())
"""

USER_TEST = """
import pytest

from checker.testing import assert_valid_request

BROKEN = {"model": "m", "max_tokens": 9, "messages": [{"role": "assistant", "content": "x"},
          {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t",
          "content": "r"}]}]}


def test_the_plugin_is_registered_once(request):
    plugins = request.config.pluginmanager.get_plugins()
    assert [p.__name__ for p in plugins if getattr(p, "__name__", "") == "checker.pytest_plugin"] \\
        == ["checker.pytest_plugin"]


def test_a_broken_request_is_stopped(request_linter):
    client = request_linter.http_client()
    with request_linter.expect_rejection() as rejected:
        client.post("https://api.anthropic.com/v1/messages", json=BROKEN)
    assert rejected.linted.result.errors


def test_a_valid_body():
    assert_valid_request({"model": "m", "max_tokens": 9,
                          "messages": [{"role": "user", "content": "hi"}]})
"""

CHECK_ALONE = """
import sys
from checker import lint
from checker.hooks import RequestLinter, RequestLintError
body = {"model": "m", "max_tokens": 9, "messages": [{"role": "user", "content": "hi"}]}
assert lint(body).valid
class Request:
    method = "POST"
    url = "https://api.anthropic.com/v1/messages"
    headers = {"content-type": "application/json"}
    content = b'{"model": "m", "max_tokens": 9, "messages": []}'
try:
    RequestLinter()(Request())
    raise SystemExit("not rejected")
except RequestLintError:
    pass
heavy = [m for m in sys.modules if m.split(".")[0] in HEAVY]
assert not heavy, heavy
import checker
print(checker.__file__)
"""


def _unpack(folder: Path, *wheels: Path) -> Path:
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder)
    return folder


def _python(site: Path, code: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "TOOLTUTOR_"))}
    env["PYTHONPATH"] = str(site)
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_engine_hook_and_helpers_work_from_the_light_wheel_alone(light_wheel, tmp_path):
    site = _unpack(tmp_path / "site", light_wheel)
    done = _python(site, f"HEAVY = {HEAVY!r}\n" + CHECK_ALONE, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(site / "checker" / "__init__.py")


@pytest.mark.parametrize("both", [False, True], ids=["light", "light-and-full"])
def test_the_pytest_plugin_from_the_light_wheel_loads_once(light_wheel, full_wheel, both, tmp_path):
    """From its entry point (the checkout's editable install declares it too: pytest
    loads the first, once), with the whole product's wheel beside it or not."""
    if not any(importlib.util.find_spec(name) for name in ("httpx2", "httpx")):
        pytest.skip("the offline client needs httpx2 or httpx")
    wheels = (light_wheel, full_wheel) if both else (light_wheel,)
    site = _unpack(tmp_path / "site", *wheels)
    project = tmp_path / "project"
    project.mkdir()
    (project / "test_agent.py").write_text(USER_TEST, encoding="utf-8")
    code = (
        "import pytest\n"
        "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-p', 'no:textual-snapshot',"
        " '-p', 'no:asyncio', '-p', 'no:xdist', 'test_agent.py']))\n"
    )
    done = _python(site, code, project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


@pytest.mark.slow
def test_a_light_install_brings_nothing_heavy(light_wheel, tmp_path):
    """pip installs the light wheel into a fresh venv: only the engine and jsonschema's
    family come, and the engine, the hook and the plugin's module import there."""
    if not in_full():
        pytest.skip("installs into a fresh venv: run with -m slow")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [str(python), "-m", "pip", "install", "-q", str(light_wheel)]
    subprocess.run(install, check=True, timeout=600)
    listed = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True
    ).stdout
    names = {line.split("==")[0].lower().replace("_", "-") for line in listed.split()}
    allowed = {"pip", "setuptools", "tooltutor-checker", "jsonschema", "attrs"}
    allowed |= {"jsonschema-specifications", "referencing", "rpds-py", "typing-extensions"}
    assert names <= allowed, names - allowed
    code = (
        "import checker, checker.hooks, checker.testing\n"
        "body = {'model': 'm', 'max_tokens': 9, 'messages': [{'role': 'user', 'content': 'hi'}]}\n"
        "print(checker.lint(body).valid, checker.lint({'messages': 3}).valid)"
    )
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.split() == ["True", "False"], done.stderr
