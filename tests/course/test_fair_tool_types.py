"""Fair marking of the tool-types lesson: learner answers that are not in the exercise files.

Each answer is written from the task text a learner reads. The correct ones differ from the
solution in the ways learners differ (key order, layout, another algorithm or style,
harmless extra fields) and must pass; the wrong ones come from real misconceptions and must
fail the criterion about that mistake, with a message that names it.
"""

from __future__ import annotations

import json

import pytest
from criteria_marking import COURSE, assert_fails, assert_passes, verdict

# --------------------------------------------------------------------- classify-tools

KEY = {
    "send_sms": ("call", False),
    "archive_ticket": ("write", True),
    "get_invoice": ("read", True),
    "run_sql": ("execute", False),
    "grep_logs": ("search", True),
    "write_file": ("write", False),
    "get_forecast": ("call", True),
    "delete_customer": ("write", False),
    "search_tickets": ("search", True),
    "run_shell": ("execute", False),
    "read_file": ("read", True),
    "charge_card": ("call", False),
}


def classified(changes: dict | None = None, *, order=None, **dumps) -> str:
    entries = {name: {"type": t, "reversible": r} for name, (t, r) in KEY.items()}
    for name, change in (changes or {}).items():
        if change is None:
            entries.pop(name)
        else:
            entries[name] = {**entries[name], **change}
    names = order or list(entries)
    return json.dumps({n: entries[n] for n in names if n in entries}, **dumps)


BY_TYPE = sorted(KEY, key=lambda n: ["read", "write", "execute", "search", "call"].index(KEY[n][0]))

CLASSIFY_RIGHT = {
    "grouped by type, reversible first in each entry": json.dumps(
        {n: {"reversible": KEY[n][1], "type": KEY[n][0]} for n in BY_TYPE}, indent=4
    ),
    "one compact line": classified(separators=(",", ":")),
    "tools in alphabetical order": classified(order=sorted(KEY), indent=2),
    "the table read bottom up": classified(order=list(reversed(KEY)), indent=1),
    "a note in every entry": json.dumps(
        {n: {"type": t, "reversible": r, "why": f"{n} is a {t} tool"} for n, (t, r) in KEY.items()}
    ),
    "a risk level added where it matters": classified(
        {
            "run_sql": {"risk": "high"},
            "run_shell": {"risk": "high"},
            "charge_card": {"risk": "high"},
        }
    ),
    "keys escaped the JSON way": classified().replace('"send_sms"', '"send\\u005fsms"'),
    "trailing spaces and a final newline": classified(indent=2) + "  \n",
}


@pytest.mark.parametrize("note", CLASSIFY_RIGHT)
def test_classify_tools_accepts_correct_answers_written_differently(note):
    assert_passes("classify-tools", CLASSIFY_RIGHT[note])


CLASSIFY_WRONG = {
    "run_sql taken for a read": (
        classified({"run_sql": {"type": "read", "reversible": True}}),
        "types",
        ["run_sql"],
    ),
    "the weather service sorted by what it does to data": (
        classified({"get_forecast": {"type": "read"}}),
        "types",
        ["get_forecast"],
    ),
    "the ticket search called a read": (
        classified({"search_tickets": {"type": "read"}}),
        "types",
        ["search_tickets"],
    ),
    "the build shell called an outside service": (
        classified({"run_shell": {"type": "call"}}),
        "types",
        ["run_shell"],
    ),
    "an invoice fetch called a search": (
        classified({"get_invoice": {"type": "search"}}),
        "types",
        ["get_invoice"],
    ),
    "an archive with an undo marked irreversible": (
        classified({"archive_ticket": {"reversible": False}}),
        "reversible",
        ["archive_ticket"],
    ),
    "a refund taken for an undo": (
        classified({"charge_card": {"reversible": True}}),
        "reversible",
        ["charge_card"],
    ),
    "a delete believed reversible": (
        classified({"delete_customer": {"reversible": True}}),
        "reversible",
        ["delete_customer"],
    ),
    "the flags written as strings": (
        json.dumps({n: {"type": t, "reversible": str(r).lower()} for n, (t, r) in KEY.items()}),
        "shape",
        ["boolean", "string"],
    ),
    "the types capitalised": (
        json.dumps({n: {"type": t.title(), "reversible": r} for n, (t, r) in KEY.items()}),
        "shape",
        ["did you mean"],
    ),
    "a tool left out": (classified({"charge_card": None}), "shape", ["charge_card"]),
    "the example tool kept in": (
        json.dumps(
            {**json.loads(classified()), "list_folders": {"type": "read", "reversible": True}}
        ),
        "shape",
        ["list_folders"],
    ),
}


