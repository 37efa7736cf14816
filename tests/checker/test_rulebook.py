"""The rulebook: every rule is one complete declaration, and its own example proves it.

Each rule's example must break it (with the rule's severity) and its fix must keep clean
(no finding of the rule, and a valid request); every id that the checker's code can emit
is declared; the docs page and `--explain` come from the same record.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from checker import catalogue, lint, rules
from checker.rules.api_text import api_error_message
from checker.rules.record import SCOPES
from checker.source import parse

CHECKER = Path(__file__).resolve().parents[2] / "checker"
EVERY_RULE = rules.all_rules()
#: (the session rules' examples are sessions: tests/lint/test_session_lint.py proves them)
REQUEST_RULES = [
    r for r in EVERY_RULE if r.api != "python" and r.example is not None and r.scope != "session"
]
PYTHON_RULES = [r for r in EVERY_RULE if r.api == "python" and r.example is not None]


def _fmt(rule) -> str:
    return "auto" if rule.api == "general" else rule.api


def _ids(found, rule_id):
    return [d for d in found.diagnostics if d.rule == rule_id]


@pytest.mark.parametrize("rule", EVERY_RULE, ids=lambda r: r.id)
def test_every_rule_is_a_complete_declaration(rule):
    assert re.fullmatch(r"[a-z][a-z0-9-]+", rule.id)
    assert rule.scope in SCOPES
    assert rule.summary.endswith("."), "the summary is one sentence on one line"
    assert rule.doc, "the docstring says what the rule does and why, after its summary"
    if rule.untestable:
        return
    assert rule.sources, "a rule cites the docs or a public report of the API's 400"
    assert all(url.startswith("https://") for url in rule.sources)
    assert rule.example is not None, "a broken example"
    assert rule.fix is not None, "a near miss that must stay clean"


@pytest.mark.parametrize("rule", REQUEST_RULES, ids=lambda r: r.id)
def test_the_example_breaks_the_rule_and_the_fix_keeps_clean(rule):
    broken = lint(rule.example, _fmt(rule))
    found = _ids(broken, rule.id)
    assert found, [(d.rule, d.message) for d in broken.diagnostics]
    assert found[0].severity == rule.severity
    for near in (rule.fix, *rule.near_misses):
        clean = lint(near, _fmt(rule))
        assert not _ids(clean, rule.id), [d.message for d in _ids(clean, rule.id)]
        assert clean.valid, [(d.rule, d.message) for d in clean.errors]


@pytest.mark.parametrize("rule", REQUEST_RULES, ids=lambda r: r.id)
def test_api_wording_fills_in(rule):
    if rule.api_message is None or not isinstance(rule.example, str):
        return
    value = parse(rule.example).value
    diagnostic = _ids(lint(rule.example, _fmt(rule)), rule.id)[0].to_dict()
    text = api_error_message(diagnostic, value)
    assert "{" not in text.replace("{\\", "").split(":")[0]
    assert text


def test_python_examples_fail_with_their_rule_and_fixes_run():
    from checker.python_exercise import STATUS_RULES
    from checker.sandbox import Limits, run_python

    limits = Limits(wall_s=1.5, cpu_s=3, memory_mb=256, flood_kb=64)
    for rule in PYTHON_RULES:
        report = run_python(
            rule.example,
            entry="answer",
            call={"client": "$client"},
            script=[],
            tool_results={},
            runs=1,
            limits=limits,
        )
        if report.status == "ok":
            emitted = "python-exception" if report.runs[0].exception else None
        else:
            emitted = STATUS_RULES.get(report.status, "python-crashed")
        assert emitted == rule.id, (rule.id, report.status, report.reason)
        fixed = run_python(
            rule.fix,
            entry="answer",
            call={"client": "$client"},
            script=[],
            tool_results={},
            runs=1,
            limits=limits,
        )
        assert fixed.status == "ok" and fixed.runs[0].exception is None, (rule.id, fixed.reason)


def test_every_emitted_rule_id_is_declared():
    """A rule id written anywhere in the checker's code (`"a-..."`) has a declaration."""
    known = rules.ids()
    pattern = re.compile(r"(?:[aor]|python)-[a-z0-9]+(?:-[a-z0-9]+)+|json-syntax|request-shape")
    for path in sorted(CHECKER.rglob("*.py")):
        if "locales" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and pattern.fullmatch(value):
                assert value in known, f"{path.name}: {value} is not declared"


def test_docs_and_explain_come_from_the_records():
    page = (catalogue.DOCS / "rules.md").read_text(encoding="utf-8")
    for rule in EVERY_RULE:
        entry = catalogue.explain(rule.id)
        assert entry.startswith(f"### `{rule.id}`")
        assert entry in page
        assert rule.summary in entry
        for url in rule.sources:
            assert url in entry
    assert catalogue.explain("a-no-such-rule") is None


def test_select_and_ignore_take_ids_and_globs():
    body = '[{"role": "user", "content": "hi"}, {"role": "user", "content": ""}]'
    both = {d.rule for d in lint(body, "anthropic").diagnostics}
    assert both == {"a-roles-not-alternating", "a-empty-content"}
    assert {d.rule for d in lint(body, "anthropic", select=["a-empty-*"]).diagnostics} == {
        "a-empty-content"
    }
    ignored = lint(body, "anthropic", ignore=["a-empty-content"])
    assert ignored.valid and {d.rule for d in ignored.diagnostics} == {"a-roles-not-alternating"}
    with pytest.raises(ValueError, match="a-no-such"):
        lint(body, "anthropic", select=["a-no-such"])


def test_run_order_is_declaration_order():
    from checker.rules.record import registered

    anthropic = [c.rule.id for c in registered("anthropic")]
    assert anthropic[0] == "request-shape"
    assert anthropic.index("a-tool-result-missing") < anthropic.index("a-tool-result-orphan")
