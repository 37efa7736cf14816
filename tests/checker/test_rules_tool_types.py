"""Anthropic-defined tool types, toolsets, web tool options, `container` and
`context_management`: each rule broken, and its near misses.

Shapes from the tool reference (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-reference:
versions, client toolsets, definition properties), the server tools page (domain filtering,
allowed_callers, dynamic filtering), the Messages API reference, the skills guide and the
context editing page, and public reports of the API's 400s.
"""

from __future__ import annotations

import copy

import pytest

from checker import lint_value

WEB_SEARCH = {"type": "web_search_20250305", "name": "web_search"}
Q = [{"role": "user", "content": "News about qubits?"}]


def body(tools=(), model="claude-opus-4-8", **extra):
    out = {"model": model, "max_tokens": 1024}
    if tools:
        out["tools"] = list(tools)
    out.update(extra)
    out["messages"] = copy.deepcopy(Q)
    return out


def found(request, rule):
    result = lint_value(copy.deepcopy(request), "anthropic")
    return [d for d in result.diagnostics if d.rule == rule], result


def only(request, rule):
    hits, result = found(request, rule)
    assert len(hits) == 1, [(d.rule, d.path, d.message) for d in result.diagnostics]
    return hits[0]


def clean(request, rule):
    hits, result = found(request, rule)
    assert not hits, [(d.rule, d.path, d.message) for d in hits]
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


# ----------------------------------------------------------- a-tool-type-unknown


@pytest.mark.parametrize(
    ("kind", "word"),
    [
        # https://github.com/dirac-run/dirac/issues/57: `tools.0: Input tag 'function' found
        # using 'type' does not match any of the expected tags: 'bash_20250124', ...`
        ("function", "OpenAI"),
        ("web_search", "version date"),
        ("mcp", "not a tool type"),
        ("bash_2025124", "not a tool type"),
    ],
)
def test_not_a_tool_type(kind, word):
    d = only(body([{"type": kind, "name": "x"}]), "a-tool-type-unknown")
    assert (d.severity, d.path) == ("error", "/tools/0/type") and word in d.message


def test_unknown_dated_versions_warn():
    d = only(body([{"type": "web_search_20261115", "name": "web_search"}]), "a-tool-type-unknown")
    assert d.severity == "warning" and "web_search_20260318" in d.message
    d = only(body([{"type": "agent_toolset_20260401"}]), "a-tool-type-unknown")
    assert d.severity == "warning"


@pytest.mark.parametrize(
    "tool",
    [
        {"type": "custom", "name": "get_weather", "input_schema": {"type": "object"}},
        {"type": "tool_search_tool_regex", "name": "tool_search_tool_regex"},
        {"type": "code_execution_20260521", "name": "code_execution"},
        {
            "type": "web_fetch_20260318",
            "name": "web_fetch",
            "use_cache": False,
            "response_inclusion": "full",
        },
        {"type": "memory_20250818", "name": "memory"},
    ],
)
def test_known_types_are_clean(tool):
    for rule in ("a-tool-type-unknown", "a-tool-field-unsupported", "a-tool-name-mismatch"):
        clean(body([tool]), rule)


def test_beta_only_types_warn():
    # vercel/ai PR 5024: without the beta header `text_editor_20241022` is not an expected tag
    computer = {
        "type": "computer_20251124",
        "name": "computer",
        "display_width_px": 1280,
        "display_height_px": 800,
    }
    d = only(body([computer]), "a-tool-beta-required")
    assert (d.severity, d.path) == (
        "note",
        "/tools/0/type",
    ) and "computer-use-2025-11-24" in d.message
    clean(body([{"type": "bash_20250124", "name": "bash"}]), "a-tool-beta-required")


# ----------------------------------------------------------- names and fields


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        (
            {"type": "text_editor_20250728", "name": "str_replace_editor"},
            "str_replace_based_edit_tool",
        ),
        (
            {"type": "text_editor_20250124", "name": "str_replace_based_edit_tool"},
            "str_replace_editor",
        ),
        ({"type": "bash_20250124", "name": "shell"}, "bash"),
        ({"type": "code_execution_20260120", "name": "python"}, "code_execution"),
    ],
)
def test_fixed_names(tool, expected):
    d = only(body([tool]), "a-tool-name-mismatch")
    assert (d.severity, d.path) == ("error", "/tools/0/name") and expected in d.message


