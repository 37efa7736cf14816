"""Checks of errors-as-data: the tool_result block a failed tool call becomes."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RESULT_KEYS,
    RUNS_SCHEMA,
    _exception_name,
    _is_flag,
    _per_run,
    _shown,
    content_text,
    is_sentence,
    is_whole,
    not_scenario,
    params_schema,
    selected,
    type_slip,
)


def _not_judged(cause: str) -> Outcome:
    return Outcome(False, tr("Not judged yet: {cause}.", cause=cause))


def _raised_instead(run) -> str:
    return tr(
        "run {run} raised {type} instead of returning a result",
        run=run.index + 1,
        type=_exception_name(run),
    )


@check(
    "tool-result-block",
    kinds=("python",),
    params=params_schema(
        {
            "id_param": {
                "type": "string",
                "description": "the argument that holds the call's id (default call_id)",
            },
            "runs": RUNS_SCHEMA,
        }
    ),
)
def tool_result_block(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns a tool_result block quoting the id it got (`id_param`), text content.

    A run that raised a failure of the scenario is left to the criteria about that
    failure ("not judged yet"); a bug in the learner's code is reported here.
    """
    id_param = params.get("id_param", "call_id")
    first_id = ctx.runs[0].call.get(id_param) if ctx.runs else None
    waiting = None
    for run in selected(ctx, params):
        if run.exception is not None:
            problem = not_scenario(run, ctx)
            if problem:
                return problem
            waiting = waiting or _raised_instead(run)
            continue
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
                    value=_shown(block, "type"),
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
                    got=_shown(block, "tool_use_id"),
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
                    value=_shown(block, "content"),
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
    if waiting:
        return _not_judged(waiting)
    return Outcome(True)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if is_whole(value):
        return "whole number"
    if isinstance(value, (int, float)):
        return "number"
    return "string"


def _same_spelled(got: Any, want: Any) -> bool:
    """`got` spells `want` in another JSON type: "30" for 30, "true" for true."""
    if type(got) is type(want) or isinstance(want, (dict, list)) or want is None:
        return False
    return str(got).strip().lower() == json.dumps(want).strip('"').lower()


def _inside(value: Any, want: Any) -> bool:
    """`want` is nested somewhere inside `value` (a wrapped result)."""
    if value == want:
        return True
    if isinstance(value, dict):
        return any(_inside(v, want) for v in value.values())
    if isinstance(value, list):
        return any(_inside(v, want) for v in value)
    return False


@check(
    "tool-result-outcome",
    kinds=("python",),
    params=params_schema(
        {
            "runs": RUNS_SCHEMA,
            "what": {"type": "string", "description": "the scenario, for messages"},
            "is_error": {
                "type": "boolean",
                "description": "the flag every selected result must carry (left out: not judged)",
            },
            "exact": {"type": "boolean", "description": "the content must equal `content`"},
            "content": {
                "description": "keys the parsed content must hold: one object, or one per run",
                "oneOf": [
                    {"type": "object"},
                    {"type": "array", "items": {"type": "object"}},
                ],
            },
            "text_fields": {
                "type": "array",
                "items": {"type": "string"},
                "description": "keys of the content that must hold a sentence",
            },
        }
    ),
)
def tool_result_outcome(ctx: PythonContext, params: Mapping) -> Outcome:
    """The selected runs' results carry `is_error` as given and JSON content holding `content`.

    Params: `is_error` (bool; left out, the flag is not judged), `content` (an object, or a
    list of one per selected run: keys the parsed content must hold with those values),
    `exact` (the content must equal it), `text_fields` (keys that must hold a sentence),
    `what` (the scenario, for messages). A criterion without `content` judges only what the
    others cannot see (its `text_fields`): a run that raised, returned no block or content
    that is not a JSON object is "not judged yet" there, since another criterion names it.
    """
    waiting = None
    for position, run in enumerate(selected(ctx, params)):
        verdict = _result_of_run(ctx, params, run, position)
        if isinstance(verdict, Outcome):
            return verdict
        waiting = waiting or verdict
    if waiting:
        return _not_judged(waiting)
    return Outcome(True)


