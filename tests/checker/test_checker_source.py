"""JSON text with positions: parse errors explained, pointers mapped to line:column."""

from __future__ import annotations

import json

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    dump_positions,
    parallel_body,
)

from checker import lint
from checker.source import JsonSyntaxError, json_syntax_diagnostic, parse


def syntax(text: str):
    with pytest.raises(JsonSyntaxError) as info:
        parse(text)
    return info.value, json_syntax_diagnostic(info.value)


# (case id, text, line, column, words in the message, words in the hint)
CAUSES = [
    (
        "trailing-comma-array",
        '{"messages": [\n  {"role": "user", "content": "hi"},\n]}',
        3,
        1,
        "trailing comma before `]`",
        "comma after the last item (line 2)",
    ),
    (
        "trailing-comma-object",
        '{"role": "user",\n "content": "hi",\n}',
        3,
        1,
        "trailing comma",
        "Remove the comma",
    ),
    ("single-quotes-key", "{'role': 'user'}", 1, 2, "single quotes", "double quotes"),
    ("single-quotes-value", "{\"role\": 'user'}", 1, 10, "single quotes", "double quotes"),
    (
        "unescaped-quote",
        '{"content": "she said "hi" to me"}',
        1,
        24,
        "double quote ends this string too early",
        '\\"',
    ),
    ("line-comment", '{\n  // the question\n  "role": "user"\n}', 2, 3, "comment", "`//`"),
    ("block-comment", '{"role": "user" /* who */}', 1, 17, "comment", "`/* */`"),
    ("python-true", '{"is_error": True}', 1, 14, "`True` is Python", "`true`"),
    ("python-none", '{"content": None}', 1, 13, "`None` is Python", "`null`"),
    ("python-false", "[False]", 1, 2, "`False` is Python", "`false`"),
    (
        "missing-comma-lines",
        '[\n  {"role": "user", "content": "a"}\n  {"role": "assistant", "content": "b"}\n]',
        3,
        3,
        "missing comma",
        "end of line 2",
    ),
    ("missing-comma-inline", '{"a": 1 "b": 2}', 1, 9, "missing comma", "Add a `,`"),
    ("unquoted-key", "{role: 1}", 1, 2, "`role` is not in double quotes", '"role"'),
    ("unquoted-value", '{"id": toolu_01}', 1, 8, "`toolu_01` is not a JSON value", '"toolu_01"'),
    ("nan", '{"x": NaN}', 1, 7, "`NaN` is not JSON", "null"),
    ("infinity", '{"x": [1, -Infinity]}', 1, 11, "`-Infinity` is not JSON", "null"),
    (
        "raw-newline-in-string",
        '{"text": "two\nlines"}',
        1,
        14,
        "a line break inside a string",
        "`\\n`",
    ),
    ("bad-escape", '{"path": "C:\\temp\\x"}', 1, 18, "invalid backslash escape", "`\\\\`"),
    ("unterminated-string", '{"text": "abc}', 1, 10, "never closed", "Close the string"),
    ("extra-bracket", '{"a": 1}}', 1, 9, "one closing `}` too many", "extra bracket"),
    ("two-values", '{"a": 1} {"b": 2}', 1, 10, "after the end", "exactly one value"),
    ("truncated", '{"messages": [{"role": "user"', 1, 30, "ends too early", "cut off"),
    ("empty", "", 1, 1, "the input is empty", "Write a JSON value"),
    ("whitespace-only", "  \n ", 2, 2, "the input is empty", "Write a JSON value"),
    ("huge-number", "[" + "9" * 5000 + "]", 1, 2, "too many digits", "string"),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "message", "hint"),
    [pytest.param(*case[1:], id=case[0]) for case in CAUSES],
)
def test_json_syntax_causes(text, line, column, message, hint):
    err, diag = syntax(text)
    assert (err.line, err.column) == (line, column)
    assert diag.rule == "json-syntax" and diag.severity == "error" and diag.path == ""
    assert (diag.line, diag.column) == (line, column)
    assert message in diag.message
    assert hint in diag.hint
    assert_plain_text(diag)
    result = lint(text)
    assert not result.valid and result.diagnostics == [diag]


