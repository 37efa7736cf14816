"""Checks of trim-result: a tool result cut to a token budget, against the support's key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RUNS_SCHEMA,
    _judged,
    _shown,
    estimate_tokens,
    is_whole,
    params_schema,
    raised,
    selected,
    type_slip,
)

#: `budget_param`: the argument that holds the budget (default budget)
_TRIM_PARAMS = params_schema(
    {
        "runs": RUNS_SCHEMA,
        "budget_param": {
            "type": "string",
            "description": "the argument that holds the token budget (default budget)",
        },
    }
)


def _not_judged(cause: str) -> Outcome:
    return Outcome(False, tr("Not judged yet: {cause}.", cause=cause))


def _over(run, params: Mapping, returned) -> bool:
    budget = run.call.get(params.get("budget_param", "budget"))
    return is_whole(budget) and estimate_tokens(returned) > budget


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


def _trim_result(run, params: Mapping, ctx=None) -> tuple[dict | None, Outcome | None]:
    problem = raised(run, ctx)
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


def _trim_results(ctx: PythonContext, params: Mapping):
    """`_judged` over the trim runs."""
    no_run = tr("No run ran to the end, so there is nothing to judge yet.")
    return _judged(_trim_runs(ctx, params), lambda run: _trim_result(run, params, ctx), no_run)


@check("trim-budget", kinds=("python",), params=_TRIM_PARAMS)
def trim_budget(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each result fits its budget by the course estimator, ceil(len(compact JSON) / 4)."""
    runs = _trim_runs(ctx, params)
    if not runs:
        return Outcome(False, tr("No run ran to the end, so there is nothing to judge yet."))
    for run in runs:
        problem = raised(run, ctx)
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


@check("trim-orders", kinds=("python",), params=_TRIM_PARAMS)
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


@check("trim-total", kinds=("python",), params=_TRIM_PARAMS)
def trim_total(ctx: PythonContext, params: Mapping) -> Outcome:
    """`total` is the number of rows given, whatever was kept."""
    for run, returned, problem in _trim_results(ctx, params):
        if problem:
            return problem
        total = run.expected.get("total")
        got = returned.get("total")
        if "total" in returned and not is_whole(got) and str(got).strip() == str(total):
            return Outcome(
                False,
                tr(
                    "In {where}, `total` should be {slip}.",
                    where=_trim_call(run, params),
                    slip=type_slip(got, "whole number"),
                ),
            )
        if got != total or isinstance(got, bool):
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


def _no_next_page(where: str, cursor: Any) -> str:
    """Why a result with nothing left out must not carry `next_cursor`, even null: the task
    says to leave the field out, and a cursor that is there at all reads as a next page."""
    if cursor is None:
        return tr(
            "In {where}, nothing was left out, yet the result has `next_cursor`: null. When "
            "there is no next page, leave `next_cursor` out: a cursor that is there at all "
            "invites the model to ask for more.",
            where=where,
        )
    return tr(
        "In {where}, nothing was left out, yet `next_cursor` is {cursor}. When there is no "
        "next page, leave `next_cursor` out.",
        where=where,
        cursor=quote(cursor),
    )


@check("trim-truncation", kinds=("python",), params=_TRIM_PARAMS)
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
            return _not_judged(
                tr(
                    "in {where}, you returned all {kept} orders, over the budget, so nothing "
                    "is left out to mark",
                    where=where,
                    kept=kept,
                )
            )
        flag = returned.get("truncated")
        if "truncated" in returned and not isinstance(flag, bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` should be {slip}.",
                    where=where,
                    slip=type_slip(flag, "boolean"),
                ),
            )
        if flag is not cut:
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
        elif not cut and "next_cursor" in returned:
            return Outcome(False, _no_next_page(where, cursor))
    return Outcome(True)


@check("trim-fills", kinds=("python",), params=_TRIM_PARAMS)
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
            return _not_judged(
                tr(
                    "in {where}, the result is over the budget; once it fits, this checks "
                    "that one more order would not",
                    where=_trim_call(run, params),
                )
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
        if size == budget:
            return Outcome(
                False,
                tr(
                    "In {where}, you returned {kept} orders, but one more makes exactly {size} "
                    "tokens, the budget itself: a result of exactly `budget` tokens is within "
                    "it. Compare with `<=`, not `<`.",
                    where=_trim_call(run, params),
                    kept=kept,
                    size=size,
                ),
            )
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


@check("trim-complete", kinds=("python",), params=_TRIM_PARAMS)
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
        flag = returned.get("truncated")
        if "truncated" in returned and not isinstance(flag, bool):
            return Outcome(
                False,
                tr(
                    "In {where}, `truncated` should be {slip}.",
                    where=where,
                    slip=type_slip(flag, "boolean"),
                ),
            )
        if flag is not False:
            return Outcome(
                False,
                tr(
                    "In {where}, everything fits, so `truncated` should be false; it is {value}.",
                    where=where,
                    value=_shown(returned, "truncated"),
                ),
            )
        if "next_cursor" in returned:
            return Outcome(False, _no_next_page(where, returned["next_cursor"]))
    return Outcome(True)


@check(
    "arguments-unchanged",
    kinds=("python",),
    params=params_schema(
        {
            "names": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the arguments that must stay unchanged (default all)",
            },
            "runs": RUNS_SCHEMA,
        }
    ),
)
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
