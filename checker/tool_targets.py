"""One list of tools judged for every API at once: `tooltutor lint --tools FILE`.

The list is an MCP `tools/list` result (`{"tools": [{"name", "description",
"inputSchema"}]}`, also inside its JSON-RPC `result`), an Anthropic `tools` array
(`input_schema`), a Chat Completions one (`{"type": "function", "function": {...}}`) or a
Responses one (`{"type": "function", "name", "parameters"}`), alone or in a request body.
Each function tool is carried into the six targets as it is (name, description and schema
unchanged):

- `anthropic`, `openai`, `responses`: `strict: false`, where the API has the field;
- `anthropic-strict`, `openai-strict`, `responses-strict`: `strict: true`;

and each target's request is linted with its API's rules (on a current model, or the one
given). A refusal comes with the change that makes it pass, suggested, never applied: the
rule's hint, and for the strict targets a schema written for strict mode (every object
closed with `additionalProperties: false`, every property required, the optional ones
made nullable) when that schema passes. Tools of other kinds (a server tool, an MCP
toolset) belong to one API and are listed as skipped.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from checker.diagnostics import Diagnostic, pointer, split_pointer

TARGETS = (
    "anthropic",
    "anthropic-strict",
    "openai",
    "openai-strict",
    "responses",
    "responses-strict",
)
#: The models the targets are judged on when none is given (current, with tools).
DEFAULT_MODELS = {"anthropic": "claude-opus-5-5", "openai": "gpt-5.5", "responses": "gpt-5.5"}


class Tool(NamedTuple):
    """A function tool as found: its name, description, schema, and where each stands."""

    name: Any
    description: Any
    schema: Any
    #: pointers in the file: the tool, its name, its schema
    at: str
    name_at: str
    schema_at: str


class Finding(NamedTuple):
    """A diagnostic of one target, for one tool (None: the whole list)."""

    target: str
    tool: int | None
    diagnostic: Diagnostic
    #: the place in the file it points at
    path: str
    suggestion: dict[str, Any] | None

    def to_dict(self, tools: list[Tool]) -> dict[str, Any]:
        out = self.diagnostic.to_dict()
        out["target_path"] = out.pop("path")
        out["path"] = self.path
        out["tool"] = None if self.tool is None else tools[self.tool].name
        if self.suggestion is not None:
            out["suggestion"] = self.suggestion
        return out


class Judged(NamedTuple):
    """The tools found, those skipped (pointer, why) and every target's findings."""

    tools: list[Tool]
    skipped: list[tuple[str, str]]
    findings: list[Finding]

    def valid(self, target: str) -> bool:
        return not any(f.diagnostic.is_error for f in self.findings if f.target == target)

    def cell(self, target: str, tool: int) -> str:
        """`ok`, `warning` or `error` for one tool in one target."""
        mine = [f for f in self.findings if f.target == target and f.tool in (tool, None)]
        if any(f.diagnostic.is_error for f in mine):
            return "error"
        # a note (a keyword strict mode may ignore, say) is not a warning
        return "warning" if any(f.diagnostic.severity == "warning" for f in mine) else "ok"

    def to_dict(self) -> dict[str, Any]:
        targets = {}
        for target in TARGETS:
            targets[target] = {
                "valid": self.valid(target),
                "diagnostics": [f.to_dict(self.tools) for f in self.findings if f.target == target],
            }
        return {
            "valid": all(self.valid(t) for t in TARGETS),
            "tools": [t.name for t in self.tools],
            "skipped": [{"path": p, "why": why} for p, why in self.skipped],
            "targets": targets,
        }


# --------------------------------------------------------------------------- reading


def find_tools(value: Any) -> tuple[list[Tool], list[tuple[str, str]]] | None:
    """The function tools of a tool list (None when `value` holds no tool list)."""
    base = ""
    if isinstance(value, dict) and isinstance(value.get("result"), dict):
        value, base = value["result"], "/result"  # a JSON-RPC response
    if isinstance(value, dict) and isinstance(value.get("tools"), list):
        value, base = value["tools"], base + "/tools"
    if not isinstance(value, list):
        return None
    tools: list[Tool] = []
    skipped: list[tuple[str, str]] = []
    for n, item in enumerate(value):
        at = f"{base}/{n}"
        if not isinstance(item, dict):
            skipped.append((at, "not an object"))
            continue
        if "inputSchema" in item or "input_schema" in item:
            key = "inputSchema" if "inputSchema" in item else "input_schema"
            kind = item.get("type", "custom")
            if kind not in ("custom", None):
                skipped.append((at, f"a `{kind}` tool belongs to one API"))
                continue
            tools.append(
                Tool(
                    item.get("name"),
                    item.get("description"),
                    item[key],
                    at,
                    f"{at}/name",
                    f"{at}/{key}",
                )
            )
        elif item.get("type") == "function" and isinstance(item.get("function"), dict):
            fn = item["function"]
            tools.append(
                Tool(
                    fn.get("name"),
                    fn.get("description"),
                    fn.get("parameters"),
                    at,
                    f"{at}/function/name",
                    f"{at}/function/parameters",
                )
            )
        elif item.get("type") == "function" or ("name" in item and "parameters" in item):
            tools.append(
                Tool(
                    item.get("name"),
                    item.get("description"),
                    item.get("parameters"),
                    at,
                    f"{at}/name",
                    f"{at}/parameters",
                )
            )
        else:
            kind = item.get("type")
            skipped.append((at, f"a `{kind}` tool belongs to one API" if kind else "no schema"))
    if not tools and not skipped:
        return None
    return tools, skipped


