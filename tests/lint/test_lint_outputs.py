"""What `tooltutor lint` prints: text, json, sarif and github output."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from lint_requests import ANTHROPIC_BROKEN, ANTHROPIC_RULE, CHAT_BROKEN, CHAT_RULE, CHAT_VALID

from checker import lint
from checker.report import format_human
from tooltutor.lint_inputs import lint_file
from tooltutor.lint_output import render, sarif


def jsonl(*records) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


@pytest.fixture
def one_document():
    text = json.dumps(ANTHROPIC_BROKEN, indent=2)
    return text, [lint_file("request.json", text.encode(), jsonl=False)]


@pytest.fixture
def log():
    data = jsonl(CHAT_VALID, {"event": "start"}, CHAT_BROKEN, ANTHROPIC_BROKEN)
    return [lint_file("logs/requests.jsonl", data, jsonl=True)]


# --------------------------------------------------------------------------- text and json


def test_one_document_prints_as_lint_always_did(one_document):
    text, documents = one_document
    assert render(documents, "text") == format_human(lint(text), text, "request.json")
    assert json.loads(render(documents, "json")) == lint(text).to_dict()


def test_text_of_many_requests_has_blocks_and_a_summary(log):
    out = render(log, "text")
    assert "logs/requests.jsonl:3:" in out and f"error {CHAT_RULE}" in out
    assert "logs/requests.jsonl:4:" in out and f"error {ANTHROPIC_RULE}" in out
    assert "  3 | " in out  # the source line of the record, with a caret
    assert out.rstrip().endswith(
        "logs/requests.jsonl: 3 requests: 2 invalid (2 errors); 1 record held no request"
    )


def test_text_summary_over_files(tmp_path):
    good = lint_file("a.json", json.dumps(CHAT_VALID).encode(), jsonl=False)
    bad = lint_file("b.json", json.dumps(CHAT_BROKEN).encode(), jsonl=False)
    out = render([good, bad], "text")
    assert "a.json:" not in out  # a clean file is only counted
    assert "b.json: 1 request: 1 invalid (1 error)" in out
    assert out.rstrip().endswith("2 files, 2 requests: 1 invalid (1 error)")
    assert (
        render([good, good], "text")
        .rstrip()
        .endswith("2 files, 2 requests: valid, no problems found")
    )


def test_json_report_of_many_requests(log):
    data = json.loads(render(log, "json"))
    assert data["valid"] is False
    assert data["summary"] == {
        "files": 1,
        "requests": 3,
        "valid": 1,
        "invalid": 2,
        "errors": 2,
        "warnings": 0,
        "notes": 0,
        "skipped": 1,
    }
    first, second, third = data["requests"]
    assert first == {
        "file": "logs/requests.jsonl",
        "line": 1,
        "pointer": "",
        "kind": "request",
        "valid": True,
        "format": "openai",
        "diagnostics": [],
    }
    assert second["line"] == 3 and second["diagnostics"][0]["line"] == 3
    assert third["format"] == "anthropic" and third["diagnostics"][0]["rule"] == ANTHROPIC_RULE


# --------------------------------------------------------------------------- github


def test_github_annotations_by_line(log):
    lines = render(log, "github").splitlines()
    annotations = [line for line in lines if line.startswith("::")]
    assert len(annotations) == 2
    head, _, message = annotations[0].partition("::")[2].partition("::")
    assert head.startswith("error file=logs/requests.jsonl,line=3,col=")
    assert head.endswith(f",title={CHAT_RULE}")
    assert message.startswith(f"{CHAT_RULE}: ") and "%0Ahint: " in message
    assert "\n" not in message
    assert lines[-1] == "1 file, 3 requests: 2 invalid (2 errors); 1 record held no request"


def test_github_escapes_properties_and_data(tmp_path):
    name = "odd, name: 100%.json"
    out = render([lint_file(name, json.dumps(CHAT_BROKEN).encode(), jsonl=False)], "github")
    line = out.splitlines()[0]
    assert line.startswith("::error file=odd%2C name%3A 100%25.json,line=1,col=")
    warned = lint_file("w.json", b'[{"role": "user", "content": "hi"}]', jsonl=False)
    assert render([warned], "github").startswith("::warning file=w.json,line=1,col=1,")
    stdin = lint_file("<stdin>", json.dumps(CHAT_BROKEN).encode(), jsonl=False)
    assert render([stdin], "github").startswith(f"::error title={CHAT_RULE}::")


# --------------------------------------------------------------------------- sarif

#: The parts of the SARIF 2.1.0 schema (OASIS) that this output uses, with their
#: constraints: required members, enums, minimums, no unknown members where SARIF forbids
#: them. (The OASIS file itself is checked too when $SARIF_SCHEMA names a copy of it.)
MESSAGE = {
    "type": "object",
    "properties": {"text": {"type": "string"}, "id": {"type": "string"}},
    "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
}
SARIF_SHAPE = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["version", "runs"],
    "additionalProperties": False,
    "properties": {
        "$schema": {"type": "string", "format": "uri"},
        "version": {"const": "2.1.0"},
        "runs": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["tool"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "version": {"type": "string"},
                                    "rules": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["id"],
                                            "properties": {
                                                "id": {"type": "string"},
                                                "shortDescription": MESSAGE,
                                                "fullDescription": MESSAGE,
                                                "defaultConfiguration": {
                                                    "type": "object",
                                                    "properties": {
                                                        "level": {
                                                            "enum": [
                                                                "none",
                                                                "note",
                                                                "warning",
                                                                "error",
                                                            ]
                                                        }
                                                    },
                                                },
                                            },
                                        },
                                    },
                                },
                            }
                        },
                    },
                    "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                    "results": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["message"],
                            "properties": {
                                "ruleId": {"type": "string"},
                                "ruleIndex": {"type": "integer", "minimum": -1},
                                "level": {"enum": ["none", "note", "warning", "error"]},
                                "message": MESSAGE,
                                "locations": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "properties": {
                                            "physicalLocation": {
                                                "type": "object",
                                                "properties": {
                                                    "artifactLocation": {
                                                        "type": "object",
                                                        "properties": {
                                                            "uri": {
                                                                "type": "string",
                                                                "format": "uri-reference",
                                                            },
                                                            "uriBaseId": {"type": "string"},
                                                        },
                                                    },
                                                    "region": {
                                                        "type": "object",
                                                        "properties": {
                                                            "startLine": {
                                                                "type": "integer",
                                                                "minimum": 1,
                                                            },
                                                            "startColumn": {
                                                                "type": "integer",
                                                                "minimum": 1,
                                                            },
                                                        },
                                                    },
                                                },
                                            },
                                            "logicalLocations": {
                                                "type": "array",
                                                "items": {"type": "object"},
                                            },
                                        },
                                    },
                                },
                            },
                        },
                    },
                },
            },
        },
    },
}


def _sarif_documents(tmp_path):
    fixture = lint_file(
        "fixtures/broken request.json", json.dumps(CHAT_BROKEN).encode(), jsonl=False
    )
    log = lint_file(str(tmp_path / "abs.jsonl"), jsonl(ANTHROPIC_BROKEN, CHAT_VALID), jsonl=True)
    return [fixture, log]


def test_sarif_log_shape(tmp_path):
    log = json.loads(render(_sarif_documents(tmp_path), "sarif"))
    jsonschema.Draft7Validator(SARIF_SHAPE, format_checker=jsonschema.FormatChecker()).validate(log)
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "tooltutor"
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == [CHAT_RULE, ANTHROPIC_RULE]
    assert run["tool"]["driver"]["rules"][0]["defaultConfiguration"] == {"level": "error"}
    first, second = run["results"]
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {
        "uri": "fixtures/broken%20request.json",
        "uriBaseId": "%SRCROOT%",
    }
    assert location["region"]["startLine"] == 1 and location["region"]["startColumn"] > 1
    assert first["ruleIndex"] == 0 and first["level"] == "error"
    assert first["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].endswith(
        "/tool_call_id"
    )
    uri = second["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri.startswith("file://") and uri.endswith("/abs.jsonl")


def test_sarif_with_no_results(tmp_path):
    clean = lint_file("a.json", json.dumps(CHAT_VALID).encode(), jsonl=False)
    log = sarif([clean])
    jsonschema.Draft7Validator(SARIF_SHAPE).validate(log)
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


@pytest.mark.skipif(
    not os.environ.get("SARIF_SCHEMA"), reason="set SARIF_SCHEMA to the OASIS schema file"
)
def test_sarif_against_the_oasis_schema(tmp_path):
    schema = json.loads(Path(os.environ["SARIF_SCHEMA"]).read_text(encoding="utf-8"))
    log = json.loads(render(_sarif_documents(tmp_path), "sarif"))
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
