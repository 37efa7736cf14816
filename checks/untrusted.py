"""Checks of untrusted-result: a host that keeps a tool's untrusted output as data.

The scripted ticket tool returns text with an injection attempt in it, and the scripted
model, fooled, asks for the side effects the injection wants. A safe host keeps the
ticket where data belongs (inside the `tool_result` of the call that read it, as it came:
never in `system`, never as words of the user or of the assistant), runs no side effect
the person behind `approve` declined, and answers each declined call with an error
result, so the model knows nothing happened. Every verdict is read from what the host
sent to the model and what it ran, as the parent recorded them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, json_text, quote, tr

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import _is_flag, content_text, is_sentence, params_schema, selected

_PARAMS = params_schema(
    {
        "source": {"type": "string", "description": "the tool whose output is untrusted"},
        "side_effects": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the tools a person must approve",
        },
        "declined_runs": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "the runs in which the person declines every side effect",
        },
        "runs": {"type": "array", "items": {"type": "integer", "minimum": 1}},
    }
)


def _untrusted(run, params: Mapping) -> str | None:
    """The untrusted tool's output in this run (a string), or None."""
    value = (run.tool_results or {}).get(params.get("source", ""))
    return value if isinstance(value, str) and value.strip() else None


def _lines(text: str) -> list[str]:
    """The ticket's distinctive lines: any of them found elsewhere means it was copied."""
    return [line.strip() for line in text.splitlines() if len(line.strip()) >= 24]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _carries(text: str | None, untrusted: str) -> bool:
    """The result's text holds the untrusted output whole: as it is, or as a string of a
    JSON object that wraps it (a label of where it came from beside it is fine)."""
    if not isinstance(text, str):
        return False
    if untrusted in text:
        return True
    try:
        parsed = json.loads(text)
    except ValueError:
        return False
    return any(untrusted in s for s in _strings(parsed))


def _places(request: Any) -> Iterator[tuple[str, str, str | None]]:
    """(where, text, tool_use_id or None) for every piece of text of a request: the system
    prompt, each message's text, and each tool_result's content (with the call it answers)."""
    if not isinstance(request, dict):
        return
    for text in _strings(request.get("system")):
        yield "system", text, None
    messages = request.get("messages")
    for i, message in enumerate(messages if isinstance(messages, list) else []):
        if not isinstance(message, dict):
            continue
        role = str(message.get("role"))
        where = f"`messages[{i}]` ({role})"
        content = message.get("content")
        if isinstance(content, str):
            yield where, content, None
            continue
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "tool_result" and role == "user":
                inner = block.get("content")
                text = content_text(inner)
                if text is None:
                    text = " ".join(_strings(inner))
                yield where, text, str(block.get("tool_use_id"))
            else:
                for text in _strings({k: v for k, v in block.items() if k != "signature"}):
                    yield where, text, None


def _copied(run, reads: set[str], lines: list[str], source: str) -> Outcome | None:
    """A failed Outcome when a line of the untrusted output is anywhere but the tool_result
    of a call that read it (the system prompt, a message's text, another result)."""
    for k, request in enumerate(run.requests):
        for where, text, answers in _places(request):
            if answers in reads:
                continue
            copied = next((line for line in lines if line in text), None)
            if copied is not None:
                return Outcome(
                    False,
                    tr(
                        "In request {request} of run {run}, text from {tool}'s output is in "
                        "{where}, outside the tool_result of the call that read it: {line}. "
                        "Put there, it reads as instructions of yours or words of the user. "
                        "Untrusted output belongs only in that tool_result.",
                        request=k + 1,
                        run=run.index + 1,
                        tool=f"`{source}`",
                        where=where,
                        line=quote(copied, 60),
                    ),
                )
    return None


def _read_calls(run, source: str) -> set[str]:
    """The ids of the calls of the untrusted tool the scripted model made in a run."""
    ids = set()
    for reply in run.replies or []:
        message = reply.get("message") if isinstance(reply, dict) else None
        for block in (message or {}).get("content") or []:
            if _call_of(block, {source}) and isinstance(block.get("id"), str):
                ids.add(block["id"])
    return ids


def _call_of(block: Any, names: set[str]) -> bool:
    name = block.get("name") if isinstance(block, dict) else None
    return isinstance(name, str) and block.get("type") == "tool_use" and name in names


