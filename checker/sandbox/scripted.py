"""The scripted model and the scripted tools: they live in the parent, and so do their records.

The child's client sends each request here (`checker.sandbox.protocol`); `ScriptedModel`
records exactly what arrived, judges it with the protocol rules, and answers with the next
scripted reply or with the API's own 400. `ToolScript` answers `run_tool`. Nothing the
child says about itself is recorded here: only what it sent.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from checker.i18n import N_, tr
from checker.rules.api_text import api_error_message

Validator = Callable[[dict], list]

#: calls of `messages.create` per run before `ModelCallLimitError`
MAX_REQUESTS = 50
#: a scripted tool result `{RAISE_KEY: "message"}` makes run_tool raise RuntimeError(message)
RAISE_KEY = "$raise"
#: characters of requests kept per run; later requests are judged, then kept as a placeholder
MAX_KEPT_CHARS = 128 * 1024 * 1024

TOO_MANY_CALLS = N_(
    "the model was called {limit} times in one run, which is more than any exercise needs: "
    'a loop that calls the model must stop when `stop_reason` is not "tool_use"'
)
JUDGE_FAILED = N_("request {request} could not be judged ({error})")
UNKNOWN_TOOL = N_("error: there is no tool named {name!r} (tools: {known})")
#: the reply `create` gives once the script is used up (its text translated: `extra_reply`)
EXTRA_REPLY: dict[str, Any] = {
    "stop_reason": "end_turn",
    "content": [
        {
            "type": "text",
            "text": N_(
                "(no more scripted replies: this exercise expected fewer calls to the model)"
            ),
        }
    ],
}


def extra_reply() -> dict[str, Any]:
    """A fresh copy of `EXTRA_REPLY`, its text in the current language."""
    reply = copy.deepcopy(EXTRA_REPLY)
    for block in reply["content"]:
        block["text"] = tr(block["text"])
    return reply


def lint_validate(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The default judge: `checker.lint`'s Anthropic rules, as diagnostic dicts (errors and
    warnings: notes are hidden from learners, as `lint` hides them unless asked)."""
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import lint_value

    model = request.get("model")
    result = lint_value(
        request, "anthropic", bare=False, model=model if isinstance(model, str) else None
    )
    return [d.to_dict() for d in result.diagnostics if d.severity != "note"]