@pytest.mark.parametrize(
    ("tool", "key", "word"),
    [
        # anthropics/skills tool-use-concepts: Anthropic tools are schema-less
        (
            {"type": "bash_20250124", "name": "bash", "input_schema": {"type": "object"}},
            "input_schema",
            "own schema",
        ),
        # docs: max_characters only from text_editor_20250728
        (
            {"type": "text_editor_20250124", "name": "str_replace_editor", "max_characters": 10},
            "max_characters",
            "20250728",
        ),
        (
            {"type": "web_fetch_20250910", "name": "web_fetch", "user_location": None},
            "user_location",
            "not a field",
        ),
        (
            {"type": "web_search_20250305", "name": "web_search", "use_cache": True},
            "use_cache",
            "not a field",
        ),
        (
            {"type": "code_execution_20250825", "name": "code_execution", "input_examples": []},
            "input_examples",
            "not a field",
        ),
    ],
)
def test_fields_of_another_version(tool, key, word):
    d = only(body([tool]), "a-tool-field-unsupported")
    assert (d.severity, d.path) == ("error", f"/tools/0/{key}") and word in d.message


def test_unknown_field_warns():
    d = only(body([dict(WEB_SEARCH, max_use=3)]), "a-tool-field-unsupported")
    assert (d.severity, d.path) == ("note", "/tools/0/max_use")


def test_required_fields():
    # SDK BetaToolComputerUse20251124Param: display_width_px and display_height_px required
    hits, _ = found(
        body([{"type": "computer_20251124", "name": "computer"}]), "a-tool-field-missing"
    )
    assert [d.message for d in hits] == [
        "this `computer_20251124` tool has no `display_width_px`",
        "this `computer_20251124` tool has no `display_height_px`",
    ]
    d = only(body([{"type": "web_search_20250305"}]), "a-tool-field-missing")
    assert (d.severity, d.path) == ("error", "/tools/0") and '"web_search"' in d.hint


@pytest.mark.parametrize(
    ("extra", "path", "severity"),
    [
        # API reference: max_uses exclusiveMinimum 0
        ({"max_uses": 0}, "/tools/0/max_uses", "error"),
        ({"max_uses": "5"}, "/tools/0/max_uses", "warning"),
        ({"defer_loading": "yes"}, "/tools/0/defer_loading", "error"),
        ({"allowed_callers": ["direct", "sandbox"]}, "/tools/0/allowed_callers/1", "error"),
        ({"allowed_callers": ["code_execution_20261201"]}, "/tools/0/allowed_callers/0", "warning"),
        ({"allowed_domains": "arxiv.org"}, "/tools/0/allowed_domains", "error"),
    ],
)
def test_field_values(extra, path, severity):
    d = only(body([dict(WEB_SEARCH, **extra)]), "a-tool-field-invalid")
    assert (d.severity, d.path) == (severity, path)


def test_field_values_near_misses():
    # docs programmatic tool calling: custom tools may be called from code execution
    custom = {
        "name": "get_weather",
        "input_schema": {"type": "object"},
        "allowed_callers": ["direct", "code_execution_20260120"],
    }
    clean(
        body([{"type": "code_execution_20260120", "name": "code_execution"}, custom]),
        "a-tool-field-invalid",
    )
    clean(body([dict(WEB_SEARCH, max_uses=5, allowed_domains=None)]), "a-tool-field-invalid")


# ----------------------------------------------------------- toolsets

BROWSER = {"type": "browser_toolset_20260801", "configs": {"javascript_exec": {"enabled": True}}}


@pytest.mark.parametrize(
    ("tool", "path", "word"),
    [
        (dict(BROWSER, name="browser"), "/tools/0/name", "not a field of a toolset"),
        (dict(BROWSER, strict=True), "/tools/0/strict", "not a field of a toolset"),
        (
            dict(BROWSER, allowed_callers=["code_execution_20260120"]),
            "/tools/0/allowed_callers",
            "direct",
        ),
        (
            {"type": "computer_toolset_20260801", "configs": {"take_screenshot": {}}},
            "/tools/0/configs/take_screenshot",
            "member",
        ),
        (
            {"type": "computer_toolset_20260801", "configs": {"zoom": {"hidden": True}}},
            "/tools/0/configs/zoom/hidden",
            "booleans",
        ),
        (
            {
                "type": "computer_toolset_20260801",
                "configs": {"zoom": {"defer_loading": True}, "key": {}},
            },
            "/tools/0/configs",
            "defer_loading",
        ),
    ],
)
def test_toolset_shape(tool, path, word):
    d = only(body([tool]), "a-toolset-shape")
    assert (d.severity, d.path) == ("error", path) and word in d.message


