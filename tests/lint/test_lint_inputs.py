"""What `tooltutor lint` reads: JSON documents, JSON Lines, log records, folders."""

from __future__ import annotations

import json

import pytest
from lint_requests import (
    ANTHROPIC_BROKEN,
    ANTHROPIC_RULE,
    ANTHROPIC_VALID,
    CHAT_BROKEN,
    CHAT_RULE,
    CHAT_VALID,
    RESPONSES_BROKEN,
    RESPONSES_RULE,
    TOOL,
)

from tooltutor.lint_inputs import Options, lint_file, lint_jsonl, walk
from tooltutor.lint_records import find_requests


def at(text: str, d) -> str:
    """The text from a diagnostic's line:column on (its line only)."""
    return text.split("\n")[d.line - 1][d.column - 1 :]


def jsonl(*records) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def only(reports):
    (report,) = reports
    return report


# --------------------------------------------------------------------------- plain bodies


def test_a_request_file_is_linted_as_it_is():
    text = json.dumps(ANTHROPIC_BROKEN, indent=2)
    doc = lint_file("r.json", text.encode(), jsonl=False)
    report = only(doc.requests)
    assert (report.kind, report.pointer, report.line) == ("request", "", 1)
    (d,) = report.result.diagnostics
    assert d.rule == ANTHROPIC_RULE and d.path == "/messages/1/content/0/id"
    assert at(doc.text, d).startswith('"toolu_01A"')


def test_a_bare_messages_array_and_a_document_in_no_known_shape():
    doc = lint_file("m.json", json.dumps(CHAT_BROKEN["messages"]).encode(), jsonl=False)
    assert only(doc.requests).result.errors[0].rule == CHAT_RULE
    response = {"id": "chatcmpl-1", "object": "chat.completion", "choices": []}
    doc = lint_file("resp.json", json.dumps(response).encode(), jsonl=False)
    assert only(doc.requests).kind == "document"
    assert only(doc.requests).result.errors[0].rule == "request-shape"  # "this is a response"
    skipped = lint_file(
        "package.json", b'{"name": "x"}', Options(skip_non_requests=True), jsonl=False
    )
    assert skipped.requests == [] and skipped.skipped == 1


def test_json_lines_by_line():
    data = jsonl(CHAT_VALID, {"event": "startup"}, CHAT_BROKEN) + b"\n   \n"
    reports, skipped, text = lint_jsonl(data, "log.jsonl")
    assert skipped == 1 and [r.line for r in reports] == [1, 3]
    assert reports[0].result.valid and not reports[1].result.valid
    (d,) = reports[1].result.diagnostics
    assert d.line == 3 and at(text, d).startswith('"call_1"')


def test_json_lines_syntax_encoding_bom_and_crlf():
    data = (
        b"\xef\xbb\xbf"
        + json.dumps(CHAT_VALID).encode()
        + b"\r\n"
        + b'{"model": "gpt-5", "messages": [{"role": "user", "content": "hi"},]}\r\n'
        + b'{"model": "gpt-5", "messages": [{"role": "user", "content": "caf\xe9"}]}\n'
    )
    reports, skipped, text = lint_jsonl(data, "log.jsonl")
    assert [r.line for r in reports] == [1, 2, 3] and skipped == 0
    assert reports[0].result.valid
    (syntax,) = reports[1].result.diagnostics
    assert syntax.rule == "json-syntax" and syntax.line == 2
    assert "(line 2)" in syntax.hint  # the hint names the line of the file, not of the record
    (encoding,) = reports[2].result.diagnostics
    assert encoding.rule == "input-encoding" and encoding.line == 3


def test_a_record_with_a_model_in_no_shape_is_still_judged():
    reports, skipped, _ = lint_jsonl(jsonl({"model": "gpt-5", "mesages": []}), "log.jsonl")
    assert skipped == 0 and only(reports).result.errors[0].rule == "request-shape"
    reports, skipped, _ = lint_jsonl(jsonl({"model": "gpt-5", "choices": []}), "log.jsonl")
    assert reports == [] and skipped == 1  # a response is not a request


# --------------------------------------------------------------------------- log records


def test_openai_batch_lines():
    lines = [
        {"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": CHAT_BROKEN},
        {"custom_id": "b", "method": "POST", "url": "/v1/responses", "body": RESPONSES_BROKEN},
        {"custom_id": "c", "method": "POST", "url": "/v1/embeddings", "body": {"input": "x"}},
    ]
    reports, skipped, text = lint_jsonl(jsonl(*lines), "batch.jsonl")
    assert [(r.kind, r.pointer, r.result.format) for r in reports] == [
        ("openai-batch", "/body", "openai"),
        ("openai-batch", "/body", "responses"),
    ]
    assert skipped == 1  # embeddings are not linted
    first, second = (r.result.diagnostics[0] for r in reports)
    assert first.rule == CHAT_RULE and first.path == "/body/messages/1/tool_call_id"
    assert at(text, first).startswith('"call_1"')
    assert second.rule == RESPONSES_RULE and second.path.startswith("/body/input/0")


