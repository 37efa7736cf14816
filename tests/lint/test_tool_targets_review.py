"""`tooltutor lint --tools` on tool lists shaped like those public MCP servers publish
(filesystem, GitHub, Playwright and Slack servers' zod-made schemas with `$schema` and
`additionalProperties: false`; a FastMCP/pydantic schema with `$defs`/`$ref`, `anyOf` with
null, `title`, `default`, `format`, an enum of numbers, nested arrays and a very long
description; names with dots, slashes and spaces; a top-level `anyOf`).

Each verdict is the one the docs or a public 400 give:
- every API takes a plain JSON Schema object (`$schema`, `$ref`/`$defs`, `anyOf`, `format`,
  `default`, nested arrays, numeric enums) when strict is off (Anthropic tool use docs:
  "input_schema: JSON Schema"; OpenAI function calling: "parameters: JSON Schema");
- Anthropic refuses a name outside `^[a-zA-Z0-9_-]{1,64}$` ("tools.7.custom.name: String
  should match pattern", apify/tester-mcp-client#11, modelcontextprotocol/typescript-sdk#413,
  anthropics/claude-code#985) and a top-level `anyOf` ("input_schema does not support
  oneOf, allOf, or anyOf at the top level");
- OpenAI refuses a name with `/` or a space ("Invalid 'tools[21].function.name': string
  does not match pattern", Vortiago/mcp-azure-devops#30, brekkylab/ailoy#109) and one over
  64 characters ("string too long. Expected a string with maximum length 64");
- strict mode refuses an object without `"additionalProperties": false` or with a property
  left out of `required` (OpenAI function calling, strict mode; the 400s quoted in
  spring-projects/spring-ai#6865 and kevinwatt/mysql-mcp#5), and Anthropic's strict mode
  refuses numeric bounds (`minimum`/`maximum`, structured outputs' "not supported" list);
  the suggested schema passes.
"""

from __future__ import annotations

import copy
import json

import pytest

from checker.tool_targets import TARGETS, judge
from tooltutor.cli import main

S = "http://json-schema.org/draft-07/schema#"
NON_STRICT = ("anthropic", "openai", "responses")
STRICT = ("anthropic-strict", "openai-strict", "responses-strict")


def _zod(properties, required=()):
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
        "$schema": S,
    }


FILESYSTEM = {
    "tools": [
        {
            "name": "read_text_file",
            "description": "Read a whole file as text; `head`/`tail` read the first/last N lines.",
            "inputSchema": _zod(
                {
                    "path": {"type": "string"},
                    "tail": {"type": "number"},
                    "head": {"type": "number"},
                },
                ["path"],
            ),
        },
        {
            "name": "edit_file",
            "description": "Make line-based edits to a text file.",
            "inputSchema": _zod(
                {
                    "path": {"type": "string"},
                    "edits": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "oldText": {"type": "string"},
                                "newText": {"type": "string"},
                            },
                            "required": ["oldText", "newText"],
                            "additionalProperties": False,
                        },
                    },
                    "dryRun": {"type": "boolean", "default": False},
                },
                ["path", "edits"],
            ),
        },
    ]
}
GITHUB = {
    "tools": [
        {
            "name": "list_issues",
            "description": "List issues in a GitHub repository with filtering options",
            "inputSchema": _zod(
                {
                    "owner": {"type": "string"},
                    "repo": {"type": "string"},
                    "state": {"type": "string", "enum": ["open", "closed", "all"]},
                    "labels": {"type": "array", "items": {"type": "string"}},
                    "per_page": {"type": "number", "minimum": 1, "maximum": 100},
                    "since": {"type": "string", "format": "date-time"},
                },
                ["owner", "repo"],
            ),
        }
    ]
}
PLAYWRIGHT = {
    "tools": [
        {
            "name": "browser_take_screenshot",
            "description": "Take a screenshot of the current page.",
            "inputSchema": _zod(
                {
                    "type": {"type": "string", "enum": ["png", "jpeg"], "default": "png"},
                    "filename": {"type": "string"},
                    "fullPage": {"type": "boolean"},
                }
            ),
        },
        {"name": "browser_close", "description": "Close the page", "inputSchema": _zod({})},
    ]
}
SLACK = {
    "jsonrpc": "2.0",
    "id": 2,
    "result": {
        "tools": [
            {
                "name": "slack_get_channel_history",
                "description": "Get recent messages from a channel",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "channel_id": {"type": "string"},
                        "limit": {"type": "number", "default": 10},
                    },
                    "required": ["channel_id"],
                },
            }
        ]
    },
}
FASTMCP = {
    "tools": [
        {
            "name": "create_event",
            "description": "Create a calendar event. " * 40,
            "inputSchema": {
                "$defs": {
                    "Attendee": {
                        "properties": {
                            "email": {"format": "email", "title": "Email", "type": "string"},
                            "optional": {"default": False, "title": "Optional", "type": "boolean"},
                        },
                        "required": ["email"],
                        "title": "Attendee",
                        "type": "object",
                    }
                },
                "properties": {
                    "title": {"title": "Title", "type": "string"},
                    "start": {"format": "date-time", "title": "Start", "type": "string"},
                    "attendees": {"items": {"$ref": "#/$defs/Attendee"}, "type": "array"},
                    "room": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
                    "priority": {"enum": [1, 2, 3], "type": "integer"},
                    "grid": {
                        "type": "array",
                        "items": {"type": "array", "items": {"type": "number"}},
                    },
                },
                "required": ["title", "start", "attendees"],
                "title": "create_eventArguments",
                "type": "object",
            },
        }
    ]
}


