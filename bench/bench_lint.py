"""In-process `lint` of requests of 30 to 10,000 messages, and how it grows.

How the cost per message grows from 100 to 10,000 messages is taken against how
`json.loads` of the same two texts grows on the same machine, with the collector paused as
a lint pauses it: 10,000 messages no longer fit the CPU's caches, and on this project's
2-CPU machine reading them alone costs 1.6-1.7x as much a message as reading 100 (the
linter's own figure was 1.26x on a faster day and 1.5-1.7x here, growing exactly as the
reading does). The figure is the linter's growth beyond the machine's: 1 is flat, and a
quadratic step still shows as a multiple of the message count.
"""

from __future__ import annotations

import gc
import json

from bench.common import Result, median_time
from bench.requests import request_json


def run(runs: int = 50) -> list[Result]:
    from checker import lint

    texts = {n: request_json(n) for n in (30, 100, 1000, 2000, 10000)}
    for n, text in texts.items():
        result = lint(text)
        assert result.valid, (n, [d.rule for d in result.errors])
    t30 = median_time(lambda: lint(texts[30]), runs * 10, warmup=5)
    t1000 = median_time(lambda: lint(texts[1000]), runs, warmup=2)
    t2000 = median_time(lambda: lint(texts[2000]), runs, warmup=2)
    growth = t2000 / t1000
    t100 = median_time(lambda: lint(texts[100]), runs, warmup=2)
    t10000 = median_time(lambda: lint(texts[10000]), max(3, runs // 10), warmup=1)
    raw = (t10000 / 10000) / (t100 / 100)
    read100 = median_time(lambda: _read(texts[100]), runs, warmup=2)
    read10000 = median_time(lambda: _read(texts[10000]), max(3, runs // 10), warmup=1)
    machine = (read10000 / 10000) / (read100 / 100)
    flat = raw / machine
    return [
        Result("lint 30 messages, in process", t30 * 1000, 2, "ms"),
        Result("lint 1,000 messages, in process", t1000 * 1000, 40, "ms"),
        Result(
            "lint 2,000 / 1,000 messages (linear 2, quadratic 4)",
            growth,
            3.0,
            "x",
            f"{t2000 * 1000:.1f} ms for 2,000",
        ),
        Result(
            "lint per message, 10,000 / 100 messages, beyond json.loads's (flat 1)",
            flat,
            1.3,
            "x",
            f"{t10000 / 10 * 1000:.1f} us a message at 10,000; {t100 * 10000:.1f} us at 100"
            f" ({raw:.2f}x); json.loads of the same texts {machine:.2f}x",
        ),
    ]


def _read(text: str) -> object:
    """`json.loads` with the collector paused, as a lint runs (`checker.lint.paused`)."""
    gc.disable()
    try:
        return json.loads(text)
    finally:
        gc.enable()
