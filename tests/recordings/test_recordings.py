"""Recorded traffic judges the linter: public recordings of requests the real APIs answered.

Each file in `data/` holds the exchanges of one public recording (see `README.md` and
`importer.py`): for an exchange answered 2xx, no error (the API accepted it); for a
recorded 400, an error from the rule that explains it (`"rule"`), or a `"gap"` that says
why no rule does yet. Warnings on accepted requests stay rare (at most 3%, not counting
"this model has been retired since", which is true of an old recording). Headers the
recording kept are given to the linter, as a log or a hook gives them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.lint import lint_value

DATA = Path(__file__).parent / "data"
RETIRED = {"a-model-retired", "o-model-retired", "r-model-retired"}
MAX_WARNING_RATE = 0.03


def _records():
    for path in sorted(DATA.rglob("*.json")):
        yield path, json.loads(path.read_text(encoding="utf-8"))


RECORDS = list(_records())
EXCHANGES = [
    pytest.param(ex, id=f"{path.parent.name}/{path.stem}#{n}")
    for path, record in RECORDS
    for n, ex in enumerate(record["exchanges"])
]


def _lint(ex):
    return lint_value(ex["body"], ex["format"], headers=ex.get("headers"))


def test_every_recording_names_its_source_and_a_licence_that_allows_it():
    readme = (Path(__file__).parent / "README.md").read_text(encoding="utf-8")
    for path, record in RECORDS:
        source = record["source"]
        assert set(source) == {"repo", "commit", "path", "licence"}, path
        assert len(source["commit"]) == 40, path
        assert source["licence"] in ("MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC")
        assert f"`{source['repo']}`" in readme, f"{source['repo']} is not in the README"


@pytest.mark.parametrize("ex", EXCHANGES)
def test_the_linter_agrees_with_the_api(ex):
    result = _lint(ex)
    if 200 <= ex["status"] < 300:
        assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]
        return
    assert ex["status"] == 400 and ex["error"], "a rejected exchange keeps the API's words"
    if "gap" in ex:
        assert ex["gap"].strip(), "a known gap says why"
        return
    rules = {d.rule for d in result.errors}
    assert ex["rule"] in rules, (ex["error"], sorted(rules))


def test_warnings_on_accepted_requests_are_rare():
    accepted = [ex for _, r in RECORDS for ex in r["exchanges"] if 200 <= ex["status"] < 300]
    warned = [
        ex
        for ex in accepted
        if any(d.severity == "warning" and d.rule not in RETIRED for d in _lint(ex).diagnostics)
    ]
    assert accepted
    assert len(warned) <= MAX_WARNING_RATE * len(accepted), [
        (ex["body"].get("model"), [d.rule for d in _lint(ex).warnings]) for ex in warned
    ]


def test_the_importer_reads_a_cassette_and_keeps_only_what_is_judged(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from importer import read_recording

    cassette = tmp_path / "c.yaml"
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": "x" * 5000}]}
    cassette.write_text(
        "interactions:\n"
        "- request:\n"
        f"    body: '{json.dumps(body)}'\n"
        "    headers: {user-agent: [x], openai-beta: [assistants=v2]}\n"
        "    method: POST\n"
        "    uri: https://api.openai.com/v1/chat/completions\n"
        "  response:\n"
        '    body: {string: \'{"error": {"message": "bad"}}\'}\n'
        "    status: {code: 400, message: Bad Request}\n"
        "- request:\n"
        "    body: '{}'\n"
        "    method: POST\n"
        "    uri: https://api.openai.com/v1/embeddings\n"
        "  response: {status: {code: 200}}\n",
        encoding="utf-8",
    )
    (found,) = read_recording(cassette)
    assert found["status"] == 400 and found["error"] == "bad"
    assert found["headers"] == {"openai-beta": "assistants=v2"}
    assert len(found["body"]["messages"][0]["content"]) < 2000
