"""Answers that try to forge their own pass: each one is marked fail or error.

The verdict is made in the parent from what arrived over the pipe, so an answer that finds
the harness, writes to its descriptors, prints a fake result, patches its client, exits
early, or tampers with the support code changes nothing the parent records. Each forgery
below is written against this design (the harness's names, its channel, its messages) and
starts from the unmodified three-bug starter of `fix-round-trip`, or from a search answer
that never searches.
"""

from __future__ import annotations

import pytest

from checker.exercise import mark
from tooltutor.course import load_course

COURSE = load_course(None)
ROUND_TRIP = COURSE.exercise("fix-round-trip")
SEARCH = COURSE.exercise("search-leads")

FORGE_HEADER = "import gc, json, os, sys, types\n"

#: name -> code run first thing in `handle_turn`, before the starter's buggy body
FORGERIES = {
    "find the harness with gc and report done": """
    for obj in gc.get_objects():
        if type(obj).__name__ == "Harness":
            obj.done("It is sunny in Lisboa.", None, {"before": {}, "after": {}})
""",
    "walk the frames to the harness and send done": """
    frame = sys._getframe()
    while frame is not None:
        harness = frame.f_locals.get("self")
        if type(harness).__name__ == "Harness":
            done = {"op": "done", "returned": "Sunny", "exception": None}
            harness.send({**done, "arguments": {"before": {}, "after": {}}})
            os._exit(0)
        frame = frame.f_back
""",
    "write a fake result to every descriptor": """
    states = {"before": {}, "after": {}}
    line = json.dumps({"op": "done", "returned": "Sunny", "exception": None, "arguments": states})
    for fd in range(3, 64):
        try:
            os.write(fd, (line + "\\n").encode())
        except OSError:
            pass
""",
    "write garbage to every descriptor": """
    for fd in range(3, 64):
        try:
            os.write(fd, b"{not json at all\\n" + b"x" * 70000)
        except OSError:
            pass
""",
    "print a fake result": """
    print(json.dumps({"status": "ok", "passed": True, "op": "done", "returned": "Sunny"}))
""",
    "patch the client to answer itself": """
    import anthropic
    def fake_create(**kwargs):
        return types.SimpleNamespace(
            stop_reason="end_turn", content=[types.SimpleNamespace(type="text", text="Sunny")]
        )
    client.messages.create = fake_create
    client.messages.__class__.create = lambda self, **kw: fake_create(**kw)
""",
    "send a second result after the first": """
    for obj in gc.get_objects():
        if type(obj).__name__ == "Harness":
            from checker.sandbox.protocol import encode, write_all
            write_all(obj.write_fd, encode({"op": "done", "returned": "x", "exception": None}))
            write_all(obj.write_fd, encode({"op": "done", "returned": "y", "exception": None}))
""",
    "exit early with status 0": """
    os._exit(0)
""",
    "look for the parent's records in this process": """
    found = [type(o).__name__ for o in gc.get_objects()
             if type(o).__name__ in ("ScriptedModel", "RunRecords", "ToolScript")]
    if found:
        raise SystemExit("found " + ",".join(found))
""",
}


def _forged(preamble: str) -> str:
    starter = ROUND_TRIP.starter
    head, _, rest = starter.partition("def handle_turn(client, user_text, tools, run_tool):\n")
    assert rest, "the starter defines handle_turn"
    # keep the preamble's own indentation relative to its first line
    lines = [line for line in preamble.splitlines() if line.strip()]
    base = min(len(line) - len(line.lstrip()) for line in lines)
    indented = "".join("    " + line[base:] + "\n" for line in lines)
    return (
        FORGE_HEADER
        + head
        + "def handle_turn(client, user_text, tools, run_tool):\n"
        + (indented + rest)
    )


def test_the_unmodified_starter_fails():
    assert not mark(ROUND_TRIP.spec(), ROUND_TRIP.starter, model=COURSE.model).passed


@pytest.mark.parametrize("name", list(FORGERIES))
def test_a_forgery_never_passes(name):
    verdict = mark(ROUND_TRIP.spec(), _forged(FORGERIES[name]), model=COURSE.model)
    assert not verdict.passed, name
    assert verdict.status in ("fail", "error")


def test_the_childs_process_holds_none_of_the_parents_records():
    verdict = mark(
        ROUND_TRIP.spec(),
        _forged(FORGERIES["look for the parent's records in this process"]),
        model=COURSE.model,
    )
    messages = " ".join(d.message for d in verdict.diagnostics)
    assert "SystemExit" not in messages and "found Scripted" not in messages
    assert "a-tool-result-orphan" in {d.rule for d in verdict.diagnostics}, "it ran on, unfound"


def test_the_support_codes_key_is_not_in_the_learners_process():
    """`expected` runs in a reference child only: calling it, or its file, gets nothing."""
    forged = """\
import support

key = getattr(support, "expected", None)
if key is None:
    namespace = {}
    exec(open("support.py").read(), namespace)
    key = namespace.get("expected")


def search_code(pattern, path=".", max_results=20):
    found = key(pattern, path, max_results)
    return {"matches": [{"file": m["file"], "line": m["line"], "snippet": m["text"]}
                        for m in found["matches"][:max_results]],
            "total_matches": found["total"], "truncated": found["total"] > max_results}
"""
    entry = SEARCH.spec().get("entry")
    assert entry == "search_code", "the forgery targets the exercise's own entry"
    verdict = mark(SEARCH.spec(), forged, model=COURSE.model)
    assert not verdict.passed
    assert "NoneType" in " ".join(d.message for d in verdict.diagnostics)


def test_tampering_with_the_support_module_changes_no_key():
    """The key is computed before, and apart from, the learner's code."""
    forged = """\
import support

support.FILES.clear()
support.expected = lambda *args, **kwargs: {"matches": [], "total": 0}


def search_code(pattern, path=".", max_results=20):
    return {"matches": [], "total_matches": 0, "truncated": False}
"""
    verdict = mark(SEARCH.spec(), forged, model=COURSE.model)
    assert not verdict.passed
