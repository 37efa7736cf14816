"""Checks of search-leads: what a search tool returns, against the support code's key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from checker.checks import Outcome, check, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    _count_matches,
    _exception_name,
    _judged,
    _location,
    raised,
    selected,
)


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


def _search_results(ctx: PythonContext, params: Mapping):
    """`_judged` over the search runs."""
    no_run = tr("No search ran to the end, so there is nothing to judge yet.")
    return _judged(_search_runs(ctx, params), _search_result, no_run)


# --------------------------------------------------------------------- errors as data


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
