"""`tooltutor lint --tools`: one tool list judged for the six targets.

The lists have the shapes MCP servers send (`tools/list` results with `inputSchema`,
names with dots as MCP gateways prefix them, top-level `anyOf` unions, optional
properties) and those the two SDKs take; the refusals are the ones the rulebook's
sources report (e.g. `input_schema does not support oneOf, allOf, or anyOf at the top
level`, strict mode's `additionalProperties` and `required`).
"""

from __future__ import annotations

import json

import pytest

from checker.tool_targets import TARGETS, judge, strict_schema
from tooltutor.cli import main

SCHEMA = {
    "type": "object",
    "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}},
    "required": ["path"],
}
CLOSED = {
    "type": "object",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
    "additionalProperties": False,
}


def mcp(*tools):
    return {"tools": [{"name": n, "description": "d", "inputSchema": s} for n, s in tools]}


SHAPES = {
    "mcp result": lambda n, s: mcp((n, s)),
    "json-rpc": lambda n, s: {"jsonrpc": "2.0", "id": 1, "result": mcp((n, s))},
    "anthropic": lambda n, s: [{"name": n, "description": "d", "input_schema": s}],
    "chat": lambda n, s: [
        {"type": "function", "function": {"name": n, "description": "d", "parameters": s}}
    ],
    "responses": lambda n, s: [
        {"type": "function", "name": n, "description": "d", "parameters": s}
    ],
    "request body": lambda n, s: {
        "model": "m",
        "tools": [{"name": n, "input_schema": s}],
        "messages": [],
    },
}


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_is_read_and_a_closed_schema_passes_everywhere(shape):
    judged = judge(SHAPES[shape]("read_file", CLOSED))
    assert [t.name for t in judged.tools] == ["read_file"]
    assert all(judged.valid(target) for target in TARGETS)


@pytest.mark.parametrize("shape", SHAPES)
def test_optional_properties_pass_plain_targets_and_fail_strict_ones(shape):
    judged = judge(SHAPES[shape]("read_file", SCHEMA))
    verdict = {target: judged.valid(target) for target in TARGETS}
    assert verdict == {t: not t.endswith("-strict") for t in TARGETS}
    strict = [f for f in judged.findings if f.target == "openai-strict" and f.diagnostic.is_error]
    assert strict[0].suggestion["schema"] == strict_schema(SCHEMA)
    assert strict[0].path.endswith(("/inputSchema", "/input_schema", "/parameters"))


def test_a_name_with_a_dot_and_a_top_level_union():
    judged = judge(mcp(("github.create_issue", CLOSED), ("search", {"anyOf": [CLOSED, CLOSED]})))
    cells = {t: (judged.cell(t, 0), judged.cell(t, 1)) for t in TARGETS}
    assert cells["anthropic"] == ("error", "error")
    assert cells["openai"][1] == "error"
    names = [f for f in judged.findings if f.tool == 0 and f.diagnostic.is_error]
    assert names and all(f.path == "/tools/0/name" for f in names)


def test_the_suggested_strict_schema_keeps_optional_fields_optional():
    schema = strict_schema(
        {
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"anyOf": [{"type": "integer"}]}},
        }
    )
    assert schema["required"] == ["a", "b"] and schema["additionalProperties"] is False
    assert schema["properties"]["a"]["type"] == ["string", "null"]
    assert {"type": "null"} in schema["properties"]["b"]["anyOf"]


def test_server_tools_are_skipped_not_judged():
    judged = judge(
        [
            {"type": "web_search_20250305", "name": "web_search"},
            {"name": "f", "input_schema": CLOSED},
        ]
    )
    assert [t.name for t in judged.tools] == ["f"] and judged.skipped[0][0] == "/0"


def test_cli_table_fits_80_columns_and_json_has_the_issues_shape(tmp_path, capsys):
    path = tmp_path / "tools.json"
    path.write_text(
        json.dumps(mcp(("a_very_long_tool_name_from_an_mcp_server", SCHEMA))), encoding="utf-8"
    )
    assert main(["lint", "--tools", str(path)]) == 1
    out = capsys.readouterr().out
    table = out.split("\n\n")[0].splitlines()
    assert all(len(line) <= 80 for line in table)
    assert table[2].split()[1:] == ["ok", "ERROR", "ok", "ERROR", "ok", "ERROR"]
    assert "strict schema:" in out
    assert main(["lint", "--tools", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert list(data["targets"]) == list(TARGETS)
    for target in data["targets"].values():
        assert set(target) == {"valid", "diagnostics"}
    d = data["targets"]["anthropic-strict"]["diagnostics"][0]
    assert d["tool"] == "a_very_long_tool_name_from_an_mcp_server" and d["line"] == 1
    assert "suggestion" in d


def test_cli_exit_0_and_2(tmp_path, capsys):
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(mcp(("read_file", CLOSED))), encoding="utf-8")
    assert main(["lint", "--tools", str(ok)]) == 0
    assert "accepted by 6 of 6 targets" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": "world"}', encoding="utf-8")
    assert main(["lint", "--tools", str(bad)]) == 2
    assert "holds no tool list" in capsys.readouterr().err