def test_anthropic_batches():
    batch = {"requests": [{"custom_id": "a", "params": ANTHROPIC_BROKEN}]}
    text = json.dumps(batch, indent=2)
    report = only(lint_file("batch.json", text.encode(), jsonl=False).requests)
    assert (report.kind, report.pointer) == ("anthropic-batch", "/requests/0/params")
    (d,) = report.result.diagnostics
    assert d.path == "/requests/0/params/messages/1/content/0/id"
    assert at(text, d).startswith('"toolu_01A"')
    line = {"custom_id": "a", "params": ANTHROPIC_VALID}
    assert only(lint_jsonl(jsonl(line), "b.jsonl")[0]).result.valid


@pytest.mark.parametrize(
    "record",
    [
        {"request": {"url": "https://api.openai.com/v1/chat/completions", "body": CHAT_BROKEN}},
        {"request": CHAT_BROKEN, "url": "https://api.openai.com/v1/chat/completions"},
        {"url": "/v1/chat/completions", "request_body": json.dumps(CHAT_BROKEN)},
        {"request": {"path": "/chat/completions", "payload": CHAT_BROKEN}, "status": 400},
        {"requestBody": CHAT_BROKEN},
    ],
)
def test_http_log_records(record):
    report = only(lint_jsonl(jsonl(record), "http.jsonl")[0])
    assert report.kind == "http" and report.result.format == "openai"
    assert report.result.errors[0].rule == CHAT_RULE
    assert report.result.errors[0].path.endswith("/messages/1/tool_call_id")


def test_a_body_kept_as_a_string_is_placed_at_the_string():
    record = {"url": "/v1/messages", "body": json.dumps(ANTHROPIC_BROKEN)}
    reports, _, text = lint_jsonl(jsonl(record), "http.jsonl")
    (d,) = only(reports).result.diagnostics
    assert d.path == "/body/messages/1/content/0/id"
    assert at(text, d).startswith('"{\\"model\\"')


def test_a_url_names_the_format_over_the_body():
    # a body that could be either API's, sent to the Messages API
    record = {"url": "https://api.anthropic.com/v1/messages", "body": {"messages": []}}
    assert only(lint_jsonl(jsonl(record), "x.jsonl")[0]).result.format == "anthropic"
    forced = lint_jsonl(jsonl(record), "x.jsonl", Options(format="openai"))[0]
    assert only(forced).result.format == "openai"
    other = {"url": "https://api.openai.com/v1/files", "body": CHAT_BROKEN}
    assert lint_jsonl(jsonl(other), "x.jsonl")[:2] == ([], 1)


def test_har_files():
    har = {
        "log": {
            "version": "1.2",
            "entries": [
                {
                    "request": {
                        "method": "POST",
                        "url": "https://api.anthropic.com/v1/messages",
                        "postData": {
                            "mimeType": "application/json",
                            "text": json.dumps(ANTHROPIC_BROKEN),
                        },
                    },
                    "response": {"status": 400},
                },
                {"request": {"method": "GET", "url": "https://api.anthropic.com/v1/models"}},
            ],
        }
    }
    text = json.dumps(har, indent=2)
    report = only(lint_file("capture.har", text.encode(), jsonl=False).requests)
    assert (report.kind, report.result.format) == ("har", "anthropic")
    assert report.pointer == "/log/entries/0/request/postData/text"
    assert at(text, report.result.errors[0]).startswith('"{\\"model\\"')


def test_litellm_standard_logging_payload():
    payload = {
        "id": "chatcmpl-1",
        "call_type": "acompletion",
        "model": "openai/gpt-5",
        "messages": CHAT_BROKEN["messages"],
        "model_parameters": {
            "temperature": 0.2,
            "tools": [{"type": "function", "function": {"name": "get weather"}}],
        },
        "response": {"choices": []},
    }
    for record, prefix in (
        (payload, ""),
        ({"standard_logging_object": payload}, "/standard_logging_object"),
    ):
        reports, _, text = lint_jsonl(jsonl(record), "litellm.jsonl")
        report = only(reports)
        assert (report.kind, report.result.format, report.pointer) == ("litellm", "openai", prefix)
        by_rule = {d.rule: d for d in report.result.diagnostics}
        assert by_rule[CHAT_RULE].path == prefix + "/messages/1/tool_call_id"
        assert at(text, by_rule[CHAT_RULE]).startswith('"call_1"')
        name = by_rule["o-function-name-pattern"]
        assert name.path == prefix + "/model_parameters/tools/0/function/name"
        assert at(text, name).startswith('"get weather"')
        assert "o-body-required" not in by_rule  # rebuilt: judged as a fragment