def _result_of_run(ctx: PythonContext, params: Mapping, run, position: int) -> Outcome | str | None:
    """One run's result judged: a failed Outcome, why it is not judged yet, or None (right)."""
    what = params.get("what", "")
    primary = params.get("content") is not None
    where = tr("In run {run}", run=run.index + 1) + (f" ({what})" if what else "")
    if run.exception is not None:
        return _raised(ctx, run, where, primary)
    block = run.returned
    if not isinstance(block, dict) or content_text(block.get("content")) is None:
        return tr("run {run} returned no tool_result block with text content", run=run.index + 1)
    flagged = _flag_problem(block.get("is_error"), params, where)
    if flagged is not None:
        return flagged
    text = content_text(block.get("content"))
    try:
        parsed = json.loads(text) if text is not None else None
    except ValueError:
        if not primary:
            return tr("the content of run {run} is not JSON yet", run=run.index + 1)
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
        wrong = _content_problem(parsed, want, text, run, params, where)
        if wrong is not None:
            return wrong
    elif not isinstance(parsed, dict) and params.get("text_fields"):
        return tr("the content of run {run} is not a JSON object yet", run=run.index + 1)
    return _text_fields_problem(parsed, params, where)


def _raised(ctx: PythonContext, run, where: str, primary: bool) -> Outcome | str:
    """A run whose function raised: not the scenario's doing, waiting, or the failure."""
    if not_scenario(run, ctx):
        return _not_judged(
            tr(
                "run {run} stopped with {type} in your own code",
                run=run.index + 1,
                type=run.exception.type,
            )
        )
    if not primary:
        return _raised_instead(run)
    return Outcome(
        False,
        tr(
            "{where}, your function raised {type}: {message}. Catch it and return a "
            "tool_result instead, so the model learns what went wrong.",
            where=where,
            type=_exception_name(run),
            message=quote(run.exception.message, 120),
        ),
    )


def _flag_problem(flag: Any, params: Mapping, where: str) -> Outcome | None:
    """`is_error` against the criterion's: set on an error result, left out on success."""
    if "is_error" in params and params.get("is_error"):
        if _is_flag(flag):
            return None
        if flag is not None and not isinstance(flag, bool):
            return Outcome(
                False,
                tr(
                    "{where}, `is_error` should be {slip}.",
                    where=where,
                    slip=type_slip(flag, "boolean"),
                ),
            )
        return Outcome(
            False,
            tr(
                '{where}, the result has no `"is_error": true`, so the model would read '
                "the failure as data that worked. Set it on every error result.",
                where=where,
            ),
        )
    if "is_error" in params and flag not in (None, False):
        return Outcome(
            False,
            tr(
                "{where}, the call worked but the result says `is_error`: {flag}. Leave it "
                "out (or false) on success.",
                where=where,
                flag=quote(flag),
            ),
        )
    return None


def _content_problem(
    parsed: Any, want: dict, text: str, run, params: Mapping, where: str
) -> Outcome | None:
    """The parsed content against `want`: equal when `exact`, else holding its keys."""
    if params.get("exact") and parsed != want:
        return _not_unchanged(parsed, want, text, run, where)
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
        got = parsed.get(key)
        if got == value and type(got) is type(value):
            continue
        if key in parsed and _same_spelled(got, value):
            return Outcome(
                False,
                tr(
                    "{where}, `{key}` in the content should be {slip}.",
                    where=where,
                    key=key,
                    slip=type_slip(got, _kind(value)),
                ),
            )
        if got == value:  # 30.0 for 30: the same number
            continue
        return Outcome(
            False,
            tr(
                "{where}, `{key}` in the content is {shown}; it should be {value}.",
                where=where,
                key=key,
                shown=_shown(parsed, key),
                value=quote(value),
            ),
        )
    return None


def _not_unchanged(parsed: Any, want: dict, text: str, run, where: str) -> Outcome:
    """Content that should be the service's value unchanged, with the likely cause."""
    args = run.call.get("args")
    if isinstance(args, dict) and args and _inside(parsed, args):
        return Outcome(
            False,
            tr(
                "{where}, `content` holds {text}: the service got the whole "
                "`args` dict as one argument. Call it as `fn(**args)`, so each "
                "key becomes an argument.",
                where=where,
                text=quote(text, 80),
            ),
        )
    if _inside(parsed, want):
        return Outcome(
            False,
            tr(
                "{where}, `content` holds {text}: the service's value is wrapped "
                "in something else. Send the value itself: `json.dumps(value)`.",
                where=where,
                text=quote(text, 80),
            ),
        )
    return Outcome(
        False,
        tr(
            "{where}, `content` holds {text}; it should be the service's return "
            "value as JSON, unchanged: `json.dumps(result)`.",
            where=where,
            text=quote(text, 80),
        ),
    )