def test_parser_position_matches_the_stdlib():
    text = '{\n\t"a": [1,\n\t\t2,,\n\t]\n}'
    with pytest.raises(json.JSONDecodeError) as std:
        json.loads(text)
    err, diag = syntax(text)
    assert (err.line, err.column) == (std.value.lineno, std.value.colno)


def test_unknown_cause_lists_the_usual_ones():
    _, diag = syntax('{"a": @}')
    assert "trailing comma" in diag.hint and "single quotes" in diag.hint


def test_deep_nesting_is_a_syntax_error_not_a_crash():
    for opener in ("[", '{"a":'):
        err, diag = syntax(opener * 100_000)
        assert "nested too deeply" in diag.message
        assert err.line == 1 and err.column > 1
    assert lint("[" * 100_000).diagnostics[0].rule == "json-syntax"
    assert lint(b"[" * 100_000).diagnostics[0].rule == "json-syntax"


def test_deep_but_readable_nesting_parses():
    doc = parse("[" * 200 + "]" * 200)
    assert doc.locate("/0/0/0") == (1, 4)


def test_lone_surrogate_escape_is_fine():
    doc = parse('{"text": "\\ud800 and \\udfff"}')
    assert doc.value["text"][0] == "\ud800"
    result = lint('[{"role": "user", "content": "\\ud800"}]')
    assert result.valid


def test_byte_order_mark_keeps_positions():
    doc = parse('\ufeff{"a": [1, 2]}')
    assert doc.value == {"a": [1, 2]}
    assert doc.locate("/a/1") == (1, 12)


@pytest.mark.parametrize("indent", [2, 4, "\t", None])
@pytest.mark.parametrize("make", [anthropic_body, parallel_body])
def test_every_pointer_locates_where_its_value_starts(indent, make):
    body = make()
    text, positions = dump_positions(body, indent)
    doc = parse(text)
    for ptr, position in positions.items():
        assert doc.locate(ptr) == position, ptr


def test_nested_path_in_pretty_and_one_line_json():
    body = parallel_body()
    body["messages"][2]["content"][1]["tool_use_id"] = "toolu_zz"
    pretty = json.dumps(body, indent=2)
    ptr = "/messages/2/content/1/tool_use_id"
    line = next(n for n, s in enumerate(pretty.split("\n"), 1) if '"toolu_zz"' in s)
    column = pretty.split("\n")[line - 1].index('"toolu_zz"') + 1
    assert parse(pretty).locate(ptr) == (line, column)
    one_line = json.dumps(body)
    assert parse(one_line).locate(ptr) == (1, one_line.index('"toolu_zz"') + 1)


def test_missing_members_locate_their_parent():
    text = '{\n  "tools": [\n    {"name": "x"}\n  ]\n}'
    doc = parse(text)
    assert doc.locate("/tools/0/input_schema") == (3, 5)
    assert doc.locate("/tools/7") == (2, 12)
    assert doc.locate("/nope/deeper") == (1, 1)
    assert doc.locate("/tools/0/name/extra") == (3, 14)
    assert doc.locate("/tools/01") == (2, 12)  # not an array index


def test_escaped_keys_and_duplicate_keys():
    text = '{"a/b": {"m~n": 1}, "k": 1, "k": [true]}'
    doc = parse(text)
    assert doc.locate("/a~1b/m~0n") == (1, 17)
    assert doc.value["k"] == [True]
    assert doc.locate("/k/0") == (1, 35)  # the last duplicate wins, as in json.loads


def test_keys_with_escapes_and_non_ascii_text():
    text = '{"caf\\u00e9": {"x": "😀"}, "é": ["ü", 2]}'
    doc = parse(text)
    assert doc.locate("/café/x") == (1, 21)
    assert doc.locate("/é/1") == (1, 38)


def test_windows_line_endings():
    text = '{\r\n  "a": 1,\r\n  "b": [true]\r\n}'
    doc = parse(text)
    assert doc.locate("/b/0") == (3, 9)
    err, _ = syntax('{\r\n  "a": 1,\r\n}')
    assert err.line == 3
