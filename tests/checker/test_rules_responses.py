"""OpenAI Responses API rules (`r-*`): each rule broken, and near misses the API accepts.

Bodies follow the API reference and its spec
(https://platform.openai.com/docs/api-reference/responses/create,
https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.yaml)
and the public reports cited beside each case (the cases: `responses_broken_*.py`,
`responses_near_misses.py`). Every broken case asserts the rule id, its
severity, the JSON pointer and a word of the message; every near miss must be valid and
free of the rule it is near.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from checker_requests import assert_plain_text
from responses_broken_input import INPUT_BROKEN
from responses_broken_tools import TOOLS_BROKEN
from responses_near_misses import NEAR
from responses_requests import ROUND_TRIP, SCHEMA, call, out, req, rs, said, tool, user

from checker import lint, lint_value
from checker.i18n import use_language
from checker.report import format_human

ROOT = Path(__file__).resolve().parents[2]
SPEC = "https://github.com/openai/openai-openapi/blob/f85dbe22/openapi.yaml"


def found(body: Any, fmt: str = "responses") -> list[tuple[str, str, str, str]]:
    result = lint(json.dumps(body, indent=2), fmt)
    return [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]


BROKEN = [*INPUT_BROKEN, *TOOLS_BROKEN]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "word"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(body, rule, severity, path, word):
    diagnostics = found(body)
    hits = [d for d in diagnostics if d[0] == rule]
    assert hits, diagnostics
    assert (hits[0][1], hits[0][2]) == (severity, path), hits
    assert word in hits[0][3], hits[0][3]


@pytest.mark.parametrize("body", [pytest.param(b, id=i) for i, b in NEAR])
def test_near_miss_is_valid(body):
    result = lint(json.dumps(body, indent=2), "responses")
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]
    assert lint_value(body).format == "responses"


def test_each_broken_case_has_its_near_miss_rules_covered():
    """Every rule of the Responses API has a broken case here (the cross-turn ones are
    proved on sessions by tests/lint/test_session_lint.py)."""
    from checker import rules

    SESSION_RULES = {r.id for r in rules.all_rules() if r.scope == "session"}

    tested = {case[2] for case in BROKEN}
    assert rules.ids("responses") - tested - SESSION_RULES == set()


def test_report_once_per_problem():
    # A Chat tool message is one problem: its role, not also its tool_call_id or content.
    body = req(user(), call(), {"role": "tool", "tool_call_id": "call_1", "content": "18 C"})
    rules_found = [d[0] for d in found(body)]
    assert rules_found.count("r-chat-shape") == 1
    assert "r-body-field-unknown" not in rules_found
    # messages in a Responses body: moved, and not also "input missing" or "unknown".
    assert [d[0] for d in found({"model": "gpt-5.5", "messages": [user()]})] == ["r-chat-shape"]
    # The nested Chat tool: one r-tool-shape, no unknown `function` field.
    nested = found(req(tools=[{"type": "function", "function": {"name": "f"}}]))
    assert [d[0] for d in nested] == ["r-tool-shape"]


def test_structure_of_the_document():
    assert found({"model": "gpt-5.5", "input": 5})[0][:3] == ("request-shape", "error", "/input")
    bare = lint_value([1, {"content": "x"}, {"role": 5, "content": "x"}], "responses")
    assert [(d.rule, d.path) for d in bare.errors] == [
        ("request-shape", "/0"),
        ("request-shape", "/1"),
        ("request-shape", "/2/role"),
    ]
    assert [d.rule for d in lint_value([], "responses").errors] == ["request-shape"]
    content = found(req(user(5), user(["x"])))
    assert [(d[0], d[2]) for d in content] == [
        ("request-shape", "/input/0/content"),
        ("request-shape", "/input/1/content/0"),
    ]
    response = found({"object": "response", "id": "resp_1", "output": [said()]})
    assert response[0][0] == "request-shape" and "response" in response[0][3]


def test_bare_items_get_the_message_rules_only():
    # Stateful continuations cannot be seen in a bare array: an orphan is a warning there.
    result = lint_value([out()], "responses")
    assert result.valid and [d.rule for d in result.warnings] == ["r-function-call-output-orphan"]
    # Body rules (tools, model) need the body; bare=True drops them from a full body.
    body = req(user(), call(), out(), tools=[{"type": "code_interpreter"}], max_tokens=5)
    assert not lint_value(body).valid
    assert lint_value(body, bare=True).valid
    # --model enables the model rules on a bare array.
    bare = [user(), rs(), call(id="fc_1"), out()]
    assert lint_value(bare, "responses").valid
    judged = lint_value(bare, "responses", model="gpt-4o")
    assert [d.rule for d in judged.errors] == ["r-reasoning-model-mismatch"]


def test_fragments_are_not_asked_for_model_and_input():
    fragment = {"tools": [tool()], "tool_choice": "required"}
    assert lint_value(fragment, "responses", fragment=True).valid
    whole = lint_value(fragment, "responses")
    assert {d.rule for d in whole.errors} == {"r-model-missing", "r-input-missing"}


def test_line_and_column_point_into_input():
    text = json.dumps(req(user(), call(arguments={"city": "Paris"}), out()), indent=2)
    (d,) = lint(text, "responses").errors
    assert d.path == "/input/1/arguments"
    line = text.splitlines()[d.line - 1]
    assert line.strip().startswith('"arguments"') and line[d.column - 1] == "{"


def test_messages_are_plain_text_safe_for_a_console():
    body = req(
        {"role": "tool", "tool_call_id": "[bold]x[/bold]", "content": "x"},
        call("[red]c", name="[link]f"),
        {"type": "function_call_output", "call_id": "[x]", "output": 5},
        tools=[{"type": "function", "function": {"name": "[i]f"}}],
        tool_choice={"type": "function", "function": {"name": "[u]f"}},
    )
    result = lint_value(body, "responses")
    assert result.diagnostics
    for d in result.diagnostics:
        assert_plain_text(d)


def test_api_wording_of_the_pairing_errors():
    from checker.rules.api_text import api_error_message

    body = req(user(), call("call_JBNb"))
    (d,) = lint_value(body, "responses").errors
    assert (
        api_error_message(d.to_dict(), body) == "No tool output found for function call call_JBNb."
    )
    body = req(user(), call(id="call_7"), out())
    (d,) = lint_value(body, "responses").errors
    assert api_error_message(d.to_dict(), body) == (
        "Invalid 'input[1].id': 'call_7'. Expected an ID that begins with 'fc'."
    )


def test_portuguese_messages_keep_ids_and_paths():
    body = req(user(), call(), tools=[{"type": "function", "function": {"name": "f"}}])
    english = lint_value(body, "responses")
    with use_language("pt-BR"):
        portuguese = lint_value(body, "responses")
    assert [(d.rule, d.path) for d in english.diagnostics] == [
        (d.rule, d.path) for d in portuguese.diagnostics
    ]
    assert [d.message for d in english.diagnostics] != [d.message for d in portuguese.diagnostics]
    assert "function_call_output" in portuguese.errors[0].message


def test_human_report_names_the_format():
    text = json.dumps(ROUND_TRIP, indent=2)
    report = format_human(lint(text), text, "req.json")
    assert report.rstrip().endswith("valid: no problems found (OpenAI Responses)")


def test_cli_end_to_end(tmp_path):
    def cli(*argv):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", "lint", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    good = tmp_path / "good.json"
    good.write_text(json.dumps(ROUND_TRIP, indent=2))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(req(user(), call()), indent=2))
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps({"model": "gpt-5.5", "messages": [user()]}, indent=2))
    ran = cli(str(good))
    assert ran.returncode == 0, ran.stderr
    assert "(OpenAI Responses)" in ran.stdout
    ran = cli(str(bad), "--json")
    assert ran.returncode == 1
    data = json.loads(ran.stdout)
    assert data["format"] == "responses" and data["valid"] is False
    (d,) = data["diagnostics"]
    assert (d["rule"], d["path"], d["line"]) == (
        "r-function-call-output-missing",
        "/input/1/call_id",
        10,
    )
    ran = cli(str(chat), "--format", "responses", "--json")
    assert ran.returncode == 1
    assert [d["rule"] for d in json.loads(ran.stdout)["diagnostics"]] == ["r-chat-shape"]
    ran = cli("--explain", "r-reasoning-item-orphan")
    assert ran.returncode == 0 and "without its required following item" in ran.stdout


def test_large_inputs_lint_in_linear_time():
    items: list[Any] = []
    for n in range(250):
        items += [user(f"q{n}"), rs(f"rs_{n}"), call(f"call_{n}", id=f"fc_{n}"), out(f"call_{n}")]
    body = req(*items, tools=[tool()], store=False, include=["reasoning.encrypted_content"])
    start = time.perf_counter()
    result = lint_value(body, "responses")
    elapsed = time.perf_counter() - start
    assert result.valid, result.errors[:3]
    assert elapsed < 1.0
    small = req(*items[:30], tools=[tool()])
    start = time.perf_counter()
    for _ in range(20):
        lint_value(small, "responses")
    assert (time.perf_counter() - start) / 20 < 0.01


# --------------------------------------------------------------------------- properties

R_KEYS = [
    "model", "input", "instructions", "tools", "tool_choice", "previous_response_id",
    "conversation", "store", "include", "reasoning", "text", "format", "max_output_tokens",
    "role", "content", "type", "text", "id", "call_id", "name", "arguments", "output",
    "summary", "encrypted_content", "image_url", "file_id", "parameters", "strict",
    "properties", "required", "additionalProperties", "function", "tool_calls",
    "tool_call_id", "messages", "action", "sources", "approve", "approval_request_id",
    "server_label", "server_url", "container", "vector_store_ids", "mode", "effort",
]  # fmt: skip
R_WORDS = [
    "user", "assistant", "system", "developer", "tool", "message", "function_call",
    "function_call_output", "custom_tool_call", "custom_tool_call_output", "reasoning",
    "item_reference", "mcp_approval_request", "mcp_approval_response", "web_search_call",
    "input_text", "input_image", "output_text", "refusal", "summary_text", "text",
    "image_url", "function", "custom", "mcp", "web_search", "code_interpreter", "file_search",
    "json_schema", "json_object", "object", "auto", "required", "none", "low", "fc_1",
    "call_1", "rs_1", "msg_1", "resp_1", "conv_1", "gpt-5.5", "gpt-4.1", "[b]x[/b]", "",
]  # fmt: skip
R_SEEDS = [
    ROUND_TRIP,
    req(user(), rs(), call(id="fc_1"), out(), store=False, include=["reasoning.encrypted_content"]),
    req(out(), previous_response_id="resp_1", tools=[tool(), {"type": "web_search"}],
        tool_choice={"type": "allowed_tools", "mode": "auto", "tools": [{"type": "web_search"}]}),
    req(user([{"type": "input_text", "text": "Hi"}, {"type": "input_image", "image_url": "u"}]),
        said(id="msg_1"), text={"format": {"type": "json_schema", "name": "x", "strict": True,
                                           "schema": copy.deepcopy(SCHEMA)}}),
    [user(), call(), out()],
]  # fmt: skip


def _property_strategies():
    from hypothesis import strategies as st

    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-100, 100)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.sampled_from(R_WORDS)
    )
    values = st.recursive(
        scalars,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.sampled_from(R_KEYS), children, max_size=5)
        ),
        max_leaves=30,
    )

    @st.composite
    def mutated(draw):
        value = copy.deepcopy(draw(st.sampled_from(R_SEEDS)))
        for _ in range(draw(st.integers(1, 4))):
            stack, paths = [((), value)], []
            while stack:
                path, node = stack.pop()
                paths.append(path)
                if isinstance(node, dict):
                    stack.extend(((*path, k), v) for k, v in node.items())
                elif isinstance(node, list):
                    stack.extend(((*path, n), v) for n, v in enumerate(node))
            path = draw(st.sampled_from(paths))
            if not path:
                continue
            parent = value
            for token in path[:-1]:
                parent = parent[token]
            key, op = path[-1], draw(st.sampled_from(["set", "delete", "rename"]))
            if op == "set":
                parent[key] = draw(values)
            elif op == "delete":
                del parent[key]
            elif isinstance(parent, dict):
                parent[draw(st.sampled_from(R_KEYS))] = parent.pop(key)
        return value

    return values, mutated()


def _check_property(value: Any) -> None:
    for result, text in (
        (lint_value(value, "responses"), None),
        (lint_value(value, "responses", bare=True, model="gpt-4o"), None),
        (lint(json.dumps(value, indent=1), "responses"), json.dumps(value, indent=1)),
        (lint(json.dumps(value)), json.dumps(value)),
    ):
        assert result.valid == (not result.errors)
        for d in result.diagnostics:
            assert d.severity in ("error", "warning", "note")
            assert d.path == "" or d.path.startswith("/")
            assert d.message and isinstance(d.hint, str)
            assert_plain_text(d)
        if text is not None:
            positions = [(d.line, d.column) for d in result.diagnostics]
            assert positions == sorted(positions)
            format_human(result, text, "fuzz.json")


def test_any_value_gives_a_result_never_an_exception():
    from hypothesis import HealthCheck, given, settings

    values, mutated = _property_strategies()
    fuzz = settings(
        max_examples=400,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    fuzz(given(values)(_check_property))()
    fuzz(given(mutated)(_check_property))()
