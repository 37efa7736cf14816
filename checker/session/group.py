"""Which exchange each request continues: conversations found in a log that may interleave
several of them.

A request continues an earlier exchange when its history starts with that exchange's whole
history (compared by `View.key`, which survives the edits agents make on purpose) and goes
on past it. Among such exchanges the one whose reply the request resends is preferred, then
the longest history, then the latest. A Responses request with `previous_response_id`
continues the exchange whose response has that id. A request that continues nothing starts
a conversation, unless its first message is that of an earlier one (a retry, a branch, an
edited turn): then it joins that conversation without being compared with it.

Cost: one pass over each history (rolling hashes of its keys) and a dictionary look-up per
message, so a log of n exchanges of m messages is grouped in O(n·m).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from checker.session.views import VIEWS


class Link(NamedTuple):
    """Where an exchange stands: its conversation (from 1) and what it continues."""

    conversation: int
    #: the 0-based index of the exchange continued, or None
    continues: int | None
    #: how many history items of this request stand for the continued one's history
    #: (None: a stored response continued by its id)
    shared: int | None


def _prefix_hashes(keys: list[Any]) -> list[int]:
    """hashes[L] identifies keys[:L] (rolling: each from the one before)."""
    out = [0]
    h = 0
    for k in keys:
        h = hash((h, k))
        out.append(h)
    return out


def group(formats: list[str], bodies: list[Any], responses: list[Any]) -> list[Link]:
    """Link every exchange (its format, request body, and response if it was a turn)."""
    index: dict[tuple[str, int, int], list[int]] = {}
    by_response_id: dict[str, int] = {}
    first_keys: dict[tuple[str, Any], int] = {}
    keys_of: list[list[Any]] = []
    links: list[Link] = []
    conversations = 0
    for i, (fmt, body) in enumerate(zip(formats, bodies, strict=True)):
        view = VIEWS.get(fmt)
        history = view.history(body) if view is not None else None
        positions = [n for n, m in enumerate(history or ()) if not view.skip(m)]
        keys = [view.key(history[n]) for n in positions] if view is not None and history else []
        keys_of.append(keys)
        link: Link | None = None
        previous = body.get("previous_response_id") if isinstance(body, dict) else None
        if fmt == "responses" and isinstance(previous, str) and previous in by_response_id:
            j = by_response_id[previous]
            link = Link(links[j].conversation, j, None)
        elif keys:
            hashes = _prefix_hashes(keys)
            best: tuple[Any, ...] | None = None
            for length in range(1, len(keys)):
                for j in index.get((fmt, length, hashes[length]), ()):
                    if keys_of[j] != keys[:length]:  # a hash collision
                        continue
                    score = (_reply_match(view, responses[j], keys, length), length, j)
                    if best is None or score > best:
                        best = score
            if best is not None:
                j = best[2]
                link = Link(links[j].conversation, j, positions[best[1] - 1] + 1)
            index.setdefault((fmt, len(keys), hashes[-1]), []).append(i)
        if link is None:
            joined = first_keys.get((fmt, keys[0])) if keys else None
            if joined is None:
                conversations += 1
                joined = conversations
            link = Link(joined, None, None)
        if keys:
            first_keys.setdefault((fmt, keys[0]), link.conversation)
        response = responses[i]
        if isinstance(response, dict) and isinstance(response.get("id"), str):
            by_response_id[response["id"]] = i
        links.append(link)
    return links


def _reply_match(view: Any, response: Any, keys: list[Any], length: int) -> int:
    """2 when the request resends the response's turn after the shared history, 1 when an
    assistant turn stands there, 0 otherwise."""
    found = view.reply(response) if response is not None else None
    if found:
        turn = found[0]
        if view.format == "openai" and hasattr(view, "replies"):
            turns = [m for m, _ in view.replies(response)]
        else:
            turns = turn[:1]
        wanted = keys[length : length + 1]
        if wanted and any([view.key(m)] == wanted for m in turns):
            return 2
        if view.format == "responses":
            reply_keys = {view.key(m) for m in turn}
            if any(k in reply_keys for k in keys[length:]):
                return 2
    nxt = keys[length] if length < len(keys) else None
    return 1 if isinstance(nxt, tuple) and nxt and nxt[0] == "assistant" else 0
