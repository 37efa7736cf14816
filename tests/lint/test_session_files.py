"""`tooltutor lint --session PATH`: the files a session is recorded in, and what is printed.

The recording shapes are those of public recordings, rebuilt small: vcrpy cassettes as
dd-trace-py keeps them (a request `body` string folded over lines, the response a gzip
`!!binary` body with `Content-Encoding: gzip`), HAR 1.2 entries with streamed
(`text/event-stream`) Messages API answers, and JSON Lines of `{"request", "response"}`.
"""

from __future__ import annotations

import base64
import gzip
import json

import pytest
import yaml
from session_shapes import anthropic_loop, chat_loop, responses_loop

from checker.session.sse import assemble
from tooltutor.cli import main


def run(capsys, *argv):
    code = main(["lint", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _broken_thinking():
    loop = anthropic_loop(2)
    loop[1]["request"]["messages"][1]["content"][0]["thinking"] = "edited"
    return loop


def _jsonl(path, exchanges):
    path.write_text("".join(json.dumps(e) + "\n" for e in exchanges), encoding="utf-8")
    return path


# --------------------------------------------------------------------------- JSON Lines


def test_jsonl_text_names_the_exchange_and_the_place_it_disagrees_with(tmp_path, capsys):
    path = _jsonl(tmp_path / "s.jsonl", _broken_thinking())
    code, out, _ = run(capsys, "--session", path)
    assert code == 1
    assert f"{path}:2:" in out and "a-session-thinking-modified" in out
    assert "compare exchange 1, line 1: the response `/content/0`" in out
    assert "4 exchanges in 1 conversation" in out


def test_jsonl_json_has_the_several_requests_shape_with_earlier_places(tmp_path, capsys):
    path = _jsonl(tmp_path / "s.jsonl", _broken_thinking())
    code, out, _ = run(capsys, "--session", path, "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    assert set(data) == {"valid", "summary", "requests"}
    assert [r["exchange"] for r in data["requests"]] == [1, 2, 3, 4]
    assert [r["continues"] for r in data["requests"]] == [None, 1, 2, 3]
    second = data["requests"][1]
    assert second["valid"] is False and second["line"] == 2
    d = next(d for d in second["diagnostics"] if d["rule"] == "a-session-thinking-modified")
    assert d["path"] == "/request/messages/1/content/0" and d["line"] == 2
    assert d["earlier"] == {
        "exchange": 1,
        "part": "response",
        "path": "/content/0",
        "line": 1,
        "column": d["earlier"]["column"],
        "pointer": "/response/content/0",
    }
    assert data["summary"]["exchanges"] == 4 and data["summary"]["conversations"] == 1


def test_a_valid_session_exits_0_and_says_so(tmp_path, capsys):
    path = _jsonl(tmp_path / "ok.jsonl", anthropic_loop(3) + chat_loop(2) + responses_loop(2))
    code, out, _ = run(capsys, "--session", path)
    assert code == 0
    assert "3 conversations" in out and "valid, no problems found" in out


def test_a_broken_line_is_reported_and_the_rest_is_read(tmp_path, capsys):
    lines = [json.dumps(e) for e in anthropic_loop(2, thinking=False)]
    lines.insert(1, '{"request": {"messages": [}')
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "--session", path, "--json")
    data = json.loads(out)
    assert code == 1
    assert [r["line"] for r in data["requests"]] == [1, 2, 3, 4, 5]
    assert data["requests"][1]["diagnostics"][0]["rule"] == "json-syntax"
    assert data["requests"][2]["continues"] == 1  # the exchanges around it still link


def test_http_records_with_url_and_body_text(tmp_path, capsys):
    loop = chat_loop(2)
    records = [
        {
            "request": {
                "url": "https://api.openai.com/v1/chat/completions",
                "body": json.dumps(e["request"]),
            },
            "response": {"status": 200, "body": e.get("response")},
        }
        for e in loop
    ]
    records[1]["request"]["body"] = records[1]["request"]["body"].replace("C0", "Nice")
    code, out, _ = run(capsys, "--session", _jsonl(tmp_path / "h.jsonl", records), "--json")
    data = json.loads(out)
    rules = [d["rule"] for r in data["requests"] for d in r["diagnostics"]]
    assert "o-session-call-edited" in rules and code == 0


# --------------------------------------------------------------------------- HAR


def _sse(events):
    return "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events)


def _stream_of(message):
    """A Messages API stream that stands for `message` (as the SDK's stream helper reads it)."""
    events = [{"type": "message_start", "message": {**message, "content": []}}]
    for n, block in enumerate(message["content"]):
        if block["type"] == "thinking":
            start = {**block, "thinking": "", "signature": ""}
            deltas = [
                {"type": "thinking_delta", "thinking": block["thinking"][:4]},
                {"type": "thinking_delta", "thinking": block["thinking"][4:]},
                {"type": "signature_delta", "signature": block["signature"]},
            ]
        elif block["type"] == "tool_use":
            start = {**block, "input": {}}
            text = json.dumps(block["input"])
            deltas = [
                {"type": "input_json_delta", "partial_json": text[:5]},
                {"type": "input_json_delta", "partial_json": text[5:]},
            ]
        else:
            start = {**block, "text": ""}
            deltas = [{"type": "text_delta", "text": block["text"]}]
        events.append({"type": "content_block_start", "index": n, "content_block": start})
        events += [{"type": "content_block_delta", "index": n, "delta": d} for d in deltas]
        events.append({"type": "content_block_stop", "index": n})
    events.append({"type": "message_delta", "delta": {"stop_reason": message["stop_reason"]}})
    events.append({"type": "message_stop"})
    return _sse(events)


def test_a_stream_is_put_back_together():
    message = anthropic_loop(1)[0]["response"]
    assert assemble(_stream_of(message), "anthropic")["content"] == message["content"]
    cut = _stream_of(message).rsplit("event: message_stop", 1)[0]
    assert assemble(cut, "anthropic") is None  # an interrupted stream is no turn


def _har(exchanges, *, stream=True):
    entries = [
        {"request": {"method": "GET", "url": "https://claude.ai/favicon.ico"}, "response": {}}
    ]
    for e in exchanges:
        response = e.get("response")
        text = _stream_of(response) if response and stream else json.dumps(response)
        entries.append(
            {
                "request": {
                    "method": "POST",
                    "url": "https://api.anthropic.com/v1/messages?beta=true",
                    "postData": {"mimeType": "application/json", "text": json.dumps(e["request"])},
                },
                "response": {
                    "status": 200,
                    "content": {
                        "mimeType": "text/event-stream" if stream else "application/json",
                        "text": text,
                    },
                },
            }
        )
    return {"log": {"version": "1.2", "creator": {"name": "test"}, "entries": entries}}


def test_har_with_streamed_answers(tmp_path, capsys):
    path = tmp_path / "s.har"
    path.write_text(json.dumps(_har(_broken_thinking()), indent=2), encoding="utf-8")
    code, out, _ = run(capsys, "--session", path, "--json")
    data = json.loads(out)
    assert code == 1 and data["summary"]["skipped"] == 1
    d = next(
        d
        for r in data["requests"]
        for d in r["diagnostics"]
        if d["rule"] == "a-session-thinking-modified"
    )
    assert d["path"].startswith("/log/entries/2/request/postData/text/messages/1")
    assert d["earlier"]["pointer"] == "/log/entries/1/response/content/text/content/0"


def test_har_of_a_valid_session(tmp_path, capsys):
    path = tmp_path / "ok.har"
    path.write_text(json.dumps(_har(anthropic_loop(3))), encoding="utf-8")
    assert run(capsys, "--session", path)[0] == 0


# --------------------------------------------------------------------------- cassettes


def _cassette(exchanges, *, gzipped=True):
    interactions = []
    for e in exchanges:
        response = e.get("response") or {"type": "error", "error": {"type": "overloaded_error"}}
        raw = json.dumps(response).encode()
        body = {"string": gzip.compress(raw) if gzipped else raw.decode()}
        headers = {"Content-Type": ["application/json"]}
        if gzipped:
            headers["Content-Encoding"] = ["gzip"]
        interactions.append(
            {
                "request": {
                    "body": json.dumps(e["request"]),
                    "headers": {"content-type": ["application/json"]},
                    "method": "POST",
                    "uri": "https://api.anthropic.com/v1/messages",
                },
                "response": {
                    "body": body,
                    "headers": headers,
                    "status": {"code": 200 if e.get("response") else 529, "message": "OK"},
                },
            }
        )
    return yaml.safe_dump({"interactions": interactions, "version": 1}, width=70)


@pytest.mark.parametrize("gzipped", [True, False])
def test_vcrpy_cassette(tmp_path, capsys, gzipped):
    path = tmp_path / "test_agent.yaml"
    path.write_text(_cassette(_broken_thinking(), gzipped=gzipped), encoding="utf-8")
    assert "!!binary" in path.read_text() or not gzipped
    code, out, _ = run(capsys, "--session", path, "--json")
    data = json.loads(out)
    assert code == 1
    rules = [(r["exchange"], d["rule"]) for r in data["requests"] for d in r["diagnostics"]]
    assert (2, "a-session-thinking-modified") in rules
    assert data["requests"][1]["line"] > data["requests"][0]["line"]


def test_a_cassette_of_a_valid_session(tmp_path, capsys):
    path = tmp_path / "ok.yml"
    path.write_text(_cassette(anthropic_loop(2, thinking=False)), encoding="utf-8")
    assert run(capsys, "--session", path)[0] == 0


def test_cassette_saved_as_json(tmp_path, capsys):
    cassette = yaml.safe_load(_cassette(_broken_thinking(), gzipped=False))
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cassette), encoding="utf-8")
    assert run(capsys, "--session", path)[0] == 1


