"""Criteria for the course's python exercises that build tools and a capped loop.

Like `checker.python_checks`, each check reads the recorded runs of the learner's function
(`checker.sandbox.RunReport`) in the parent process and passes only when it holds in every
run it looks at. Most take `runs: [1, 3]` (run numbers, from 1) to look at some runs only.

Where the right answer depends on data built in the child (a fixture folder, generated
order rows), the exercise's support code computes the key there: the harness calls
`support.expected(**arguments)` with the very objects the learner's function gets, before
the function runs, and reports the result as `RunResult.expected`. The checks here compare
what the function returned against that key, so the data is written once (in `support`)
and a run that changes its input cannot change its own key. Keys computed by hand and
pasted into `params` would repeat the fixture's truth in a second place (dozens of matches,
200 rows) and drift from it; running the learner's answer twice would not catch a wrong
answer at all. The keys each group of checks reads:

- errors-as-data: `tool-result-block`, `tool-result-outcome` (no key: the expected content
  is given in `params`);
- search-leads: `search-shape`, `search-matches`, `search-snippets`, `search-total`,
  `returned-error` (key: `{"matches": [{file, line, text}], "total", "max_results"}`, or
  `{"error": code}`);
- trim-result: `trim-budget`, `trim-orders`, `trim-total`, `trim-truncation`, `trim-fills`,
  `trim-complete`, `arguments-unchanged` (key: `{"orders": [every row, trimmed], "total"}`);
- capped-loop: `stops-at-cap`, `results-carry-output`, `errors-as-results`,
  `returns-last-response` (no key: what run_tool gave or raised is in the run's
  `tool_results`).

Every check returns an `Outcome` for any input; messages name the run and say what to do.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

# `checker.criteria` imports this module at its end, and `checker.python_checks` imports
# `checker.criteria` first: take the module, not its names, so either order works.
import checker.python_checks as python_checks
from checker.criteria import Outcome, check
from checker.diagnostics import quote
from checker.i18n import tr, trn

if TYPE_CHECKING:
    from checker.python_checks import PythonContext

#: the keys a tool_result block may carry
RESULT_KEYS = frozenset({"type", "tool_use_id", "content", "is_error", "cache_control"})
#: a scripted tool result of this one key makes run_tool raise (see checker.sandbox.scripted)
RAISE_KEY = "$raise"


# --------------------------------------------------------------------------- helpers


def selected(ctx: PythonContext, params: Mapping) -> list:
    """The runs a criterion looks at: `params["runs"]` (numbers from 1), or all."""
    wanted = params.get("runs")
    if not isinstance(wanted, list):
        return list(ctx.runs)
    return [run for run in ctx.runs if run.index + 1 in wanted]


def raised(run) -> Outcome | None:
    """A failed Outcome when the run ended in an exception of the learner's code."""
    if run.exception is None:
        return None
    return Outcome(
        False,
        tr(
            "Run {run} raised {type}: {message}. Return a result instead of letting the error "
            "escape.",
            run=run.index + 1,
            type=run.exception.type,
            message=quote(run.exception.message, 120),
        ),
    )


def content_text(content: Any) -> str | None:
    """A tool_result's content as text: the string, or its text blocks joined; else None."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        if len(parts) == len(content) and all(isinstance(p, str) for p in parts):
            return "".join(parts)
    return None


def estimate_tokens(value: Any) -> int:
    """The course estimator: one token per four characters of compact JSON, rounded up."""
    try:
        text = json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return math.ceil(len(text) / 4)


def _per_run(value: Any, position: int) -> Any:
    """`value[position]` for a list given one item per run, else `value` itself."""
    if isinstance(value, list):
        return value[position] if position < len(value) else None
    return value


def _shown(value: Mapping, key: str) -> str:
    """A field of the learner's result for a message: its value, or "missing"."""
    return quote(value[key]) if key in value else tr("missing")


def _count_matches(n: int) -> str:
    return trn(n, "{n} match", "{n} matches")


def _exception_name(run) -> str:
    name = run.exception.type
    return "re.error" if name == "error" else name


def _location(item: Mapping) -> tuple[str, int] | None:
    """A returned match's (file, line), when both have the right types (else None)."""
    file, line = item.get("file"), item.get("line")
    if isinstance(file, str) and isinstance(line, int) and not isinstance(line, bool):
        return file, line
    return None


def _is_flag(value: Any) -> bool:
    return value is True


def _search_runs(ctx: PythonContext, params: Mapping) -> list:
    return [
        run
        for run in selected(ctx, params)
        if isinstance(run.expected, dict) and isinstance(run.expected.get("matches"), list)
    ]


def _search_call(run) -> str:
    call = run.call
    args = [quote(call.get("pattern"))]
    if "path" in call:
        args.append(f"path={quote(call.get('path'))}")
    if "max_results" in call:
        args.append(f"max_results={call.get('max_results')}")
    return tr("run {run}, `search_code({args})`", run=run.index + 1, args=", ".join(args))


