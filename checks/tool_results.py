"""Checks of errors-as-data: the tool_result block a failed tool call becomes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

from checker.checks import Outcome, check, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RESULT_KEYS,
    _is_flag,
    _per_run,
    content_text,
    raised,
    selected,
)


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