@pytest.mark.parametrize("note", CLASSIFY_WRONG)
def test_classify_tools_rejects_misconceptions_naming_them(note):
    answer, criterion, words = CLASSIFY_WRONG[note]
    assert_fails("classify-tools", answer, criterion, *words)


# --------------------------------------------------------------------- errors-as-data

ERRORS_RIGHT = {
    "one except clause that dispatches on the class": """\
import json
from support import PermissionDenied, RateLimited


def to_tool_result(call_id, fn, args):
    try:
        value = fn(**args)
    except (RateLimited, PermissionDenied) as exc:
        if isinstance(exc, RateLimited):
            error = {"error": "rate_limited", "retry_after": exc.retry_after,
                     "message": f"Rate-limited: wait {exc.retry_after} s and retry."}
        else:
            error = {"error": "permission_denied",
                     "message": "The key may not read forecasts: answer without one."}
        return {"type": "tool_result", "tool_use_id": call_id, "is_error": True,
                "content": json.dumps(error)}
    return {"type": "tool_result", "tool_use_id": call_id, "content": json.dumps(value)}
""",
    "the module imported whole, a table of codes": """\
import json

import support

CODES = {support.RateLimited: "rate_limited", support.PermissionDenied: "permission_denied"}


def to_tool_result(call_id, fn, args):
    try:
        result = fn(**args)
    except tuple(CODES) as exc:
        body = {"error": CODES[type(exc)],
                "message": f"{exc}. Wait and retry, or go on without it."}
        if isinstance(exc, support.RateLimited):
            body["retry_after"] = exc.retry_after
        return {"tool_use_id": call_id, "type": "tool_result", "content": json.dumps(body),
                "is_error": True}
    return {"tool_use_id": call_id, "type": "tool_result", "content": json.dumps(result)}
""",
    "is_error false on success, indented JSON": """\
import json
from support import PermissionDenied, RateLimited


def to_tool_result(call_id, fn, args):
    block = {"type": "tool_result", "tool_use_id": call_id, "is_error": False}
    try:
        block["content"] = json.dumps(fn(**args), indent=2)
    except RateLimited as exc:
        block["is_error"] = True
        block["content"] = json.dumps({
            "message": "Too many requests. Retry after the wait, or answer without the forecast.",
            "retry_after": exc.retry_after,
            "error": "rate_limited",
        }, indent=2)
    except PermissionDenied:
        block["is_error"] = True
        block["content"] = json.dumps({
            "message": "This key may not fetch forecasts; tell the user none is available.",
            "error": "permission_denied",
        }, indent=2)
    return block
""",
    "the base class caught, the number read with getattr": """\
import json
from support import RateLimited, ServiceError


def to_tool_result(call_id, fn, args):
    try:
        return {"type": "tool_result", "tool_use_id": call_id, "content": json.dumps(fn(**args))}
    except ServiceError as exc:
        wait = getattr(exc, "retry_after", None)
        content = {"error": "rate_limited" if isinstance(exc, RateLimited) else "permission_denied",
                   "message": f"The weather service failed ({exc}). "
                   + ("Retry later." if wait else "Do not retry: answer without it.")}
        if wait is not None:
            content["retry_after"] = wait
        return {"type": "tool_result", "tool_use_id": call_id, "is_error": True,
                "content": json.dumps(content)}
""",
    "a null retry_after on the refusal, unicode kept": """\
import json
from support import PermissionDenied, RateLimited


def to_tool_result(call_id, fn, args):
    def error(code, message, retry_after=None):
        return {"type": "tool_result", "tool_use_id": call_id, "is_error": True,
                "content": json.dumps({"error": code, "retry_after": retry_after,
                                       "message": message}, ensure_ascii=False)}
    try:
        value = fn(**args)
    except RateLimited as exc:
        return error("rate_limited", f"Limite atingido: tente de novo em {exc.retry_after} s.",
                     exc.retry_after)
    except PermissionDenied:
        return error("permission_denied", "Sem permissão: responda sem a previsão.")
    return {"type": "tool_result", "tool_use_id": call_id,
            "content": json.dumps(value, ensure_ascii=False)}
""",
    "content as a list of text blocks": """\
import json
from support import PermissionDenied, RateLimited


def text(value):
    return [{"type": "text", "text": json.dumps(value)}]


def to_tool_result(call_id, fn, args):
    try:
        return {"type": "tool_result", "tool_use_id": call_id, "content": text(fn(**args))}
    except RateLimited as exc:
        failure = {"error": "rate_limited", "retry_after": exc.retry_after,
                   "message": "Rate limit hit; retry after retry_after seconds."}
    except PermissionDenied:
        failure = {"error": "permission_denied", "message": "Access refused; skip the forecast."}
    return {"type": "tool_result", "tool_use_id": call_id, "content": text(failure),
            "is_error": True}
""",
    "a small class that builds the blocks": """\
import json
from support import PermissionDenied, RateLimited


class Result:
    def __init__(self, call_id):
        self.call_id = call_id

    def ok(self, value):
        return {"type": "tool_result", "tool_use_id": self.call_id, "content": json.dumps(value)}

    def failed(self, **fields):
        return {"type": "tool_result", "tool_use_id": self.call_id, "is_error": True,
                "content": json.dumps(fields)}


def to_tool_result(call_id, fn, args):
    result = Result(call_id)
    try:
        value = fn(**args)
    except RateLimited as exc:
        return result.failed(error="rate_limited", retry_after=exc.retry_after,
                             message="The service is busy: retry later.")
    except PermissionDenied as exc:
        return result.failed(error="permission_denied", message=f"{exc}: do not retry.")
    else:
        return result.ok(value)
""",
    "sort_keys and a finally-free early return": """\
import json
from support import PermissionDenied, RateLimited


def to_tool_result(call_id, fn, args):
    out = {"type": "tool_result", "tool_use_id": call_id}
    try:
        out["content"] = json.dumps(fn(**args), sort_keys=True)
        return out
    except RateLimited as exc:
        payload = dict(error="rate_limited", retry_after=int(exc.retry_after),
                       message="Retry in a moment, or answer without the forecast.")
    except PermissionDenied:
        payload = dict(error="permission_denied", message="No access; answer without it.")
    out.update(is_error=True, content=json.dumps(payload, sort_keys=True))
    return out
""",
}


