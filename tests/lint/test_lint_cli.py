"""`tooltutor lint` over JSON Lines, folders and standard input, in a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lint_requests import ANTHROPIC_BROKEN, ANTHROPIC_RULE, CHAT_BROKEN, CHAT_RULE, CHAT_VALID

ROOT = Path(__file__).resolve().parents[2]


def cli(*argv, stdin=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "tooltutor", "lint", *map(str, argv)],
        cwd=cwd or ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def requests_jsonl(tmp_path):
    records = [
        CHAT_VALID,
        {"event": "proxy started"},
        {"custom_id": "b1", "method": "POST", "url": "/v1/chat/completions", "body": CHAT_BROKEN},
        {"request": {"url": "https://api.anthropic.com/v1/messages", "body": ANTHROPIC_BROKEN}},
    ]
    path = tmp_path / "requests.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_jsonl_with_github_annotations_by_line(requests_jsonl):
    result = cli("requests.jsonl", "--output-format", "github", cwd=requests_jsonl.parent)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    annotations = [line for line in lines if line.startswith("::")]
    assert len(annotations) == 2
    text = requests_jsonl.read_text().splitlines()
    for annotation, number, rule, value in (
        (annotations[0], 3, CHAT_RULE, '"call_1"'),
        (annotations[1], 4, ANTHROPIC_RULE, '"toolu_01A"'),
    ):
        head = annotation.split("::")[1]
        assert head.startswith(f"error file=requests.jsonl,line={number},col=")
        column = int(head.split("col=")[1].split(",")[0])
        assert text[number - 1][column - 1 :].startswith(value)  # the column is the value's
        assert f"title={rule}" in head and annotation.split("::", 2)[2].startswith(rule)
    assert lines[-1] == "1 file, 3 requests: 2 invalid (2 errors); 1 record held no request"


def test_jsonl_text_json_and_sarif(requests_jsonl):
    text = cli(requests_jsonl)
    assert text.returncode == 1
    assert f"{requests_jsonl}:3:" in text.stdout and f"error {CHAT_RULE}" in text.stdout
    report = json.loads(cli(requests_jsonl, "--json").stdout)
    assert report["summary"]["invalid"] == 2 and len(report["requests"]) == 3
    assert [r["line"] for r in report["requests"]] == [1, 3, 4]
    sarif = json.loads(cli(requests_jsonl, "--output-format", "sarif").stdout)
    assert sarif["version"] == "2.1.0"
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in sarif["runs"][0]["results"]]
    assert [r["startLine"] for r in regions] == [3, 4]


def test_valid_jsonl_and_stdin(tmp_path):
    path = tmp_path / "ok.ndjson"
    path.write_text(json.dumps(CHAT_VALID) + "\n" + json.dumps(CHAT_VALID) + "\n")
    result = cli(path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"{path}: 2 requests: valid, no problems found"
    piped = cli("-", "--jsonl", "--output-format", "github", stdin=json.dumps(CHAT_BROKEN) + "\n")
    assert piped.returncode == 1 and piped.stdout.startswith(f"::error title={CHAT_RULE}::")
    one = cli("-", "--json", stdin=json.dumps(CHAT_BROKEN))  # one document: as it always was
    assert set(json.loads(one.stdout)) == {"valid", "format", "diagnostics"}


def test_json_lines_read_as_one_document_get_a_hint(requests_jsonl):
    as_json = requests_jsonl.with_suffix(".json")
    as_json.write_text(requests_jsonl.read_text())
    result = cli(as_json)
    assert result.returncode == 1 and "json-syntax" in result.stdout
    assert "looks like JSON Lines" in result.stderr and "--jsonl" in result.stderr
    assert cli(as_json, "--jsonl").stdout.count("error o-tool-msg-orphan") == 1
    broken = requests_jsonl.with_name("broken.json")
    broken.write_text('{"messages": [\n  1,,\n]}')
    assert "JSON Lines" not in cli(broken).stderr


def test_folders_need_recursive(tmp_path):
    (tmp_path / "fixtures" / "nested").mkdir(parents=True)
    (tmp_path / "fixtures" / "ok.json").write_text(json.dumps(CHAT_VALID))
    (tmp_path / "fixtures" / "nested" / "bad.json").write_text(json.dumps(CHAT_BROKEN))
    (tmp_path / "fixtures" / "notes.md").write_text("not a request")
    refused = cli("fixtures", cwd=tmp_path)
    assert refused.returncode == 2 and "--recursive" in refused.stderr
    result = cli("-r", "fixtures", "--output-format", "github", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.startswith("::error file=fixtures/nested/bad.json,line=1,col=")
    assert result.stdout.splitlines()[-1] == "2 files, 2 requests: 1 invalid (1 error)"
    (tmp_path / "empty").mkdir()
    empty = cli("-r", "empty", cwd=tmp_path)
    assert empty.returncode == 2 and "holds no .json" in empty.stderr


def test_many_files_and_skip_non_requests(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "app", "version": "1.0.0"}')
    (tmp_path / "request.json").write_text(json.dumps(CHAT_VALID))
    assert cli("package.json", "request.json", cwd=tmp_path).returncode == 1
    result = cli("--skip-non-requests", "package.json", "request.json", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    assert "1 record held no request" in result.stdout


def test_unknown_rule_is_exit_2(requests_jsonl):
    result = cli(requests_jsonl, "--ignore", "o-tool-msg-orphn")
    assert result.returncode == 2 and "did you mean 'o-tool-msg-orphan'" in result.stderr


@pytest.mark.parametrize(
    "extra",
    [[], ["--output-format", "json"], ["--output-format", "sarif"], ["--output-format", "github"]],
)
def test_the_lint_command_imports_no_sdk_and_no_httpx(tmp_path, requests_jsonl, extra):
    single = tmp_path / "one.json"
    single.write_text(json.dumps(ANTHROPIC_BROKEN))
    code = (
        "import sys, io, contextlib\n"
        "from tooltutor.cli import main\n"
        f"for argv in ([{str(single)!r}], [{str(requests_jsonl)!r}]):\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        f"        main(['lint', *argv, *{extra!r}])\n"
        "heavy = ('anthropic', 'openai', 'httpx', 'httpx2', 'textual', 'pytest')\n"
        "loaded = [m for m in heavy if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_hooks_and_helpers_work_without_the_sdks():
    """With anthropic, openai, httpx and httpx2 unimportable, the helpers still judge."""
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('anthropic', 'openai', 'httpx', 'httpx2'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "from tooltutor.hooks import RequestLinter, RequestLintError\n"
        "from tooltutor.testing import assert_valid_request\n"
        "import tooltutor.pytest_plugin\n"
        "class Request:\n"
        "    method = 'POST'\n"
        "    url = 'https://api.openai.com/v1/chat/completions'\n"
        "    headers = {'content-type': 'application/json'}\n"
        f"    content = {json.dumps(CHAT_BROKEN).encode()!r}\n"
        "linter = RequestLinter()\n"
        "try:\n"
        "    linter(Request())\n"
        "    raise SystemExit('not rejected')\n"
        "except RequestLintError as err:\n"
        f"    assert err.errors[0].rule == {CHAT_RULE!r}\n"
        f"assert_valid_request({CHAT_VALID!r})\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_the_pre_commit_hook_runs_on_staged_files(tmp_path):
    """The hook as pre-commit runs it: its `entry`, then the file names that match."""
    import re
    import shlex

    import yaml

    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "tooltutor-lint" and hook["language"] == "python"
    names = ["package.json", "fixtures/ok.json", "fixtures/bad.jsonl", "notes.md"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "package.json").write_text('{"name": "app"}')
    (tmp_path / "fixtures/ok.json").write_text(json.dumps(CHAT_VALID))
    (tmp_path / "fixtures/bad.jsonl").write_text(json.dumps(CHAT_BROKEN) + "\n")
    (tmp_path / "notes.md").write_text("# notes")
    staged = [name for name in names if re.search(hook["files"], name)]
    assert staged == names[:3]
    program, command, *options = shlex.split(hook["entry"])
    assert (program, command) == ("tooltutor", "lint")
    result = cli(*options, *staged, cwd=tmp_path)
    assert result.returncode == 1  # the broken fixture fails the commit
    assert result.stdout.startswith("fixtures/bad.jsonl:1:")  # package.json is skipped
    (tmp_path / "fixtures/bad.jsonl").write_text(json.dumps(CHAT_VALID) + "\n")
    assert cli(*options, *staged, cwd=tmp_path).returncode == 0