def _text_fields_problem(parsed: Any, params: Mapping, where: str) -> Outcome | None:
    """Each of `text_fields` holds a sentence the model can act on."""
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
        if not is_sentence(value, parsed.get("error")):
            return Outcome(
                False,
                tr(
                    "{where}, `{key}` is {text}: a placeholder, not a sentence the model "
                    "can act on. Say what went wrong and what it can do about it.",
                    where=where,
                    key=key,
                    text=quote(value, 60),
                ),
            )
    return None


#: what a model can do next after a failed call, when the criterion names nothing else
_NEXT_STEP = r"retry|try again|wait|later|without|instead|tell the user|ask|skip|stop|another"


def _without(text: str, echo: str | None) -> str:
    """`text` with the exception's own words (`echo`) taken out, case aside."""
    if not echo:
        return text
    return re.sub(re.escape(echo.strip()), " ", text, flags=re.IGNORECASE)


def _own_words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]{2,}", text)


@check(
    "error-advice",
    kinds=("python",),
    params=params_schema(
        {
            "runs": RUNS_SCHEMA,
            "what": {"type": "string", "description": "the scenario, for messages"},
            "field": {
                "type": "string",
                "description": "the key of the JSON content that holds the sentence (message)",
            },
            "next_step": {
                "type": "string",
                "description": "a regular expression (any case) for what the model can do next",
            },
            "advice": {
                "type": "string",
                "description": "the next steps in words, for messages (wait and retry, ...)",
            },
        },
    ),
)
def error_advice(ctx: PythonContext, params: Mapping) -> Outcome:
    """The selected runs' error content holds a `field` sentence (default `message`) that
    tells the model what it can do next (`next_step`, a pattern) in words of its own.

    The exception's own text (the run's key `exception_text`, from the support code's
    `expected`) does not count: a message that only repeats `str(exc)`, with or without a
    short label, is written for a log, not for the model. `advice` says the next steps in
    words for the messages. A run that raised or returned no JSON object is left to the
    criteria that name it ("not judged yet").
    """
    what = params.get("what", "")
    field = params.get("field", "message")
    pattern = re.compile(str(params.get("next_step") or _NEXT_STEP), re.IGNORECASE)
    advice = str(params.get("advice") or tr("wait and retry, or go on without it"))
    waiting = None
    for run in selected(ctx, params):
        where = tr("In run {run}", run=run.index + 1) + (f" ({what})" if what else "")
        block = run.returned if run.exception is None else None
        text = content_text(block.get("content")) if isinstance(block, dict) else None
        try:
            parsed = json.loads(text) if text is not None else None
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            waiting = waiting or tr(
                "run {run} returned no tool_result whose content is a JSON object",
                run=run.index + 1,
            )
            continue
        message = parsed.get(field)
        if not isinstance(message, str) or not message.strip():
            return Outcome(
                False,
                tr(
                    "{where}, the content has no `{key}` sentence. Say what went wrong and "
                    "what the model can do about it: {advice}.",
                    where=where,
                    key=field,
                    advice=advice,
                ),
            )
        key = run.expected if isinstance(run.expected, Mapping) else {}
        echo = key.get("exception_text")
        rest = _without(message, echo if isinstance(echo, str) else None)
        echoed = isinstance(echo, str) and bool(echo.strip()) and rest != message
        if echoed and len(_own_words(rest)) < 3:
            return Outcome(
                False,
                tr(
                    "{where}, `{key}` is {text}: only the exception's own words, written for a "
                    "log rather than for the model. Tell the model, in words of your own, what "
                    "happened and what it can do next: {advice}.",
                    where=where,
                    key=field,
                    text=quote(message, 120),
                    advice=advice,
                ),
            )
        if not pattern.search(rest):
            return Outcome(
                False,
                tr(
                    "{where}, `{key}` is {text}, which does not tell the model what it can "
                    "do next: {advice}.",
                    where=where,
                    key=field,
                    text=quote(message, 120),
                    advice=advice,
                ),
            )
    if waiting:
        return _not_judged(waiting)
    return Outcome(True)
