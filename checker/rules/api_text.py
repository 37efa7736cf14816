"""The words the real API would put in its HTTP 400 for a diagnostic, from the rule's record.

A rule's `api_message` is a template; its placeholders are filled from the diagnostic and
the request it was found in:

- `{loc}`: the dotted path, as Anthropic writes it: a path that goes inside a block or a
  tool names its type, as the API's validator does (`messages.1.content.0.tool_use.id`,
  `tools.0.custom.input_schema`);
- `{message_loc}`, `{block_loc}`: the message (`messages.1`) and the block of that path;
- `{param}`: the path as OpenAI writes it (`messages[1].tool_calls[0].function`);
- `{value}`: the offending id or value (the call ids of a message, a block's id or name);
- `{detail}`: the diagnostic's own message.

A rule without a template gets `{loc}: {detail}`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from checker import rules
from checker.diagnostics import split_pointer

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

DEFAULT = "{loc}: {detail}"


def _resolve(document: Any, parts: list[str]) -> Any:
    for part in parts:
        if isinstance(document, dict):
            document = document.get(part)
        elif isinstance(document, list) and part.isdigit() and int(part) < len(document):
            document = document[int(part)]
        else:
            return None
    return document


def _tagged(document: Any, parts: list[str]) -> str:
    """The dotted path with the type of each block or tool it passes through."""
    out: list[str] = []
    node = document
    for n, part in enumerate(parts):
        out.append(part)
        parent = node
        node = _resolve(node, [part])
        inside_list = isinstance(parent, list) and n >= 1 and parts[n - 1] in ("content", "tools")
        if inside_list and isinstance(node, dict) and n + 1 < len(parts):
            kind = node.get("type", "custom" if parts[n - 1] == "tools" else None)
            if isinstance(kind, str) and kind:
                out.append(kind)
    return ".".join(out)


def _param(parts: list[str]) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out


def fields(diagnostic: Mapping[str, Any], request: Any) -> dict[str, str]:
    """The placeholder values for one diagnostic (a dict, or anything with `to_dict`)."""
    parts = split_pointer(str(diagnostic.get("path") or ""))
    value = _resolve(request, parts)
    if isinstance(value, dict) and isinstance(value.get("content"), list):
        ids = [b.get("id") for b in value["content"] if isinstance(b, dict) and "id" in b]
        value = ", ".join(str(i) for i in ids) if ids else None
    elif isinstance(value, dict):
        value = value.get("tool_use_id", value.get("id", value.get("name")))
    if not isinstance(value, str):
        value = json.dumps(value, ensure_ascii=False) if value is not None else "?"
    return {
        "loc": _tagged(request, parts) or "body",
        "message_loc": ".".join(parts[:2]) or "messages",
        "block_loc": ".".join(parts[:4]) or "messages",
        "param": _param(parts) or "body",
        "value": value,
        "detail": str(diagnostic.get("message", "")),
    }


def api_error_message(diagnostic: Mapping[str, Any], request: Any) -> str:
    """The message the real API would give in its 400 for this diagnostic, in its style."""
    template = rules.api_message(str(diagnostic.get("rule"))) or DEFAULT
    try:
        return template.format(**fields(diagnostic, request))
    except (KeyError, IndexError, ValueError):
        return DEFAULT.format(**fields(diagnostic, request))
