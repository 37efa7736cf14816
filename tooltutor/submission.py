"""Read a learner's answer file, with limits and clear messages; mark it and record it."""

from __future__ import annotations

import os
import sys

from tooltutor.errors import UserError

#: Largest answer file read, in bytes ($TOOLTUTOR_MAX_FILE_BYTES overrides).
DEFAULT_MAX_BYTES = 10_000_000


def max_file_bytes() -> int:
    """The largest answer or request file `check`, `lint` and `watch` read, in bytes."""
    try:
        limit = int(os.environ.get("TOOLTUTOR_MAX_FILE_BYTES", DEFAULT_MAX_BYTES))
    except ValueError:
        return DEFAULT_MAX_BYTES
    return limit if limit >= 0 else DEFAULT_MAX_BYTES


def describe_limit(limit: int) -> str:
    """The size limit in words: "10 MB", or "1,500 bytes"."""
    if limit >= 1_000_000 and limit % 1_000_000 == 0:
        return f"{limit // 1_000_000} MB"
    return f"{limit:,} bytes"


def too_big(name: str, limit: int, what: str = "an answer") -> UserError:
    """The refusal of a file over the limit, naming the setting that changes it."""
    return UserError(
        f"{name} is larger than {describe_limit(limit)}; that is too big for {what} "
        "(set TOOLTUTOR_MAX_FILE_BYTES to change the limit)"
    )


def read_answer(name: str) -> bytes:
    """The bytes of an answer file (`-` for stdin); `UserError` when it cannot be read."""
    limit = max_file_bytes()
    if name == "-":
        raw = sys.stdin.buffer.read(limit + 1)
    else:
        # os.path rather than pathlib: this runs in every cold `check` and `lint`
        if os.path.isdir(name):
            raise UserError(f"{name} is a folder; give the file that holds your answer")
        try:
            with open(name, "rb") as handle:
                raw = handle.read(limit + 1)
        except FileNotFoundError:
            raise UserError(f"{name}: no such file") from None
        except OSError as exc:
            raise UserError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise too_big(name, limit)
    return raw
