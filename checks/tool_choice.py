"""The `tool-choice` check of the defining-tools lesson: one setup's `tool_choice` (and
`strict`, and the `instruction` that stands in for forcing on models that reject it),
judged by the API's rules for the model the setup runs on, then against what the setup
needs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from checker.checks import (
    JsonContext,
    Outcome,
    check,
    describe,
    diag,
    get_pointer,
    quote,
    safe,
    tr,
    upper,
)

from ._description_text import mentions, word_count
from ._tool_definitions import MISSING, listing, more_problems

_FORCING = ("any", "tool")

_TOOL_CHOICE_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["at", "key"],
    "properties": {
        "at": {"type": "string", "description": "JSON pointer of the setup's entry"},
        "key": {
            "type": "object",
            "additionalProperties": False,
            "required": ["tool_choice"],
            "properties": {
                "tool_choice": {
                    "type": "object",
                    "required": ["type"],
                    "properties": {
                        "type": {"enum": ["auto", "any", "tool", "none"]},
                        "name": {"type": "string"},
                        "disable_parallel_tool_use": {"type": "boolean"},
                    },
                    "additionalProperties": False,
                },
                "strict": {"type": "boolean"},
                "instruction": {
                    "type": "boolean",
                    "description": "the entry needs an `instruction` (system-prompt text) "
                    "telling the model to call the tool, where forcing is not available",
                },
            },
        },
        "model": {"type": "string", "description": "the model the setup runs on"},
        "instruction_words": {
            "type": "array",
            "items": {"type": "string"},
            "description": "words besides the tools' names that an instruction may use to "
            "say what to call (a department, say)",
        },
        "tools": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "ignore_parallel": {
            "type": "boolean",
            "description": "any disable_parallel_tool_use is right for this setup",
        },
    },
}


def _type_advice(want: str, found: str, name: str) -> str:
    """Why `found` is the wrong `tool_choice` type where `want` is needed."""
    if want == "none":
        if found == "auto":
            return tr(
                "`auto` leaves the model free to call a tool; on this turn it must not call any"
            )
        return tr(
            "`{found}` forces a call; on this turn the model must not call any tool", found=found
        )
    if found == "none":
        return tr("`none` forbids every call, and this setup needs the model to call a tool")
    if want == "auto":
        return tr(
            "`{found}` forces a call on every request, and takes away the text before it; "
            "here the model should call a tool only when it needs one",
            found=found,
        )
    if found == "auto":
        return tr(
            "`auto` lets the model answer without calling any tool; here every request must "
            "end in a call"
        )
    if want == "tool":
        return tr(
            "`any` lets the model pick any of the tools; this setup needs {name} itself, "
            "named with type `tool`",
            name=f"`{name}`",
        )
    return tr(
        "`tool` pins one tool in advance; here the model must choose which of the tools to "
        "call, which is `any`"
    )


@check("tool-choice", kinds=("json",), params=_TOOL_CHOICE_PARAMS)
@safe
def tool_choice(ctx: JsonContext, params: Mapping) -> Outcome:
    """The setup at `at` holds the `tool_choice` of `key` (and `strict` when the key has it).

    The entry's `tool_choice` is first linted in a Messages API request with the setup's
    `model` (default: the course's) and `tools` (names), so a shape the API rejects, or
    forcing on a model that does not take it, is reported with the API's rule. Then the
    type, the forced tool's name and `disable_parallel_tool_use` (unless `ignore_parallel`,
    and never for `none`, where it changes nothing) are compared with the key, each wrong
    one with what it does, and `strict` when the key asks for it. With `instruction: true`
    in the key (a model that rejects forcing, where the call is asked for in words), the
    entry needs an `instruction`: a sentence naming one of the `tools` or one of the
    `instruction_words`.
    """
    at = str(params["at"])
    setup = at.rsplit("/", 1)[-1] or tr("the top")
    key = params["key"]
    want = key["tool_choice"]
    entry = get_pointer(ctx.value, at, MISSING)
    if entry is MISSING or not isinstance(entry, dict):
        if entry is MISSING:
            message = tr("There is no entry for {setup}.", setup=f"`{setup}`")
        else:
            message = tr(
                "The entry for {setup} is {value}; write an object holding `tool_choice`.",
                setup=f"`{setup}`",
                value=describe(entry),
            )
        return Outcome(False, message, [diag(at if entry is not MISSING else "", message)])
    problems: list[tuple[str, str, str]] = []  # (pointer, message, hint)
    choice = entry.get("tool_choice", MISSING)
    misplaced = isinstance(choice, dict) and "strict" in choice
    base = at + "/tool_choice"
    if choice is MISSING:
        problems.append((at, tr("the entry has no `tool_choice`"), ""))
    elif misplaced:
        problems.append(
            (
                base + "/strict",
                tr(
                    "`strict` is not part of `tool_choice`: it is set on a tool's definition, so "
                    "in this answer it stands beside `tool_choice`, in the setup's entry"
                ),
                "",
            )
        )
    else:
        problems += _lint_choice(choice, base, params.get("model") or ctx.model, params)
        if not problems and isinstance(choice, dict):
            problems += _compare_choice(choice, want, base, params)
    if "strict" in key and not misplaced:
        strict = entry.get("strict", MISSING)
        if key["strict"] is True and strict is not True:
            if isinstance(strict, str):
                message = tr(
                    "`strict` is the string {value}; it takes a boolean, `true`, without quotes",
                    value=quote(strict),
                )
            else:
                message = tr(
                    "a tool's input matches its schema every time only with `strict: true` on "
                    "its definition, and `tool_choice` cannot promise it; add "
                    '`"strict": true` to this entry'
                )
            problems.append((at + ("/strict" if strict is not MISSING else ""), message, ""))
    if key.get("instruction") and not misplaced:
        problems += _instruction_problems(entry, at, params.get("model") or ctx.model, params)
    if not problems:
        return Outcome(True)
    more = more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m, h) for p, m, h in problems[:20]])


#: words that name what to call in any setup
#: (`mentions` ends a word only at a Latin letter, digit or _, so `инструмент` is found in
#: every case of the Russian word: инструмента, инструментом...)
_TOOL_WORDS = (
    "tool",
    "tools",
    "function",
    "ferramenta",
    "ferramentas",
    "função",
    "funcao",
    "инструмент",
    "функци",
)


#: what an instruction that asks for a call says (en, pt, es, ru): a verb of handing over
#: or calling (or a tool's own name with "every", "always"...); and, if it only permits
#: ("may", "if needed"), a word that makes it hold for every request
_HANDING = re.compile(
    r"\b(?:call|hand|route|send|pass|forward|transfer|assign|direct|dispatch|delegate|"
    r"escalate|refer|give|use|pick|choose|select|invoke|cham|encaminh|envi|direcion|repass|"
    r"atribu|us[ea]|utiliz|escolh|deleg|llam|deriv|asign)|"
    r"вызов|вызыв|переда|направ|отправ|использ|выбер|выбир|адрес|поруч",
    re.IGNORECASE,
)
_PERMITS = re.compile(
    r"\b(?:may|might|can|could|optionally|feel free|if (?:it is |you are )?(?:needed|"
    r"necessary|useful|helpful|relevant|unsure)|when (?:needed|necessary|useful|helpful)|"
    r"pode|podes|poderá|se (?:necessário|precisar)|opcional|puede)\b|"
    r"можешь|можно|может|при необходимости|если нужно|по желанию",
    re.IGNORECASE,
)
_EVERY_TIME = re.compile(
    r"\b(?:always|every|each|must|exactly|never|all|whatever|only one|sempre|tod[oa]s?|cada|"
    r"deve|precisa|nunca|exatamente|siempre|debe)\b|"
    r"всегда|кажд|любо|должен|обязательно|никогда|ровно",
    re.IGNORECASE,
)


def _asks_for_call(text: str, tools: list[str]) -> bool:
    """The instruction tells the model to call (not only mentions a department), and for
    every request, not only when the model sees fit."""
    every_time = _EVERY_TIME.search(text) is not None
    named = every_time and any(mentions(text, t) for t in tools)
    if not (_HANDING.search(text) or named):
        return False
    return every_time or not _PERMITS.search(text)


def _only_permits(text: str, tools: list[str]) -> bool:
    """The instruction names the call but leaves it to the model ("may", "if needed")."""
    return _PERMITS.search(text) is not None and _EVERY_TIME.search(text) is None


def _instruction_problems(entry: dict, at: str, model: str | None, params: Mapping) -> list:
    """Where forcing is not available, the entry's `instruction` asks for the call."""
    from checker.checks import model_info

    info = model_info(model)
    name = info.name if info is not None else f"`{model}`"
    tools = [str(n) for n in params.get("tools") or []]
    named = listing([f"`{t}`" for t in tools]) if tools else tr("the tool")
    text = entry.get("instruction", MISSING)
    if text is MISSING:
        return [
            (
                at,
                tr(
                    "`auto` lets the model answer without a call, and {model} rejects forcing, "
                    "so the request must ask for the call in words: add an `instruction` beside "
                    "`tool_choice`, the system-prompt sentence that tells the model to call "
                    "{tools}",
                    model=name,
                    tools=named,
                ),
                "",
            )
        ]
    where = at + "/instruction"
    if not isinstance(text, str) or word_count(text) < 3:
        return [
            (
                where,
                tr(
                    "the `instruction` is {value}; write the sentence for the system prompt "
                    "that tells the model to call {tools}",
                    value=describe(text),
                    tools=named,
                ),
                "",
            )
        ]
    words = [*tools, *(str(w) for w in params.get("instruction_words") or []), *_TOOL_WORDS]
    if any(mentions(text, w) for w in words) and _only_permits(text, tools):
        return [
            (
                where,
                tr(
                    "the `instruction` {text} only allows a call, so the model may still "
                    "answer without one: say that every request ends in a call to {tools}",
                    text=quote(text),
                    tools=named,
                ),
                "",
            )
        ]
    if not any(mentions(text, w) for w in words) or not _asks_for_call(text, tools):
        return [
            (
                where,
                tr(
                    "the `instruction` {text} never says what to call: name {tools}, so the "
                    "model knows which call every request must end in",
                    text=quote(text),
                    tools=named,
                ),
                "",
            )
        ]
    return []


