"""Whole requests the real APIs judged, rebuilt from their docs and public bug reports.

Each file in `cases/` is a JSON array of cases: `{"id", "source", "format", "body",
"expect": "valid" | "invalid", "rule", "severity", "note"}`. An invalid case must be
judged invalid with its rule among the errors; a valid case must be judged valid, and
when it names a rule, that rule warns about it. Every case cites where it comes from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker import lint, rules

CASES_DIR = Path(__file__).parent / "cases"


def _cases():
    for path in sorted(CASES_DIR.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            yield pytest.param(case, id=f"{path.stem}:{case['id']}")


CASES = list(_cases())


@pytest.mark.parametrize("case", CASES)
def test_case(case):
    assert case["source"].startswith("https://"), "every case cites its source"
    assert case["expect"] in ("valid", "invalid")
    text = json.dumps(case["body"], indent=2)
    result = lint(text, case["format"])
    found = [(d.rule, d.severity, d.message) for d in result.diagnostics]
    if case["expect"] == "invalid":
        assert not result.valid, f"the API rejects this request: {case.get('note')}"
        if case.get("rule"):
            assert (case["rule"], "error") in [(r, s) for r, s, _ in found], found
    else:
        assert result.valid, found
        if case.get("rule"):  # a warning, or a note when it depends on a header
            assert {(case["rule"], "warning"), (case["rule"], "note")} & {
                (r, s) for r, s, _ in found
            }, found


def test_every_named_rule_exists_and_ids_are_unique():
    known = rules.ids()
    seen = set()
    for param in CASES:
        case = param.values[0]
        assert param.id not in seen, param.id
        seen.add(param.id)
        if case.get("rule"):
            assert case["rule"] in known, case["rule"]
