"""`lint_session`: each request alone and against the exchange it continues.

Families, not examples: every valid variation the docs accept stays clean on every API,
and each fault the public reports describe is found wherever it happens in the loop.
Reports the faults come from: thinking edited or emptied when resent
(anthropics/claude-code#63203, #63898, #21289), an invalid signature after a history was
rebuilt (anthropics/claude-code#10627, lbjlaq/Antigravity-Manager#608), a reasoning item
dropped (cline/cline#12242, continuedev/continue#10018), a stored response's call left
unanswered (openai/openai-agents-python#873), a prefix changed under preserved thinking
(anomalyco/opencode#46653, langchain-ai/deepagents#6300).
"""

from __future__ import annotations

import copy
import json

import pytest
from session_shapes import anthropic_loop, chat_loop, errors_of, responses_loop, rules_of

from checker import rules
from checker.session import lint_session

SESSION_RULES = [r for r in rules.all_rules() if r.scope == "session"]


# --------------------------------------------------------------------------- the rulebook


@pytest.mark.parametrize("rule", SESSION_RULES, ids=lambda r: r.id)
def test_each_session_rule_is_proved_by_its_own_example(rule):
    broken = lint_session(json.loads(rule.example))
    found = [d for e in broken.exchanges for d in e.diagnostics if d.rule == rule.id]
    assert found and found[0].severity == rule.severity
    for near in (rule.fix, *rule.near_misses):
        clean = lint_session(json.loads(near))
        assert not [d for e in clean.exchanges for d in e.diagnostics if d.rule == rule.id]
        assert clean.valid, errors_of(clean)


def test_session_rules_are_in_the_rulebook_docs_and_explain():
    from checker.catalogue import DOCS, explain

    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for rule in SESSION_RULES:
        entry = explain(rule.id)
        assert "found by `lint --session`" in entry
        assert entry in page


# --------------------------------------------------------------------------- valid families

LOOPS = {
    "anthropic-thinking": lambda: anthropic_loop(3),
    "anthropic-parallel": lambda: anthropic_loop(2, thinking=False, parallel=3),
    "anthropic-fable": lambda: anthropic_loop(
        2, model="claude-fable-5-1", thinking={"type": "adaptive"}
    ),
    "chat": lambda: chat_loop(3),
    "responses": lambda: responses_loop(3),
    "responses-stateful": lambda: responses_loop(3, stateful=True),
}


@pytest.mark.parametrize("name", LOOPS)
def test_a_correct_loop_is_clean_and_linked(name):
    exchanges = LOOPS[name]()
    result = lint_session(exchanges)
    assert result.valid and not rules_of(result)
    assert [e.continues for e in result.exchanges] == [None, *range(1, len(exchanges))]
    assert result.conversations == 1


def _each_request(exchanges, edit):
    for e in exchanges:
        edit(e["request"])
    return exchanges


def _moved_cache_control(body):
    for m in body["messages"]:
        if isinstance(m["content"], list):
            for b in m["content"]:
                b.pop("cache_control", None)
    last = body["messages"][-1]
    if isinstance(last["content"], list):
        last["content"][-1]["cache_control"] = {"type": "ephemeral"}


def _finished_turns_without_thinking(body):
    """The docs accept leaving out thinking of earlier, finished turns."""
    messages = body["messages"]
    last_user_text = max(
        (
            i
            for i, m in enumerate(messages)
            if m["role"] == "user" and isinstance(m["content"], str)
        ),
        default=0,
    )
    for m in messages[:last_user_text]:
        if m["role"] == "assistant" and isinstance(m["content"], list):
            m["content"] = [b for b in m["content"] if b.get("type") != "thinking"]


def _cleared_old_results(body):
    """Client-side context trimming: old tool results replaced by a note."""
    for m in body["messages"][:-2]:
        if m["role"] == "user" and isinstance(m["content"], list):
            for b in m["content"]:
                if b.get("type") == "tool_result":
                    b["content"] = "[cleared]"


def _string_content_as_blocks(body):
    for m in body["messages"]:
        if isinstance(m["content"], str):
            m["content"] = [{"type": "text", "text": m["content"]}]


def _sdk_dump_with_nulls(body):
    """SDK model dumps: `citations: null` on text blocks, `caller: null` on calls."""
    for m in body["messages"]:
        if m["role"] == "assistant" and isinstance(m["content"], list):
            for b in m["content"]:
                if b.get("type") == "text":
                    b["citations"] = None
                if b.get("type") == "tool_use":
                    b["caller"] = None


ANTHROPIC_VALID_EDITS = {
    "cache_control moved": _moved_cache_control,
    "finished turns lose thinking": _finished_turns_without_thinking,
    "old results cleared": _cleared_old_results,
    "string content as blocks": _string_content_as_blocks,
    "sdk dump with nulls": _sdk_dump_with_nulls,
}


