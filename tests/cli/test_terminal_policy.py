"""One policy for text that reaches a terminal: the engine's `checker.terminal_text`, which
the app's output filter (`tooltutor.safe_output`) and the TUI's line filter read too.

Controls, Unicode format characters (a bidi override such as U+202E, zero-width ones),
the line and paragraph separators and lone surrogates are never shown as they are;
every other character is shown as typed. The app reads the policy without loading the
engine.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata

import pytest

from checker.diagnostics import quote
from checker.terminal_text import escaped, is_shown, printable, without_controls
from tooltutor import safe_output

HIDDEN_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def test_the_policy_hides_exactly_controls_format_characters_and_separators():
    for code in range(0x110000):
        ch = chr(code)
        category = unicodedata.category(ch)
        if category in HIDDEN_CATEGORIES:
            assert not is_shown(ch), hex(code)
        elif category != "Cn":  # unassigned here, maybe a format character of a newer Unicode
            assert is_shown(ch), hex(code)


def test_the_engine_and_the_app_follow_the_same_policy():
    assert safe_output.printable is printable
    assert safe_output.without_controls is without_controls
    for code in range(0x110000):
        ch = chr(code)
        if ch in "\t\n":
            continue
        hidden = escaped(ch) != ch
        assert (printable(ch) != ch) is hidden, hex(code)
        assert (without_controls(ch) == "") is hidden, hex(code)


@pytest.mark.parametrize(
    "text", ["a\u202eb", "x\u2066y\u2069", "zero\u200bwidth", "bom\ufeff", "line\u2028two"]
)
def test_bidi_and_invisible_characters_are_escaped_everywhere(text):
    for shown in (escaped(text), printable(text), quote(text)):
        assert all(is_shown(ch) or ch in "\t\n" for ch in shown), shown
        assert "\\u" in shown
    assert all(is_shown(ch) for ch in without_controls(text))


def test_printable_characters_are_shown_as_typed():
    text = "café ✔ 🧰 日本 a\u00a0b [bold]x[/] 14:02"
    assert escaped(text) == printable(text) == without_controls(text) == text


def test_the_app_reads_the_policy_without_loading_the_engine():
    code = (
        "import sys, tooltutor.safe_output as s\n"
        "assert s.printable('a\\u202eb') == 'a\\\\u202eb', s.printable('a\\u202eb')\n"
        "print(sorted(m for m in sys.modules if m == 'checker' or m.startswith('checker.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['checker', 'checker.terminal_text']"  # the package is lazy


def test_a_bidi_override_in_an_exception_name_never_reaches_the_terminal(run, tmp_path):
    answer = tmp_path / "answer.py"
    answer.write_text(
        "def handle_turn(client, user_text, tools, run_tool):\n"
        "    raise type('Evil\\u202eRorre', (Exception,), {})('gnirts\\u202e')\n"
    )
    done = run("check", "fix-round-trip", answer, "--no-record")
    assert done.returncode == 1, done.stderr
    output = done.stdout + done.stderr
    assert "\u202e" not in output
    assert "Evil\\u202eRorre" in output
