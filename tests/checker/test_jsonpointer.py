"""JSON Pointers (RFC 6901) are written, read and followed by one module."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker import jsonpointer

DOC = {
    "a/b": {"m~n": 1},
    "messages": [{"role": "user"}, {"role": "assistant"}],
    "": "the empty key",
    "~": "tilde",
}


@pytest.mark.parametrize(
    ("key", "written"),
    [("a/b", "a~1b"), ("m~n", "m~0n"), ("~1", "~01"), ("/~", "~1~0"), ("plain", "plain")],
)
def test_a_key_with_tilde_or_slash_is_escaped_and_read_back(key, written):
    assert jsonpointer.escape(key) == written
    assert jsonpointer.unescape(written) == key
    assert jsonpointer.split(jsonpointer.build(key, 0)) == [key, "0"]


def test_a_pointer_is_built_from_tokens_and_joined_one_token_at_a_time():
    assert jsonpointer.build() == ""
    assert jsonpointer.build("messages", 2, "content") == "/messages/2/content"
    assert jsonpointer.join("/tools", "a/b") == "/tools/a~1b"
    assert jsonpointer.join("", 0) == "/0"


def test_split_reads_the_rfc_examples_and_a_pointer_without_its_leading_slash():
    assert jsonpointer.split("") == []
    assert jsonpointer.split("/") == [""]
    assert jsonpointer.split("/a~1b/m~0n") == ["a/b", "m~n"]
    assert jsonpointer.split("messages/0") == ["messages", "0"]


def test_resolve_follows_keys_escaped_keys_and_array_indices():
    assert jsonpointer.resolve(DOC, "") is DOC
    assert jsonpointer.resolve(DOC, "/a~1b/m~0n") == 1
    assert jsonpointer.resolve(DOC, "/messages/1/role") == "assistant"
    assert jsonpointer.resolve(DOC, "/") == "the empty key"
    assert jsonpointer.resolve(DOC, "/~0") == "tilde"


def test_a_negative_index_counts_from_the_end():
    assert jsonpointer.resolve(DOC, "/messages/-1/role") == "assistant"
    assert jsonpointer.resolve(DOC, "/messages/-2/role") == "user"
    assert jsonpointer.resolve(DOC, "/messages/-3", None) is None


@pytest.mark.parametrize(
    "missing",
    [
        "/messages/-",  # RFC 6901's "past the end": nothing there to read
        "/messages/2",
        "/messages/--1",
        "/messages/x",
        "/messages/²",
        "/nope",
        "/a/b",  # the unescaped spelling of "a/b" is two tokens
        "/messages/0/role/deeper",
    ],
)
def test_a_missing_path_gives_the_default_or_a_key_error(missing):
    assert jsonpointer.resolve(DOC, missing, "absent") == "absent"
    with pytest.raises(KeyError) as raised:
        jsonpointer.resolve(DOC, missing)
    assert raised.value.args == (missing,)


def test_the_module_stands_alone():
    """Any part of the checker may use it, the sandbox's child too: it imports no checker."""
    source = Path(jsonpointer.__file__).read_text(encoding="utf-8")
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all("checker" not in line for line in imports), imports
