"""Cross-turn checks of the Messages API: what a request keeps of the exchange it continues.

- the turn the response returned comes back as the next assistant message: its thinking
  blocks unmodified (`a-session-thinking-modified` for the latest assistant message,
  `a-session-thinking-signature` for earlier ones), its calls as made
  (`a-session-call-edited`) and answered (`a-session-calls-dropped`);
- earlier messages resent: the same thinking blocks, the same calls;
- on models with preserved thinking, no thinking block resent after a change to what
  came before it (`a-session-thinking-prefix`).

Leaving out every thinking block of a finished turn is accepted (the extended thinking
docs: the API drops earlier turns' thinking), and so is rewriting what the user side
holds (a tool result cleared, a reminder added): neither is reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.diagnostics import code
from checker.i18n import tr
from checker.session.model import CrossFinding, Earlier
from checker.session.pair import Pair, at, finding
from checker.session.views import (
    VIEWS,
    call_ids,
    thinking_blocks,
    thinking_identity,
    tool_uses,
)

VIEW = VIEWS["anthropic"]
#: Families whose 5.1 and later models bind thinking blocks to their prefix; from 5.5 on,
#: every family does (the prefix checks page lists the models).
BINDING_FAMILIES = ("fable", "mythos")


def binds_thinking(model: str | None) -> bool:
    """Whether a model checks each resent thinking block's prefix (preserved thinking)."""
    if not isinstance(model, str):
        return False
    # on first use, not at import: checker.rules, checker.models, ... (58 modules)
    from checker.rules.anthropic.models import claude_version

    version = claude_version(model)
    if version is None:
        return False
    if version >= (5, 5):
        return True
    lowered = model.lower()
    return version >= (5, 1) and any(family in lowered for family in BINDING_FAMILIES)


def check(pair: Pair) -> Iterator[CrossFinding]:
    cur, prev, k = pair.cur_history, pair.prev_history, pair.shared
    if k is None:
        return
    latest = _latest_assistant(cur)
    changed: int | None = None
    for i in range(min(k, len(cur))):
        if VIEW.same(cur[i], prev[i]):
            continue
        if changed is None:
            changed = i
        if _role(cur[i]) == "assistant" and _role(prev[i]) == "assistant":
            base = f"/messages/{i}/content"

            def source(j: int, base: str = base) -> Earlier:
                return pair.in_request(f"{base}/{j}")

            yield from _thinking(pair, i, cur[i], prev[i], source, i == latest)
            yield from _calls(pair, i, cur[i], prev[i], source)
    found = VIEW.reply(pair.prev.response) if pair.prev.answered else None
    if found is not None:
        turn, base = found[0][0], found[1]

        def replied(j: int) -> Earlier:
            return pair.in_response(f"{base}/{j}")

        if k < len(cur) and _role(cur[k]) == "assistant":
            if not VIEW.same(cur[k], turn):
                yield from _thinking(pair, k, cur[k], turn, replied, k == latest)
                yield from _calls(pair, k, cur[k], turn, replied)
        else:
            yield from _dropped_turn(pair, k, turn, replied)
    yield from _prefix(pair, changed, found[0][0] if found else None)


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, dict) else None


def _latest_assistant(messages: list[Any]) -> int | None:
    for i in range(len(messages) - 1, -1, -1):
        if _role(messages[i]) == "assistant":
            return i
    return None


# --------------------------------------------------------------------------- thinking


def _how_changed(sent: dict[str, Any], original: dict[str, Any] | None) -> str:
    if original is None or original.get("type") != sent.get("type"):
        return tr("it is not a block the response returned")
    if sent.get("type") == "redacted_thinking":
        return tr("its `data` was changed")
    text_same = sent.get("thinking") == original.get("thinking")
    signature_same = sent.get("signature") == original.get("signature")
    if signature_same and not text_same:
        return tr("its text was changed")
    if text_same and not signature_same:
        return tr("its signature was changed")
    return tr("it is not a block the response returned")