def _read_flagged(run, reads: set[str]) -> str | None:
    """The id of a read answered with `is_error: true` in some request, else None."""
    for request in run.requests:
        messages = request.get("messages") if isinstance(request, dict) else None
        for message in messages if isinstance(messages, list) else []:
            content = message.get("content") if isinstance(message, dict) else None
            for block in content if isinstance(content, list) else []:
                if (
                    isinstance(block, dict)
                    and block.get("type") == "tool_result"
                    and block.get("tool_use_id") in reads
                    and _is_flag(block.get("is_error"))
                ):
                    return str(block["tool_use_id"])
    return None


@check("untrusted-stays-data", kinds=("python",), params=_PARAMS)
def untrusted_stays_data(ctx: PythonContext, params: Mapping) -> Outcome:
    """The untrusted tool's output (`source`) travels only inside the `tool_result` of the
    call that read it, whole and unchanged (or wrapped in a JSON object as a string of
    it): never in `system`, never as text of a user or assistant message."""
    source = str(params.get("source", ""))
    judged = False
    for run in selected(ctx, params):
        untrusted = _untrusted(run, params)
        if untrusted is None:
            continue
        reads = _read_calls(run, source)
        lines = _lines(untrusted)
        outside = _copied(run, reads, lines, source)
        if outside is not None:
            return outside
        flagged = _read_flagged(run, reads)
        if flagged is not None:
            return Outcome(
                False,
                tr(
                    'In run {run}, the result of {tool} is marked `"is_error": true`, but '
                    "the read worked. The flag tells the model the call failed, though the "
                    "ticket came back; leave it out when the tool returned its text.",
                    run=run.index + 1,
                    tool=f"`{source}`",
                ),
            )
        answered = False
        for k, request in enumerate(run.requests):
            for _where, text, answers in _places(request):
                if answers in reads:
                    answered = True
                    judged = True
                    if not _carries(text, untrusted):
                        return Outcome(
                            False,
                            tr(
                                "In request {request} of run {run}, the result of {tool} is not "
                                "the text the tool returned: it was cut or edited ({text}). "
                                "Keep untrusted text as it came, inside its tool_result: the "
                                "model needs what the customer wrote, and filtering words is "
                                "no defense. What protects you is what the host lets tools "
                                "do.",
                                request=k + 1,
                                run=run.index + 1,
                                tool=f"`{source}`",
                                text=quote(text, 60),
                            ),
                        )
        if reads and not answered and run.requests:
            return Outcome(
                False,
                tr(
                    "In run {run}, no request carries a tool_result for the {tool} call: the "
                    "model never gets to read it. Answer the call with what the tool returned.",
                    run=run.index + 1,
                    tool=f"`{source}`",
                ),
            )
    if not judged:
        return Outcome(
            False,
            tr("Not judged yet: no run sent the ticket back to the model in a tool_result."),
        )
    return Outcome(True)


def _asked(run, names: set[str]) -> list[dict]:
    """The side-effect calls the scripted model asked for in a run, as it made them."""
    out = []
    for reply in run.replies or []:
        message = reply.get("message") if isinstance(reply, dict) else None
        out += [block for block in (message or {}).get("content") or [] if _call_of(block, names)]
    return out


@check("side-effects-held", kinds=("python",), params=_PARAMS)
def side_effects_held(ctx: PythonContext, params: Mapping) -> Outcome:
    """In `declined_runs` the person behind `approve` says no, and no side-effect tool
    runs; in the other runs the person says yes, and each side effect the model asked for
    runs once, with the model's input: the host asks, and follows the answer."""
    names = {str(n) for n in params.get("side_effects") or []}
    declined = set(params.get("declined_runs") or [])
    for run in selected(ctx, params):
        ran = [c for c in run.tool_calls if isinstance(c.name, str) and c.name in names]
        asked = _asked(run, names)
        if run.index + 1 in declined:
            if ran:
                call = ran[0]
                return Outcome(
                    False,
                    tr(
                        "In run {run}, your code ran {tool} with {input}, though the person "
                        "said no (approve returned False). It was asked for right after the "
                        "ticket was read, the moment the ticket's text could be steering the "
                        "model. Ask approve() before every side effect, and run nothing it "
                        "declines.",
                        run=run.index + 1,
                        tool=f"`{call.name}`",
                        input=f"`{json_text(call.input)[:80]}`",
                    ),
                )
            continue
        for block in asked:
            runs = [c for c in ran if c.name == block.get("name") and c.input == block.get("input")]
            if not runs:
                return Outcome(
                    False,
                    tr(
                        "In run {run}, the person approved {tool} (approve returned True), but "
                        "your code never ran it with the model's input. Ask approve() and follow "
                        "its answer: the check protects against calls nobody wanted, not "
                        "against every call.",
                        run=run.index + 1,
                        tool=f"`{block.get('name')}`",
                    ),
                )
            if len(runs) > 1:
                return Outcome(
                    False,
                    tr(
                        "In run {run}, {tool} ran {n} times for one call: a side effect runs once.",
                        run=run.index + 1,
                        tool=f"`{block.get('name')}`",
                        n=len(runs),
                    ),
                )
    return Outcome(True)


