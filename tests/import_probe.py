"""What a fresh interpreter has imported after running some code (import hygiene tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def modules_after(code: str) -> set[str]:
    """The names in `sys.modules` of a new Python process, run in the repository, after `code`."""
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
        timeout=60,
    ).stdout
    return set(out.split())