def _thinking(
    pair: Pair,
    i: int,
    sent: Any,
    original: Any,
    source: Any,
    latest: bool,
) -> Iterator[CrossFinding]:
    """The thinking blocks of message `i` against the turn they came from."""
    resent = thinking_blocks(sent)
    if not resent:
        return  # all left out: accepted for a finished turn (a tool loop: a-thinking-*)
    returned = thinking_blocks(original)
    wanted = [thinking_identity(b) for _, b in returned]
    for n, (j, block) in enumerate(resent):
        identity = thinking_identity(block)
        if n < len(wanted) and identity == wanted[n]:
            continue
        if identity in wanted:  # a returned block, at another place: one was left out
            if not latest:
                return  # earlier turns may drop their thinking (preserved thinking: prefix)
            m = wanted.index(identity)
            how = (
                tr("a thinking block before it was left out")
                if m > n
                else tr("the thinking blocks were moved")
            )
            origin = returned[min(n, len(returned) - 1)][0]
        else:
            origin = returned[n][0] if n < len(returned) else (returned[-1][0] if returned else 0)
            how = _how_changed(block, returned[n][1] if n < len(returned) else None)
        yield _thinking_finding(pair, i, j, how, source(origin), latest)
        return
    if latest and len(resent) < len(returned):
        j = resent[-1][0]
        yield _thinking_finding(
            pair, i, j, tr("a thinking block after it was left out"), source(returned[-1][0]), True
        )


def _thinking_finding(
    pair: Pair, i: int, j: int, how: str, earlier: Earlier, latest: bool
) -> CrossFinding:
    path = at("messages", i, "content", j)
    if latest:
        return finding(
            "a-session-thinking-modified",
            path,
            tr(
                "block {j} of `messages[{i}]`, the latest assistant message, is not the "
                "thinking the API returned in exchange {n} ({how}): thinking blocks of the "
                "latest assistant message cannot be modified",
                j=j,
                i=i,
                n=earlier.exchange,
                how=how,
            ),
            tr(
                "Resend the assistant turn as the response returned it: every thinking block, "
                "in order, with its text and signature unchanged (or leave out all of them "
                "once the turn is finished)."
            ),
            earlier,
        )
    return finding(
        "a-session-thinking-signature",
        path,
        tr(
            "block {j} of `messages[{i}]` is not the thinking the API returned in exchange "
            "{n} ({how}): its signature no longer matches, so the API refuses it",
            j=j,
            i=i,
            n=earlier.exchange,
            how=how,
        ),
        tr(
            "Resend the thinking block exactly as it was returned, or leave out the thinking "
            "blocks of that finished turn."
        ),
        earlier,
    )


# --------------------------------------------------------------------------- calls


def _calls(pair: Pair, i: int, sent: Any, original: Any, source: Any) -> Iterator[CrossFinding]:
    """The `tool_use` blocks of message `i` against the turn they came from."""
    resent = tool_uses(sent)
    by_id = {b.get("id"): (j, b) for j, b in resent}
    everywhere = call_ids(pair.cur_history)
    lost: list[tuple[int, str]] = []
    for n, (j0, call) in enumerate(tool_uses(original)):
        call_id = call.get("id")
        match = by_id.get(call_id)
        if match is None and n < len(resent) and resent[n][1].get("id") not in _ids(original):
            match = resent[n]  # the same call under a new id
        if match is None:
            if call_id not in everywhere:
                lost.append((j0, str(call_id)))
            continue
        j, block = match
        for field in ("id", "name", "input"):
            if block.get(field) != call.get(field):
                yield finding(
                    "a-session-call-edited",
                    at("messages", i, "content", j, field),
                    tr(
                        "the call `{id}` in `messages[{i}]` is resent with another `{field}` "
                        "than the model gave it in exchange {n}",
                        id=str(call_id),
                        i=i,
                        field=field,
                        n=pair.prev_number,
                    ),
                    tr(
                        "Resend the model's calls as they were returned; say what you did "
                        "differently in the call's `tool_result`."
                    ),
                    source(j0),
                )
                break
    if lost:
        yield _dropped(pair, at("messages", i, "content"), lost, source(lost[0][0]))


def _ids(message: Any) -> set[Any]:
    return {b.get("id") for _, b in tool_uses(message)}