@pytest.mark.parametrize("edit", ANTHROPIC_VALID_EDITS)
def test_edits_the_api_accepts_stay_clean(edit):
    exchanges = _each_request(anthropic_loop(3), ANTHROPIC_VALID_EDITS[edit])
    result = lint_session(exchanges)
    assert result.valid, errors_of(result)
    assert not [r for r in rules_of(result) if "session" in r[1]], rules_of(result)


def test_interleaved_conversations_are_told_apart():
    """Two agents logging into one file: each request finds its own conversation."""
    one, two = anthropic_loop(3), chat_loop(3)
    for e in two:
        e["request"]["messages"][0]["content"] = "Weather in Rome?"
    mixed = [x for pair in zip(one, two) for x in pair] + one[len(two) :]
    result = lint_session(mixed)
    assert result.valid and result.conversations == 2
    by_number = {e.number: e for e in result.exchanges}
    for e in result.exchanges[2:]:
        assert by_number[e.continues].conversation == e.conversation
        assert by_number[e.continues].format == e.format


def test_a_retry_and_a_regenerated_turn_are_not_faults():
    loop = anthropic_loop(2, thinking=False)
    retried = [loop[0], copy.deepcopy(loop[0]), *loop[1:]]
    branch = copy.deepcopy(loop[-1])
    branch["request"]["messages"][-1]["content"] = "Thanks! And next week?"
    result = lint_session([*retried, branch])
    assert result.valid and not rules_of(result)
    assert result.conversations == 1


def test_two_identical_prompts_pick_the_conversation_whose_reply_is_resent():
    a, b = anthropic_loop(2, thinking=False), anthropic_loop(2, thinking=False)
    for e in b:  # the same prompt, other call ids (another run)
        text = json.dumps(e).replace("toolu_", "toolu_b")
        e.clear()
        e.update(json.loads(text))
    mixed = [a[0], b[0], b[1], a[1], a[2], b[2]]
    result = lint_session(mixed)
    assert result.valid and not rules_of(result)
    assert [e.continues for e in result.exchanges] == [None, None, 2, 1, 4, 3]


# --------------------------------------------------------------------------- fault families


@pytest.mark.parametrize("turn", [0, 1, 2])
@pytest.mark.parametrize(
    "fault",
    ["text edited", "text emptied", "signature swapped", "redacted data changed", "moved"],
)
def test_the_latest_turns_thinking_changed_anywhere_in_the_loop(turn, fault):
    exchanges = anthropic_loop(3)
    for e in exchanges:  # a redacted block beside each thinking block
        resp = e.get("response")
        if resp and resp["content"][0]["type"] == "thinking":
            resp["content"].insert(1, {"type": "redacted_thinking", "data": "RUR0aGluaw=="})
    rebuilt = anthropic_loop(3)
    for n, e in enumerate(rebuilt):
        e["response"] = exchanges[n].get("response")
        for m in e["request"]["messages"]:
            if m["role"] == "assistant" and m["content"][0].get("type") == "thinking":
                m["content"].insert(1, {"type": "redacted_thinking", "data": "RUR0aGluaw=="})
    broken = rebuilt[turn + 1]["request"]["messages"][-2]["content"]
    if fault == "text edited":
        broken[0]["thinking"] += " (summarised)"
    elif fault == "text emptied":  # anthropics/claude-code#63898
        broken[0]["thinking"] = ""
    elif fault == "signature swapped":
        broken[0]["signature"] = "Eo0BCkYIBxgCKkA"
    elif fault == "redacted data changed":
        broken[1]["data"] = "b3RoZXI="
    else:
        broken[0], broken[1] = broken[1], broken[0]
    result = lint_session(rebuilt)
    assert (turn + 2, "a-session-thinking-modified") in errors_of(result)
    exchange = result.exchanges[turn + 1]
    d = next(d for d in exchange.diagnostics if d.rule == "a-session-thinking-modified")
    earlier = exchange.earlier_of(d)
    assert earlier.exchange == turn + 1 and earlier.part == "response"
    assert earlier.path.startswith("/content/")


def test_an_earlier_turns_thinking_changed_is_an_invalid_signature():
    exchanges = anthropic_loop(3)
    last = exchanges[-1]["request"]["messages"]
    last[1]["content"][0]["thinking"] = "rewritten by a proxy"
    result = lint_session(exchanges)
    assert (5, "a-session-thinking-signature") in errors_of(result)
    d = next(d for d in result.exchanges[4].diagnostics if d.rule == "a-session-thinking-signature")
    assert d.path == "/messages/1/content/0"
    assert result.exchanges[4].earlier_of(d).part == "request"


@pytest.mark.parametrize("api", ["anthropic", "chat", "responses"])
def test_calls_dropped_after_an_interruption(api):
    """Ctrl+C: the next request goes on without the turn whose calls never ran."""
    loop = {"anthropic": anthropic_loop, "chat": chat_loop, "responses": responses_loop}[api](2)
    history_key = "input" if api == "responses" else "messages"
    first = loop[0]["request"][history_key]
    follow = copy.deepcopy(loop[0]["request"])
    follow[history_key] = [*copy.deepcopy(first), {"role": "user", "content": "Stop. Lyon?"}]
    result = lint_session([loop[0], {"request": follow}])
    rule = {"anthropic": "a", "chat": "o", "responses": "r"}[api] + "-session-calls-dropped"
    assert (2, rule) in rules_of(result)
    assert result.valid  # the API accepts it: a warning


