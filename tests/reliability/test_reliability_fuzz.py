"""Fuzzing `lint` and `check`: any input, for any exercise of the bundled course, gets a
verdict, and no exception escapes.

Inputs are the course's own texts (solutions, starters, known-wrong answers) cut, spliced
and sprinkled with hostile characters, plus arbitrary text and bytes. Python exercises
run the real sandbox for each example that compiles. The fast run keeps the examples few;
`pytest -m slow tests/reliability` runs 10,000 examples per test (the python one included:
about twenty minutes). `tests/checker/test_checker_fuzz.py` fuzzes `lint` on generated
JSON values and mutated requests; this file adds raw text and bytes, and `check`.

Set TOOLTUTOR_FUZZ_COUNTS=FILE to have the number of examples each test ran written
there (docs/reliability.md quotes them).
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slow_share import bounded

from checker import LintResult, lint
from checker.diagnostics import Verdict
from checker.exercise import mark
from checker.report import format_human
from tooltutor.course import load_course
from tooltutor.verdict_text import format_verdict

COURSE = load_course(None)
BY_KIND: dict[str, list] = {}
for _exercise in COURSE.exercises.values():
    BY_KIND.setdefault(_exercise.kind, []).append(_exercise)
JSON_AND_CHOICE = BY_KIND["json"] + BY_KIND.get("choice", [])
PYTHON = BY_KIND["python"]

#: Pieces spliced into texts: JSON punctuation, Python syntax, and what terminals obey.
PIECES = [
    ",", "'", '"', "[", "]", "{", "}", ":", "\\", "\n", "\t", "\r\n", " ", "//", "/*",
    "True", "None", "NaN", "-Infinity", "1e999", "\x00", "\x1b[2J", "\x9b", "\ud800",
    "\udfff", "\ufeff", "\u202e", "[bold red]x[/]", "é", "日本", "🙂", "0" * 400,
    "[" * 600, "{" * 600, "(" * 300, "    ", "def ", "return ", "lambda: ", "import os\n",
    "while True:\n    break\n", "yield ", "await ", "raise SystemExit\n", "sys.exit(1)\n",
    "os._exit(0)\n", "print('x' * 10**6)\n", "x = 'a' * 10**11\n", "global ", "\\u0000",
]  # fmt: skip


def _seeds(exercise) -> list[str]:
    texts = [exercise.solution, exercise.starter or ""]
    texts += [str(w.get("answer", "")) for w in exercise.wrong_answers]
    return texts


@st.composite
def mutated(draw, seeds: list[str]) -> str:
    """A seed text with 1-6 cuts, duplications, splices of other seeds, or hostile pieces."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "splice", "duplicate"]))
        if op == "insert":
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif op == "replace":
            text = text[:at] + draw(st.sampled_from(PIECES)) + text[at + 1 :]
        elif op == "splice":
            other = draw(st.sampled_from(seeds))
            start = draw(st.integers(0, len(other)))
            text = text[:at] + other[start : start + draw(st.integers(1, 200))] + text[at:]
        else:
            end = min(len(text), at + draw(st.integers(1, 80)))
            text = text[:end] + text[at:end] + text[end:]
    return text


@st.composite
def python_mutated(draw, seeds: list[str]) -> str:
    """A seed program with 1-3 whole lines dropped, repeated, swapped or re-indented,
    names swapped for other names of the file, or a hostile line added: most of these
    still compile, so the sandbox runs them."""
    lines = draw(st.sampled_from(seeds)).split("\n")
    words = sorted(
        {w for line in lines for w in line.replace("(", " ").split() if w.isidentifier()}
    )
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(["drop", "repeat", "swap", "indent", "rename", "add"]))
        if op == "drop" and lines:
            del lines[at]
        elif op == "repeat" and lines:
            lines.insert(at, lines[at])
        elif op == "swap" and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif op == "indent" and lines:
            lines[at] = draw(st.sampled_from(["", "    ", "        "])) + lines[at].lstrip()
        elif op == "rename" and lines and words:
            old, new = draw(st.sampled_from(words)), draw(st.sampled_from(words))
            lines[at] = lines[at].replace(old, new)
        else:
            indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())] if lines else ""
            lines.insert(at, indent + draw(st.sampled_from(HOSTILE_LINES)))
    return "\n".join(lines)