def _search_result(run) -> tuple[dict | None, Outcome | None]:
    """The returned search result when it has the shape to read; else a failed Outcome."""
    problem = raised(run)
    if problem:
        return None, problem
    returned = run.returned
    if not isinstance(returned, dict) or not isinstance(returned.get("matches"), list):
        return None, Outcome(
            False,
            tr(
                "In {where}, the result has no `matches` list, so there is nothing to compare yet.",
                where=_search_call(run),
            ),
        )
    return returned, None


def _trim_runs(ctx: PythonContext, params: Mapping) -> list:
    return [
        run
        for run in selected(ctx, params)
        if isinstance(run.expected, dict) and isinstance(run.expected.get("orders"), list)
    ]


def _trim_call(run, params: Mapping) -> str:
    budget = run.call.get(params.get("budget_param", "budget"))
    total = run.expected.get("total")
    return tr(
        "run {run} ({total} rows, budget {budget})", run=run.index + 1, total=total, budget=budget
    )


def _trim_result(run, params: Mapping) -> tuple[dict | None, Outcome | None]:
    problem = raised(run)
    if problem:
        return None, problem
    returned = run.returned
    if not isinstance(returned, dict) or not isinstance(returned.get("orders"), list):
        return None, Outcome(
            False,
            tr(
                "In {where}, the result is not an object with an `orders` list.",
                where=_trim_call(run, params),
            ),
        )
    return returned, None


def _judged(runs: list, result_of, no_run: str):
    """(run, what it returned, None) for each finished run, or (run, None, the failed
    Outcome) for a run whose result cannot be judged; one failed Outcome (`no_run`) when
    no run ran to the end. Every check over returned values loops over this."""
    if not runs:
        yield None, None, Outcome(False, no_run)
    for run in runs:
        returned, problem = result_of(run)
        yield run, returned, problem


def _trim_results(ctx: PythonContext, params: Mapping):
    """`_judged` over the trim runs."""
    no_run = tr("No run ran to the end, so there is nothing to judge yet.")
    return _judged(_trim_runs(ctx, params), lambda run: _trim_result(run, params), no_run)


def _search_results(ctx: PythonContext, params: Mapping):
    """`_judged` over the search runs."""
    no_run = tr("No search ran to the end, so there is nothing to judge yet.")
    return _judged(_search_runs(ctx, params), _search_result, no_run)


# --------------------------------------------------------------------- errors as data