@pytest.mark.parametrize("api", ["anthropic", "chat", "responses"])
def test_calls_rewritten_when_resent(api):
    loop = {"anthropic": anthropic_loop, "chat": chat_loop, "responses": responses_loop}[api](2)
    request = loop[1]["request"]
    if api == "anthropic":
        request["messages"][1]["content"][-1]["input"] = {"city": "Nice"}
    elif api == "chat":
        request["messages"][1]["tool_calls"][0]["function"]["arguments"] = '{"city": "Nice"}'
    else:
        request["input"][2]["arguments"] = '{"city": "Nice"}'
    result = lint_session(loop)
    rule = {"anthropic": "a", "chat": "o", "responses": "r"}[api] + "-session-call-edited"
    assert (2, rule) in rules_of(result)


def test_arguments_reserialised_with_the_same_value_are_not_an_edit():
    loop = chat_loop(2)
    loop[1]["request"]["messages"][1]["tool_calls"][0]["function"]["arguments"] = '{"city":"C0"}'
    assert not rules_of(lint_session(loop))


@pytest.mark.parametrize("turn", [1, 2])
def test_reasoning_dropped_before_a_call_passed_back_by_id(turn):
    loop = responses_loop(3)
    items = loop[turn]["request"]["input"]
    loop[turn]["request"]["input"] = [i for i in items if i.get("type") != "reasoning"]
    result = lint_session(loop)
    assert (turn + 1, "r-session-reasoning-dropped") in errors_of(result)
    # the single-request warning is superseded at the same place
    assert (turn + 1, "r-reasoning-item-missing") not in rules_of(result)


def test_a_call_passed_back_without_its_id_needs_no_reasoning():
    loop = responses_loop(2)
    for item in loop[1]["request"]["input"]:
        if item.get("type") == "function_call":
            item.pop("id")
    loop[1]["request"]["input"] = [
        i for i in loop[1]["request"]["input"] if i.get("type") != "reasoning"
    ]
    assert lint_session(loop).valid


def test_a_stored_responses_call_left_unanswered():
    loop = responses_loop(2, stateful=True)
    loop[1]["request"]["input"] = [{"role": "user", "content": "Go on."}]
    result = lint_session(loop)
    assert (2, "r-session-call-unanswered") in errors_of(result)


@pytest.mark.parametrize("change", ["system", "tools", "earlier message"])
def test_a_changed_prefix_under_preserved_thinking(change):
    binding = {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "error"}}
    loop = anthropic_loop(2, model="claude-fable-5-1", thinking=binding)
    request = loop[2]["request"]
    if change == "system":
        request["system"] = "You are a weather assistant. Today is 2026-09-02."
    elif change == "tools":
        request["tools"] = [
            *request["tools"],
            {"name": "mcp_new", "input_schema": {"type": "object"}},
        ]
    else:
        request["messages"][0]["content"] = "Weather in Paris and Lyon, please?"
    result = lint_session(loop)
    if change == "earlier message":  # the request no longer continues: a branch
        assert result.exchanges[2].continues is None
        return
    assert (3, "a-session-thinking-prefix") in errors_of(result)


def test_the_prefix_rule_warns_without_a_chosen_behaviour_and_keeps_quiet_with_drop_block():
    loop = anthropic_loop(2, model="claude-fable-5-1", thinking={"type": "adaptive"})
    loop[2]["request"]["system"] = "Changed."
    warned = lint_session(loop)
    assert (3, "a-session-thinking-prefix") in rules_of(warned) and warned.valid
    for e in loop:
        e["request"]["thinking"] = {
            "type": "adaptive",
            "block_binding": {"prefix_mismatch_behavior": "drop_block"},
        }
    assert "a-session-thinking-prefix" not in {r for _, r in rules_of(lint_session(loop))}


def test_models_without_preserved_thinking_accept_a_changed_system():
    loop = anthropic_loop(2, model="claude-opus-5", thinking={"type": "adaptive"})
    loop[2]["request"]["system"] = "Changed."
    assert "a-session-thinking-prefix" not in {r for _, r in rules_of(lint_session(loop))}


# --------------------------------------------------------------------------- the API


def test_select_and_ignore_apply_to_cross_turn_rules():
    loop = chat_loop(2)
    loop[1]["request"]["messages"][1]["tool_calls"][0]["function"]["arguments"] = "{}"
    assert rules_of(lint_session(loop, ignore=["o-session-*"])) == []
    assert {r for _, r in rules_of(lint_session(loop, select=["o-session-call-edited"]))} == {
        "o-session-call-edited"
    }


def test_a_fifty_exchange_session_is_linked_in_one_pass():
    exchanges = anthropic_loop(49)
    result = lint_session(exchanges)
    assert len(result.exchanges) == 51 and result.valid
    assert result.exchanges[-1].continues == 50
