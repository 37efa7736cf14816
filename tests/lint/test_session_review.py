"""Sessions of our own (tests/lint/review_agents.py), in all three APIs: valid ones that no
rule may flag, broken ones that must be caught at the right exchange and place.

Valid: parallel tool loops; thinking kept with signatures; redacted thinking; thinking
of earlier finished turns left out (accepted on Claude Sonnet 4.5: "you may omit thinking
blocks from previous turns", extended-thinking docs); user content as a string or as
blocks; assistant text blocks dumped by the SDK (`citations: null`) and a moved
`cache_control`; results answered in another order; retries of the same request (no
response, a 529); client-side compaction (a summary replaces the history); server-side
context editing; Chat messages dumped by the SDK (`refusal`, `annotations`, `audio`,
`function_call` as nulls) and arguments re-serialised; Responses with
`previous_response_id`, with the whole history passed back (reasoning items included),
and `store: false` with `encrypted_content` (with and without item ids); conversations
interleaved in one log; a HAR file and a vcrpy cassette.
"""

from __future__ import annotations

import copy
import json

import pytest
import yaml
from review_agents import (
    URLS,
    anthropic_session,
    chat_session,
    interleave,
    responses_session,
)

from checker.session import lint_session
from tooltutor.cli import main


def flagged(exchanges):
    """Every error or warning of a session (notes are hidden from users and allowed)."""
    result = lint_session(exchanges)
    return [
        (e.number, d.rule, d.path)
        for e in result.exchanges
        for d in e.diagnostics
        if d.severity in ("error", "warning")
    ]


def _sdk_dumped(session):
    for e in session[1:]:
        messages = e["request"]["messages"]
        for m in messages:
            if isinstance(m["content"], str):
                m["content"] = [{"type": "text", "text": m["content"]}]
            for b in m["content"]:
                if b.get("type") == "text" and m["role"] == "assistant":
                    b["citations"] = None
        messages[-1]["content"][-1]["cache_control"] = {"type": "ephemeral"}
    return session


def _retried(session):
    again = copy.deepcopy(session[3]["request"])
    session.insert(
        3,
        {
            "request": again,
            "response": {"type": "error", "error": {"type": "overloaded_error"}},
            "status": 529,
            "url": URLS["anthropic"],
        },
    )
    session.insert(1, {"request": copy.deepcopy(session[1]["request"]), "url": URLS["anthropic"]})
    return session


def _results_reversed(session):
    for e in session[1:]:
        for m in e["request"]["messages"]:
            if m["role"] == "user" and isinstance(m["content"], list):
                m["content"].reverse()
    return session


def _compacted(session):
    for e in session[-3:]:
        messages = e["request"]["messages"]
        start = [k for k, m in enumerate(messages) if isinstance(m["content"], str)][-1]
        e["request"]["messages"] = [
            {"role": "user", "content": "Summary so far: the weather in Lisbon was looked up."},
            {"role": "assistant", "content": "Understood."},
            *messages[start:],
        ]
    return session


def _context_edited(session):
    for e in session:
        e["request"]["context_management"] = {"edits": [{"type": "clear_tool_uses_20250919"}]}
    return session


def _no_item_ids(session):
    for e in session:
        for item in e["request"]["input"]:
            if item.get("type") in ("reasoning", "function_call", "message"):
                item.pop("id", None)
    return session


def _tool_answers_reversed(session):
    for e in session:
        ms = e["request"]["messages"]
        i = 0
        while i < len(ms):
            j = i
            while j < len(ms) and ms[j]["role"] == "tool":
                j += 1
            if j > i:
                ms[i:j] = ms[i:j][::-1]
                i = j
            else:
                i += 1
    return session


def _arguments_reserialised(session):
    for e in session:
        for m in e["request"]["messages"]:
            for call in m.get("tool_calls") or []:
                call["function"]["arguments"] = json.dumps(
                    json.loads(call["function"]["arguments"])
                )
    return session


