"""What a user downloads and what an install takes on disk: the wheel, and each install's
site-packages less a bare venv's (pip's own files), as `du` counts it."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import Result
from bench.installed import CACHE, build_wheel, installed_python


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


def run(places: str = "both") -> list[Result]:
    with tempfile.TemporaryDirectory() as tmp:
        wheel = build_wheel(Path(tmp))
        wheel_mb = wheel.stat().st_size / 1e6
    full = installed_mb(installed_python())
    return [
        Result("the wheel (tooltutor)", wheel_mb, 2, "MB", "compressed, the bundled course in it"),
        Result(
            "tooltutor installed, with its dependencies",
            full,
            80,
            "MB",
            "site-packages less a bare venv's, bytecode compiled",
        ),
    ]
