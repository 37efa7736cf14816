"""Checks of search-leads: what a search tool returns, against the support code's key.

Each check names the first cause it can see (a line counted twice, a path outside the
project, lines counted from 0, matches sorted ignoring case, a list cut before sorting)
before it falls back on the raw difference.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RUNS_SCHEMA,
    _count_matches,
    _exception_name,
    _judged,
    _location,
    is_sentence,
    is_whole,
    not_scenario,
    params_schema,
    raised,
    selected,
    type_slip,
)

_REGEX_SIGNS = re.compile(r"[\\^$.|?*+()\[\]{}]")


def _search_runs(ctx: PythonContext, params: Mapping) -> list:
    return [
        run
        for run in selected(ctx, params)
        if isinstance(run.expected, dict) and isinstance(run.expected.get("matches"), list)
    ]


def _literal(value: Any) -> str:
    """A call argument as the learner would type it: a raw string for a pattern with
    backslashes (`r"def \\w+\\("`), so no printable character is shown escaped."""
    if (
        isinstance(value, str)
        and "\\" in value
        and '"' not in value
        and value.isprintable()
        and not value.endswith("\\")
        and len(value) <= 60
    ):
        return f'r"{value}"'
    return quote(value)


def _search_call(run) -> str:
    call = run.call
    args = [_literal(call.get("pattern"))]
    if "path" in call:
        args.append(f"path={_literal(call.get('path'))}")
    if "max_results" in call:
        args.append(f"max_results={call.get('max_results')}")
    return tr("run {run}, `search_code({args})`", run=run.index + 1, args=", ".join(args))


def _search_result(run, ctx) -> tuple[dict | None, Outcome | None]:
    """The returned search result when it has the shape to read; else a failed Outcome."""
    problem = raised(run, ctx)
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
    return _judged(_search_runs(ctx, params), lambda run: _search_result(run, ctx), no_run)


def _occurrences(pattern: Any, lines: list) -> int | None:
    """How often `pattern` occurs in the matching lines (each occurrence, not each line)."""
    try:
        regex = re.compile(pattern)
    except (re.error, TypeError):
        return None
    return sum(sum(1 for _ in regex.finditer(m["text"])) for m in lines)


_SEARCH_PARAMS = params_schema({"runs": RUNS_SCHEMA})


@check("search-shape", kinds=("python",), params=_SEARCH_PARAMS)
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
            for key, kind in (("file", "string"), ("line", "whole number"), ("snippet", "string")):
                value = item.get(key)
                fits = is_whole(value) if kind == "whole number" else isinstance(value, str)
                if fits:
                    continue
                if key not in item:
                    return Outcome(
                        False,
                        tr(
                            "In {where}, match {number} has no `{key}`; each match is "
                            '`{{"file": ..., "line": ..., "snippet": ...}}`.',
                            where=where,
                            number=number,
                            key=key,
                        ),
                    )
                return Outcome(
                    False,
                    tr(
                        "In {where}, match {number}: `{key}` should be {slip}.",
                        where=where,
                        number=number,
                        key=key,
                        slip=type_slip(value, kind),
                    ),
                )
        total = returned.get("total_matches")
        if not is_whole(total):
            return Outcome(
                False,
                tr(
                    "In {where}, `total_matches` should be {slip}.",
                    where=where,
                    slip=type_slip(total, "whole number"),
                ),
            )
        if not isinstance(returned.get("truncated"), bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` should be {slip}.",
                    where=where,
                    slip=type_slip(returned.get("truncated"), "boolean"),
                ),
            )
    return Outcome(True)


def _pair(item: Any) -> tuple:
    """A returned match as (file, line); a value of the wrong type is None (the shape
    criterion names it)."""
    if not isinstance(item, dict):
        return None, None
    file, line = item.get("file"), item.get("line")
    return (file if isinstance(file, str) else None, line if is_whole(line) else None)


def _under(name: str, path: Any) -> bool:
    """`name` (relative to the root) lies under the folder `path` (relative to the root)."""
    if not isinstance(path, str):
        return True
    folder = path.strip("/").removeprefix("./")
    if folder in ("", "."):
        return True
    return name == folder or name.startswith(folder.rstrip("/") + "/")


def _order_problem(where: str, got: list, wanted: list, everything: list, cap: int):
    """The named cause of matches that are real but not the first `cap` in order."""
    ignoring_case = sorted(everything, key=lambda m: (m[0].lower(), m[1]))
    if got == ignoring_case[: len(got)] and got != wanted:
        return tr(
            "In {where}, the matches are sorted by file name ignoring case. Sort by `file` as "
            "plain strings (capitals first, so {first} comes before {second}), then by line.",
            where=where,
            **_case_example(everything),
        )
    if sorted(map(repr, got)) == sorted(map(repr, wanted)):
        return tr(
            "In {where}, the right matches come back in the wrong order. Sort by file "
            "(as strings), then by line number.",
            where=where,
        )
    if got == sorted(got):
        return tr(
            "In {where}, your matches are sorted, but they are not the first {n} of all the "
            "matches: the list was cut before it was sorted. Collect every match, sort them "
            "all by file and line, then keep the first max_results.",
            where=where,
            n=len(wanted),
        )
    return None


def _case_example(everything: list) -> dict:
    names = sorted({f for f, _ in everything})
    upper = [n for n in names if n[:1].isupper()]
    lower = [n for n in names if n[:1].islower()]
    if upper and lower and upper[0].lower() > lower[0].lower():
        return {"first": quote(upper[0]), "second": quote(lower[0])}
    return {"first": '"README.md"', "second": '"app.py"'}


@check("search-matches", kinds=("python",), params=_SEARCH_PARAMS)
def search_matches(ctx: PythonContext, params: Mapping) -> Outcome:
    """The first `max_results` true matches, by (file, line), paths relative to the root."""
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        found = _Found.of(run, returned)
        if found.got == found.wanted:
            continue
        for step in _MATCH_PROBLEMS:
            message = step(found)
            if message:
                return Outcome(False, message)
    return Outcome(True)


@dataclass(frozen=True)
class _Found:
    """One run's matches beside the true ones, as (file, line) pairs."""

    run: Any
    where: str
    #: every true match, in order
    everything: list
    #: how many the run may return
    cap: int
    #: the first `cap` true matches: what the run should return
    wanted: list
    #: what the run returned
    got: list

    @classmethod
    def of(cls, run, returned: Mapping) -> _Found:
        everything = [(m["file"], m["line"]) for m in run.expected["matches"]]
        cap = run.expected.get("max_results", len(everything))
        cap = cap if is_whole(cap) else len(everything)
        got = [_pair(m) for m in returned["matches"]]
        return cls(run, _search_call(run), everything, cap, everything[:cap], got)


