"""`checker.terminal_text`'s ASCII fast path gives the patterns' answers, and plain ASCII
output compiles no pattern."""

from __future__ import annotations

import random
import re
import subprocess
import sys

from checker import terminal_text as tt


def _slow(name: str):
    hidden = re.compile(tt._HIDDEN_CLASS)
    in_lines = re.compile(tt._HIDDEN_IN_LINES_CLASS)
    return {
        "is_shown": lambda t: hidden.match(t) is None,
        "escaped": lambda t: hidden.sub(tt._escape, t),
        "printable": lambda t: in_lines.sub(tt._escape, t),
        "has_controls": lambda t: in_lines.search(t) is not None,
        "without_controls": lambda t: in_lines.sub("", t),
        "masked": lambda t: "".join("?" if hidden.match(c) else c for c in t),
    }[name]


def test_every_ascii_text_gets_the_patterns_answer():
    rng = random.Random(26)
    texts = [chr(c) for c in range(128)] + ["", "plain text", "a\tb\nc", "x\x1b[2Jy", "\x7f"]
    texts += [
        "".join(chr(rng.randrange(128)) for _ in range(rng.randrange(12))) for _ in range(500)
    ]
    texts += ["caf\u00e9 \u202e", "\ud800", "\u00a0ok"]
    for name in ("is_shown", "escaped", "printable", "has_controls", "without_controls", "masked"):
        ours, theirs = getattr(tt, name), _slow(name)
        for text in texts:
            assert ours(text) == theirs(text), (name, text)


def test_plain_ascii_output_compiles_no_pattern():
    code = (
        "from checker import terminal_text as tt\n"
        "tt.printable('valid: no problems found\\n'); tt.escaped('ok')\n"
        "print('_HIDDEN' in vars(tt), '_HIDDEN_IN_LINES' in vars(tt))\n"
        "tt.printable('\\x1b'); print('_HIDDEN_IN_LINES' in vars(tt), tt._HIDDEN is tt._HIDDEN)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["False", "False", "True", "True"], out.stderr
