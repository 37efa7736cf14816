"""`tooltutor lint --fix`: repairs that invent nothing, as a diff against the file's own text.

The broken histories are the ones public reports describe: a call left without its result
after an interruption ("auto-repair orphaned tool_use blocks", anthropics/claude-code#5989,
"tool_use ids were found without tool_result blocks"), results split over two user
messages, a text placed before the results, a result repeated, a tool output with no call
("No tool output found for function call", openai/openai-support-agent-demo#12). The
property test builds many such histories at random and checks what matters to a user: the
repaired request is accepted for what was repairable, and every word the user or the model
wrote is still there.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker import rules
from checker.fixes import propose, repair_value
from checker.lint import lint
from tooltutor.cli import main

REPAIRED = [
    "a-tool-result-missing",
    "a-results-split",
    "a-tool-result-not-first",
    "o-tool-response-missing",
    "o-tool-msg-orphan",
    "r-function-call-output-missing",
    "r-function-call-output-orphan",
    "r-call-id-duplicate",
]


@pytest.mark.parametrize("rule_id", REPAIRED)
def test_each_repairable_rule_is_repaired_in_its_own_example(rule_id):
    rule = rules.get(rule_id)
    proposal = propose(rule.example, rule.api)
    assert proposal.changed and not proposal.unrepaired
    assert lint(proposal.fixed, rule.api).valid
    assert rule_id in {c.rule for c in proposal.changes}


@pytest.mark.parametrize(
    "rule_id", ["a-thinking-block-missing", "a-tool-result-duplicate", "a-body-field-missing"]
)
def test_what_needs_a_decision_gets_no_edit_and_a_reason(rule_id):
    rule = rules.get(rule_id)
    proposal = propose(rule.example, rule.api)
    assert not proposal.changed
    left = [u for u in proposal.unrepaired if u.rule == rule_id]
    assert left and left[0].why


def test_an_orphan_beside_an_unanswered_call_is_left_to_the_user():
    """The result may carry the wrong id: guessing which call it answers would invent."""
    proposal = propose(rules.get("a-tool-result-orphan").example, "anthropic")
    assert not proposal.changed
    assert {u.rule for u in proposal.unrepaired} == {
        "a-tool-result-missing",
        "a-tool-result-orphan",
    }


PRETTY = """{
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
    "messages": [
        {
            "role": "user",
            "content": "Weather in Paris and Rome?"
        },
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_01",
                    "name": "get_weather",
                    "input": {"city": "Paris"}
                },
                {
                    "type": "tool_use",
                    "id": "toolu_02",
                    "name": "get_weather",
                    "input": {"city": "Rome"}
                }
            ]
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_01",
                    "content": "18 C"
                }
            ]
        }
    ]
}
"""


def test_the_diff_keeps_the_files_formatting():
    proposal = propose(PRETTY)
    diff = proposal.diff("conversation.json")
    added = [
        line[1:]
        for line in diff.splitlines()
        if line.startswith("+") and not line.startswith("+++")
    ]
    removed = [
        line for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")
    ]
    assert not removed[1:], removed  # only the closing brace line gains a comma
    assert added[1].startswith(" " * 16 + "{") and added[2].startswith(" " * 20 + '"type"')
    assert proposal.fixed.endswith("}\n")
    assert json.loads(proposal.fixed)["messages"][2]["content"][1]["is_error"] is True


def test_a_minified_file_stays_minified():
    text = json.dumps(json.loads(PRETTY), separators=(",", ":"))
    proposal = propose(text)
    assert "\n" not in proposal.fixed and '": ' not in proposal.fixed


def test_the_diff_applies_with_git(tmp_path):
    path = tmp_path / "request.json"
    path.write_text(PRETTY, encoding="utf-8")
    diff = propose(PRETTY).diff("request.json")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "apply"], cwd=tmp_path, input=diff, text=True, check=True)
    assert lint(path.read_text(encoding="utf-8")).valid


# --------------------------------------------------------------------------- no word lost


def _strings(value, into):
    if isinstance(value, dict):
        for v in value.values():
            _strings(v, into)
    elif isinstance(value, list):
        for v in value:
            _strings(v, into)
    elif isinstance(value, str):
        into.append(value)
    return into


WORDS = st.text(alphabet='abcdefghij klmnop\u00e9\u4e2d"\\\n', min_size=1, max_size=12)


@st.composite
def broken_histories(draw):
    """An Anthropic tool loop with some of its pairings broken the ways agents break them."""
    messages = [{"role": "user", "content": draw(WORDS)}]
    for turn in range(draw(st.integers(1, 3))):
        calls = [f"toolu_{turn}{k}" for k in range(draw(st.integers(1, 3)))]
        content = []
        if draw(st.booleans()):
            content.append({"type": "text", "text": draw(WORDS)})
        content += [
            {"type": "tool_use", "id": c, "name": "f", "input": {"q": draw(WORDS)}} for c in calls
        ]
        messages.append({"role": "assistant", "content": content})
        fault = draw(
            st.sampled_from(["none", "missing", "split", "text first", "interrupted", "string"])
        )
        results = [{"type": "tool_result", "tool_use_id": c, "content": draw(WORDS)} for c in calls]
        note = {"type": "text", "text": draw(WORDS)}
        if fault == "missing":
            messages.append(
                {"role": "user", "content": results[1:] + [note]}
                if len(results) > 1
                else {"role": "user", "content": [note]}
            )
        elif fault == "split" and len(results) > 1:
            messages.append({"role": "user", "content": results[:1]})
            messages.append({"role": "user", "content": results[1:]})
        elif fault == "text first":
            messages.append({"role": "user", "content": [note, *results]})
        elif fault == "interrupted":
            messages.append({"role": "user", "content": draw(WORDS)})
        elif fault == "string":
            if turn == 0:
                messages.append({"role": "user", "content": [*results, note]})
            else:
                messages.append({"role": "user", "content": results})
        else:
            messages.append({"role": "user", "content": results})
        if draw(st.booleans()):
            messages.append(
                {"role": "assistant", "content": [{"type": "text", "text": draw(WORDS)}]}
            )
            messages.append({"role": "user", "content": draw(WORDS)})
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "tools": [{"name": "f", "input_schema": {"type": "object"}}],
        "messages": messages,
    }
    indent = draw(st.sampled_from([None, 2, 4]))
    return json.dumps(body, indent=indent, ensure_ascii=draw(st.booleans()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_histories())
def test_a_fix_repairs_the_pairings_and_keeps_every_word(text):
    proposal = propose(text)
    before = json.loads(text)
    after = json.loads(proposal.fixed)
    kept = _strings(after, [])
    for word in _strings(before, []):
        assert word in kept  # the user's and the model's words, tool outputs too
    pairing = {"a-tool-result-missing", "a-results-split", "a-tool-result-not-first"}
    assert not [d for d in lint(proposal.fixed).errors if d.rule in pairing]
    assert repair_value(before)[0] == after  # the hook's repair is the same repair


# --------------------------------------------------------------------------- the command


def test_cli_prints_a_diff_and_exits_0_then_1_once_written(tmp_path, capsys):
    path = tmp_path / "request.json"
    path.write_text(PRETTY, encoding="utf-8")
    path.chmod(0o640)
    assert main(["lint", "--fix", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("--- a/") and "+++ b/" in out.out
    assert "a-tool-result-missing" in out.err
    assert path.read_text(encoding="utf-8") == PRETTY  # a diff only
    assert main(["lint", "--fix", str(path), "--write"]) == 0
    capsys.readouterr()
    assert lint(path.read_text(encoding="utf-8")).valid
    assert path.stat().st_mode & 0o777 == 0o640
    assert main(["lint", "--fix", str(path)]) == 1


def test_cli_json_and_unrepaired_reasons(tmp_path, capsys):
    path = tmp_path / "thinking.json"
    path.write_text(rules.get("a-thinking-block-missing").example, encoding="utf-8")
    assert main(["lint", "--fix", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["changed"] is False and data["diff"] == ""
    assert data["unrepaired"][0]["rule"] == "a-thinking-block-missing"
    assert "signed by the API" in data["unrepaired"][0]["why"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", ":1:2:"), ('{"hello": 1}', "is not a request")],
)
def test_cli_errors_exit_2(tmp_path, capsys, content, message):
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    assert main(["lint", "--fix", str(path)]) == 2
    assert message in capsys.readouterr().err