# --------------------------------------------------------------------------- errors


def test_a_file_that_is_not_a_session(tmp_path, capsys):
    path = tmp_path / "x.yaml"
    path.write_text("title: not a session\n", encoding="utf-8")
    code, _, err = run(capsys, "--session", path)
    assert code == 2 and "is not a session" in err


def test_broken_yaml_points_at_line_and_column(tmp_path, capsys):
    path = tmp_path / "x.yaml"
    path.write_text("interactions:\n- request: [\n", encoding="utf-8")
    code, _, err = run(capsys, "--session", path)
    assert code == 2 and f"{path}:3:" in err


def test_modes_do_not_mix(tmp_path, capsys):
    path = _jsonl(tmp_path / "s.jsonl", anthropic_loop(1))
    assert run(capsys, "--session", path, "--tools", path)[0] == 2
    assert run(capsys, "--session", path, "other.json")[0] == 2
    assert run(capsys, "--session", path, "--write")[0] == 2


def test_missing_file(tmp_path, capsys):
    code, _, err = run(capsys, "--session", tmp_path / "nope.jsonl")
    assert code == 2 and "nope.jsonl" in err


def test_standard_input(monkeypatch, capsys):
    import io

    text = "".join(json.dumps(e) + "\n" for e in _broken_thinking())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, _ = run(capsys, "--session", "-")
    assert code == 1 and "<stdin>:2:" in out


def test_base64_har_content(tmp_path, capsys):
    har = _har(_broken_thinking(), stream=False)
    for entry in har["log"]["entries"][1:]:
        content = entry["response"]["content"]
        content["text"] = base64.b64encode(content["text"].encode()).decode()
        content["encoding"] = "base64"
    path = tmp_path / "b.har"
    path.write_text(json.dumps(har), encoding="utf-8")
    assert run(capsys, "--session", path)[0] == 1
