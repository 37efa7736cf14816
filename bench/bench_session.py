"""`lint --session` of a 50-exchange session: in process, and as a whole command.

The session is an agent's tool loop as it is recorded: 50 requests whose histories grow
to about 100 messages, each with its thinking block and call resent as returned, so every
request is linted alone and against the one it continues.
"""

from __future__ import annotations

import copy
import json
import sys
import tempfile
from pathlib import Path

from bench.common import Result, median_time, paired_ratio, user_env


def session(exchanges: int = 50) -> list[dict]:
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "thinking": {"type": "enabled", "budget_tokens": 2048},
        "system": "You are a careful coding agent.",
        "tools": [
            {"name": f"tool_{k}", "description": "A tool.", "input_schema": {"type": "object"}}
            for k in range(8)
        ],
    }
    messages: list[dict] = [{"role": "user", "content": "Fix the failing test, please."}]
    out = []
    for n in range(exchanges):
        content = [
            {
                "type": "thinking",
                "thinking": f"Step {n}: " + "reason " * 40,
                "signature": "Eq" * 40,
            },
            {"type": "text", "text": f"Running step {n}."},
            {
                "type": "tool_use",
                "id": f"toolu_{n:04d}",
                "name": f"tool_{n % 8}",
                "input": {"n": n},
            },
        ]
        response = {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "content": content,
            "stop_reason": "tool_use",
        }
        out.append(
            {
                "request": {**copy.deepcopy(body), "messages": copy.deepcopy(messages)},
                "response": response,
            }
        )
        messages.append({"role": "assistant", "content": copy.deepcopy(content)})
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": f"toolu_{n:04d}", "content": "ok " * 30}
                ],
            }
        )
    return out


def run(runs: int = 10) -> list[Result]:
    from checker.session import lint_session

    exchanges = session(50)
    result = lint_session(exchanges)
    assert result.valid and len(result.exchanges) == 50, "the benchmark session must be valid"
    in_process = median_time(lambda: lint_session(exchanges, json_values=True), runs, warmup=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "session.jsonl"
        path.write_text("".join(json.dumps(e) + "\n" for e in exchanges), encoding="utf-8")
        env = user_env(Path(tmp) / "home", {"NO_COLOR": "1"})  # as a learner runs it
        command = [sys.executable, "-m", "tooltutor", "lint", "--session", str(path)]
        paired = paired_ratio(command, env)
        ratio, seconds, floor = paired.median, paired.command, paired.floor
    messages = sum(len(e["request"]["messages"]) for e in exchanges)
    return [
        Result(
            "lint_session, 50 exchanges, in process",
            in_process * 1000,
            500,
            "ms",
            f"{messages} messages in all; {in_process / 50 * 1000:.1f} ms an exchange",
        ),
        Result(
            "lint --session 50 exchanges, cold process",
            seconds * 1000,
            1000,
            "ms",
            f"{ratio:.1f}x a bare python -c pass in CPU time ({floor * 1000:.0f} ms), "
            f"median of {paired.pairs} paired runs",
        ),
    ]
