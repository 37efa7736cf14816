"""Every reader of files finds the first byte that is not UTF-8 the same way: its line and
its column counted in characters, as an editor shows them."""

from __future__ import annotations

import pytest

from checker import lint
from checker.exercise import mark
from checker.text_decoding import NotUtf8Error, decode_utf8
from tooltutor.course.yamlsource import YamlFileError, read_yaml

BOM = b"\xef\xbb\xbf"


def _problem(raw: bytes) -> NotUtf8Error:
    with pytest.raises(NotUtf8Error) as raised:
        decode_utf8(raw)
    return raised.value


def test_utf8_text_decodes_and_a_byte_order_mark_is_dropped_unless_kept():
    assert decode_utf8("café".encode()) == "café"
    assert decode_utf8(BOM + b"[]") == "[]"
    assert decode_utf8(BOM + b"[]", keep_bom=True) == "\ufeff[]"


def test_the_column_counts_characters_not_bytes():
    raw = "ação = 1\n  é ".encode() + b"\xff"
    problem = _problem(raw)
    assert (problem.line, problem.column) == (2, 5)  # "  é " is 4 characters, 5 bytes
    assert problem.byte == 0xFF and problem.offset == raw.index(b"\xff")
    assert str(problem) == "not UTF-8 text: byte 0xff cannot be decoded"


def test_a_byte_order_mark_moves_neither_the_offset_nor_the_column():
    problem = _problem(BOM + b"ab\xfe")
    assert (problem.byte, problem.offset, problem.line, problem.column) == (0xFE, 5, 1, 3)


def test_lint_and_marking_report_the_bad_byte_with_one_wording():
    raw = BOM + '{"content": "é'.encode() + b'\xff"}'
    (linted,) = lint(raw).diagnostics
    (marked,) = mark({"kind": "json", "criteria": []}, raw).diagnostics
    assert linted == marked
    assert (linted.rule, linted.line, linted.column) == ("input-encoding", 1, 15)
    assert linted.message == "the file is not UTF-8 text: byte 0xff cannot be decoded"


def test_a_course_file_reports_the_character_column_of_the_bad_byte(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_bytes("title: Ação é".encode() + b"\xe7")
    with pytest.raises(YamlFileError) as raised:
        read_yaml(path)
    # "title: Ação é" is 13 characters (16 bytes): the byte column would be 17
    assert (raised.value.line, raised.value.column) == (1, 14)
    assert raised.value.message == (
        "not UTF-8 text: byte 0xe7 cannot be decoded (save the file as UTF-8)"
    )