def _dropped_turn(pair: Pair, k: int, turn: Any, source: Any) -> Iterator[CrossFinding]:
    """The response's turn is not resent after the shared history."""
    everywhere = call_ids(pair.cur_history)
    lost = [(j, str(b.get("id"))) for j, b in tool_uses(turn) if b.get("id") not in everywhere]
    if lost:
        path = at("messages", k) if k < len(pair.cur_history) else "/messages"
        yield _dropped(pair, path, lost, source(lost[0][0]))


def _dropped(pair: Pair, path: str, lost: list[tuple[int, str]], earlier: Earlier) -> CrossFinding:
    ids = ", ".join(code(call_id) for _, call_id in lost)
    return finding(
        "a-session-calls-dropped",
        path,
        tr(
            "the tool calls {ids} that exchange {n} returned are neither resent nor "
            "answered: the model's calls are lost from the conversation",
            ids=ids,
            n=pair.prev_number,
        ),
        tr(
            "Resend the assistant turn as returned and answer each call with a `tool_result` "
            '(`"is_error": true`, saying it was not executed, when it did not run).'
        ),
        earlier,
    )


# --------------------------------------------------------------------------- prefix


def _prefix(pair: Pair, changed: int | None, turn: Any) -> Iterator[CrossFinding]:
    """Preserved thinking: no thinking block resent after a change before it."""
    body = pair.cur.request
    if not binds_thinking(pair.model) or not isinstance(body, dict):
        return
    thinking = body.get("thinking")
    binding = thinking.get("block_binding") if isinstance(thinking, dict) else None
    behavior = binding.get("prefix_mismatch_behavior") if isinstance(binding, dict) else None
    if behavior == "drop_block":
        return
    severity = None if behavior == "error" else "warning"
    cur, k = pair.cur_history, pair.shared or 0
    mine, theirs = VIEW.prefix_parts(body), VIEW.prefix_parts(pair.prev.request)
    start, what, earlier, left_out = None, "", None, False
    for part in ("system", "tools"):
        if mine.get(part) != theirs.get(part):
            start, what, earlier = 0, code(part), pair.in_request(f"/{part}")
            break
    if start is None and changed is not None:
        start, what = changed + 1, tr("`messages[{i}]`", i=changed)
        earlier = pair.in_request(f"/messages/{changed}")
    if start is None:
        start, earlier = _left_out(pair)
        left_out = True
    if start is None or earlier is None:
        return
    for i in range(start, min(k + 1, len(cur))):
        blocks = thinking_blocks(cur[i]) if _role(cur[i]) == "assistant" else []
        stale = [j for j, b in blocks if b.get("signature") or b.get("data")]
        if stale:
            yield finding(
                "a-session-thinking-prefix",
                at("messages", i, "content", stale[0]),
                tr(
                    "`messages[{i}]` resends a thinking block after an earlier thinking "
                    "block was left out (exchange {n} sent it): {model} binds each thinking "
                    "block to everything before it, so this request fails the prefix check",
                    i=i,
                    n=pair.prev_number,
                    model=code(str(pair.model)),
                )
                if left_out
                else tr(
                    "`messages[{i}]` resends a thinking block produced before {what} changed "
                    "(exchange {n}): {model} binds each thinking block to everything before "
                    "it, so this request fails the prefix check",
                    i=i,
                    what=what,
                    n=pair.prev_number,
                    model=code(str(pair.model)),
                ),
                tr(
                    "Keep `system`, `tools` and earlier messages as they were (put updates in "
                    "a new message), leave out the thinking of the turns after the change, or "
                    'set `thinking.block_binding.prefix_mismatch_behavior` to `"drop_block"`.'
                ),
                earlier,
                severity=severity,
            )
            return


def _left_out(pair: Pair) -> tuple[int | None, Earlier | None]:
    """The message after an earlier turn that lost some of its thinking blocks."""
    cur, prev = pair.cur_history, pair.prev_history
    for i in range(min(pair.shared or 0, len(cur))):
        if _role(cur[i]) != "assistant":
            continue
        if len(thinking_blocks(cur[i])) < len(thinking_blocks(prev[i])):
            return i + 1, pair.in_request(f"/messages/{i}")
    return None, None
