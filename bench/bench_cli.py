"""Whole commands in a fresh process, against a bare `python -c pass` measured alongside."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.common import Result, paired_ratio, process_time

WRONG_ANSWER = '[{"role": "user", "content": "What\'s the weather in Lisboa right now?"}]'


def run(runs: int = 15) -> list[Result]:
    with tempfile.TemporaryDirectory() as tmp:
        answer = Path(tmp) / "answer.json"
        answer.write_text(WRONG_ANSWER)
        request = Path(tmp) / "request.json"
        request.write_text(_request_text())
        env = {"TOOLTUTOR_HOME": str(Path(tmp) / "home"), "NO_COLOR": "1"}
        tool = [sys.executable, "-m", "tooltutor"]
        process_time(tool + ["list"], 1, env)  # warm the course cache, as any use does
        check = paired_ratio(tool + ["check", "write-tool-result", str(answer)], runs, env)
        lint = paired_ratio(tool + ["lint", str(request)], runs, env)
    return [
        Result(
            "check write-tool-result, cold process",
            check[0],
            10,
            "x bare python",
            f"median of {runs} paired ratios; {check[1] * 1000:.0f} ms, "
            f"python -c pass {check[2] * 1000:.0f} ms",
        ),
        Result(
            "lint FILE, cold process",
            lint[0],
            6,
            "x bare python",
            f"median of {runs} paired ratios; {lint[1] * 1000:.0f} ms, "
            f"python -c pass {lint[2] * 1000:.0f} ms",
        ),
    ]


def _request_text() -> str:
    from bench.requests import request_json

    return request_json(30)