VALID = {
    "anthropic parallel loop, thinking kept": lambda: anthropic_session(parallel=3),
    "anthropic redacted thinking": lambda: anthropic_session(redacted=True),
    "anthropic earlier thinking dropped": lambda: anthropic_session(drop_old_thinking=True),
    "anthropic without thinking": lambda: anthropic_session(thinking="off"),
    "anthropic opus 4.5": lambda: anthropic_session(model="claude-opus-4-5"),
    "anthropic sdk-dumped blocks, cache_control moved": lambda: _sdk_dumped(anthropic_session()),
    "anthropic retries (no response, 529)": lambda: _retried(anthropic_session()),
    "anthropic results in another order": lambda: _results_reversed(anthropic_session(parallel=3)),
    "anthropic client-side compaction": lambda: _compacted(anthropic_session()),
    "anthropic server-side context editing": lambda: _context_edited(
        anthropic_session(thinking="off")
    ),
    "chat parallel loop, sdk dump": lambda: chat_session(),
    "chat plain messages": lambda: chat_session(sdk_dump=False),
    "chat tool answers in another order": lambda: _tool_answers_reversed(chat_session()),
    "chat arguments re-serialised": lambda: _arguments_reserialised(chat_session(sdk_dump=False)),
    "responses previous_response_id": lambda: responses_session(),
    "responses history passed back": lambda: responses_session(mode="manual"),
    "responses store false, encrypted reasoning": lambda: responses_session(mode="stateless"),
    "responses store false, no item ids": lambda: _no_item_ids(responses_session(mode="stateless")),
    "four conversations interleaved": lambda: interleave(
        anthropic_session(seed="X"),
        anthropic_session(seed="Y", questions=["Plan a trip to Braga?", "And Évora?"]),
        chat_session(),
        responses_session(mode="stateless"),
    ),
}


@pytest.mark.parametrize("name", VALID)
def test_a_valid_session_is_not_flagged(name):
    session = VALID[name]()
    assert flagged(session) == []


def test_interleaved_conversations_are_told_apart():
    log = interleave(anthropic_session(seed="X"), chat_session(), responses_session())
    result = lint_session(log)
    assert result.conversations == 3


# --------------------------------------------------------------------------- broken


def _latest_assistant(request):
    return [k for k, m in enumerate(request["messages"]) if m["role"] == "assistant"][-1]


def _findings(session, rule):
    result = lint_session(session)
    return [
        (e.number, d.path, e.earlier_of(d))
        for e in result.exchanges
        for d in e.diagnostics
        if d.rule == rule
    ]


def test_edited_thinking_is_caught_at_the_block_and_the_response_it_came_from():
    session = anthropic_session()
    request = session[2]["request"]
    a = _latest_assistant(request)
    block = request["messages"][a]["content"][0]
    block["thinking"] = block["thinking"].replace("round", "ROUND")
    found = _findings(session[:3], "a-session-thinking-modified")
    assert found and found[0][0] == 3
    assert found[0][1] == f"/messages/{a}/content/0"
    assert (found[0][2].exchange, found[0][2].part, found[0][2].path) == (
        2,
        "response",
        "/content/0",
    )


def test_a_dropped_reasoning_item_is_caught_for_each_call():
    session = responses_session(mode="stateless")
    session[1]["request"]["input"] = [
        i for i in session[1]["request"]["input"] if i.get("type") != "reasoning"
    ]
    found = _findings(session, "r-session-reasoning-dropped")
    assert {(n, p) for n, p, _ in found} == {(2, "/input/1/id"), (2, "/input/2/id")}
    assert all((e.exchange, e.path) == (1, "/output/0") for _, _, e in found)