@check("tool-result-block", kinds=("python",))
def tool_result_block(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns a tool_result block quoting the id it got (`id_param`), text content."""
    id_param = params.get("id_param", "call_id")
    first_id = ctx.runs[0].call.get(id_param) if ctx.runs else None
    for run in selected(ctx, params):
        problem = raised(run)
        if problem:
            return problem
        block = run.returned
        where = tr("Run {run}", run=run.index + 1)
        if not isinstance(block, dict):
            return Outcome(
                False,
                tr(
                    "{where} returned {value}; return a dict, the tool_result block "
                    '`{{"type": "tool_result", "tool_use_id": ..., "content": ...}}`.',
                    where=where,
                    value=quote(block),
                ),
            )
        if block.get("type") != "tool_result":
            return Outcome(
                False,
                tr(
                    '{where}: `type` is {value}; it must be "tool_result".',
                    where=where,
                    value=quote(block.get("type")),
                ),
            )
        wanted = run.call.get(id_param)
        got = block.get("tool_use_id")
        if got != wanted:
            if run.index > 0 and got == first_id:
                why = tr("that is the id of the first run: it looks written into the code.")
            else:
                why = tr("the call's id was {id}.", id=quote(wanted))
            return Outcome(
                False,
                tr(
                    "{where}: `tool_use_id` is {got}; {why} Use the `{param}` argument.",
                    where=where,
                    got=quote(got),
                    why=why,
                    param=id_param,
                ),
            )
        if content_text(block.get("content")) is None:
            return Outcome(
                False,
                tr(
                    "{where}: `content` is {value}; make it a string (JSON text), which is what "
                    "the model reads.",
                    where=where,
                    value=quote(block.get("content")),
                ),
            )
        extra = sorted(set(block) - RESULT_KEYS)
        if extra:
            return Outcome(
                False,
                tr(
                    "{where}: the block has {key}, a key the API does not accept in a "
                    "tool_result (it would answer 400). Keep to type, tool_use_id, content and "
                    "is_error.",
                    where=where,
                    key=quote(extra[0]),
                ),
            )
    return Outcome(True)


@check("tool-result-outcome", kinds=("python",))
def tool_result_outcome(ctx: PythonContext, params: Mapping) -> Outcome:
    """The selected runs' results carry `is_error` as given and JSON content holding `content`.

    Params: `is_error` (bool), `content` (an object, or a list of one per selected run:
    keys the parsed content must hold with those values), `exact` (the content must equal
    it), `text_fields` (keys that must hold a sentence), `what` (the scenario, for messages).
    """
    what = params.get("what", "")
    for position, run in enumerate(selected(ctx, params)):
        where = tr("In run {run}", run=run.index + 1) + (f" ({what})" if what else "")
        problem = raised(run)
        if problem:
            return Outcome(
                False,
                tr(
                    "{where}, your function raised {type}: {message}. Catch it and return a "
                    "tool_result instead, so the model learns what went wrong.",
                    where=where,
                    type=run.exception.type,
                    message=quote(run.exception.message, 120),
                ),
            )
        block = run.returned if isinstance(run.returned, dict) else {}
        flag = block.get("is_error")
        if params.get("is_error"):
            if not _is_flag(flag):
                return Outcome(
                    False,
                    tr(
                        '{where}, the result has no `"is_error": true`, so the model would read '
                        "the failure as data that worked. Set it on every error result.",
                        where=where,
                    ),
                )
        elif flag not in (None, False):
            return Outcome(
                False,
                tr(
                    "{where}, the call worked but the result says `is_error`: {flag}. Leave it "
                    "out (or false) on success.",
                    where=where,
                    flag=quote(flag),
                ),
            )
        text = content_text(block.get("content"))
        try:
            parsed = json.loads(text) if text is not None else None
        except ValueError:
            return Outcome(
                False,
                tr(
                    "{where}, `content` is {text}, which is not JSON. Write it with "
                    "`json.dumps(...)` so the model (and your code) can read its fields.",
                    where=where,
                    text=quote(text, 80),
                ),
            )
        want = _per_run(params.get("content"), position)
        if isinstance(want, dict):
            if params.get("exact") and parsed != want:
                return Outcome(
                    False,
                    tr(
                        "{where}, `content` holds {text}; it should be the service's return "
                        "value as JSON, unchanged: `json.dumps(result)`.",
                        where=where,
                        text=quote(text, 80),
                    ),
                )
            if not isinstance(parsed, dict):
                return Outcome(
                    False,
                    tr(
                        "{where}, `content` is JSON but not an object: {text}. Make it an "
                        'object such as `{{"error": ..., "message": ...}}`.',
                        where=where,
                        text=quote(text, 80),
                    ),
                )
            for key, value in want.items():
                if parsed.get(key) != value:
                    shown = quote(parsed[key]) if key in parsed else tr("missing")
                    return Outcome(
                        False,
                        tr(
                            "{where}, `{key}` in the content is {shown}; it should be {value}.",
                            where=where,
                            key=key,
                            shown=shown,
                            value=quote(value),
                        ),
                    )
        for key in params.get("text_fields") or []:
            value = parsed.get(key) if isinstance(parsed, dict) else None
            if not isinstance(value, str) or not value.strip():
                return Outcome(
                    False,
                    tr(
                        "{where}, the content has no `{key}` sentence. Say what went wrong and "
                        "what the model can do about it.",
                        where=where,
                        key=key,
                    ),
                )
    return Outcome(True)


# ------------------------------------------------------------------------ search-leads


@check("search-shape", kinds=("python",))
def search_shape(ctx: PythonContext, params: Mapping) -> Outcome:
    """Searches return {matches: [{file, line, snippet}], total_matches, truncated}."""
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        where = _search_call(run)
        for number, item in enumerate(returned["matches"], 1):
            if not isinstance(item, dict):
                return Outcome(
                    False,
                    tr(
                        "In {where}, match {number} is {value}, not an object.",
                        where=where,
                        number=number,
                        value=quote(item),
                    ),
                )
            types = {"file": str, "line": int, "snippet": str}
            for key, kind in types.items():
                value = item.get(key)
                if not isinstance(value, kind) or isinstance(value, bool):
                    values = {"where": where, "number": number, "key": key, "value": quote(value)}
                    return Outcome(
                        False,
                        tr(
                            "In {where}, match {number} has `{key}` = {value}; it should be a "
                            "number.",
                            **values,
                        )
                        if kind is int
                        else tr(
                            "In {where}, match {number} has `{key}` = {value}; it should be a "
                            "string.",
                            **values,
                        ),
                    )
        total = returned.get("total_matches")
        if not isinstance(total, int) or isinstance(total, bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `total_matches` is {value}; it should be a number.",
                    where=where,
                    value=quote(total),
                ),
            )
        if not isinstance(returned.get("truncated"), bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` is {value}; it should be true or false.",
                    where=where,
                    value=quote(returned.get("truncated")),
                ),
            )
    return Outcome(True)


@check("search-matches", kinds=("python",))
def search_matches(ctx: PythonContext, params: Mapping) -> Outcome:
    """The first `max_results` true matches, by (file, line), paths relative to the root."""
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        where = _search_call(run)
        everything = [(m["file"], m["line"]) for m in run.expected["matches"]]
        cap = run.expected.get("max_results", len(everything))
        wanted = everything[:cap]
        got = [
            (m.get("file"), m.get("line")) if isinstance(m, dict) else (None, None)
            for m in returned["matches"]
        ]
        if got == wanted:
            continue
        files = {f for f, _ in everything}
        for name, _ in got:
            if isinstance(name, str) and name not in files:
                same = [f for f in files if name.endswith(f) or f.endswith(name)]
                if same or "\\" in name or name.startswith(("/", "./")):
                    example = quote(sorted(same)[0]) if same else '"billing/refunds.py"'
                    return Outcome(
                        False,
                        tr(
                            "In {where}, a match names the file {name}. Give paths relative to "
                            "the project root, with `/`, such as {example}.",
                            where=where,
                            name=quote(name),
                            example=example,
                        ),
                    )
        if len(got) != len(wanted):
            return Outcome(
                False,
                tr(
                    "In {where}, you returned {matches}; there are {total} in all, so the result "
                    "should hold {wanted} (at most max_results={cap}).",
                    where=where,
                    matches=_count_matches(len(got)),
                    total=len(everything),
                    wanted=len(wanted),
                    cap=cap,
                ),
            )
        if sorted(map(repr, got)) == sorted(map(repr, wanted)):
            return Outcome(
                False,
                tr(
                    "In {where}, the right matches come back in the wrong order. Sort by file "
                    "(as strings), then by line number.",
                    where=where,
                ),
            )
        if [(f, line + 1 if isinstance(line, int) else line) for f, line in got] == wanted:
            return Outcome(
                False,
                tr(
                    "In {where}, every line number is one too small: count lines from 1, as an "
                    "editor shows them.",
                    where=where,
                ),
            )
        first = next(i for i, (g, w) in enumerate(zip(got, wanted, strict=False)) if g != w)
        if set(map(repr, got)) <= set(map(repr, everything)):
            why = tr(
                "that match is real but not one of the first ones: cut the list only after "
                "sorting all matches by file and line"
            )
        else:
            why = tr("there is no such match")
        return Outcome(
            False,
            tr(
                "In {where}, match {number} is {file} line {line}, expected {wanted_file} line "
                "{wanted_line}: {why}.",
                where=where,
                number=first + 1,
                file=quote(got[first][0]),
                line=quote(got[first][1]),
                wanted_file=quote(wanted[first][0]),
                wanted_line=wanted[first][1],
                why=why,
            ),
        )
    return Outcome(True)


@check("search-snippets", kinds=("python",))
def search_snippets(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each snippet is taken from its line: the whole line if short, else at most `max` chars."""
    limit = params.get("max", 200)
    limit = limit if isinstance(limit, int) else 200
    judged = 0
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        lines = {(m["file"], m["line"]): m["text"] for m in run.expected["matches"]}
        for number, item in enumerate(returned["matches"], 1):
            if not isinstance(item, dict):
                continue
            snippet = item.get("snippet")
            line = lines.get(_location(item))
            if not isinstance(snippet, str) or line is None:
                continue
            judged += 1
            where = tr("In {where}, match {number}", where=_search_call(run), number=number)
            if snippet.endswith(("\n", "\r")):
                return Outcome(
                    False,
                    tr(
                        "{where} has a snippet that ends with a line break; strip it "
                        "(`line.rstrip()`).",
                        where=where,
                    ),
                )
            if len(snippet) > limit:
                return Outcome(
                    False,
                    tr(
                        "{where} has a snippet of {n} characters; cut it to at most {limit}. A "
                        "lead only has to show where to look.",
                        where=where,
                        n=len(snippet),
                        limit=limit,
                    ),
                )
            if not snippet.strip() or snippet not in line:
                return Outcome(
                    False,
                    tr(
                        "{where} has the snippet {snippet}, which is not taken from its line "
                        "{line}.",
                        where=where,
                        snippet=quote(snippet),
                        line=quote(line.strip(), 80),
                    ),
                )
            if len(line.strip()) <= limit and snippet.strip() != line.strip():
                return Outcome(
                    False,
                    tr(
                        "{where}: the line fits in {limit} characters, so the snippet should be "
                        "the whole line ({line}), not {snippet}.",
                        where=where,
                        limit=limit,
                        line=quote(line.strip(), 80),
                        snippet=quote(snippet),
                    ),
                )
    if not judged:
        return Outcome(
            False, tr("No search returned a real match, so there is no snippet to judge yet.")
        )
    return Outcome(True)


@check("search-total", kinds=("python",))
def search_total(ctx: PythonContext, params: Mapping) -> Outcome:
    """`total_matches` is the true count, and `truncated` says whether matches were left out."""
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        where = _search_call(run)
        total = len(run.expected["matches"])
        cap = run.expected.get("max_results", total)
        got = returned.get("total_matches")
        if got != total:
            shown = len(returned["matches"])
            values = {"where": where, "got": quote(got), "total": total}
            if got == shown and shown != total:
                message = tr(
                    "In {where}, `total_matches` is {got}; the search finds {total}. That is the "
                    "number returned, not the number found: count every match, then cut the "
                    "list.",
                    **values,
                )
            else:
                message = tr(
                    "In {where}, `total_matches` is {got}; the search finds {total}.", **values
                )
            return Outcome(False, message)
        if returned.get("truncated") is not (total > cap):
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` is {value}; with {total} matches and "
                    "max_results={cap} it should be {expected}.",
                    where=where,
                    value=quote(returned.get("truncated")),
                    total=total,
                    cap=cap,
                    expected="true" if total > cap else "false",
                ),
            )
    return Outcome(True)


@check("returned-error", kinds=("python",))
def returned_error(ctx: PythonContext, params: Mapping) -> Outcome:
    """Runs whose key is `{"error": code}` return `{"error": code, ...}` and nothing found.

    Params: `code` (which runs to look at: those whose key has this error code),
    `text_fields` (keys that must hold a sentence).
    """
    code = params.get("code")
    runs = [
        run
        for run in selected(ctx, params)
        if isinstance(run.expected, dict) and run.expected.get("error") == code
    ]
    if not runs:
        return Outcome(
            False, tr("No run of this exercise expects the error {code}.", code=quote(code))
        )
    for run in runs:
        where = _search_call(run) if "pattern" in run.call else tr("run {run}", run=run.index + 1)
        if run.exception is not None:
            return Outcome(
                False,
                tr(
                    "In {where}, your function raised {type}: {message}. Return "
                    '`{{"error": {code}, "message": ...}}` instead: a crash tells the model '
                    "nothing.",
                    where=where,
                    type=_exception_name(run),
                    message=quote(run.exception.message, 120),
                    code=quote(code),
                ),
            )
        returned = run.returned
        found = returned.get("matches") if isinstance(returned, dict) else None
        if isinstance(found, list) and found:
            return Outcome(
                False,
                tr(
                    "In {where}, the result holds {matches}: the search read files it must not. "
                    "Check the path before reading anything.",
                    where=where,
                    matches=_count_matches(len(found)),
                ),
            )
        got = returned.get("error") if isinstance(returned, dict) else None
        if got != code:
            return Outcome(
                False,
                tr(
                    "In {where}, the result should be an error with `error` {code}; yours is "
                    "{value}.",
                    where=where,
                    code=quote(code),
                    value=quote(returned),
                ),
            )
        for key in params.get("text_fields") or []:
            value = returned.get(key)
            if not isinstance(value, str) or not value.strip():
                return Outcome(
                    False,
                    tr(
                        "In {where}, the error has no `{key}` sentence saying what went wrong.",
                        where=where,
                        key=key,
                    ),
                )
    return Outcome(True)


# ------------------------------------------------------------------------- trim-result


@check("trim-budget", kinds=("python",))
def trim_budget(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each result fits its budget by the course estimator, ceil(len(compact JSON) / 4)."""
    runs = _trim_runs(ctx, params)
    if not runs:
        return Outcome(False, tr("No run ran to the end, so there is nothing to judge yet."))
    for run in runs:
        problem = raised(run)
        if problem:
            return problem
        budget = run.call.get(params.get("budget_param", "budget"))
        size = estimate_tokens(run.returned)
        if not isinstance(budget, int) or size > budget:
            return Outcome(
                False,
                tr(
                    "In {where}, the result is {size} tokens by the course estimator, {over} "
                    "over. Measure the whole result, wrapper fields included, as compact JSON.",
                    where=_trim_call(run, params),
                    size=size,
                    over=size - budget if isinstance(budget, int) else "?",
                ),
            )
    return Outcome(True)


@check("trim-orders", kinds=("python",))
def trim_orders(ctx: PythonContext, params: Mapping) -> Outcome:
    """`orders` is the first rows, in order, each cut to the key's fields, values copied."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        where = _trim_call(run, params)
        rows = run.expected["orders"]
        got = returned["orders"]
        if len(got) > len(rows):
            return Outcome(
                False,
                tr(
                    "In {where}, `orders` has {n} entries but there are only {rows} rows.",
                    where=where,
                    n=len(got),
                    rows=len(rows),
                ),
            )
        for number, (item, row) in enumerate(zip(got, rows, strict=False), 1):
            if not isinstance(item, dict):
                return Outcome(
                    False,
                    tr(
                        "In {where}, order {number} is {value}.",
                        where=where,
                        number=number,
                        value=quote(item),
                    ),
                )
            if set(item) != set(row):
                missing = sorted(set(row) - set(item))
                extra = sorted(set(item) - set(row))
                detail = (
                    tr("it lacks {keys}", keys=", ".join(quote(k) for k in missing))
                    if missing
                    else tr("it also has {keys}", keys=", ".join(quote(k) for k in extra[:3]))
                )
                return Outcome(
                    False,
                    tr(
                        "In {where}, order {number} has the wrong fields: {detail}. Keep exactly "
                        "{keys}.",
                        where=where,
                        number=number,
                        detail=detail,
                        keys=", ".join(quote(k) for k in row),
                    ),
                )
            if item != row:
                if item.get("order_id") != row.get("order_id"):
                    return Outcome(
                        False,
                        tr(
                            "In {where}, order {number} is {id} but row {number} is {row_id}: "
                            "keep the rows in the order given, from the first, so a cursor can "
                            "say where to go on.",
                            where=where,
                            number=number,
                            id=quote(item.get("order_id")),
                            row_id=quote(row.get("order_id")),
                        ),
                    )
                key = next(k for k in row if item.get(k) != row[k])
                return Outcome(
                    False,
                    tr(
                        "In {where}, order {number} has `{key}` = {value}; the row says {row}. "
                        "Copy values exactly.",
                        where=where,
                        number=number,
                        key=key,
                        value=quote(item[key]),
                        row=quote(row[key]),
                    ),
                )
    return Outcome(True)


@check("trim-total", kinds=("python",))
def trim_total(ctx: PythonContext, params: Mapping) -> Outcome:
    """`total` is the number of rows given, whatever was kept."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        total = run.expected.get("total")
        if returned.get("total") != total or isinstance(returned.get("total"), bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `total` is {value}; it should be {total}, the number of rows "
                    "there are, not the number returned.",
                    where=_trim_call(run, params),
                    value=quote(returned.get("total")),
                    total=total,
                ),
            )
    return Outcome(True)


@check("trim-truncation", kinds=("python",))
def trim_truncation(ctx: PythonContext, params: Mapping) -> Outcome:
    """`truncated` says whether rows were left out; if so, `next_cursor` is the last order_id."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        where = _trim_call(run, params)
        kept = len(returned["orders"])
        cut = kept < run.expected.get("total", kept)
        budget = run.call.get(params.get("budget_param", "budget"))
        if not cut and isinstance(budget, int) and estimate_tokens(returned) > budget:
            return Outcome(
                False,
                tr(
                    "In {where}, you returned all {kept} orders, which is over the budget, so "
                    "nothing is marked as left out yet. Cut the list to fit, then set "
                    "`truncated` and `next_cursor`.",
                    where=where,
                    kept=kept,
                ),
            )
        if returned.get("truncated") is not cut:
            return Outcome(
                False,
                tr(
                    "In {where}, you returned {kept} of {total} orders, so `truncated` should be "
                    "{expected}; it is {value}.",
                    where=where,
                    kept=kept,
                    total=run.expected.get("total"),
                    expected="true" if cut else "false",
                    value=_shown(returned, "truncated"),
                ),
            )
        cursor = returned.get("next_cursor")
        if cut and kept:
            last = returned["orders"][-1]
            wanted = last.get("order_id") if isinstance(last, dict) else None
            if cursor != wanted:
                return Outcome(
                    False,
                    tr(
                        "In {where}, `next_cursor` is {cursor}; it should be the order_id of the "
                        "last order returned ({wanted}), so the model can ask for the rows after "
                        "it.",
                        where=where,
                        cursor=quote(cursor),
                        wanted=quote(wanted),
                    ),
                )
        elif not cut and cursor is not None:
            return Outcome(
                False,
                tr(
                    "In {where}, nothing was left out, yet `next_cursor` is {cursor}. Leave it "
                    "out (or null) when there is no next page.",
                    where=where,
                    cursor=quote(cursor),
                ),
            )
    return Outcome(True)


@check("trim-fills", kinds=("python",))
def trim_fills(ctx: PythonContext, params: Mapping) -> Outcome:
    """As many rows as fit: the result with the next row added would be over the budget."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        rows = run.expected["orders"]
        kept = len(returned["orders"])
        budget = run.call.get(params.get("budget_param", "budget"))
        if not isinstance(budget, int):
            continue
        if estimate_tokens(returned) > budget:
            return Outcome(
                False,
                tr(
                    "In {where}, your {kept} orders come to {tokens} tokens, over the budget: as "
                    "many as fit means the most that stay within it.",
                    where=_trim_call(run, params),
                    kept=kept,
                    tokens=estimate_tokens(returned),
                ),
            )
        if kept >= len(rows):
            continue
        bigger = dict(returned, orders=list(returned["orders"]) + [rows[kept]])
        if kept + 1 < len(rows):
            if "next_cursor" in returned:
                bigger["next_cursor"] = rows[kept].get("order_id")
        else:
            bigger["truncated"] = False
            bigger.pop("next_cursor", None)
        size = estimate_tokens(bigger)
        if size <= budget:
            return Outcome(
                False,
                tr(
                    "In {where}, you returned {kept} orders in {tokens} tokens, but one more "
                    "would still fit ({size} tokens). Keep adding orders while the whole result "
                    "stays within the budget.",
                    where=_trim_call(run, params),
                    kept=kept,
                    tokens=estimate_tokens(returned),
                    size=size,
                ),
            )
    return Outcome(True)


@check("trim-complete", kinds=("python",))
def trim_complete(ctx: PythonContext, params: Mapping) -> Outcome:
    """When every row fits, all come back, `truncated` is false and there is no cursor."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        where = _trim_call(run, params)
        total = len(run.expected["orders"])
        kept = len(returned["orders"])
        if kept != total:
            return Outcome(
                False,
                tr(
                    "In {where}, all {total} orders fit, but you returned {kept}. Cut only when "
                    "the result would go over the budget.",
                    where=where,
                    total=total,
                    kept=kept,
                ),
            )
        if returned.get("truncated") is not False:
            return Outcome(
                False,
                tr(
                    "In {where}, everything fits, so `truncated` should be false; it is {value}.",
                    where=where,
                    value=_shown(returned, "truncated"),
                ),
            )
        if returned.get("next_cursor") is not None:
            return Outcome(
                False,
                tr(
                    "In {where}, everything fits, so there is no next page: leave `next_cursor` "
                    "out instead of {cursor}.",
                    where=where,
                    cursor=quote(returned["next_cursor"]),
                ),
            )
    return Outcome(True)


@check("arguments-unchanged", kinds=("python",))
def arguments_unchanged(ctx: PythonContext, params: Mapping) -> Outcome:
    """The function leaves its arguments as it got them (`names`: which ones; default all)."""
    names = params.get("names")
    for run in selected(ctx, params):
        changed = [n for n in run.mutated if not names or n in names]
        if changed:
            return Outcome(
                False,
                tr(
                    "Run {run} changed `{name}` in place: the caller's data is not yours to "
                    "edit. Build new dicts for the result instead of deleting keys from the "
                    "ones you were given.",
                    run=run.index + 1,
                    name=changed[0],
                ),
            )
    if not any(run.finished for run in ctx.runs):
        return Outcome(False, tr("No run finished, so there is nothing to judge yet."))
    return Outcome(True)


# ------------------------------------------------------------------------- capped-loop


def _cap(run, params: Mapping) -> int:
    default = params.get("default", 8)
    default = default if isinstance(default, int) else 8
    value = run.call.get(params.get("param", "max_steps"), default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _runaway(run, cap: int) -> bool:
    """The script asks for tools in more replies than the cap allows, and never stops."""
    replies = run.script
    return len(replies) > cap and all(r.get("stop_reason") == "tool_use" for r in replies)


@check("stops-at-cap", kinds=("python",))
def stops_at_cap(ctx: PythonContext, params: Mapping) -> Outcome:
    """No run sends more than `max_steps` requests; a model that never stops gets exactly that.

    Params: `param` (the argument that holds the cap, default max_steps) and `default` (its
    value when the call leaves it out).
    """
    for run in ctx.runs:
        cap = _cap(run, params)
        sent = len(run.requests)
        where = tr("Run {run} (max_steps={cap})", run=run.index + 1, cap=cap)
        if sent > cap:
            return Outcome(
                False,
                tr(
                    "{where} sent {sent} requests. Count the requests and stop at the cap, "
                    "whatever the model keeps asking for.",
                    where=where,
                    sent=sent,
                ),
            )
        if _runaway(run, cap) and sent < cap:
            if run.exception is not None:
                return raised(run)  # type: ignore[return-value]
            return Outcome(
                False,
                trn(
                    sent,
                    "{where} stopped after {n} request while the model was still asking for "
                    "tools. The cap allows {cap}: stop at it, not before.",
                    "{where} stopped after {n} requests while the model was still asking for "
                    "tools. The cap allows {cap}: stop at it, not before.",
                    where=where,
                    cap=cap,
                ),
            )
    return Outcome(True)


def _rounds(run):
    """(where, tool_use block, its tool_result block or None, scripted result) per call.

    Results are looked for in every message after the last assistant turn, so a result
    sent in a second user message is still judged here (`tool-result-id` and the protocol
    rules report the split).
    """
    for k, request, uses in python_checks.tool_rounds(run):
        messages = request.get("messages") if isinstance(request, dict) else None
        messages = messages if isinstance(messages, list) else []
        turns = [i for i, m in enumerate(messages) if isinstance(m, dict)]
        assistant = [i for i in turns if messages[i].get("role") == "assistant"]
        after = messages[assistant[-1] + 1 :] if assistant else messages[-1:]
        results = {}
        for message in after:
            content = message.get("content") if isinstance(message, dict) else None
            for b in content if isinstance(content, list) else []:
                used = b.get("tool_use_id") if isinstance(b, dict) else None
                if isinstance(used, str) and b.get("type") == "tool_result":
                    results.setdefault(used, b)
        for use in uses:
            yield (
                tr("request {request} of run {run}", request=k + 1, run=run.index + 1),
                use,
                results.get(use.get("id")) if isinstance(use.get("id"), str) else None,
                run.tool_results.get(use.get("name")) if isinstance(use.get("name"), str) else None,
            )


def _raises(scripted: Any) -> str | None:
    if isinstance(scripted, dict) and set(scripted) == {RAISE_KEY}:
        return str(scripted[RAISE_KEY])
    return None


@check("results-carry-output", kinds=("python",))
def results_carry_output(ctx: PythonContext, params: Mapping) -> Outcome:
    """A call whose tool worked is answered with what run_tool returned, and no `is_error`."""
    seen = False
    for run in ctx.runs:
        for where, use, block, scripted in _rounds(run):
            if _raises(scripted) is not None or block is None:
                continue
            seen = True
            name = quote(use.get("name"))
            if block.get("is_error") not in (None, False):
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result for {name} says `is_error` although the tool "
                        "worked. Set it only when run_tool raised.",
                        where=where,
                        name=name,
                    ),
                )
            if content_text(block.get("content")) != scripted:
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result for {name} holds {content}; run_tool returned "
                        "{scripted}. Send back what the tool returned.",
                        where=where,
                        name=name,
                        content=quote(block.get("content")),
                        scripted=quote(scripted),
                    ),
                )
    if not seen:
        return Outcome(
            False,
            tr(
                "No request sent back the result of a tool that worked, so there is nothing to "
                "judge yet: run each call and send its result in the next request."
            ),
        )
    return Outcome(True)


@check("errors-as-results", kinds=("python",))
def errors_as_results(ctx: PythonContext, params: Mapping) -> Outcome:
    """A call whose tool raised is answered with `is_error: true` and the exception's message."""
    expected_somewhere = False
    for run in ctx.runs:
        failing = [n for n, v in run.tool_results.items() if _raises(v) is not None]
        answered = False
        for where, use, block, scripted in _rounds(run):
            message = _raises(scripted)
            if message is None or block is None:
                continue
            answered = True
            name = quote(use.get("name"))
            if not _is_flag(block.get("is_error")):
                return Outcome(
                    False,
                    tr(
                        "In {where}, run_tool raised for {name}, but its result has no "
                        '`"is_error": true`: the model would take the failure for a result.',
                        where=where,
                        name=name,
                    ),
                )
            text = content_text(block.get("content")) or ""
            if message not in text:
                return Outcome(
                    False,
                    tr(
                        "In {where}, the error result for {name} is {text}; include the "
                        "exception's message ({message}) so the model knows what failed.",
                        where=where,
                        name=name,
                        text=quote(text),
                        message=quote(message),
                    ),
                )
        called = [c.name for c in run.tool_calls if isinstance(c.name, str)]
        if any(name in failing for name in called):
            expected_somewhere = True
            if run.exception is not None and run.exception.type == "RuntimeError":
                return Outcome(
                    False,
                    tr(
                        "In run {run}, run_tool raised RuntimeError ({message}) and your loop "
                        "let it escape. Catch exceptions around each tool call and send a "
                        'tool_result with `"is_error": true` instead.',
                        run=run.index + 1,
                        message=quote(run.exception.message),
                    ),
                )
            if not answered:
                return Outcome(
                    False,
                    tr(
                        "In run {run}, a tool raised and no request sent its error result back. "
                        "Answer every call, failed ones included.",
                        run=run.index + 1,
                    ),
                )
    if not expected_somewhere:
        return Outcome(
            False,
            tr(
                "The tool that fails was never run, so there is nothing to judge yet: run every "
                "call the model asks for."
            ),
        )
    return Outcome(True)


@check("returns-last-response", kinds=("python",))
def returns_last_response(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns the reply to its last request, as `client.messages.create` gave it."""
    for run in ctx.runs:
        problem = raised(run)
        if problem:
            return problem
        last = len(run.requests) - 1
        returned = run.returned
        if last >= 0 and isinstance(returned, dict) and returned.get("__reply__") == last:
            continue
        if isinstance(returned, dict) and isinstance(returned.get("__reply__"), int):
            why = tr(
                "the reply to request {request}, not to the last one (request {last})",
                request=returned["__reply__"] + 1,
                last=last + 1,
            )
        else:
            why = quote(returned)
        return Outcome(
            False,
            tr(
                "Run {run} returned {what}. Return the last response `client.messages.create` "
                "gave you, as it is: the final answer, or the reply on which the cap stopped "
                "the loop.",
                run=run.index + 1,
                what=why,
            ),
        )
    return Outcome(True)
