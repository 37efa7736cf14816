"""Checks of the cost lesson's counting exercises: token-ledger and count-round-trips.

Both compute their key from the run the exercise describes (in its `given`), so each wrong
number can be matched against the misconceptions that produce it: the definitions counted
once, the request for the final answer forgotten, the history left out, a cache read
charged on the first request, calls that need another's result put in its round. A
number that merely follows from an earlier wrong one ("the sum of your per_request") is
"not judged yet", so one mistake gives one message.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from checker.checks import JsonContext, Outcome, check, diag, quote, tr, trn

TOLERANCE = 0.05
FIELDS = (
    "requests",
    "per_request",
    "input_tokens_total",
    "definition_share_pct",
    "cached_equivalent_tokens",
)

_RUN_SCHEMA = {
    "type": "object",
    "required": ["definitions", "system", "tool_prompt", "messages", "cache_write", "cache_read"],
    "additionalProperties": False,
    "properties": {
        "definitions": {"type": "integer", "description": "tokens of the tools parameter"},
        "system": {"type": "integer", "description": "tokens of the system prompt"},
        "tool_prompt": {
            "type": "integer",
            "description": "tokens of the automatic tool-use system prompt",
        },
        "messages": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "tokens of each message, user first, then alternating",
        },
        "cache_write": {"type": "number", "description": "a token written to the cache counts"},
        "cache_read": {"type": "number", "description": "a token read from the cache counts"},
    },
}


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _close(a: float | None, b: float, tolerance: float = 0.5) -> bool:
    return a is not None and abs(a - b) <= tolerance


class _Run:
    """The run the exercise describes, and the key computed from it."""

    def __init__(self, run: Mapping) -> None:
        self.defs = run["definitions"]
        self.system = run["system"]
        self.tool_prompt = run["tool_prompt"]
        self.fixed = self.defs + self.system + self.tool_prompt
        self.messages = list(run["messages"])
        self.write = run["cache_write"]
        self.read = run["cache_read"]
        #: the index of each assistant message: the reply to one request each
        self.replies = [i for i in range(len(self.messages)) if i % 2 == 1]
        self.requests = len(self.replies)
        self.per_request = [self.fixed + sum(self.messages[:i]) for i in self.replies]
        self.total = sum(self.per_request)
        self.share = round(self.defs * self.requests / self.total * 100, 1)
        self.cached = self.cached_for(self.total, self.requests)

    def cached_for(self, total: float, requests: int) -> float:
        """The cached equivalent of a run of `total` input tokens in `requests` requests."""
        if requests < 1:
            return total
        return (
            total
            - self.defs * requests
            + self.defs * self.write
            + self.defs * self.read * (requests - 1)
        )


def _fail(path: str, message: str) -> Outcome:
    return Outcome(False, message, [diag(path, message)])


def _not_judged(path: str, cause: str) -> Outcome:
    return _fail(path, tr("Not judged yet: {cause}.", cause=cause))


def _requests_wrong(run: _Run, answer: Mapping) -> bool:
    return answer.get("requests") != run.requests


def _per_request_right(run: _Run, answer: Mapping) -> bool:
    got = answer.get("per_request")
    return (
        isinstance(got, list)
        and len(got) == run.requests
        and all(_close(_number(g), w) for g, w in zip(got, run.per_request))
    )


def _own_total(answer: Mapping) -> float | None:
    got = answer.get("per_request")
    if not isinstance(got, list) or not got:
        return None
    numbers = [_number(g) for g in got]
    return None if None in numbers else sum(numbers)  # type: ignore[arg-type]


def _judge_requests(run: _Run, answer: Mapping) -> Outcome:
    got = answer.get("requests")
    if got == run.requests and _number(got) is not None:
        return Outcome(True)
    if _number(got) is None:
        return _not_judged("/requests", tr("`requests` is not a number yet"))
    last = len(run.messages) - 1
    if got == run.requests - 1:
        message = tr(
            "`requests` is {got}: the request that produced the final answer (message {last}) "
            "counts too. Every assistant message is the reply to one request.",
            got=quote(got),
            last=last,
        )
    elif got == len(run.messages):
        message = tr(
            "`requests` is {got}, one per message; a request is what each assistant message "
            "answers, so count the assistant messages.",
            got=quote(got),
        )
    elif got == run.requests + 1:
        message = tr(
            "`requests` is {got}: message {last} is the final answer, and no request follows it.",
            got=quote(got),
            last=last,
        )
    else:
        message = tr(
            "`requests` is {got}. Count the assistant messages: each one is the reply to one "
            "request.",
            got=quote(got),
        )
    return _fail("/requests", message)


def _entry_cause(run: _Run, i: int, value: float) -> tuple[str, str] | None:
    """(kind, words): why request `i` (from 0) has `value` instead of its key, when a known
    slip explains it."""
    want = run.per_request[i]
    n = i + 1
    reply = run.replies[i]
    if i > 0 and _close(value, want - run.defs):
        return "once", tr(
            "request {n} leaves out the {defs} tokens of tool definitions: they are sent with "
            "every request, not only the first",
            n=n,
            defs=run.defs,
        )
    if _close(value, want - run.fixed):
        return "fixed", tr(
            "request {n} leaves out the {fixed} tokens sent with every request (tool "
            "definitions, system prompt, tool-use system prompt)",
            n=n,
            fixed=run.fixed,
        )
    if i > 0 and _close(value, run.fixed + sum(run.messages[run.replies[i - 1] : reply])):
        return "newest", tr(
            "request {n} counts only the newest messages; a request carries the whole history, "
            "every message before its reply",
            n=n,
        )
    if _close(value, want + run.messages[reply]):
        return "output", tr(
            "request {n} counts its own reply (message {reply}) as input; a reply is output "
            "when it is generated, and input only in the requests after it",
            n=n,
            reply=reply,
        )
    if _close(value, want - run.tool_prompt):
        return "tool_prompt", tr(
            "request {n} leaves out the automatic tool-use system prompt ({tokens} tokens), "
            "sent with every request that has tools",
            n=n,
            tokens=run.tool_prompt,
        )
    if _close(value, want - run.system):
        return "system", tr(
            "request {n} leaves out your system prompt ({tokens} tokens)",
            n=n,
            tokens=run.system,
        )
    return None


def _judge_per_request(run: _Run, answer: Mapping) -> Outcome:
    got = answer.get("per_request")
    if _per_request_right(run, answer):
        return Outcome(True)
    if not isinstance(got, list) or any(_number(g) is None for g in got):
        return _not_judged("/per_request", tr("`per_request` is not a list of numbers yet"))
    if not got:
        return _fail(
            "/per_request",
            tr("`per_request` is empty: give the input tokens of each request, in order."),
        )
    if len(got) != run.requests:
        if _requests_wrong(run, answer) and len(got) == answer.get("requests"):
            right = all(_close(_number(g), w) for g, w in zip(got, run.per_request))
            cause = (
                tr("its entries are right so far, one per request you counted; fix `requests`")
                if right
                else tr("it has one entry per request you counted; fix `requests` first")
            )
            return _not_judged("/per_request", cause)
        return _fail(
            "/per_request",
            tr(
                "`per_request` has {n} entries; the run made {requests} requests, and each "
                "needs its entry.",
                n=len(got),
                requests=run.requests,
            ),
        )
    wrong = [i for i, (g, w) in enumerate(zip(got, run.per_request)) if not _close(_number(g), w)]
    first = wrong[0]
    causes = [_entry_cause(run, i, _number(got[i])) for i in wrong]  # type: ignore[arg-type]
    cause = causes[0][1] if causes[0] else None
    if cause is None:
        last = run.replies[first] - 1
        cause = tr(
            "request {n} is {got}; it carries the fixed {fixed} tokens and messages 0 to {last}",
            n=first + 1,
            got=quote(got[first]),
            fixed=run.fixed,
            last=last,
        )
    others = wrong[1:]
    kinds = {c[0] if c else None for c in causes}
    if others and None not in kinds and len(kinds) == 1:
        more = trn(
            len(others),
            " The same goes for {n} more request.",
            " The same goes for {n} more requests.",
        )
    elif others:
        more = trn(len(others), " {n} more request is off.", " {n} more requests are off.")
    else:
        more = ""
    message = tr("In `per_request`, {cause}.", cause=cause) + more
    return _fail(f"/per_request/{first}", message)


def _judge_total(run: _Run, answer: Mapping) -> Outcome:
    got = _number(answer.get("input_tokens_total"))
    if _close(got, run.total):
        return Outcome(True)
    if got is None:
        return _not_judged("/input_tokens_total", tr("`input_tokens_total` is not a number yet"))
    own = _own_total(answer)
    if own is not None and _close(got, own):
        return _not_judged(
            "/input_tokens_total",
            tr("it is the sum of your `per_request`, which is off; fix that first"),
        )
    if own is not None:
        return _fail(
            "/input_tokens_total",
            tr(
                "`input_tokens_total` is {got}, but your `per_request` adds up to {own}: the "
                "total is the sum of the requests' input.",
                got=quote(answer.get("input_tokens_total")),
                own=quote(int(own) if float(own).is_integer() else own),
            ),
        )
    return _fail(
        "/input_tokens_total",
        tr(
            "`input_tokens_total` is {got}; it is the sum of every request's input tokens.",
            got=quote(answer.get("input_tokens_total")),
        ),
    )


def _judge_share(run: _Run, answer: Mapping) -> Outcome:
    raw = answer.get("definition_share_pct")
    got = _number(raw)
    if _close(got, run.share, TOLERANCE):
        return Outcome(True)
    if got is None:
        return _not_judged(
            "/definition_share_pct", tr("`definition_share_pct` is not a number yet")
        )
    total = run.total
    shown = quote(raw)
    if _close(got * 100, run.share, 0.5):
        message = tr(
            "`definition_share_pct` is {got}, a fraction; give the percentage (the fraction "
            "times 100), to one decimal place.",
            got=shown,
        )
    elif _close(got, (run.defs + run.tool_prompt) * run.requests / total * 100, TOLERANCE):
        message = tr(
            "`definition_share_pct` is {got}: it counts the automatic tool-use system prompt "
            "as part of the definitions. The definitions are the `tools` parameter's {defs} "
            "tokens only.",
            got=shown,
            defs=run.defs,
        )
    elif _close(got, run.fixed * run.requests / total * 100, TOLERANCE):
        message = tr(
            "`definition_share_pct` is {got}: it counts everything sent with every request. "
            "The definitions are the `tools` parameter's {defs} tokens only.",
            got=shown,
            defs=run.defs,
        )
    elif _close(got, run.defs / total * 100, TOLERANCE):
        message = tr(
            "`definition_share_pct` is {got}: it counts the definitions once, but every one of "
            "the {requests} requests carries them.",
            got=shown,
            requests=run.requests,
        )
    else:
        own_total = _number(answer.get("input_tokens_total"))
        own_requests = answer.get("requests")
        counts = {1, run.requests}
        if is_count(own_requests):
            counts.add(own_requests)
        consistent = bool(own_total) and any(
            _close(got, run.defs * r / own_total * 100, TOLERANCE)  # type: ignore[operator]
            for r in counts
        )
        if consistent and not _close(own_total, run.total):
            return _not_judged(
                "/definition_share_pct",
                tr("it follows from your `input_tokens_total`, which is off; fix that first"),
            )
        message = tr(
            "`definition_share_pct` is {got}. It is the tokens of the definitions in all the "
            "requests, as a percentage of the total input, to one decimal place.",
            got=shown,
        )
    return _fail("/definition_share_pct", message)


def _judge_cached(run: _Run, answer: Mapping) -> Outcome:
    raw = answer.get("cached_equivalent_tokens")
    got = _number(raw)
    if _close(got, run.cached):
        return Outcome(True)
    if got is None:
        return _not_judged(
            "/cached_equivalent_tokens", tr("`cached_equivalent_tokens` is not a number yet")
        )
    shown = quote(raw)
    rest = run.total - run.defs * run.requests
    if _close(got, rest + run.defs * run.read * run.requests):
        message = tr(
            "`cached_equivalent_tokens` is {got}: it charges the cheap cache read on the first "
            "request too. The first request writes the cache ({write} per token); reads start "
            "with the second.",
            got=shown,
            write=run.write,
        )
    elif _close(got, rest + run.defs + run.defs * run.read * (run.requests - 1)):
        message = tr(
            "`cached_equivalent_tokens` is {got}: it counts the first request's definitions at "
            "1, but a token written to the cache counts {write}.",
            got=shown,
            write=run.write,
        )
    elif _close(got, rest + run.defs * run.write * run.requests):
        message = tr(
            "`cached_equivalent_tokens` is {got}: it writes the cache on every request. Only "
            "the first writes; the later ones read it at {read} per token.",
            got=shown,
            read=run.read,
        )
    elif _close(got, run.total - run.cached):
        message = tr(
            "`cached_equivalent_tokens` is {got}, the saving; give the run's total input with "
            "caching, counted with the multipliers.",
            got=shown,
        )
    elif _close(got, run.per_request[0] * run.write + sum(run.per_request[1:]) * run.read):
        message = tr(
            "`cached_equivalent_tokens` is {got}: it applies the multipliers to whole "
            "requests. Only the {defs} tokens of definitions are cached; the rest of each "
            "request counts as 1.",
            got=shown,
            defs=run.defs,
        )
    else:
        own_total = _number(answer.get("input_tokens_total"))
        own_requests = answer.get("requests")
        counts = {1, run.requests}
        if is_count(own_requests):
            counts.add(own_requests)
        if (
            own_total is not None
            and any(_close(got, run.cached_for(own_total, r)) for r in counts)
            and not (_close(own_total, run.total) and own_requests == run.requests)
        ):
            return _not_judged(
                "/cached_equivalent_tokens",
                tr("it follows from your `requests` and `input_tokens_total`; fix those first"),
            )
        message = tr(
            "`cached_equivalent_tokens` is {got}. Start from the total input: the definitions "
            "count {write} per token in the first request and {read} in each later one; "
            "everything else counts 1.",
            got=shown,
            write=run.write,
            read=run.read,
        )
    return _fail("/cached_equivalent_tokens", message)


_JUDGES = {
    "requests": _judge_requests,
    "per_request": _judge_per_request,
    "input_tokens_total": _judge_total,
    "definition_share_pct": _judge_share,
    "cached_equivalent_tokens": _judge_cached,
}


@check(
    "token-ledger",
    kinds=("json",),
    params={
        "type": "object",
        "required": ["field", "run"],
        "additionalProperties": False,
        "properties": {
            "field": {"enum": list(FIELDS), "description": "the answer's field to judge"},
            "run": _RUN_SCHEMA,
        },
    },
)
def token_ledger(ctx: JsonContext, params: Mapping) -> Outcome:
    """One field of a token ledger (`field`), against the key computed from the run given.

    The run (`run`): the tokens of the definitions, the system prompt and the tool-use
    system prompt (sent with every request), of each message (user first, alternating), and
    the cache multipliers. A wrong number that a known slip explains is named as that slip;
    one that follows from an earlier wrong field is "not judged yet".
    """
    answer = ctx.value
    if not isinstance(answer, dict):
        return Outcome(False, tr("Not judged yet: the answer is not a JSON object."))
    run = _Run(params["run"])
    return _JUDGES[params["field"]](run, answer)


# --------------------------------------------------------------------- round trips


def _levels(needs: Mapping[str, list]) -> dict[str, int]:
    """The round (from 1) each call can run in at the earliest."""
    levels: dict[str, int] = {}

    def level(name: str, seen: tuple = ()) -> int:
        if name in levels:
            return levels[name]
        if name in seen:
            return 1
        before = [level(n, seen + (name,)) for n in needs.get(name, []) if n in needs]
        levels[name] = 1 + max(before, default=0)
        return levels[name]

    for name in needs:
        level(name)
    return levels


def _names(items: list[str]) -> str:
    items = [f"`{i}`" for i in items]
    if len(items) <= 1:
        return "".join(items)
    return tr("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


@check(
    "round-trips",
    kinds=("json",),
    params={
        "type": "object",
        "required": ["task", "needs"],
        "additionalProperties": False,
        "properties": {
            "task": {"type": "string", "description": "the task's key in the answer"},
            "needs": {
                "type": "object",
                "description": "each call of the task, and the calls whose results it needs",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        },
    },
)
def round_trips(ctx: JsonContext, params: Mapping) -> Outcome:
    """The minimum requests of one task (`task`), with parallel calls and one call per reply.

    `needs` gives each call and the calls whose results it needs. With parallel calls the
    minimum is the longest chain plus the request for the answer; with one call per reply,
    one request per call plus that one.
    """
    task = params["task"]
    needs = params["needs"]
    levels = _levels(needs)
    parallel = max(levels.values(), default=0) + 1
    single = len(needs) + 1
    answer = ctx.value
    entry = answer.get(task) if isinstance(answer, dict) else None
    path = f"/{task}"
    if not isinstance(entry, dict):
        return _not_judged(path, tr("there is no entry for {task} yet", task=quote(task)))
    got_p, got_s = entry.get("parallel"), entry.get("one_per_reply")
    if _number(got_p) is None or _number(got_s) is None:
        return _not_judged(path, tr("its counts are not both numbers yet"))
    if got_p < 1 or got_s < 1:
        return _not_judged(
            path,
            tr("its counts are not filled in yet (every task takes at least one request)"),
        )
    p_ok, s_ok = got_p == parallel, got_s == single
    if p_ok and s_ok:
        return Outcome(True)
    if got_p == parallel - 1 and got_s == single - 1:
        return _fail(
            path,
            tr(
                "{task}: both counts leave out the request that writes the final answer: after "
                "the last result comes back, the model needs one more request to answer.",
                task=quote(task),
            ),
        )
    parts = []
    if not p_ok:
        parts.append(_parallel_cause(task, needs, levels, got_p, parallel, single))
    if not s_ok:
        if got_s == single - 1:
            cause = tr(
                "`one_per_reply` is {got}: {n} calls take {n} requests, and the answer one more.",
                got=quote(got_s),
                n=len(needs),
            )
        elif got_s == parallel or (not p_ok and got_s == got_p):
            cause = tr(
                "`one_per_reply` is {got}: with one call per reply nothing shares a round, so "
                "each of the {n} calls takes a request of its own, and the answer one more.",
                got=quote(got_s),
                n=len(needs),
            )
        else:
            cause = tr(
                "`one_per_reply` is {got}: one request per call ({n} calls), and one for the "
                "answer.",
                got=quote(got_s),
                n=len(needs),
            )
        parts.append(cause)
    message = tr("{task}: {causes}", task=quote(task), causes=" ".join(parts))
    return _fail(path, message)


def _parallel_cause(task, needs, levels, got, parallel, single) -> str:
    chain = max(levels.values(), default=0)
    shown = quote(got)
    if got == parallel - 1:
        return tr(
            "`parallel` is {got}: it leaves out the request that writes the final answer.",
            got=shown,
        )
    if got < parallel and chain < 2:
        return tr(
            "`parallel` is {got}: the calls need nothing from each other, so they share one "
            "round, and the answer takes one more request.",
            got=shown,
        )
    if got < parallel:
        deep = [n for n in needs if levels[n] == chain]
        name = deep[0] if deep else next(iter(needs), "?")
        first = _chain(name, needs, levels)
        return tr(
            "`parallel` is {got}, but a call must wait for the calls it needs: {chain} each "
            "need the one before, so they take {n} rounds, then the answer.",
            got=shown,
            chain=" \u2192 ".join(f"`{c}`" for c in first),
            n=chain,
        )
    shared = {}
    for name, level in levels.items():
        shared.setdefault(level, []).append(name)
    groups = sorted(
        (sorted(g) for level, g in shared.items() if len(g) > 1),
        key=lambda g: (-len(g), -levels[g[0]]),
    )
    if groups:
        return tr(
            "`parallel` is {got}, but calls whose needs are met share a round: {group} can go "
            "together, so the minimum is the longest chain ({n} rounds) plus the answer.",
            got=shown,
            group=_names(groups[0]),
            n=chain,
        )
    return tr(
        "`parallel` is {got}: the minimum is the longest chain of calls that each need the one "
        "before ({n} rounds), plus the request for the answer.",
        got=shown,
        n=chain,
    )


def _chain(name: str, needs: Mapping, levels: Mapping) -> list[str]:
    """The longest chain of calls that ends at `name`, first call first."""
    chain = [name]
    while True:
        before = [n for n in needs.get(chain[0], []) if n in levels]
        if not before:
            return chain
        chain.insert(0, max(before, key=lambda n: levels[n]))
