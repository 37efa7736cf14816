"""The repairs that invent nothing, one per broken pairing, for each API.

Each `repair_*` looks at one diagnostic of its rule in the request as it now is, and
returns the text edits that repair it and what they do, or None when the repair would need
a decision (then the diagnostic stays, and `checker.fixes` says why):

- an unanswered call gets a result marked as an error, saying the call was not executed
  (`tool_result` with `is_error`, a `tool` message, a `function_call_output`);
- results split over two user messages are merged into the first;
- text placed before the results moves after them;
- an orphan result, and a duplicate of a result (the same content again), are removed.

Results are copied character for character when they move; a user message written as a
string keeps it as a text block. A result that answers no call while a call of the turn
is unanswered may simply carry the wrong id: which call it answers is the user's to say,
so neither is touched.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from checker.diagnostics import Diagnostic, pointer, split_pointer
from checker.fixes.text import Edit, Spans, insert_item, remove_item, replace_value
from checker.i18n import tr

#: What a result of a call that never ran says (to the model, in the API's language).
NOT_EXECUTED = (
    "Not executed: this call was interrupted before it returned a result, so there is no "
    "output for it."
)


class Step(NamedTuple):
    """One repair: the edits (on the text as it is now) and what they do."""

    edits: list[Edit]
    rule: str
    path: str
    change: str


def _node(value: Any, ptr: str) -> Any:
    for token in split_pointer(ptr):
        value = value[int(token)] if isinstance(value, list) else value[token]
    return value


def _history(value: Any, fmt: str) -> str:
    """The pointer of the history list: "" for a bare array, else `/messages` or `/input`."""
    if isinstance(value, list):
        return ""
    return "/input" if fmt == "responses" else "/messages"


def _message_index(path: str, base: str) -> int | None:
    tokens = split_pointer(path[len(base) :]) if path.startswith(base) else []
    return int(tokens[0]) if tokens and tokens[0].isdigit() else None


def _parts(spans: Spans, content_ptr: str, content: Any) -> list[tuple[str, Any]]:
    """(verbatim text, value) of each block of a content: a string becomes a text block
    that holds the string's own literal."""
    if isinstance(content, list):
        return [(spans.slice(f"{content_ptr}/{n}"), b) for n, b in enumerate(content)]
    literal = spans.slice(content_ptr)
    return [('{"type": "text", "text": ' + literal + "}", {"type": "text", "text": content})]


def _content_text(spans: Spans, content_ptr: str, texts: list[str]) -> str:
    """An array of these item texts, in the style of the content array it replaces."""
    text = spans.text
    start, end = spans.spans[content_ptr]
    if content_ptr in spans.items and spans.items[content_ptr]:
        items = spans.items[content_ptr]
        lead = text[start + 1 : spans.spans[items[0]][0]]
        tail = text[spans.spans[items[-1]][1] : end - 1]
        return "[" + lead + spans.separator(content_ptr).join(texts) + tail + "]"
    return "[" + ", ".join(texts) + "]"


def _is_result(block: Any) -> bool:
    return isinstance(block, dict) and block.get("type") == "tool_result"


def _result_text(spans: Spans, content_ptr: str, call_id: str) -> str:
    block = {"type": "tool_result", "tool_use_id": call_id, "is_error": True}
    block["content"] = NOT_EXECUTED
    if content_ptr in spans.items:
        return spans.render(block, content_ptr)

    return json.dumps(block, ensure_ascii=False)


# --------------------------------------------------------------------------- Anthropic


def _uses(message: Any) -> list[str]:
    content = message.get("content") if isinstance(message, dict) else None
    return (
        [
            b["id"]
            for b in content or ()
            if isinstance(b, dict) and b.get("type") == "tool_use" and isinstance(b.get("id"), str)
        ]
        if isinstance(content, list)
        else []
    )


def _results(message: Any) -> list[str]:
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return []
    return [b.get("tool_use_id") for b in content if _is_result(b)]