def _lint_choice(choice: Any, base: str, model: str | None, params: Mapping) -> list:
    """The API's rules on this `tool_choice`, in a request with the setup's model and tools."""
    from checker.checks import lint_value

    names = [str(n) for n in params.get("tools") or []]
    want = params["key"]["tool_choice"]
    if not names and want.get("name"):
        names = [str(want["name"])]
    forced = choice.get("name") if isinstance(choice, dict) else None
    if want.get("type") != "tool" and isinstance(forced, str) and forced not in names:
        # the task names no tools here: pinning one is the mistake, not its name
        names.append(forced)
    body: dict[str, Any] = {
        "max_tokens": 1024,
        "tools": [
            {"name": n, "description": n, "input_schema": {"type": "object", "properties": {}}}
            for n in names or ["tool"]
        ],
        "tool_choice": choice,
        "messages": [{"role": "user", "content": "Hello"}],
    }
    if model:
        body["model"] = model
    result = lint_value(body, "anthropic", fragment=True)  # a failure is an `error` verdict
    out = []
    for d in result.diagnostics:
        if d.is_error and (d.path or "").startswith("/tool_choice"):
            out.append((base + d.path[len("/tool_choice") :], d.message, d.hint))
    return out[:1]  # the first cause; what follows from it is the same mistake


