"""The hint for a tool result that is not text: suggest the value the request carries, as
JSON text, never an unrelated example (shared by Anthropic's and OpenAI's result rules)."""

from __future__ import annotations

import json

from checker.i18n import tr

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: the longest JSON text shown in full; a longer one is cut with "..."
SHOWN = 60


def json_text(value: Any) -> str:
    """`value` serialised as JSON, then written as the JSON string that carries it."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    if len(text) > SHOWN:
        text = text[: SHOWN - 3] + "..."
    return json.dumps(text, ensure_ascii=False)


def as_text_hint(value: Any, key: str = "content") -> str:
    """How to send `value` as the tool's text output (a JSON object stays JSON, as text)."""
    if isinstance(value, (dict, list, tuple, int, float)) and not isinstance(value, bool):
        return tr(
            "Send the same data as JSON text: `{key}: {text}` (`json.dumps(result)`).",
            key=json.dumps(key),
            text=json_text(value),
        )
    return tr(
        "Send the tool's output as a string (`json.dumps(result)` for data), or leave {key} out.",
        key=f"`{key}`",
    )