def a_results_split(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    messages = _node(value, base)
    j = _message_index(d.path, base)
    if j is None or j < 1:
        return None
    p = j - 1
    first, later = messages[p], messages[j]
    if not (isinstance(first, dict) and isinstance(later, dict)):
        return None
    if first.get("role") != "user" or later.get("role") != "user":
        return None
    p_ptr, j_ptr = f"{base}/{p}/content", f"{base}/{j}/content"
    mine = _parts(spans, p_ptr, first.get("content"))
    theirs = _parts(spans, j_ptr, later.get("content"))
    texts = [t for t, b in mine if _is_result(b)] + [t for t, b in theirs if _is_result(b)]
    texts += [t for t, b in mine if not _is_result(b)] + [t for t, b in theirs if not _is_result(b)]
    edits = [
        replace_value(spans, p_ptr, _content_text(spans, p_ptr, texts)),
        remove_item(spans, f"{base}/{j}"),
    ]
    return Step(
        edits, d.rule, f"{base}/{j}", tr("merged `messages[{j}]` into `messages[{p}]`", j=j, p=p)
    )


def a_result_not_first(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    if i is None:
        return None
    content_ptr = f"{base}/{i}/content"
    parts = _parts(spans, content_ptr, _node(value, content_ptr))
    texts = [t for t, b in parts if _is_result(b)] + [t for t, b in parts if not _is_result(b)]
    return Step(
        [replace_value(spans, content_ptr, _content_text(spans, content_ptr, texts))],
        d.rule,
        content_ptr,
        tr("moved the other blocks of `messages[{i}]` after its tool results", i=i),
    )


def a_result_orphan(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    if i is None:
        return None
    messages = _node(value, base)
    block_ptr = pointer(*split_pointer(d.path)[:4]) if base else pointer(*split_pointer(d.path)[:3])
    previous = messages[i - 1] if i >= 1 else None
    if previous is not None and set(_uses(previous)) - set(_results(messages[i])):
        return None  # maybe the wrong id for an unanswered call: the user's to say
    content = messages[i].get("content")
    if isinstance(content, list) and len(content) == 1:
        return Step(
            [remove_item(spans, f"{base}/{i}")],
            d.rule,
            f"{base}/{i}",
            tr("removed `messages[{i}]`, which held only a result that answers no call", i=i),
        )
    return Step(
        [remove_item(spans, block_ptr)],
        d.rule,
        block_ptr,
        tr("removed the `tool_result` at {path}, which answers no call", path=block_ptr),
    )


def a_result_duplicate(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    block = _node(value, d.path)
    i = _message_index(d.path, base)
    if i is None or not _is_result(block):
        return None
    content = _node(value, f"{base}/{i}/content")
    same = [
        b for b in content if _is_result(b) and b.get("tool_use_id") == block.get("tool_use_id")
    ]
    if any(_comparable(b) != _comparable(block) for b in same):
        return None  # two different results: which one is right is the user's to say
    return Step(
        [remove_item(spans, d.path)],
        d.rule,
        d.path,
        tr("removed the repeated `tool_result` for {id}", id=str(block.get("tool_use_id"))),
    )


def _comparable(block: Any) -> Any:
    out = dict(block)
    out.pop("cache_control", None)
    content = out.get("content")
    if isinstance(content, str):
        out["content"] = [{"type": "text", "text": content}]
    return out


def a_result_missing(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    messages = _node(value, base)
    if i is None or not isinstance(messages[i], dict) or messages[i].get("role") != "assistant":
        return None
    nxt = messages[i + 1] if i + 1 < len(messages) else None
    answered = set(_results(nxt)) if isinstance(nxt, dict) and nxt.get("role") == "user" else set()
    missing = [u for u in _uses(messages[i]) if u not in answered]
    if not missing:
        return None
    if isinstance(nxt, dict) and nxt.get("role") == "user":
        if set(_results(nxt)) - set(_uses(messages[i])):
            return None  # a result with another id stands there: the user's to match
        content_ptr = f"{base}/{i + 1}/content"
        content = nxt.get("content")
        news = [_result_text(spans, content_ptr, u) for u in missing]
        if isinstance(content, list):
            at = sum(1 for b in content if _is_result(b))
            sep = spans.separator(content_ptr)
            edit = insert_item(spans, content_ptr, at, sep.join(news))
        else:
            texts = news + [t for t, _ in _parts(spans, content_ptr, content)]
            edit = replace_value(spans, content_ptr, _content_text(spans, content_ptr, texts))
        where = f"`messages[{i + 1}]`"
    else:
        new = {"role": "user", "content": []}
        message = {
            **new,
            "content": [
                {"type": "tool_result", "tool_use_id": u, "is_error": True, "content": NOT_EXECUTED}
                for u in missing
            ],
        }
        edit = insert_item(spans, base, i + 1, spans.render(message, base))
        where = tr("a new user message after `messages[{i}]`", i=i)
    ids = ", ".join(missing)
    return Step(
        [edit],
        d.rule,
        f"{base}/{i}",
        tr(
            "answered {ids} in {where} with an error result saying the call was not executed",
            ids=ids,
            where=where,
        ),
    )


# --------------------------------------------------------------------------- Chat


def _calls(message: Any) -> list[str]:
    calls = message.get("tool_calls") if isinstance(message, dict) else None
    return [c.get("id") for c in calls or () if isinstance(c, dict)]


def _tool_run(messages: list[Any], i: int) -> int:
    """The index after the `tool` messages that follow message `i`."""
    k = i + 1
    while k < len(messages) and isinstance(messages[k], dict) and messages[k].get("role") == "tool":
        k += 1
    return k


def o_response_missing(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    messages = _node(value, base)
    if i is None or not _calls(messages[i]):
        return None
    end = _tool_run(messages, i)
    answered = [m.get("tool_call_id") for m in messages[i + 1 : end]]
    if set(answered) - set(_calls(messages[i])):
        return None  # a tool message with another id: the user's to match
    missing = [c for c in _calls(messages[i]) if c not in answered]
    if not missing:
        return None
    news = [
        spans.render({"role": "tool", "tool_call_id": c, "content": NOT_EXECUTED}, base)
        for c in missing
    ]
    edit = insert_item(spans, base, end, spans.separator(base).join(news))
    return Step(
        [edit],
        d.rule,
        f"{base}/{i}",
        tr(
            "answered {ids} with a `tool` message saying the call was not executed",
            ids=", ".join(missing),
        ),
    )


def o_tool_orphan(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    messages = _node(value, base)
    if i is None:
        return None
    k = i - 1
    while k >= 0 and isinstance(messages[k], dict) and messages[k].get("role") == "tool":
        k -= 1
    if k >= 0:
        answered = {m.get("tool_call_id") for m in messages[k + 1 : _tool_run(messages, k)]}
        if set(_calls(messages[k])) - answered:
            return None  # maybe the wrong id for an unanswered call: the user's to say
    return Step(
        [remove_item(spans, f"{base}/{i}")],
        d.rule,
        f"{base}/{i}",
        tr("removed `messages[{i}]`, a `tool` message that answers no call", i=i),
    )


# --------------------------------------------------------------------------- Responses

_CALL_TYPES = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
}


def _kind(item: Any) -> Any:
    return item.get("type") if isinstance(item, dict) else None


def r_output_missing(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    items = _node(value, base)
    if i is None or _kind(items[i]) not in _CALL_TYPES:
        return None
    call_id = items[i].get("call_id")
    k = i + 1
    answers = set(_CALL_TYPES.values())
    while k < len(items) and _kind(items[k]) in set(_CALL_TYPES) | answers:
        k += 1
    output_type = _CALL_TYPES[items[i]["type"]]
    new = {"type": output_type, "call_id": call_id, "output": NOT_EXECUTED}
    return Step(
        [insert_item(spans, base, k, spans.render(new, base))],
        d.rule,
        f"{base}/{i}",
        tr(
            "answered {id} with a `{type}` saying the call was not executed",
            id=str(call_id),
            type=output_type,
        ),
    )


def r_output_orphan(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    items = _node(value, base)
    if i is None:
        return None
    answered = {it.get("call_id") for it in items if _kind(it) in _CALL_TYPES.values()}
    pending = [it for it in items if _kind(it) in _CALL_TYPES and it.get("call_id") not in answered]
    if pending:
        return None  # maybe the wrong call_id for an unanswered call: the user's to say
    return Step(
        [remove_item(spans, f"{base}/{i}")],
        d.rule,
        f"{base}/{i}",
        tr("removed `input[{i}]`, an output that answers no call", i=i),
    )


def r_output_duplicate(value: Any, spans: Spans, d: Diagnostic, base: str) -> Step | None:
    i = _message_index(d.path, base)
    items = _node(value, base)
    if i is None or _kind(items[i]) not in _CALL_TYPES.values():
        return None
    twins = [
        it
        for it in items[:i]
        if _kind(it) == _kind(items[i]) and it.get("call_id") == items[i].get("call_id")
    ]
    if not twins or any(t.get("output") != items[i].get("output") for t in twins):
        return None  # no earlier twin, or a different output: the user's to choose
    return Step(
        [remove_item(spans, f"{base}/{i}")],
        d.rule,
        f"{base}/{i}",
        tr(
            "removed `input[{i}]`, a repeated output for {id}", i=i, id=str(items[i].get("call_id"))
        ),
    )


#: rule id -> its repair, in the order they are tried (merges before additions).
REPAIRS = {
    "a-results-split": a_results_split,
    "a-tool-result-not-first": a_result_not_first,
    "a-tool-result-duplicate": a_result_duplicate,
    "a-tool-result-orphan": a_result_orphan,
    "a-tool-result-missing": a_result_missing,
    "o-tool-call-id-unknown": o_tool_orphan,
    "o-tool-msg-orphan": o_tool_orphan,
    "o-tool-response-missing": o_response_missing,
    "r-call-id-duplicate": r_output_duplicate,
    "r-function-call-output-orphan": r_output_orphan,
    "r-function-call-output-missing": r_output_missing,
}


def first_step(value: Any, spans: Spans, diagnostics: list[Diagnostic], fmt: str) -> Step | None:
    """The first repair that applies to these diagnostics, in `REPAIRS` order."""
    base = _history(value, fmt)
    by_rule: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_rule.setdefault(d.rule, []).append(d)
    for rule_id, repair in REPAIRS.items():
        for d in by_rule.get(rule_id, ()):
            try:
                step = repair(value, spans, d, base)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                step = None
            if step is not None:
                return step
    return None