def _compare_choice(choice: dict, want: Mapping, base: str, params: Mapping) -> list:
    found_type, want_type = choice.get("type"), want["type"]
    name = str(want.get("name", ""))
    if found_type != want_type:
        return [(base + "/type", _type_advice(want_type, str(found_type), name), "")]
    out = []
    if want_type == "tool" and choice.get("name") != name:
        out.append(
            (
                base + "/name",
                tr(
                    "`tool_choice` forces {found}, but this setup must call {name}",
                    found=describe(choice.get("name")),
                    name=f"`{name}`",
                ),
                "",
            )
        )
    if want_type == "none" or params.get("ignore_parallel"):
        return out
    wanted = want.get("disable_parallel_tool_use") is True
    got = choice.get("disable_parallel_tool_use") is True
    if wanted and not got:
        if want_type in _FORCING:
            message = tr(
                "forcing a call does not make it a single call: the reply may still hold "
                'several; add `"disable_parallel_tool_use": true` for exactly one'
            )
        else:
            message = tr(
                "`auto` may still put several calls in one reply; add "
                '`"disable_parallel_tool_use": true` for at most one'
            )
        out.append((base, message, ""))
    elif got and not wanted:
        out.append(
            (
                base + "/disable_parallel_tool_use",
                tr(
                    "`disable_parallel_tool_use: true` allows at most one call per reply, and "
                    "this setup may need several calls in one reply"
                ),
                "",
            )
        )
    return out