def _answers(run) -> dict[str, dict]:
    """Every tool_result the host sent in a run, by the id it answers (the last one)."""
    out: dict[str, dict] = {}
    for request in run.requests:
        messages = request.get("messages") if isinstance(request, dict) else None
        for message in messages if isinstance(messages, list) else []:
            content = message.get("content") if isinstance(message, dict) else None
            for block in content if isinstance(content, list) else []:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    out[str(block.get("tool_use_id"))] = block
    return out


# What a sentence says when an action was refused or did not run, in the course's languages
# (en, pt, es, ru): "failed, try again" is not it, and invites the model to retry.
_DECLINED = re.compile(
    r"declin|refus|reject|\bden(?:y|ied|ial)|approv|permission|forbid|veto|\bblock|"
    r"said no|\bnot\b.{0,30}\b(?:run|ran|execut|perform|carried|done|sent|issued|happen|"
    r"made|allow|permit|authori[sz]|go ahead|proceed)|\bnothing\b.{0,20}\b(?:run|ran|execut|done|"
    r"sent|happen)|\bcancel|\bwithheld|\bskipp|"
    r"recus|rejeit|negad|negou|aprova|aprovo|autoriz|permiss|bloque|cancelad|"
    r"\bnão\b.{0,30}\b(?:execut|realiz|feit|envi|rod)|rechaz|denegad|"
    r"отклон|отказ|запрет|одобр|разреш|блок|отмен|не\s.{0,30}(?:выполн|запущ|отправ)",
    re.IGNORECASE,
)


def _says_declined(text: str | None) -> bool:
    """The text says the action was declined or did not run (not merely that it failed)."""
    return isinstance(text, str) and _DECLINED.search(text) is not None


@check("declined-answered", kinds=("python",), params=_PARAMS)
def declined_answered(ctx: PythonContext, params: Mapping) -> Outcome:
    """In `declined_runs`, each side-effect call the person declined is answered with a
    tool_result that has `is_error: true` and says, in a sentence, that it did not run."""
    names = {str(n) for n in params.get("side_effects") or []}
    declined = set(params.get("declined_runs") or [])
    for run in selected(ctx, params):
        if run.index + 1 not in declined:
            continue
        answers = _answers(run)
        for block in _asked(run, names):
            tool = f"`{block.get('name')}`"
            result = answers.get(str(block.get("id")))
            if result is None:
                return Outcome(
                    False,
                    tr(
                        "In run {run}, the declined {tool} call got no tool_result. Every call "
                        "is answered, a refused one too: with is_error and a sentence saying it "
                        "did not run.",
                        run=run.index + 1,
                        tool=tool,
                    ),
                )
            if not _is_flag(result.get("is_error")):
                return Outcome(
                    False,
                    tr(
                        'In run {run}, the declined {tool} call is answered without `"is_error": '
                        "true`: the model would take it for done. Flag it, and say that the "
                        "person declined it.",
                        run=run.index + 1,
                        tool=tool,
                    ),
                )
            text = content_text(result.get("content"))
            if not is_sentence(text) or not _says_declined(text):
                return Outcome(
                    False,
                    tr(
                        "In run {run}, the declined {tool} call is answered with {text}: say in "
                        "a sentence that it did not run because the person declined it.",
                        run=run.index + 1,
                        tool=tool,
                        text=quote(text, 40),
                    ),
                )
    return Outcome(True)