@pytest.mark.parametrize("note", ERRORS_RIGHT)
def test_errors_as_data_accepts_correct_answers_written_differently(note):
    assert_passes("errors-as-data", ERRORS_RIGHT[note])


def _errors(body: str) -> str:
    """A to_tool_result whose except clauses are `body` (a block built as `block`)."""
    return (
        "import json\nfrom support import PermissionDenied, RateLimited\n\n\n"
        "def to_tool_result(call_id, fn, args):\n"
        '    block = {"type": "tool_result", "tool_use_id": call_id}\n' + body
    )


GOOD_SUCCESS = """\
    try:
        block["content"] = json.dumps(fn(**args))
        return block
"""
GOOD_LIMIT = """\
    except RateLimited as exc:
        block["is_error"] = True
        block["content"] = json.dumps({"error": "rate_limited", "retry_after": exc.retry_after,
                                       "message": "Retry later."})
        return block
"""
GOOD_DENIED = """\
    except PermissionDenied:
        block["is_error"] = True
        block["content"] = json.dumps({"error": "permission_denied", "message": "No access."})
        return block
"""

ERRORS_WRONG = {
    "only the rate limit is caught": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT),
        "permission-denied",
        ["raised PermissionDenied", "catch it"],
    ),
    "is_error written as the string true": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT.replace("= True", '= "true"') + GOOD_DENIED),
        "rate-limited",
        ["boolean", 'string "true"'],
    ),
    "retry_after turned into text": (
        _errors(
            GOOD_SUCCESS
            + GOOD_LIMIT.replace("exc.retry_after", "str(exc.retry_after)")
            + GOOD_DENIED
        ),
        "rate-limited",
        ["retry_after", "number", 'string "30"'],
    ),
    "retry_after taken from the exception's message": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT.replace("exc.retry_after", "str(exc)") + GOOD_DENIED),
        "rate-limited",
        ["retry_after", "should be 30"],
    ),
    "the error code spelt with a hyphen": (
        _errors(
            GOOD_SUCCESS + GOOD_LIMIT.replace('"rate_limited"', '"rate-limited"') + GOOD_DENIED
        ),
        "rate-limited",
        ['"rate-limited"', '"rate_limited"'],
    ),
    "the success value wrapped in another object": (
        _errors(
            GOOD_SUCCESS.replace("json.dumps(fn(**args))", 'json.dumps({"forecast": fn(**args)})')
            + GOOD_LIMIT
            + GOOD_DENIED
        ),
        "success",
        ["wrapped"],
    ),
    "the arguments passed as one dict": (
        _errors(GOOD_SUCCESS.replace("fn(**args)", "fn(args)") + GOOD_LIMIT + GOOD_DENIED),
        "success",
        ["fn(**args)"],
    ),
    "the call id of the first run written into the code": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT + GOOD_DENIED).replace(
            '"tool_use_id": call_id', '"tool_use_id": "toolu_01Fc7Lm2Qx9R"'
        ),
        "block",
        ["written into the code"],
    ),
    "is_error set on success too": (
        _errors(
            GOOD_SUCCESS.replace(
                "        return block", '        block["is_error"] = True\n        return block'
            )
            + GOOD_LIMIT
            + GOOD_DENIED
        ),
        "success",
        ["leave it out"],
    ),
    "no message for the refused key": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT + GOOD_DENIED.replace(', "message": "No access."', "")),
        "actionable",
        ["message"],
    ),
    "the block returned as JSON text": (
        _errors(
            GOOD_SUCCESS.replace("return block", "return json.dumps(block)")
            + GOOD_LIMIT
            + GOOD_DENIED
        ),
        "block",
        ["return a dict"],
    ),
    "the content left as a dict": (
        _errors(
            GOOD_SUCCESS.replace("json.dumps(fn(**args))", "fn(**args)") + GOOD_LIMIT + GOOD_DENIED
        ),
        "block",
        ["make it a string"],
    ),
    "a bug of its own: the id read from args": (
        _errors(GOOD_SUCCESS + GOOD_LIMIT + GOOD_DENIED).replace(
            '"tool_use_id": call_id}', '"tool_use_id": args["id"]}'
        ),
        "block",
        ["KeyError", "bug in the function"],
    ),
    "the retry key renamed": (
        _errors(
            GOOD_SUCCESS
            + GOOD_LIMIT.replace('"retry_after": exc', '"retry_after_s": exc')
            + GOOD_DENIED
        ),
        "rate-limited",
        ["`retry_after`", "missing"],
    ),
}