def _unreadable_match(found: _Found) -> str | None:
    odd = next((n for n, (f, line) in enumerate(found.got, 1) if f is None or line is None), None)
    if odd is None:
        return None
    return tr(
        "Not judged yet: in {where}, match {number} has no `file` string and "
        "`line` number to compare.",
        where=found.where,
        number=odd,
    )


def _repeated_match(found: _Found) -> str | None:
    real = set(found.everything)
    seen: set = set()
    for number, item in enumerate(found.got, 1):
        if item in seen and item in real:
            return tr(
                "In {where}, match {number} repeats {file} line {line}: a line counts "
                "once, however often the pattern occurs in it.",
                where=found.where,
                number=number,
                file=quote(item[0]),
                line=item[1],
            )
        seen.add(item)
    return None


def _path_not_relative(found: _Found) -> str | None:
    files = {f for f, _ in found.everything}
    for name, _ in found.got:
        if isinstance(name, str) and name not in files:
            same = [f for f in files if name.endswith(f) or f.endswith(name)]
            if same or "\\" in name or name.startswith(("/", "./")):
                example = quote(sorted(same)[0]) if same else '"billing/refunds.py"'
                return tr(
                    "In {where}, a match names the file {name}. Give paths relative to "
                    "the project root, with `/`, such as {example}.",
                    where=found.where,
                    name=quote(name),
                    example=example,
                )
    return None


def _outside_the_folder(found: _Found) -> str | None:
    path = found.run.call.get("path", ".")
    for number, (name, _line) in enumerate(found.got, 1):
        if isinstance(name, str) and not _under(name, path):
            return tr(
                "In {where}, match {number} is in {file}, which is not under the folder "
                "{path}. Search only the files under `path`.",
                where=found.where,
                number=number,
                file=quote(name),
                path=quote(path),
            )
    return None


