"""What a user downloads and what an install takes on disk: each distribution's wheel,
and each install's site-packages less a bare venv's (pip's own files), as `du` counts it,
bytecode compiled (as pip installs)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import Result
from bench.installed import CACHE, ROOTS, build_wheel, installed_python


def disk_usage(folder: Path) -> int:
    """Bytes of disk `folder` takes, as `du` counts it (allocated blocks, each file once)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for root, dirs, files in os.walk(folder):
        for name in [*dirs, *files]:
            info = os.lstat(Path(root) / name)
            if (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            total += info.st_blocks * 512
    return total


def site_packages(python: Path) -> Path:
    done = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip())


def bare_venv() -> Path:
    venv = CACHE / "venv-bare"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return python


def installed_mb(python: Path) -> float:
    """MB an install adds to a bare venv's site-packages."""
    extra = disk_usage(site_packages(python)) - disk_usage(site_packages(bare_venv()))
    return extra / 1e6


def packages_in(python: Path) -> str:
    done = subprocess.run(
        [str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = [line.split("==")[0] for line in done.stdout.split()]
    return ", ".join(n for n in names if n not in ("pip", "setuptools"))


#: (distribution, wheel budget MB, installed budget MB, what it is)
DISTRIBUTIONS = [
    ("full", 2, 60, "tooltutor, the whole product (python3 -m pip install .)"),
    ("light", 1, 15, "tooltutor-checker, the engine alone (python3 -m pip install ./light)"),
]


def run() -> list[Result]:
    results = []
    for name, wheel_budget, installed_budget, what in DISTRIBUTIONS:
        with tempfile.TemporaryDirectory() as tmp:
            wheel = build_wheel(Path(tmp), ROOTS[name])
            results.append(Result(f"wheel: {what}", wheel.stat().st_size / 1e6, wheel_budget, "MB"))
        python = installed_python(name)
        results.append(
            Result(
                f"installed: {what}",
                installed_mb(python),
                installed_budget,
                "MB",
                f"site-packages less a bare venv's: {packages_in(python)}",
            )
        )
    return results
