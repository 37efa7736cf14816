"""Compiler-style text output."""

from __future__ import annotations

import json

from checker_requests import anthropic_body, tool_result, user

from checker import Diagnostic, LintResult, lint
from checker.report import format_human


def _caret_target(source_line: str, caret_line: str) -> str:
    """The character of `source_line` the caret points at, both lines tab-expanded."""
    expanded_caret = caret_line.expandtabs()
    col = expanded_caret.index("^")
    return source_line.expandtabs()[col]


def test_block_layout():
    body = anthropic_body()
    body["messages"][2]["content"][0]["tool_use_id"] = "get_weather"
    text = json.dumps(body, indent=2)
    out = format_human(lint(text), text, "request.json")
    head, hint, source, caret, *_ = out.split("\n\n")[1].split("\n")
    diag = lint(text).diagnostics[1]
    assert diag.rule == "a-tool-result-orphan"
    assert head == (f"request.json:{diag.line}:{diag.column}: error {diag.rule}: {diag.message}")
    assert hint == f"  hint: {diag.hint}"
    assert source.startswith(f"  {diag.line} | ") and '"tool_use_id": "get_weather"' in source
    assert _caret_target(source, caret) == '"'
    assert source.expandtabs().index('"get_weather"') == caret.expandtabs().index("^")
    assert out.rstrip("\n").split("\n")[-1] == "2 errors (Anthropic Messages)"
    assert "\x1b" not in out


def test_tabs_keep_the_caret_under_the_column():
    text = (
        '{\n\t"messages": [\n\t\t{"role":\t"tool", "content": "x"}\n\t], "tools": [{"name": "x", '
        '"input_schema": {"type": "object"}}]\n}'
    )
    result = lint(text, "anthropic")
    out = format_human(result, text, "f.json")
    lines = out.split("\n")
    n = next(i for i, s in enumerate(lines) if "a-invalid-role" in s)
    source, caret = lines[n + 2], lines[n + 3]
    assert "\t" in caret
    assert source.expandtabs()[caret.expandtabs().index("^")] == '"'
    assert source.expandtabs()[caret.expandtabs().index("^") :].startswith('"tool"')


def test_long_lines_are_clipped_around_the_column():
    body = anthropic_body()
    body["messages"].insert(0, user("x" * 500))
    body["messages"][3]["content"] = [tool_result("nope")]
    text = json.dumps(body)
    out = format_human(lint(text), text, "f.json")
    lines = out.split("\n")
    n = next(i for i, s in enumerate(lines) if "a-tool-result-orphan" in s)
    source, caret = lines[n + 2], lines[n + 3]
    assert len(source) < 130 and "..." in source
    assert source[caret.index("^") :].startswith('"nope"')


def test_wide_characters_and_control_characters():
    text = '[{"role": "user", "content": "天気は？"}, {"role": "bot\x07", "content": 1}]'
    d = Diagnostic("request-shape", "error", "/1/content", "m", "", 1, text.index("1}") + 1)
    out = format_human([d], text, "f.json")
    source, caret = out.split("\n")[1:3]
    assert "\x07" not in out and "?" in source
    # the caret column counts the four wide characters twice
    width = sum(2 if "\u3000" <= ch <= "\uffef" else 1 for ch in source[: source.index("1}")])
    assert caret.index("^") == width


def test_summaries():
    error = Diagnostic("a-x", "error", "", "broken")
    warning = Diagnostic("a-y", "warning", "", "risky")
    assert format_human([error, error, warning], "", "f").endswith("\n2 errors, 1 warning\n")
    assert format_human([error], "", "f").endswith("\n1 error\n")
    assert format_human([warning], "", "f").endswith("\nvalid: 1 warning\n")
    assert format_human([], "", "f") == "valid: no problems found\n"
    assert format_human(LintResult.of("openai", []), "", "f") == (
        "valid: no problems found (OpenAI Chat Completions)\n"
    )


def test_diagnostics_without_position_print_the_file_name_only():
    d = Diagnostic("request-shape", "error", "/messages", "no messages", "add some")
    out = format_human([d], None, "req.json")
    assert out.startswith("req.json: error request-shape: no messages\n  hint: add some\n")


def test_json_syntax_error_output():
    text = '{\n  "messages": [\n    {"role": "user", "content": "hi"},\n  ]\n}'
    out = format_human(lint(text), text, "bad.json")
    assert out.startswith("bad.json:4:3: error json-syntax: not valid JSON: trailing comma")
    assert "  4 |   ]\n    |   ^" in out
