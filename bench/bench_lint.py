"""In-process `lint` of requests of 30 to 10,000 messages, and how it grows."""

from __future__ import annotations

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
    flat = (t10000 / 10000) / (t100 / 100)
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
            "lint per message, 10,000 / 100 messages (flat 1)",
            flat,
            1.3,
            "x",
            f"{t10000 / 10 * 1000:.1f} us a message at 10,000; {t100 * 10000:.1f} us at 100",
        ),
    ]
