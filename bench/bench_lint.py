"""In-process `lint` of requests of 30 and 1,000 messages, and how it grows."""

from __future__ import annotations

from bench.common import Result, median_time
from bench.requests import request_json


def run(runs: int = 50) -> list[Result]:
    from checker import lint

    texts = {n: request_json(n) for n in (30, 1000, 2000)}
    for n, text in texts.items():
        result = lint(text)
        assert result.valid, (n, [d.rule for d in result.errors])
    t30 = median_time(lambda: lint(texts[30]), runs * 10, warmup=5)
    t1000 = median_time(lambda: lint(texts[1000]), runs, warmup=2)
    t2000 = median_time(lambda: lint(texts[2000]), runs, warmup=2)
    growth = t2000 / t1000
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
    ]