def _complete(reply: Mapping[str, Any], fallback_id: str, request: Mapping[str, Any]) -> dict:
    """A reply with the envelope fields the API always sends."""
    entry = copy.deepcopy(dict(reply))
    entry.setdefault("id", fallback_id)
    if isinstance(request.get("model"), str):
        entry.setdefault("model", request["model"])
    entry.setdefault("model", "offline-model")
    entry.setdefault("type", "message")
    entry.setdefault("role", "assistant")
    content = entry.setdefault("content", [])
    if "stop_reason" not in entry:
        calls = any(isinstance(b, dict) and b.get("type") == "tool_use" for b in content)
        entry["stop_reason"] = "tool_use" if calls else "end_turn"
    entry.setdefault("stop_sequence", None)
    if "usage" not in entry:
        entry["usage"] = {
            "input_tokens": max(1, len(json.dumps(request)) // 4),
            "output_tokens": max(1, len(json.dumps(content)) // 4),
        }
    return entry


class ScriptedModel:
    """Plays `script` to one run's requests; records and judges every one of them.

    Records: `requests` (every request body that arrived, ones the SDK could not have sent
    included), `diagnostics` (one list per request), `errors` (what `create` raised, `index`
    None when no request was built), `replies` (`{"request", "scripted", "message"}`).
    """

    def __init__(
        self,
        script: Sequence[Mapping[str, Any]],
        *,
        validate: Validator | None,
        max_requests: int = MAX_REQUESTS,
        id_seed: str = "0",
    ) -> None:
        self._script = list(script)
        self._validate = validate
        self._max_requests = max_requests
        self._id_seed = id_seed
        self._calls = 0
        self._kept = 0
        self.requests: list[dict[str, Any]] = []
        self.diagnostics: list[list[dict[str, Any]]] = []
        self.errors: list[dict[str, Any]] = []
        self.replies: list[dict[str, Any]] = []
        self.internal_errors: list[str] = []

    def client_error(self, kind: str, message: str) -> None:
        """`create` refused its arguments in the child (a TypeError, say): for the record."""
        self.errors.append(
            {"index": None, "type": kind, "message": message, "status_code": None, "rule": None}
        )

    def create(self, body: dict[str, Any], unencodable: Mapping[str, str] | None = None) -> Any:
        """The answer to one request: `{"reply": ...}` or `{"error": ...}` (None: no answer)."""
        self._calls += 1
        if self._calls > self._max_requests:
            message = tr(TOO_MANY_CALLS, limit=self._max_requests)
            return {"error": {"type": "ModelCallLimitError", "message": message}}
        index = len(self.requests)
        size = len(json.dumps(body, ensure_ascii=False))
        self._kept += size
        self.requests.append(
            body if self._kept <= MAX_KEPT_CHARS else {"__omitted__": "kept too much"}
        )
        if unencodable is not None:
            self.diagnostics.append([])
            self.errors.append(
                {
                    "index": index,
                    "type": unencodable["type"],
                    "message": unencodable["message"],
                    "status_code": 413 if unencodable["type"] == "RequestTooLargeError" else None,
                    "rule": None,
                }
            )
            return None
        diagnostics = self._judge(body)
        self.diagnostics.append(diagnostics)
        errors = [d for d in diagnostics if d.get("severity") == "error"]
        if errors:
            message = api_error_message(errors[0], body)
            request_id = f"req_offline{self._id_seed}{index:02d}"
            error_body = {
                "type": "error",
                "error": {"type": "invalid_request_error", "message": message},
                "request_id": request_id,
            }
            text = f"Error code: 400 - {error_body}"
            self.errors.append(
                {
                    "index": index,
                    "type": "BadRequestError",
                    "message": text,
                    "status_code": 400,
                    "rule": str(errors[0].get("rule")),
                }
            )
            return {
                "error": {
                    "type": "BadRequestError",
                    "message": text,
                    "body": error_body,
                    "request_id": request_id,
                }
            }
        position = len(self.replies)
        scripted = position < len(self._script)
        reply = self._script[position] if scripted else extra_reply()
        message = _complete(reply, f"msg_01Offline{self._id_seed}R{position:03d}", body)
        self.replies.append({"request": index, "scripted": scripted, "message": message})
        return {"reply": message}

    def _judge(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        """The judge's diagnostics of `request`. A judge that fails (a bug, a request nested
        too deeply to walk) refuses the request and is recorded as an internal error, which
        makes the verdict `error`: never "no problems"."""
        if self._validate is None:
            return []
        try:
            # the judge gets a copy of its own (json: no Python recursion, unlike deepcopy)
            found = [dict(d) for d in self._validate(json.loads(json.dumps(request)))]
            for d in found:
                if not isinstance(d.get("rule"), str) or d.get("severity") not in (
                    "error",
                    "warning",
                    "note",
                ):
                    raise TypeError("the judge returned a malformed diagnostic")
            return found
        except Exception as exc:  # noqa: BLE001 - a failed judge is never an accepted request
            why = tr(JUDGE_FAILED, request=len(self.requests), error=f"{type(exc).__name__}")
            self.internal_errors.append(why)
            return [{"rule": "marking-error", "severity": "error", "path": "", "message": why}]


class ToolScript:
    """`run_tool(name, input)` answered from the scripted results; every call recorded."""

    def __init__(self, results: Mapping[str, Any]) -> None:
        self._results = dict(results)
        self.calls: list[dict[str, Any]] = []

    def call(self, name: Any, value: Any) -> dict[str, Any]:
        """`{"result": ...}`, or `{"raise": message}` for a scripted failure."""
        self.calls.append({"name": name, "input": value})
        if isinstance(name, str) and name in self._results:
            result = self._results[name]
            if isinstance(result, dict) and set(result) == {RAISE_KEY}:
                return {"raise": str(result[RAISE_KEY])}
            return {"result": copy.deepcopy(result)}
        known = ", ".join(sorted(self._results)) or tr("none")
        return {"result": tr(UNKNOWN_TOOL, name=name, known=known)}


class RunRecords:
    """One run's scripted model and tools, answering the child's messages as they come."""

    def __init__(self, model: ScriptedModel, tools: ToolScript) -> None:
        self.model = model
        self.tools = tools

    def answer(self, message: Mapping[str, Any]) -> Any:
        """The answer to one checked child message (None: the message takes no answer)."""
        op = message.get("op")
        if op == "create":
            return self.model.create(message["body"], message.get("unencodable"))
        if op == "tool":
            return self.tools.call(message.get("name"), message.get("input"))
        if op == "client-error":
            self.model.client_error(str(message["type"]), str(message["message"]))
        return None