def test_toolset_duplicates_and_family_names():
    d = only(body([BROWSER, BROWSER]), "a-toolset-shape")
    assert d.path == "/tools/1/type"
    computer = {
        "type": "computer_20251124",
        "name": "computer",
        "display_width_px": 1,
        "display_height_px": 1,
    }
    d = only(body([{"type": "computer_toolset_20260801"}, computer]), "a-toolset-shape")
    assert d.path == "/tools/1/name"
    clean(body([dict(BROWSER, cache_control={"type": "ephemeral"})]), "a-toolset-shape")


# ----------------------------------------------------------- web tools


def test_domains_conflict_and_empty():
    # https://github.com/looplj/axonhub/issues/357: `Cannot specify both allowed_domains and
    # blocked_domains in the same request`
    both = dict(WEB_SEARCH, allowed_domains=["arxiv.org"], blocked_domains=["example.com"])
    d = only(body([both]), "a-web-domains-conflict")
    assert (d.severity, d.path) == ("error", "/tools/0/blocked_domains")
    # CherryHQ/cherry-studio#10374: `...blocked_domains: Empty list of domains is ambiguous.`
    d = only(body([dict(WEB_SEARCH, blocked_domains=[])]), "a-web-domains-empty")
    assert (d.severity, d.path) == ("error", "/tools/0/blocked_domains")
    clean(
        body([dict(WEB_SEARCH, allowed_domains=["arxiv.org"], blocked_domains=None)]),
        "a-web-domains-conflict",
    )


@pytest.mark.parametrize(
    ("entry", "severity", "word"),
    [
        ("*.example.com", "error", "`*`"),
        ("ex*.com", "error", "`*`"),
        ("https://example.com", "error", "scheme"),
        ("example .com", "error", "spaces"),
        ("аmazon.com", "warning", "non-ASCII"),
    ],
)
def test_domain_format(entry, severity, word):
    # server tools docs, domain filtering: invalid formats are rejected with a 400
    d = only(body([dict(WEB_SEARCH, allowed_domains=[entry])]), "a-web-domain-format")
    assert (d.severity, d.path) == (severity, "/tools/0/allowed_domains/0") and word in d.message


def test_domain_format_near_misses():
    clean(
        body([dict(WEB_SEARCH, allowed_domains=["example.com/*", "docs.python.org/3/*/lib"])]),
        "a-web-domain-format",
    )
    fetch = {
        "type": "web_fetch_20250910",
        "name": "web_fetch",
        "allowed_domains": ["example.com/blog"],
    }
    assert only(body([fetch]), "a-web-domain-format").severity == "warning"


def test_user_location():
    # API reference UserLocation: type "approximate", country 2 letters
    bad = dict(WEB_SEARCH, user_location={"type": "city", "country": "USA", "zip": "94103"})
    hits, _ = found(body([bad]), "a-web-user-location-shape")
    assert [d.path for d in hits] == [
        "/tools/0/user_location/type",
        "/tools/0/user_location/country",
        "/tools/0/user_location/zip",
    ]
    ok = dict(
        WEB_SEARCH, user_location={"type": "approximate", "city": "San Francisco", "country": "US"}
    )
    clean(body([ok]), "a-web-user-location-shape")


@pytest.mark.parametrize(
    ("model", "severity"),
    [
        ("claude-haiku-4-5", "error"),
        ("claude-3-7-sonnet-20250219", "error"),
        ("claude-sonnet-4-5", "warning"),
    ],
)
def test_dynamic_web_tools_on_models_without_programmatic_calling(model, severity):
    # server tools docs, ZDR and allowed_callers: those models need allowed_callers ["direct"]
    tool = {"type": "web_fetch_20260209", "name": "web_fetch"}
    d = only(body([tool], model=model), "a-server-tool-model-unsupported")
    assert (d.severity, d.path) == (severity, "/tools/0/type")
    clean(
        body([dict(tool, allowed_callers=["direct"])], model=model),
        "a-server-tool-model-unsupported",
    )
    clean(body([tool], model="claude-opus-4-6"), "a-server-tool-model-unsupported")


def test_old_code_execution_next_to_dynamic_web_tools():
    # docs: "the API rejects older code execution versions alongside these web tool versions"
    tools = [
        {"type": "web_search_20260318", "name": "web_search"},
        {"type": "code_execution_20250522", "name": "code_execution"},
    ]
    d = only(body(tools), "a-code-execution-version-conflict")
    assert (d.severity, d.path) == ("error", "/tools/1/type")
    clean(
        body([tools[0], {"type": "code_execution_20260521", "name": "code_execution"}]),
        "a-code-execution-version-conflict",
    )
    clean(body([WEB_SEARCH, tools[1]]), "a-code-execution-version-conflict")


