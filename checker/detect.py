"""Which API a request is written for: Anthropic Messages, Chat Completions or Responses.

`detect_format` reads only the signs that one API has (its tool calls first, as learners
copy them from the API), so `checker.lint` can load just that API's rules.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


#: Top-level fields only a Responses request (or response) has.
RESPONSES_FIELDS = (
    "input",
    "previous_response_id",
    "conversation",
    "instructions",
    "max_output_tokens",
    "include",
)
#: Item types of a Responses `input` (a typed `message` counts when it has a role).
RESPONSES_ITEMS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 30 quoted items)
        "function_call function_call_output reasoning item_reference custom_tool_call "
        "custom_tool_call_output web_search_call file_search_call computer_call "
        "computer_call_output local_shell_call local_shell_call_output shell_call "
        "shell_call_output apply_patch_call apply_patch_call_output mcp_list_tools "
        "mcp_approval_request mcp_approval_response mcp_call image_generation_call "
        "code_interpreter_call compaction tool_search_call tool_search_output"
    ).split()
)
_ENVELOPE = frozenset(("stop_reason", "stop_sequence", "usage", "model"))
RESPONSES_PARTS = frozenset(("input_text", "input_image", "input_file", "output_text"))
#: Hosted tool types of the Responses API (Anthropic's server tools carry a date suffix).
RESPONSES_TOOLS = frozenset(
    (  # noqa: SIM905
        "web_search web_search_preview web_search_2025_08_26 web_search_preview_2025_03_11 "
        "file_search code_interpreter image_generation mcp computer_use_preview local_shell "
        "shell apply_patch namespace tool_search"
    ).split()
)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def responses_body(body: dict[str, Any]) -> bool:
    """A body with a field that only the Responses API has (or a Responses response)."""
    if any(key in body for key in RESPONSES_FIELDS):
        return True
    if any(isinstance(body.get(key), dict) for key in ("reasoning", "text", "prompt")):
        return True  # (a `prompt` string is the legacy Completions API)
    return body.get("object") == "response" and isinstance(body.get("output"), list)


def responses_items(items: Any) -> bool:
    """Items or content parts of the Responses shape among `items`."""
    if not isinstance(items, (list, tuple)):
        return False
    for m in items:
        if not isinstance(m, dict):
            continue
        kind = _text(m.get("type"))
        content = m.get("content")
        if kind in RESPONSES_ITEMS:
            return True
        if kind == "message" and isinstance(content, str) and not _ENVELOPE.intersection(m):
            return True  # (an Anthropic response pasted as a message has its envelope)
        if isinstance(content, (list, tuple)):
            for part in content:
                if isinstance(part, dict) and _text(part.get("type")) in RESPONSES_PARTS:
                    return True
    return False


def responses_tools(body: dict[str, Any]) -> bool:
    """Flat function tools, hosted Responses tools, or a flat `tool_choice`."""
    tools = body.get("tools")
    for tool in tools if isinstance(tools, (list, tuple)) else ():
        if not isinstance(tool, dict) or "input_schema" in tool or "function" in tool:
            continue
        kind = _text(tool.get("type"))
        if kind in RESPONSES_TOOLS or (kind in ("function", "custom") and "name" in tool):
            return True
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        kind = choice.get("type")
        return kind == "allowed_tools" or (kind == "function" and "name" in choice)
    return False


def detect_format(obj: Any) -> str:
    """ "anthropic", "openai", "responses" or "unknown", from what only one API has.

    Responses: a top-level `input` (or `previous_response_id`, `conversation`,
    `instructions`, `max_output_tokens`, `include`, a `reasoning`, `text` or `prompt`
    object),
    items such as `function_call` / `function_call_output` / `reasoning`, parts such as
    `input_text` / `output_text`; flat function tools or hosted tools decide too unless
    the messages carry Chat or Anthropic tool calls. OpenAI Chat Completions: `choices`,
    a `tool_calls` field, a `role: "tool"` message, `tools[].function`. Anthropic:
    `tool_use`/`tool_result` blocks, `tools[].input_schema`. Weaker signs (top-level
    `system`, `stop_reason`, `image_url` parts, system messages, a `model` named
    claude-... or gpt-...) break ties and decide plain conversations.
    The tool calls decide first, as the learner usually copied them from the API.
    """
    a = o = 0
    a_calls = o_calls = False
    body = obj if isinstance(obj, dict) else {}
    messages = obj if isinstance(obj, (list, tuple)) else body.get("messages")
    if responses_body(body) or responses_items(messages):
        return "responses"
    if isinstance(body.get("choices"), list):
        o += 3
    if "system" in body:
        a += 1
    model = body.get("model")
    if isinstance(model, str):
        name = model.lower()
        a += name.startswith("claude")
        o += name.startswith(("gpt-", "o1", "o3", "o4", "chatgpt"))
    tools = body.get("tools")
    if isinstance(tools, (list, tuple)):
        for tool in tools:
            if isinstance(tool, dict):
                if "input_schema" in tool:
                    a += 2
                elif isinstance(tool.get("function"), dict) or tool.get("type") == "function":
                    o += 2
    seen: set[str] = set()
    if isinstance(messages, (list, tuple)):
        for m in messages:
            if not isinstance(m, dict):
                continue
            if "tool_calls" in m:
                seen.add("tool_calls")
            role = m.get("role")
            if role == "tool":
                seen.add("role_tool")
            elif role in ("system", "developer"):
                seen.add("role_system")
            if "stop_reason" in m:
                seen.add("stop_reason")
            content = m.get("content")
            if isinstance(content, (list, tuple)):
                for block in content:
                    kind = block.get("type") if isinstance(block, dict) else None
                    if kind in ("tool_use", "tool_result", "image_url", "thinking"):
                        seen.add(kind)
        a_calls = "tool_use" in seen
        o_calls = "tool_calls" in seen
        a += 3 * a_calls + 2 * ("tool_result" in seen)
        a += ("stop_reason" in seen) + ("thinking" in seen)
        o += 3 * o_calls + 2 * ("role_tool" in seen)
        o += ("role_system" in seen) + ("image_url" in seen)
    calls = seen & {"tool_calls", "role_tool", "tool_use", "tool_result"}
    if not calls and responses_tools(body):
        return "responses"
    if a == o == 0:
        return "unknown"
    if a_calls != o_calls:
        return "anthropic" if a_calls else "openai"
    return "anthropic" if a >= o else "openai"
