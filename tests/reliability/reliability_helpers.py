"""Shared by the reliability tests: running the real command line, and what its output
may never contain."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURE_COURSE = REPO / "tests" / "tui" / "fixture_course"
#: How long one command may take before it counts as a hang.
CLI_TIMEOUT_S = 60


@dataclass
class Run:
    args: list[str]
    code: int
    out: str
    err: str

    @property
    def both(self) -> str:
        return self.out + self.err


def run_cli(
    *args: str,
    cwd: Path | None = None,
    stdin: bytes | None = b"",
    env: dict[str, str] | None = None,
    timeout: float = CLI_TIMEOUT_S,
) -> Run:
    """`python -m tooltutor ARGS` in a child process, with TOOLTUTOR_HOME as the test set it.

    A hang fails the test (subprocess.TimeoutExpired), it never blocks the suite.
    """
    full_env = {**os.environ, **(env or {})}
    full_env.pop("NO_COLOR", None)
    full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), full_env.get("PYTHONPATH")]))
    proc = subprocess.run(
        [sys.executable, "-m", "tooltutor", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env=full_env,
        timeout=timeout,
    )
    return Run(
        list(args),
        proc.returncode,
        proc.stdout.decode("utf-8", "backslashreplace"),
        proc.stderr.decode("utf-8", "backslashreplace"),
    )


#: Bytes a terminal obeys: C0 controls but tab and newline, DEL, and C1 controls (as UTF-8).
TERMINAL_CONTROLS = [chr(c) for c in range(32) if chr(c) not in "\t\n"] + [chr(0x7F)]
TERMINAL_CONTROLS += [chr(c) for c in range(0x80, 0xA0)]


def assert_clean(run: Run) -> None:
    """No traceback, and nothing in the output that would drive the terminal."""
    assert "Traceback" not in run.both, run.both[-3000:]
    assert "internal error" not in run.both, run.both[-3000:]
    bad = sorted({hex(ord(c)) for c in run.both if c in TERMINAL_CONTROLS})
    assert not bad, f"control characters {bad} reached the terminal: {run.both[:2000]!r}"