# --------------------------------------------------------------------------- targets


def _api(target: str) -> str:
    return target.removesuffix("-strict")


def carried(tool: Tool, target: str, schema: Any = None) -> dict[str, Any]:
    """The tool in a target's shape, name, description and schema unchanged."""
    strict = target.endswith("-strict")
    schema = tool.schema if schema is None else schema
    api = _api(target)
    if api == "anthropic":
        out: dict[str, Any] = {"name": tool.name}
        if tool.description is not None:
            out["description"] = tool.description
        out["input_schema"] = schema
        out["strict"] = strict
        return out
    body: dict[str, Any] = {"name": tool.name}
    if tool.description is not None:
        body["description"] = tool.description
    body["parameters"] = schema
    body["strict"] = strict
    if api == "openai":
        return {"type": "function", "function": body}
    return {"type": "function", **body}


def request_for(target: str, tools: list[dict[str, Any]], model: str | None) -> dict[str, Any]:
    api = _api(target)
    chosen = model or DEFAULT_MODELS[api]
    if api == "anthropic":
        return {
            "model": chosen,
            "max_tokens": 1024,
            "tools": tools,
            "messages": [{"role": "user", "content": "Hello"}],
        }
    if api == "openai":
        return {"model": chosen, "tools": tools, "messages": [{"role": "user", "content": "Hello"}]}
    return {"model": chosen, "tools": tools, "input": "Hello"}


_SCHEMA_KEYS = {
    "anthropic": ("input_schema",),
    "openai": ("function", "parameters"),
    "responses": ("parameters",),
}


def _source_path(tool: Tool, api: str, rest: list[str]) -> str:
    """The place in the file a target's `/tools/i/...` path stands for."""
    keys = list(_SCHEMA_KEYS[api])
    if rest[: len(keys)] == keys:
        return tool.schema_at + pointer(*rest[len(keys) :])
    if rest and rest[-1] == "name":
        return tool.name_at
    return tool.at


def judge(value: Any, *, model: str | None = None) -> Judged | None:
    """Every target's verdict on the tool list in `value` (None: it holds none)."""
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import lint_value

    found = find_tools(value)
    if found is None:
        return None
    tools, skipped = found
    findings: list[Finding] = []
    for target in TARGETS:
        api = _api(target)
        body = request_for(target, [carried(t, target) for t in tools], model)
        result = lint_value(body, api)
        for d in result.diagnostics:
            tokens = split_pointer(d.path)
            if not tokens or tokens[0] != "tools":
                continue  # about the stand-in request, not the tools
            index = int(tokens[1]) if len(tokens) > 1 and tokens[1].isdigit() else None
            path = _source_path(tools[index], api, tokens[2:]) if index is not None else ""
            suggestion = None
            if d.is_error and index is not None:
                suggestion = _suggest(tools[index], target, d, model)
            findings.append(Finding(target, index, d, path, suggestion))
    return Judged(tools, skipped, findings)


# --------------------------------------------------------------------------- suggestions


def _suggest(tool: Tool, target: str, d: Diagnostic, model: str | None) -> dict[str, Any]:
    """The change that makes the tool pass, in words, and as a schema when one is known."""
    out: dict[str, Any] = {"change": d.hint or d.message}
    if target.endswith("-strict") and isinstance(tool.schema, dict):
        schema = strict_schema(tool.schema)
        if schema != tool.schema and _passes(tool, target, schema, model):
            out["schema"] = schema
    return out


def _passes(tool: Tool, target: str, schema: Any, model: str | None) -> bool:
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import lint_value

    body = request_for(target, [carried(tool, target, schema)], model)
    return lint_value(body, _api(target)).valid


def strict_schema(schema: Any) -> Any:
    """A copy written for strict mode: objects closed, every property required, the
    optional ones made nullable (the documented way to keep them optional)."""
    out = copy.deepcopy(schema)
    _close(out)
    return out


def _close(node: Any) -> None:
    if isinstance(node, list):
        for child in node:
            _close(child)
        return
    if not isinstance(node, dict):
        return
    for key, child in node.items():
        if key not in ("enum", "const", "default", "examples"):
            _close(child)
    if node.get("type") == "object" or "properties" in node:
        properties = node.get("properties")
        if isinstance(properties, dict):
            required = node.get("required") if isinstance(node.get("required"), list) else []
            for name, prop in properties.items():
                if name not in required and isinstance(prop, dict):
                    _nullable(prop)
            node["required"] = list(properties)
        node["additionalProperties"] = False


def _nullable(prop: dict[str, Any]) -> None:
    kind = prop.get("type")
    if isinstance(kind, str) and kind != "null":
        prop["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        kind.append("null")
    elif (
        kind is None
        and isinstance(prop.get("anyOf"), list)
        and {"type": "null"} not in prop["anyOf"]
    ):
        prop["anyOf"].append({"type": "null"})
