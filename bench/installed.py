"""The product as a user installs it: the wheel built from this checkout, installed (not
editable, bytecode compiled as pip does) into a virtual environment of its own.

The environment is kept in `build/bench/` and reused while the wheel's content is the
same, so a second `python3 -m bench` does not install again; any change to a shipped file
makes a new wheel and a new install. `TOOLTUTOR_BENCH_VENV=DIR` measures an environment
you installed yourself instead (say, a release from PyPI).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench.common import REPO

CACHE = REPO / "build" / "bench"


def build_wheel(out: Path, root: Path = REPO) -> Path:
    """Build the wheel of the project at `root` into `out` (hatchling, as pip would)."""
    out.mkdir(parents=True, exist_ok=True)
    try:
        from hatchling.builders.wheel import WheelBuilder
    except ImportError:  # not the test extra: let pip fetch the build backend
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(root)],
            check=True,
        )
        return next(out.glob("*.whl"))
    return Path(next(WheelBuilder(str(root)).build(directory=str(out))))


def wheel_digest(wheel: Path) -> str:
    """The digest of what the wheel holds (not of the zip, whose timestamps change)."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            digest.update(name.encode() + b"\0" + archive.read(name))
    return digest.hexdigest()[:16]


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def install(wheel: Path, venv: Path, others: tuple[str, ...] = ()) -> Path:
    """A fresh venv at `venv` with `wheel` (and `others`) installed as pip installs them."""
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv_python(venv)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        + [str(wheel), *others],
        check=True,
    )
    return python


#: The distributions: the whole product (the root) and the light one (light/).
ROOTS = {"full": REPO, "light": REPO / "light"}


def installed_python(name: str = "full", others: tuple[str, ...] = ()) -> Path:
    """The python of a venv where the wheel of distribution `name` (of ROOTS) is installed,
    with `others` beside it; built and installed again when the wheel's content changed."""
    given = os.environ.get("TOOLTUTOR_BENCH_VENV")
    if given and name == "full" and not others:
        return venv_python(Path(given))
    venv = CACHE / "-".join(["venv", name, *others])
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp), ROOTS[name])
        digest = wheel_digest(wheel)
        stamp = venv / "bench-wheel-digest"
        if stamp.is_file() and stamp.read_text() == digest and venv_python(venv).exists():
            return venv_python(venv)
        print(f"installing {wheel.name} into {venv} ...", file=sys.stderr, flush=True)
        python = install(wheel, venv, others)
    stamp.write_text(digest)
    return python
