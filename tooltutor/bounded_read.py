"""Reading an open file up to a size limit, in chunks: a file that grows while it is read
(or a device that never ends) costs at most `limit` + 1 bytes."""

from __future__ import annotations

import os


def read_at_most(fd: int, limit: int) -> bytes:
    """At most `limit` + 1 bytes from `fd` (one more than the limit tells "too big")."""
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(1 << 20, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)
