"""`tooltutor lint --jobs N` on a large log: time and peak memory against one job.

    python3 -m bench.bench_lint_jobs [REQUESTS] [JOBS]

Writes a JSON Lines log of REQUESTS requests (100,000 by default: tool-calling requests of
the three APIs, a few of them broken), then runs `tooltutor lint` on it with `--jobs 1`
and `--jobs JOBS` (the CPUs, by default), each as a fresh process, and prints the wall
time and the peak resident memory of its largest process (`RUSAGE_CHILDREN`: the parent
or one worker; the workers together hold about JOBS times a worker's share).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

REQUESTS = (
    {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "messages": [
            {"role": "user", "content": "Weather in Paris?"},
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "toolu_01",
                        "name": "get_weather",
                        "input": {"city": "Paris"},
                    }
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}],
            },
        ],
        "tools": [
            {
                "name": "get_weather",
                "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
            }
        ],
    },
    {
        "model": "gpt-4o",
        "messages": [
            {"role": "user", "content": "Weather in Paris?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "call_1", "content": "18 C"},
        ],
    },
    {
        "model": "gpt-5",
        "input": [
            {"role": "user", "content": "Weather in Paris?"},
            {
                "type": "function_call",
                "call_id": "call_1",
                "name": "get_weather",
                "arguments": "{}",
            },
            {"type": "function_call_output", "call_id": "call_2", "output": "18 C"},
        ],
    },
)


def write_log(path: str, n: int) -> None:
    lines = [json.dumps(r) for r in REQUESTS]
    with open(path, "w", encoding="utf-8") as out:
        for k in range(n):
            out.write(lines[k % len(lines)] + "\n")


def run(log: str, jobs: int) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    env = {**os.environ, "TOOLTUTOR_MAX_FILE_BYTES": str(1 << 34)}  # a log, not a request
    done = subprocess.run(
        [sys.executable, "-m", "tooltutor", "lint", "--jobs", str(jobs), "--json", log],
        stdout=subprocess.DEVNULL,
        env=env,
        check=False,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"lint failed with exit code {done.returncode}")
    wall = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 100_000
    jobs = int(argv[1]) if len(argv) > 1 else len(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "requests.jsonl")
        write_log(log, n)
        size = os.path.getsize(log) / 1e6
        print(f"{n} requests, {size:.1f} MB")
        for j in (1, jobs):
            wall, peak = run(log, j)
            print(f"--jobs {j}: {wall:.1f} s, {n / wall:,.0f} requests/s, peak RSS {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