def _not_real_matches(found: _Found) -> str | None:
    """Lines counted from 0, a pattern read as plain text, or a line that does not match."""
    got, real = found.got, set(found.everything)
    shifted = [(f, n + 1 if is_whole(n) else n) for f, n in got]
    if got and not set(got) <= real and set(shifted) <= real:
        return tr(
            "In {where}, every line number is one too small: count lines from 1, as an "
            "editor shows them.",
            where=found.where,
        )
    pattern = found.run.call.get("pattern")
    if not got and found.wanted and isinstance(pattern, str) and _REGEX_SIGNS.search(pattern):
        return tr(
            "In {where}, you found no match; there are {total}. The pattern is a "
            "regular expression: a line matches when `re.search(pattern, line)` finds "
            "something, not when the pattern's text appears in it as it is.",
            where=found.where,
            total=len(found.everything),
        )
    invented = [g for g in got if g not in real]
    if invented:
        return tr(
            "In {where}, match {number} is {file} line {line}, but that line does not "
            "match the pattern: a line matches when `re.search(pattern, line)` finds "
            "something in it.",
            where=found.where,
            number=got.index(invented[0]) + 1,
            file=quote(invented[0][0]),
            line=quote(invented[0][1]),
        )
    return None


def _wrong_count(found: _Found) -> str | None:
    if len(found.got) > found.cap:
        return tr(
            "In {where}, you returned {matches}; max_results is {cap}, so return at "
            "most {cap}: the first ones by file and line.",
            where=found.where,
            matches=_count_matches(len(found.got)),
            cap=found.cap,
        )
    if len(found.got) != len(found.wanted):
        return tr(
            "In {where}, you returned {matches}; there are {total} in all, so the result "
            "should hold {wanted} (at most max_results={cap}).",
            where=found.where,
            matches=_count_matches(len(found.got)),
            total=len(found.everything),
            wanted=len(found.wanted),
            cap=found.cap,
        )
    return None


def _first_difference(found: _Found) -> str:
    """The order's mistake when it has a name, else the first match that differs."""
    got, wanted = found.got, found.wanted
    named = _order_problem(found.where, got, wanted, found.everything, found.cap)
    if named:
        return named
    first = next(i for i, (g, w) in enumerate(zip(got, wanted, strict=False)) if g != w)
    return tr(
        "In {where}, match {number} is {file} line {line}, expected {wanted_file} line "
        "{wanted_line}: {why}.",
        where=found.where,
        number=first + 1,
        file=quote(got[first][0]),
        line=quote(got[first][1]),
        wanted_file=quote(wanted[first][0]),
        wanted_line=wanted[first][1],
        why=tr(
            "that match is real but not one of the first ones: cut the list only after "
            "sorting all matches by file and line"
        ),
    )


#: what can be wrong with a run's matches, the first cause first
_MATCH_PROBLEMS = (
    _unreadable_match,
    _repeated_match,
    _path_not_relative,
    _outside_the_folder,
    _not_real_matches,
    _wrong_count,
    _first_difference,
)


_ELLIPSES = ("...", "\u2026")