# ----------------------------------------------------------- container and context_management

CODE = {"type": "code_execution_20250825", "name": "code_execution"}
SKILL = {"type": "anthropic", "skill_id": "pptx", "version": "latest"}


def test_container():
    # skills guide, container parameter; API reference: ContainerParams.skills maxItems 20
    clean(body([CODE], container="container_011CPR5CNjB747bTd36fQLFk"), "a-container-shape")
    clean(body([CODE], container={"skills": [SKILL]}), "a-container-shape")
    d = only(body([CODE], container={"skills": [dict(SKILL, type="builtin")]}), "a-container-shape")
    assert (d.severity, d.path) == ("error", "/container/skills/0/type")
    d = only(body([CODE], container={"skills": [SKILL] * 9}), "a-container-shape")
    assert (d.severity, d.path) == ("warning", "/container/skills/8")
    d = only(body([CODE], container={"skills": [SKILL] * 21}), "a-container-shape")
    assert (d.severity, d.path) == ("error", "/container/skills/20")
    d = only(body([CODE], container=["container_01"]), "a-container-shape")
    assert d.path == "/container"


def test_skills_need_code_execution():
    d = only(body(container={"skills": [SKILL]}), "a-container-skills-need-code-exec")
    assert (d.severity, d.path) == ("warning", "/container/skills")
    clean(body([CODE], container={"skills": [SKILL]}), "a-container-skills-need-code-exec")


THINKING = {"type": "enabled", "budget_tokens": 10000}


def edits(*items):
    return {"edits": list(items)}


def test_context_management_is_beta():
    d = only(
        body(context_management=edits({"type": "clear_tool_uses_20250919"})),
        "a-context-management-beta",
    )
    assert (d.severity, d.path) == ("note", "/context_management")


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        # context editing docs: thinking_turns value must be at least 1
        (
            {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 0}},
            "/keep/value",
        ),
        ({"type": "clear_thinking_20251015", "keep": 2}, "/keep"),
        (
            {"type": "clear_tool_uses_20250919", "trigger": {"type": "turns", "value": 3}},
            "/trigger",
        ),
        ({"type": "clear_tool_uses_20250919", "clear_at": 3}, "/clear_at"),
        ({"type": "clear_everything"}, "/type"),
    ],
)
def test_context_edit_shape(edit, path):
    request = body(
        model="claude-sonnet-4-5",
        max_tokens=16000,
        thinking=THINKING,
        context_management=edits(edit),
    )
    d = only(request, "a-context-edit-shape")
    assert (d.severity, d.path) == ("error", "/context_management/edits/0" + path)


def test_context_edit_shape_near_misses():
    docs = {
        "type": "clear_tool_uses_20250919",
        "trigger": {"type": "input_tokens", "value": 30000},
        "keep": {"type": "tool_uses", "value": 3},
        "clear_at_least": {"type": "input_tokens", "value": 5000},
        "exclude_tools": ["web_search"],
    }
    request = body(
        model="claude-sonnet-4-5",
        max_tokens=16000,
        thinking=THINKING,
        context_management=edits({"type": "clear_thinking_20251015", "keep": "all"}, docs),
    )
    clean(request, "a-context-edit-shape")
    clean(request, "a-context-edit-order")
    dated = body(context_management=edits({"type": "clear_tool_uses_20261001"}))
    assert only(dated, "a-context-edit-shape").severity == "warning"


def test_context_edit_order():
    # context editing docs, combining strategies: clear_thinking_20251015 first
    request = body(
        model="claude-sonnet-4-5",
        max_tokens=16000,
        thinking=THINKING,
        context_management=edits(
            {"type": "clear_tool_uses_20250919"}, {"type": "clear_thinking_20251015", "keep": "all"}
        ),
    )
    d = only(request, "a-context-edit-order")
    assert (d.severity, d.path) == ("error", "/context_management/edits/1/type")


def test_clearing_thinking_needs_thinking():
    # https://github.com/anthropics/claude-code/issues/11971: `clear_thinking_20251015`
    # strategy requires `thinking` to be enabled
    management = edits({"type": "clear_thinking_20251015", "keep": "all"})
    d = only(body(context_management=management), "a-context-edit-thinking-required")
    assert (d.severity, d.path) == ("error", "/context_management/edits/0/type")
    clean(
        body(thinking={"type": "adaptive"}, context_management=management),
        "a-context-edit-thinking-required",
    )
    fable = body(model="claude-fable-5", context_management=management)
    assert only(fable, "a-context-edit-thinking-required").severity == "warning"