#: Lines learner code may hold that end the run early (never an endless loop: the fuzz
#: would spend five seconds on each).
HOSTILE_LINES = [
    "return None", "return 42", "raise ValueError('x')", "import sys; sys.exit(2)",
    "import os; os._exit(3)", "print('x' * 2_000_000)", "x = 'a' * 10**11",
    "import os; os.fork()", "import socket; socket.socket().connect(('127.0.0.1', 9))",
    "open('/tmp/tooltutor-fuzz-escape', 'w')", "import signal, os; os.kill(os.getpid(), 9)",
    "client = None", "tools = []", "assert False", "pass", "break", "continue",
]  # fmt: skip


def _answers(exercises):
    seeds = [t for ex in exercises for t in _seeds(ex)]
    return (
        mutated(seeds)
        | st.text(max_size=300)
        | st.sampled_from(PIECES)
        | st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
    )


def _as_bytes(text: str, how: str) -> bytes:
    if how == "utf-8":
        return text.encode("utf-8", "surrogatepass")
    if how == "latin-1":
        return text.encode("latin-1", "replace")
    return text.encode("utf-16", "surrogatepass")


COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    target = os.environ.get("TOOLTUTOR_FUZZ_COUNTS")
    if target:
        previous = {}
        if os.path.exists(target):
            with open(target, encoding="utf-8") as handle:
                previous = json.load(handle)
        previous.update(COUNTS)
        with open(target, "w", encoding="utf-8") as handle:
            json.dump(previous, handle, indent=2, sort_keys=True)


def assert_verdict(exercise, answer: str | bytes, verdict: Verdict) -> None:
    """What every verdict holds, whatever the answer."""
    assert isinstance(verdict, Verdict)
    assert isinstance(verdict.passed, bool)
    assert len(verdict.criteria) == len(exercise.criteria)
    assert verdict.passed == all(c.passed for c in verdict.criteria)
    assert verdict.status in ("pass", "fail", "error")
    if not verdict.passed:
        assert any(not c.passed for c in verdict.criteria) or verdict.diagnostics
    for d in verdict.diagnostics:
        assert d.severity in ("error", "warning", "note") and d.message
        assert d.line is None or d.line >= 1
    json.dumps(verdict.to_dict())  # `check --json`
    text = answer.decode("utf-8", "replace") if isinstance(answer, bytes) else answer
    format_verdict(exercise, verdict, text, "answer")  # `check`


def assert_lint(result: LintResult, text: str) -> None:
    assert isinstance(result, LintResult)
    assert result.valid == (not any(d.severity == "error" for d in result.diagnostics))
    assert result.diagnostics or result.valid
    json.dumps(result.to_dict())
    format_human(result, text, "request.json")


FAST = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
SLOW_EXAMPLES = bounded(10_000)


def _check_json(exercise_index: int, answer: str, encoding: str | None) -> None:
    exercise = JSON_AND_CHOICE[exercise_index % len(JSON_AND_CHOICE)]
    payload = answer if encoding is None else _as_bytes(answer, encoding)
    assert_verdict(exercise, payload, mark(exercise.spec(), payload, model=COURSE.model))


def _check_python(exercise_index: int, answer: str) -> None:
    exercise = PYTHON[exercise_index % len(PYTHON)]
    verdict = mark(exercise.spec(), answer, model=COURSE.model)
    assert_verdict(exercise, answer, verdict)
    if not any(d.rule == "python-syntax" for d in verdict.diagnostics):
        COUNTS["  of which ran in the sandbox"] += 1