def _named(name, schema=None):
    schema = schema if schema is not None else {"type": "object", "properties": {}}
    return {"name": name, "description": "d", "inputSchema": schema}


SERVERS = {
    "filesystem": FILESYSTEM,
    "github": GITHUB,
    "playwright": PLAYWRIGHT,
    "slack (JSON-RPC)": SLACK,
    "fastmcp": FASTMCP,
}


@pytest.mark.parametrize("server", SERVERS)
def test_a_published_mcp_schema_is_taken_by_every_api_without_strict(server):
    judged = judge(copy.deepcopy(SERVERS[server]))
    for target in NON_STRICT:
        assert judged.valid(target), (
            target,
            [f.diagnostic.message for f in judged.findings if f.target == target],
        )


@pytest.mark.parametrize("server", ["filesystem", "slack (JSON-RPC)", "fastmcp"])
def test_strict_targets_refuse_optional_or_open_objects_and_the_suggestion_passes(server):
    judged = judge(copy.deepcopy(SERVERS[server]))
    for target in ("openai-strict", "responses-strict"):
        assert not judged.valid(target)
    suggested = [f for f in judged.findings if f.suggestion and "schema" in f.suggestion]
    assert {f.target for f in suggested} >= {"openai-strict", "responses-strict"}
    for finding in suggested:
        tool = judged.tools[finding.tool]
        alone = {"tools": [_named(tool.name, finding.suggestion["schema"])]}
        assert judge(alone).valid(finding.target), (finding.target, finding.suggestion)


def test_a_strict_ready_schema_passes_every_target():
    tools = {
        "tools": [
            {
                "name": "get_weather",
                "description": "Weather for a city",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string"},
                        "unit": {"type": ["string", "null"], "enum": ["c", "f", None]},
                    },
                    "required": ["city", "unit"],
                    "additionalProperties": False,
                },
            }
        ]
    }
    judged = judge(tools)
    assert all(judged.valid(t) for t in TARGETS), [
        (f.target, f.diagnostic.message) for f in judged.findings if f.diagnostic.is_error
    ]


def test_anthropic_strict_refuses_numeric_bounds():
    judged = judge(copy.deepcopy(GITHUB))
    assert judged.valid("anthropic") and not judged.valid("anthropic-strict")
    rules = {f.diagnostic.rule for f in judged.findings if f.target == "anthropic-strict"}
    assert rules == {"a-strict-schema-unsupported"}


@pytest.mark.parametrize("name", ["fs/read", "Dockerfile problems scanner", "weather:get"])
def test_a_name_outside_the_pattern_is_refused_by_every_api(name):
    judged = judge({"tools": [_named(name)]})
    for target in TARGETS:
        assert not judged.valid(target), target
    assert {f.diagnostic.rule for f in judged.findings if f.target == "anthropic"} == {
        "a-tool-name-pattern"
    }


def test_a_dotted_name_is_refused_by_anthropic_and_responses():
    judged = judge({"tools": [_named("github.create_issue")]})
    assert not judged.valid("anthropic") and not judged.valid("responses")


def test_a_name_over_64_characters_is_refused_by_chat_completions():
    judged = judge({"tools": [_named("get_" + "x" * 61)]})
    assert not judged.valid("openai")
    assert "o-function-name-length" in {
        f.diagnostic.rule for f in judged.findings if f.target == "openai"
    }


def test_a_top_level_any_of_is_refused_by_anthropic():
    tools = {
        "tools": [
            {
                "name": "lookup",
                "description": "by id or by name",
                "inputSchema": {
                    "type": "object",
                    "anyOf": [
                        {"properties": {"id": {"type": "string"}}, "required": ["id"]},
                        {"properties": {"name": {"type": "string"}}, "required": ["name"]},
                    ],
                },
            }
        ]
    }
    judged = judge(tools)
    assert "a-tool-schema-combinator" in {
        f.diagnostic.rule for f in judged.findings if f.target == "anthropic"
    }


def test_a_note_is_not_shown_as_a_warning_in_the_table(tmp_path, capsys):
    # `default` in a strict schema is only a note ("may be ignored")
    judged = judge(copy.deepcopy(PLAYWRIGHT))
    notes = [
        f
        for f in judged.findings
        if f.target == "openai-strict" and f.diagnostic.severity == "note"
    ]
    assert notes
    assert judged.cell("openai", 0) == "ok"
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(PLAYWRIGHT), encoding="utf-8")
    main(["lint", "--tools", str(path)])
    out = capsys.readouterr().out
    assert "browser_close" in out