@pytest.mark.parametrize("note", ERRORS_WRONG)
def test_errors_as_data_rejects_misconceptions_naming_them(note):
    answer, criterion, words = ERRORS_WRONG[note]
    assert_fails("errors-as-data", answer, criterion, *words)


def test_errors_as_data_never_advises_catching_a_bug_of_the_learners_own():
    answer, _, _ = ERRORS_WRONG["a bug of its own: the id read from args"]
    result = verdict("errors-as-data", answer)
    for criterion in result.criteria:
        assert "Catch it" not in criterion.message, criterion


def test_errors_as_data_starter_gives_one_message_per_cause():
    result = verdict("errors-as-data", COURSE.exercise("errors-as-data").starter)
    by_id = {c.id: c.message for c in result.criteria}
    assert "returned null" in by_id["block"]
    assert by_id["success"].startswith("Not judged yet")  # the same null, not a second fault
    assert by_id["actionable"].startswith("Not judged yet")


# ----------------------------------------------------------------------- search-leads

SEARCH_HEAD = """\
import os
import re

ROOT = "project"
"""

SEARCH_RIGHT = {
    "os.walk, abspath and commonpath, a sort key": SEARCH_HEAD
    + """

def search_code(pattern, path=".", max_results=20):
    try:
        regex = re.compile(pattern)
    except re.error as exc:
        return {"error": "bad_pattern", "message": f"Invalid regular expression: {exc}."}
    root = os.path.abspath(ROOT)
    start = os.path.abspath(os.path.join(root, path))
    if os.path.commonpath([root, start]) != root:
        return {"error": "path_outside_root", "message": "Search inside the project only."}
    found = []
    for folder, _dirs, names in os.walk(start):
        for name in names:
            full = os.path.join(folder, name)
            with open(full, encoding="utf-8") as handle:
                for number, line in enumerate(handle.read().splitlines(), start=1):
                    if regex.search(line):
                        found.append({"file": os.path.relpath(full, root).replace(os.sep, "/"),
                                      "line": number, "snippet": line.strip()[:200]})
    found.sort(key=lambda m: (m["file"], m["line"]))
    kept = found[:max_results]
    return {"matches": kept, "total_matches": len(found), "truncated": len(found) > len(kept)}
""",
    "glob with recursive=True, a cut line ending in ...": SEARCH_HEAD
    + """import glob


def search_code(pattern, path=".", max_results=20):
    root = os.path.realpath(ROOT)
    where = os.path.realpath(os.path.join(root, path))
    if where != root and not where.startswith(root + os.sep):
        return {"error": "path_outside_root", "message": f"{path} is outside the project."}
    try:
        regex = re.compile(pattern)
    except re.error:
        return {"error": "bad_pattern", "message": "Escape ( and other special characters."}
    hits = []
    for full in glob.glob(os.path.join(where, "**", "*"), recursive=True):
        if not os.path.isfile(full):
            continue
        relative = os.path.relpath(full, root).replace(os.sep, "/")
        with open(full, encoding="utf-8", errors="replace") as f:
            for n, text in enumerate(f, 1):
                text = text.rstrip("\\n")
                if regex.search(text):
                    snippet = text if len(text) <= 200 else text[:197] + "..."
                    hits.append((relative, n, snippet))
    hits.sort()
    return {
        "total_matches": len(hits),
        "truncated": len(hits) > max_results,
        "matches": [{"line": n, "file": f, "snippet": s} for f, n, s in hits[:max_results]],
    }
""",
    "pathlib and is_relative_to, with a hint field": """\
import re
from pathlib import Path

ROOT = "project"


def search_code(pattern, path=".", max_results=20):
    root = Path(ROOT).resolve()
    start = (root / path).resolve()
    if not start.is_relative_to(root):
        return {"error": "path_outside_root", "message": "That path leaves the project."}
    try:
        regex = re.compile(pattern)
    except re.error:
        return {"error": "bad_pattern", "message": "Fix the regular expression."}
    hits = []
    for file in sorted(p for p in start.rglob("*") if p.is_file()):
        for number, line in enumerate(file.read_text().splitlines(), 1):
            if regex.search(line):
                hits.append((file.relative_to(root).as_posix(), number, line[:200]))
    hits.sort(key=lambda hit: (hit[0], hit[1]))
    more = len(hits) > max_results
    return {"matches": [dict(file=f, line=n, snippet=s) for f, n, s in hits[:max_results]],
            "total_matches": len(hits), "truncated": more,
            "hint": "Narrow the search." if more else None}
""",
    "heapq.nsmallest for the first ones, scandir recursion": SEARCH_HEAD
    + """import heapq


def _files(folder):
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir():
                yield from _files(entry.path)
            elif entry.is_file():
                yield entry.path


def search_code(pattern, path=".", max_results=20):
    base = os.path.realpath(ROOT)
    target = os.path.realpath(os.path.join(base, path))
    if os.path.commonpath([base, target]) != base:
        return {"error": "path_outside_root",
                "message": "The path must stay inside the project; try '.'."}
    try:
        compiled = re.compile(pattern)
    except re.error as problem:
        return {"error": "bad_pattern", "message": f"Bad pattern ({problem}); escape brackets."}
    every = []
    for full in _files(target):
        name = os.path.relpath(full, base).replace("\\\\", "/")
        with open(full, encoding="utf-8") as handle:
            every += [(name, i, l.rstrip("\\r\\n")) for i, l in enumerate(handle, 1)
                      if compiled.search(l.rstrip("\\r\\n"))]
    first = heapq.nsmallest(max_results, every)
    return {"matches": [{"file": f, "line": i, "snippet": l[:200]} for f, i, l in first],
            "total_matches": len(every), "truncated": len(every) > max_results}
""",
    "a line read once, with any() over finditer": SEARCH_HEAD
    + """

def search_code(pattern, path=".", max_results=20):
    root = os.path.realpath(ROOT)
    start = os.path.realpath(os.path.join(ROOT, path))
    if os.path.commonpath([root, start]) != root:
        return {"error": "path_outside_root", "message": "Only folders in the project."}
    try:
        rx = re.compile(pattern)
    except re.error as e:
        return {"error": "bad_pattern", "message": str(e) + ": fix the pattern."}
    results = []
    for folder, dirs, files in sorted(os.walk(start)):
        for name in sorted(files):
            full = os.path.join(folder, name)
            lines = open(full, encoding="utf-8").read().split("\\n")
            for index, line in enumerate(lines):
                if any(True for _ in rx.finditer(line)):
                    rel = os.path.relpath(full, root).replace(os.sep, "/")
                    results.append({"file": rel, "line": index + 1, "snippet": line[:200]})
    results.sort(key=lambda r: (r["file"], r["line"]))
    return {"matches": results[:max_results], "total_matches": len(results),
            "truncated": max_results < len(results)}
""",
}


