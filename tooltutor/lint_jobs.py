"""`tooltutor lint --jobs N`: large logs and folders judged by N worker processes.

The work is cut into parts of about the same size: each file is a part, and a JSON Lines
file larger than `SPLIT_BYTES` is cut at line boundaries into one part per worker (each
part keeps the line numbers it has in its file). Workers run `lint_inputs.lint_file` or
`lint_inputs.lint_jsonl` on their part and send the reports back; the parts of a file are
joined in order, so the output is the same as with one job, line for line.

Workers are forked where the platform can (Linux), so the rules the parent imported are
not imported again; elsewhere each worker imports them once.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tooltutor.lint_inputs import DocumentReport, Options, lint_file, lint_jsonl

#: a JSON Lines file at least this large is split between the workers
SPLIT_BYTES = 1 << 20


def default_jobs() -> int:
    """`--jobs 0`: one worker per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _parts(data: bytes, n: int) -> Iterator[tuple[int, bytes]]:
    """`data` cut into about `n` parts at line ends: (first line number, bytes)."""
    size = max(1, len(data) // n)
    start, line = 0, 1
    while start < len(data):
        end = data.find(b"\n", start + size)
        end = len(data) if end < 0 else end + 1
        part = data[start:end]
        yield line, part
        line += part.count(b"\n")
        start = end


def _file(name: str, data: bytes, options: Options, jsonl: bool) -> DocumentReport:
    return lint_file(name, data, options, jsonl=jsonl)


def _part(name: str, first: int, data: bytes, options: Options) -> tuple[list, int, str]:
    if data.endswith(b"\n"):
        data = data[:-1]  # the next part starts on the next line
    return lint_jsonl(data, name, options, first_line=first)


def lint_files(
    inputs: list[tuple[str, bytes, bool]], options: Options, jobs: int
) -> list[DocumentReport]:
    """Lint `(name, bytes, jsonl)` inputs with `jobs` workers; the reports in input order."""
    if jobs <= 1:
        return [lint_file(name, data, options, jsonl=jsonl) for name, data, jsonl in inputs]

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: list[tuple[str, Any]] = []
        for name, data, jsonl in inputs:
            if jsonl and len(data) >= SPLIT_BYTES:
                futures = [
                    pool.submit(_part, name, first, part, options)
                    for first, part in _parts(data, jobs)
                ]
                pending.append(("parts", (name, futures)))
            else:
                pending.append(("file", pool.submit(_file, name, data, options, jsonl)))
        out = []
        for kind, value in pending:
            if kind == "file":
                out.append(value.result())
                continue
            name, futures = value
            reports: list = []
            skipped = 0
            texts = []
            for future in futures:
                found, skip, text = future.result()
                reports.extend(found)
                skipped += skip
                texts.append(text)
            out.append(DocumentReport(name, True, reports, skipped, "\n".join(texts)))
        return out