def _lint_bytes(data: bytes, fmt: str) -> None:
    assert_lint(lint(data, fmt), data.decode("utf-8", "replace"))


JSON_ARGS = (
    st.integers(0, 1000),
    _answers(JSON_AND_CHOICE),
    st.none() | st.sampled_from(["utf-8", "latin-1", "utf-16"]),
)
PYTHON_SEEDS = [t for ex in PYTHON for t in _seeds(ex)]
PYTHON_ARGS = (
    st.integers(0, 1000),
    python_mutated(PYTHON_SEEDS) | python_mutated(PYTHON_SEEDS) | _answers(PYTHON),
)
LINT_ARGS = (
    st.binary(max_size=400)
    | _answers(JSON_AND_CHOICE).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(["auto", "anthropic", "openai"]),
)


@settings(max_examples=300, **FAST)
@given(*JSON_ARGS)
def test_check_json_and_choice_answers(exercise_index, answer, encoding):
    COUNTS["check (json and choice exercises)"] += 1
    _check_json(exercise_index, answer, encoding)


@settings(max_examples=40, **FAST)
@given(*PYTHON_ARGS)
def test_check_python_answers(exercise_index, answer):
    COUNTS["check (python exercises)"] += 1
    _check_python(exercise_index, answer)


@settings(max_examples=300, **FAST)
@given(*LINT_ARGS)
def test_lint_text_and_bytes(data, fmt):
    COUNTS["lint (text and bytes)"] += 1
    _lint_bytes(data, fmt)


SLOW = dict(FAST, derandomize=False, max_examples=SLOW_EXAMPLES)


@pytest.mark.slow
@settings(**SLOW)
@given(*JSON_ARGS)
def test_check_json_and_choice_answers_slow(exercise_index, answer, encoding):
    COUNTS["check (json and choice exercises), slow"] += 1
    _check_json(exercise_index, answer, encoding)


@pytest.mark.slow
@settings(**SLOW)
@given(*PYTHON_ARGS)
def test_check_python_answers_slow(exercise_index, answer):
    COUNTS["check (python exercises), slow"] += 1
    _check_python(exercise_index, answer)


@pytest.mark.slow
@settings(**SLOW)
@given(*LINT_ARGS)
def test_lint_text_and_bytes_slow(data, fmt):
    COUNTS["lint (text and bytes), slow"] += 1
    _lint_bytes(data, fmt)


# --------------------------------------------------------------------------- deep input


DEEP = 100_000


@pytest.mark.parametrize(
    "answer",
    [
        "[" * DEEP + "]" * DEEP,
        '{"a":' * DEEP + "1" + "}" * DEEP,
        "[" * DEEP,
        '[{"role": "user", "content": ' + "[" * DEEP + "]" * DEEP + "}]",
    ],
    ids=["arrays", "objects", "unclosed", "inside-a-request"],
)
def test_input_nested_100000_deep_gets_a_verdict(answer):
    assert_lint(lint(answer), answer)
    for exercise in (COURSE.exercise("write-tool-result"), COURSE.exercise("tool-or-not")):
        assert_verdict(exercise, answer, mark(exercise.spec(), answer, model=COURSE.model))
    choice = BY_KIND["choice"][0]
    assert_verdict(choice, answer, mark(choice.spec(), answer))
    python = COURSE.exercise("fix-round-trip")
    deep_python = "x = " + "(" * DEEP + ")" * DEEP + "\n"
    assert_verdict(python, deep_python, mark(python.spec(), deep_python))


def test_parse_choices_reads_a_deeply_nested_array_without_recursion_error():
    from checker.criteria import parse_choices

    deep = "[" * DEEP + "]" * DEEP
    # too deep to read as JSON: the text as typed is one choice, which names no option
    assert parse_choices(deep) == [deep]