def test_a_call_left_unanswered_after_ctrl_c_is_caught_in_every_api():
    a = anthropic_session()[:2]
    a[1]["request"]["messages"][-1] = {"role": "user", "content": "stop, do something else"}
    assert {(n, p) for n, p, _ in _findings(a, "a-tool-result-missing")} == {
        (2, "/messages/1/content/2/id"),
        (2, "/messages/1/content/3/id"),
    }
    c = chat_session()[:2]
    ms = c[1]["request"]["messages"]
    ms[:] = [m for m in ms if m["role"] != "tool"] + [{"role": "user", "content": "never mind"}]
    assert len(_findings(c, "o-tool-response-missing")) == 3
    r = responses_session()[:2]
    r[1]["request"]["input"] = [{"role": "user", "content": "never mind"}]
    found = _findings(r, "r-session-call-unanswered")
    assert found and found[0][0] == 2 and found[0][2].path == "/output/1"


def test_an_output_for_a_call_the_previous_response_never_made_is_caught():
    session = responses_session()[:2]
    session[1]["request"]["input"].append(
        {"type": "function_call_output", "call_id": "call_NEVERMADE", "output": "x"}
    )
    found = _findings(session, "r-session-output-orphan")
    assert [(n, p) for n, p, _ in found] == [(2, "/input/2/call_id")]
    assert (found[0][2].exchange, found[0][2].part) == (1, "response")
    # answered calls are not named, and the right outputs are not flagged
    assert _findings(session, "r-session-call-unanswered") == []


def test_a_result_for_a_call_that_was_never_made_is_caught_in_anthropic_and_chat():
    a = anthropic_session()[:2]
    a[1]["request"]["messages"][-1]["content"][0]["tool_use_id"] = "toolu_01NEVERMADE"
    assert (2, "/messages/2/content/0/tool_use_id", None) in _findings(a, "a-tool-result-orphan")
    c = chat_session(sdk_dump=False)[:2]
    ms = c[1]["request"]["messages"]
    ms[-1]["tool_call_id"] = "call_NEVERMADE"
    assert _findings(c, "o-tool-call-id-unknown") or _findings(c, "o-tool-response-missing")


# --------------------------------------------------------------------------- files


def _har(exchanges):
    entries = []
    for e in exchanges:
        entries.append(
            {
                "request": {
                    "method": "POST",
                    "url": e["url"],
                    "postData": {"mimeType": "application/json", "text": json.dumps(e["request"])},
                },
                "response": {
                    "status": 200,
                    "content": {"mimeType": "application/json", "text": json.dumps(e["response"])},
                },
            }
        )
    return {
        "log": {"version": "1.2", "creator": {"name": "review", "version": "1"}, "entries": entries}
    }


def _cassette(exchanges):
    return yaml.safe_dump(
        {
            "version": 1,
            "interactions": [
                {
                    "request": {
                        "method": "POST",
                        "uri": e["url"],
                        "body": json.dumps(e["request"], ensure_ascii=False),
                        "headers": {"content-type": ["application/json"]},
                    },
                    "response": {
                        "status": {"code": 200, "message": "OK"},
                        "headers": {"content-type": ["application/json"]},
                        "body": {"string": json.dumps(e["response"], ensure_ascii=False)},
                    },
                }
                for e in exchanges
            ],
        },
        allow_unicode=True,
    )


@pytest.mark.parametrize("kind", ["har", "cassette"])
def test_a_valid_recording_of_mixed_apis_lints_clean(tmp_path, capsys, kind):
    log = interleave(anthropic_session(redacted=True), chat_session(), responses_session())
    path = tmp_path / ("s.har" if kind == "har" else "cassette.yaml")
    text = json.dumps(_har(log)) if kind == "har" else _cassette(log)
    path.write_text(text, encoding="utf-8")
    code = main(["lint", "--session", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["valid"]
    assert len(data["requests"]) == len(log)
    assert all(
        d["severity"] not in ("error", "warning")
        for r in data["requests"]
        for d in r["diagnostics"]
    )