@check(
    "search-snippets",
    kinds=("python",),
    params=params_schema(
        {
            "runs": RUNS_SCHEMA,
            "max": {"type": "integer", "minimum": 1, "description": "most characters (200)"},
        }
    ),
)
def search_snippets(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each snippet is taken from its line: the whole line if short, else at most `max` chars.

    Leading and trailing spaces may be stripped; a cut line may end with "..." (within the
    limit).
    """
    limit = params.get("max", 200)
    limit = limit if is_whole(limit) else 200
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
            core = snippet
            if len(line.strip()) > limit and core.endswith(_ELLIPSES):
                core = core.removesuffix("...").removesuffix("\u2026")
            if not core.strip() or core.strip() not in line:
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


@check("search-total", kinds=("python",), params=_SEARCH_PARAMS)
def search_total(ctx: PythonContext, params: Mapping) -> Outcome:
    """`total_matches` is the true count, and `truncated` says whether matches were left out.

    A value of the wrong type is left to `search-shape` ("not judged yet").
    """
    for run, returned, problem in _search_results(ctx, params):
        if problem:
            return problem
        where = _search_call(run)
        total = len(run.expected["matches"])
        cap = run.expected.get("max_results", total)
        cap = cap if is_whole(cap) else total
        got = returned.get("total_matches")
        if not is_whole(got):
            return Outcome(
                False,
                tr(
                    "Not judged yet: in {where}, `total_matches` is not a whole number.",
                    where=where,
                ),
            )
        if got != total:
            shown = len(returned["matches"])
            values = {"where": where, "got": quote(got), "total": total}
            occurrences = _occurrences(run.call.get("pattern"), run.expected["matches"])
            if occurrences is not None and got == occurrences != total:
                message = tr(
                    "In {where}, `total_matches` is {got}, the number of times the pattern "
                    "occurs; {total} lines match. A line counts once, however often the pattern "
                    "occurs in it.",
                    **values,
                )
            elif got == shown and shown != total:
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
        flag = returned.get("truncated")
        if not isinstance(flag, bool):
            return Outcome(
                False,
                tr("Not judged yet: in {where}, `truncated` is not true or false.", where=where),
            )
        if flag is not (total > cap):
            if total == cap:
                return Outcome(
                    False,
                    tr(
                        "In {where}, `truncated` is true, but the search finds {total} matches "
                        "and max_results is {cap}: every match fits, so nothing was left out. "
                        "`truncated` is true only when there are more matches than max_results.",
                        where=where,
                        total=total,
                        cap=cap,
                    ),
                )
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` is {value}; with {total} matches and "
                    "max_results={cap} it should be {expected}.",
                    where=where,
                    value=quote(flag),
                    total=total,
                    cap=cap,
                    expected="true" if total > cap else "false",
                ),
            )
    return Outcome(True)


def _only_regex_error(message: str, pattern: Any, words: int) -> bool:
    """The message is the `re.error` the pattern raises, with fewer than `words` words of its
    own beside it (a label such as "Invalid regex:" does not make it advice)."""
    if not isinstance(pattern, str):
        return False
    try:
        re.compile(pattern)
    except re.error as exc:
        rest = message
        for echo in (str(exc), str(getattr(exc, "msg", "") or "")):
            if echo.strip():
                rest = rest.replace(echo, " ")
        if rest == message:
            return False
        return len(re.findall(r"[^\W\d_]{2,}", rest)) < words
    return False


@check(
    "returned-error",
    kinds=("python",),
    params=params_schema(
        {
            "code": {"type": "string", "description": "the error code those runs expect"},
            "text_fields": {
                "type": "array",
                "items": {"type": "string"},
                "description": "keys of the error that must hold a sentence",
            },
            "runs": RUNS_SCHEMA,
            "own_words": {
                "type": "integer",
                "minimum": 1,
                "description": "words a text field must hold besides the error re.compile "
                "raises for the call's pattern: str(exc) alone is written for a log",
            },
        },
        required=["code"],
    ),
)
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
            problem = not_scenario(run, ctx)
            if problem:
                return problem
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
            if isinstance(returned, dict) and "error" not in returned and "matches" in returned:
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result is an ordinary search result (with no match); "
                        'it should be the error `{{"error": {code}, "message": ...}}`.',
                        where=where,
                        code=quote(code),
                    ),
                )
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
        problem = _error_text_problem(run, returned, where, code, params)
        if problem is not None:
            return problem
    return Outcome(True)


def _error_text_problem(run, returned: dict, where: str, code, params: Mapping) -> Outcome | None:
    """The first of the error's `text_fields` that is no sentence of the learner's own."""
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
        if not is_sentence(value, code):
            return Outcome(
                False,
                tr(
                    "In {where}, `{key}` is {text}: a placeholder, not a sentence the model "
                    "can act on. Say what went wrong and what to send instead.",
                    where=where,
                    key=key,
                    text=quote(value, 60),
                ),
            )
        if params.get("own_words") and _only_regex_error(
            value, run.call.get("pattern"), int(params["own_words"])
        ):
            return Outcome(
                False,
                tr(
                    "In {where}, `{key}` is {text}: only the error Python raised, written "
                    "for a log. Tell the model, in words of your own, what to fix in its "
                    "pattern.",
                    where=where,
                    key=key,
                    text=quote(value, 80),
                ),
            )
    return None