def test_litellm_anthropic_and_responses_call_types():
    messages = {"call_type": "anthropic_messages", "model": "claude-sonnet-4-5"}
    messages |= {"messages": ANTHROPIC_BROKEN["messages"], "model_parameters": {"tools": [TOOL]}}
    report = only(lint_jsonl(jsonl(messages), "l.jsonl")[0])
    assert report.result.format == "anthropic" and report.result.errors[0].rule == ANTHROPIC_RULE
    responses = {"call_type": "aresponses", "model": "gpt-5", "model_parameters": {}}
    responses["messages"] = RESPONSES_BROKEN["input"]
    report = only(lint_jsonl(jsonl(responses), "l.jsonl")[0])
    assert report.result.format == "responses"
    assert report.result.errors[0].rule == RESPONSES_RULE


@pytest.mark.parametrize("as_text", [True, False])
def test_litellm_proxy_server_request(as_text):
    raw = {"url": "http://0.0.0.0:4000/v1/chat/completions", "method": "POST", "body": CHAT_BROKEN}
    record = {"request_id": "r1", "call_type": "acompletion", "messages": []}
    record["metadata"] = {"proxy_server_request": json.dumps(raw) if as_text else raw}
    report = only(lint_jsonl(jsonl(record), "spend.jsonl")[0])
    assert report.kind == "litellm" and report.result.format == "openai"
    (d,) = report.result.errors
    assert d.path == "/metadata/proxy_server_request/body/messages/1/tool_call_id"


def _otlp(attributes):
    span = {"traceId": "t", "spanId": "s", "name": "llm", "attributes": attributes}
    return {"resourceSpans": [{"resource": {}, "scopeSpans": [{"scope": {}, "spans": [span]}]}]}


def _attr(key, value):
    return {"key": key, "value": {"stringValue": value}}


def test_opentelemetry_otlp_spans_openinference():
    body = {k: v for k, v in ANTHROPIC_BROKEN.items() if k != "model"}  # model kept apart
    record = _otlp(
        [
            _attr("openinference.span.kind", "LLM"),
            _attr("llm.provider", "anthropic"),
            _attr("input.mime_type", "application/json"),
            _attr("input.value", json.dumps(body)),
        ]
    )
    reports, _, text = lint_jsonl(jsonl(record), "spans.jsonl")
    report = only(reports)
    assert (report.kind, report.result.format) == ("otel", "anthropic")
    pointer = "/resourceSpans/0/scopeSpans/0/spans/0/attributes/3/value/stringValue"
    assert report.pointer == pointer
    (d,) = report.result.diagnostics  # judged as a fragment: no missing `model`
    assert d.rule == ANTHROPIC_RULE and d.path.startswith(pointer + "/messages/1")
    plain = _otlp([_attr("input.mime_type", "text/plain"), _attr("input.value", "{}")])
    assert lint_jsonl(jsonl(plain), "spans.jsonl")[:2] == ([], 1)


def test_opentelemetry_span_with_plain_attributes_logfire():
    span = {
        "name": "Chat Completion with 'gpt-5'",
        "attributes": {"request_data": json.dumps(CHAT_BROKEN), "url": "/chat/completions"},
    }
    report = only(lint_jsonl(jsonl(span), "logfire.jsonl")[0])
    assert report.kind == "otel" and report.result.format == "openai"
    assert report.result.errors[0].path.startswith("/attributes/request_data/messages/1")


def test_find_requests_is_shallow_and_safe():
    assert find_requests({"a": {"b": {"c": {"d": {"e": {"f": {"body": CHAT_VALID}}}}}}}) == []
    assert find_requests({"body": "not json"}) == []
    assert find_requests(42) == []
    (found,) = find_requests(CHAT_VALID)
    assert found.pointer == "" and found.kind == "request"


def test_select_and_ignore_apply_to_every_request():
    data = jsonl(CHAT_BROKEN, ANTHROPIC_BROKEN)
    reports, _, _ = lint_jsonl(data, "x.jsonl", Options(ignore=(CHAT_RULE,)))
    assert [r.result.valid for r in reports] == [True, False]
    reports, _, _ = lint_jsonl(data, "x.jsonl", Options(select=("o-*",)))
    assert [r.result.valid for r in reports] == [False, True]


# --------------------------------------------------------------------------- folders


def test_walk_finds_request_files_and_skips_hidden_folders(tmp_path):
    for name in ("a.json", "b.JSONL", "c.ndjson", "sub/d.json", "notes.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    for hidden in (".git/e.json", "node_modules/f.json", ".hidden.json"):
        (tmp_path / hidden).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / hidden).write_text("{}")
    found = [p.removeprefix(str(tmp_path) + "/") for p in walk(str(tmp_path))]
    assert found == ["a.json", "b.JSONL", "c.ndjson", "sub/d.json"]