@pytest.mark.parametrize("note", SEARCH_RIGHT)
def test_search_leads_accepts_correct_answers_written_differently(note):
    assert_passes("search-leads", SEARCH_RIGHT[note])


SOLUTION = COURSE.exercise("search-leads").solution


def _search(old: str, new: str, source: str = SOLUTION) -> str:
    assert old in source, old
    return source.replace(old, new)


SEARCH_WRONG = {
    "truncated when the list is full": (
        _search(
            '"truncated": len(found) > max_results',
            '"truncated": len(found[:max_results]) == max_results',
        ),
        "total",
        ["nothing was left out"],
    ),
    "truncated with >=": (
        _search('"truncated": len(found) > max_results', '"truncated": len(found) >= max_results'),
        "total",
        ["every match fits"],
    ),
    "a match per occurrence, not per line": (
        _search(
            "                    if regex.search(line):\n"
            "                        found.append((relative, number, line[:200]))",
            "                    for _hit in regex.finditer(line):\n"
            "                        found.append((relative, number, line[:200]))",
        ),
        "matches",
        ["repeats", "a line counts once"],
    ),
    "file names sorted ignoring case": (
        _search("found.sort()", "found.sort(key=lambda m: (m[0].lower(), m[1]))"),
        "matches",
        ["ignoring case"],
    ),
    "lines counted from 0": (
        _search("enumerate(handle, 1)", "enumerate(handle)"),
        "matches",
        ["count lines from 1"],
    ),
    "the pattern taken as plain text": (
        _search("if regex.search(line):", "if pattern in line:"),
        "matches",
        ["regular expression"],
    ),
    "a search that ignores case": (
        _search("regex = re.compile(pattern)", "regex = re.compile(pattern, re.IGNORECASE)"),
        "matches",
        ["does not match the pattern"],
    ),
    "path ignored: the whole project searched": (
        _search("os.walk(start)", "os.walk(root)"),
        "matches",
        ["not under the folder"],
    ),
    "'..' refused, but an absolute path let through": (
        _search(
            "if os.path.commonpath([root, start]) != root:",
            'if ".." in path.split("/"):',
        ),
        "stays-inside",
        ["path_outside_root"],
    ),
    "the total of what was returned": (
        _search('"total_matches": len(found)', '"total_matches": min(len(found), max_results)'),
        "total",
        ["number returned, not the number found"],
    ),
    "sorted by line, then file": (
        _search("found.sort()", "found.sort(key=lambda m: (m[1], m[0]))"),
        "matches",
        ["cut", "sort"],
    ),
    "snippets keep their line break": (
        _search('line = line.rstrip("\\r\\n")', "pass"),
        "snippets",
        ["line break"],
    ),
    "paths starting with ./": (
        _search(
            'relative = os.path.relpath(full, root).replace(os.sep, "/")',
            'relative = "./" + os.path.relpath(full, root).replace(os.sep, "/")',
        ),
        "matches",
        ["relative to the project root"],
    ),
    "the broken pattern crashes": (
        _search(
            "    try:\n        regex = re.compile(pattern)\n    except re.error as exc:\n",
            "    regex = re.compile(pattern)\n    if False:\n        exc = None\n",
        ),
        "bad-pattern",
        ["re.error", "bad_pattern"],
    ),
}


@pytest.mark.parametrize("note", SEARCH_WRONG)
def test_search_leads_rejects_misconceptions_naming_them(note):
    answer, criterion, words = SEARCH_WRONG[note]
    assert_fails("search-leads", answer, criterion, *words)


def test_search_leads_has_a_run_whose_total_equals_its_cap():
    runs = [COURSE.exercise("search-leads").call] + [
        {**COURSE.exercise("search-leads").call, **v["call"]}
        for v in COURSE.exercise("search-leads").variants
    ]
    assert any(r.get("max_results") == 6 and r.get("pattern") == "issue_refund" for r in runs)
