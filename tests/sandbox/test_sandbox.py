"""`run_python` end to end: the lesson's listings, run planning, and every fault a learner can make.

Every test that runs learner code also checks that nothing the learner reads shows a
traceback or a path of ours.
"""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from checker import sandbox
from checker.python_checks import returned_reply
from checker.sandbox import Limits, RunReport, parent, run_python

TOOL_ID = "toolu_01LxWeather7731"
TOOLS = [
    {
        "name": "get_weather",
        "description": "Current weather for a city",
        "input_schema": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    }
]
SCRIPT = [
    {
        "stop_reason": "tool_use",
        "content": [
            {"type": "text", "text": "Let me check the weather."},
            {"type": "tool_use", "id": TOOL_ID, "name": "get_weather", "input": {"city": "Lisboa"}},
        ],
    },
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Sunny, 26 °C."}]},
]
USER_TEXT = "What's the weather in Lisboa right now?"
CALL = {"client": "$client", "user_text": USER_TEXT, "tools": TOOLS, "run_tool": "$run_tool"}
RESULT = '{"condition": "sunny", "temp_c": 26}'
TOOL_RESULTS = {"get_weather": RESULT}

# The lesson's listings (course outline, section 1.4).
FIXED = """\
MODEL = "claude-model-id-here"

def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(model=MODEL, max_tokens=1024,
                                      tools=tools, messages=messages)

    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)

        messages.append({"role": "assistant", "content": response.content})   # fix A
        messages.append({
            "role": "user",
            "content": [{"type": "tool_result",
                         "tool_use_id": call.id,                                # fix B
                         "content": output}],
        })
        return client.messages.create(model=MODEL, max_tokens=1024,
                                      tools=tools, messages=messages)            # fix C
    return response
"""
BUGGY = '''\
MODEL = "claude-model-id-here"

def handle_turn(client, user_text, tools, run_tool):
    """Ask once; if the model requests a tool, run it and ask again with the result."""
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(model=MODEL, max_tokens=1024,
                                      tools=tools, messages=messages)

    if response.stop_reason == "tool_use":
        call = next(b for b in response.content if b.type == "tool_use")
        output = run_tool(call.name, call.input)

        messages.append({
            "role": "user",
            "content": [{"type": "tool_result",
                         "tool_use_id": call.name,
                         "content": output}],
        })
        return client.messages.create(model=MODEL, max_tokens=1024,
                                      messages=messages)
    return response
'''

#: Text that would give away our machinery if a learner saw it.
OURS = ("fake_client", "sandbox", "harness", "checker/", "checker.", "tooltutor-run-", 'File "')
FAST = Limits(wall_s=3)


def learner_facing(report: RunReport) -> str:
    """Everything of a report that the learner reads."""
    parts = [report.reason, report.stray_output]
    if report.syntax_error:
        parts += [report.syntax_error.message, report.syntax_error.text]
    for run in report.runs:
        parts.append(run.stdout)
        if run.exception:
            parts += [run.exception.text, run.exception.message]
            parts += [json.dumps(run.exception.frames)]
    return "\n".join(parts)


def assert_clean(report: RunReport) -> None:
    text = learner_facing(report)
    for marker in OURS:
        assert marker not in text, f"{marker!r} shown to the learner:\n{text}"
    assert report.internal_errors == []
    json.dumps(report.to_dict())  # JSON-able


def run(source: str, *, validator: str | None = None, limits: Limits = FAST, **kwargs):
    options = {"entry": "handle_turn", "call": CALL, "script": SCRIPT, "tool_results": TOOL_RESULTS}
    options.update(kwargs)
    report = run_python(source, validator=validator, limits=limits, **options)
    assert_clean(report)
    return report


def in_entry(body: str, header: str = "import os, signal, socket, subprocess, sys\n") -> str:
    indented = "\n".join("    " + line for line in body.splitlines())
    return f"{header}\ndef handle_turn(client, user_text, tools, run_tool):\n{indented}\n"


# -- the lesson's listings, with the real validator ---------------------------------------


def expected_requests(tool_id: str) -> list[dict]:
    first = {
        "model": "claude-model-id-here",
        "max_tokens": 1024,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": USER_TEXT}],
    }
    assistant = {
        "role": "assistant",
        "content": [
            {"text": "Let me check the weather.", "type": "text"},
            {"id": tool_id, "input": {"city": "Lisboa"}, "name": "get_weather", "type": "tool_use"},
        ],
    }
    answer = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": RESULT}],
    }
    second = dict(first, messages=[first["messages"][0], assistant, answer])
    return [first, second]


def test_the_fixed_listing_sends_what_the_api_expects_in_both_runs():
    report = run(FIXED, validator=sandbox.DEFAULT_VALIDATOR)
    assert (report.status, report.reason) == ("ok", "")
    assert len(report.runs) == 2
    first, second = report.runs
    assert first.ids == {}
    new_id = second.ids[TOOL_ID]
    assert new_id != TOOL_ID and new_id.startswith("toolu_01") and len(new_id) == len(TOOL_ID)
    for result, tool_id in ((first, TOOL_ID), (second, new_id)):
        assert result.finished and result.exception is None
        # the learner appended to `messages` after the first send: request 1 keeps one message
        assert result.requests == expected_requests(tool_id)
        assert result.request_errors == []
        assert all(d["severity"] != "error" for ds in result.diagnostics for d in ds)
        assert [(c.name, c.input) for c in result.tool_calls] == [
            ("get_weather", {"city": "Lisboa"})
        ]
        assert returned_reply(result) == 1
        assert result.returned["__sdk__"] == "Message"
        assert result.returned["stop_reason"] == "end_turn"
        assert [r["scripted"] for r in result.replies] == [True, True]
    assert second.script[0]["content"][1]["id"] == new_id
    assert first.returned["id"] != second.returned["id"]


def test_an_id_copied_into_the_code_fails_in_the_second_run():
    source = FIXED.replace('"tool_use_id": call.id,', f'"tool_use_id": "{TOOL_ID}",')
    report = run(source, validator=sandbox.DEFAULT_VALIDATOR)
    first, second = report.runs
    assert first.exception is None and first.request_errors == []
    assert second.exception is not None and second.exception.type == "BadRequestError"
    assert [e.index for e in second.request_errors] == [1]
    # the 400 names one of the two problems: the new id left without a result, or the old
    # id answering no call
    refused = second.request_errors[0]
    assert refused.rule in {"a-tool-result-missing", "a-tool-result-orphan"}
    assert second.ids[TOOL_ID] in refused.message or TOOL_ID in refused.message
    rules = {d["rule"] for d in second.diagnostics[1]}
    assert {"a-tool-result-orphan", "a-tool-result-missing"} <= rules
    assert report.status == "ok"
    assert "In run 2" in report.reason and "other ids and values" in report.reason


def test_the_buggy_listing_is_refused_like_the_api_and_every_bug_is_recorded():
    report = run(BUGGY, validator=sandbox.DEFAULT_VALIDATOR)
    assert report.status == "ok"
    for result in report.runs:
        assert result.exception.type == "BadRequestError"
        assert result.exception.frames[-1]["line"] == 19
        assert "Error code: 400" in result.exception.message
        assert "unexpected `tool_use_id` found in `tool_result` blocks" in result.exception.message
        assert [(e.index, e.type, e.status_code) for e in result.request_errors] == [
            (1, "BadRequestError", 400)
        ]
        sent = result.requests[1]
        assert "tools" not in sent  # bug C
        assert [m["role"] for m in sent["messages"]] == ["user", "user"]  # bug A
        assert sent["messages"][1]["content"][0]["tool_use_id"] == "get_weather"  # bug B
        rules = {d["rule"] for d in result.diagnostics[1] if d["severity"] == "error"}
        assert {"a-tool-result-orphan", "a-tools-required"} <= rules
    assert "HTTP 400" in report.reason


def test_blocks_and_dumps_are_serialised_like_the_sdk():
    body = """\
messages = [{"role": "user", "content": user_text}]
reply = client.messages.create(model="m", max_tokens=50, tools=tools, messages=messages)
messages.append({"role": "assistant", "content": [reply.content[0].model_dump(), reply.content[1]]})
messages.append({"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": reply.content[1].id, "content": "26"}]})
client.messages.create(model="m", max_tokens=50, tools=tools, messages=messages)
return [reply.content[1].to_dict(), reply.to_json()[:1]]"""
    report = run(in_entry(body), validator=sandbox.DEFAULT_VALIDATOR, runs=1)
    result = report.runs[0]
    assert result.request_errors == []
    blocks = result.requests[1]["messages"][1]["content"]
    assert blocks[0] == {"citations": None, "text": "Let me check the weather.", "type": "text"}
    assert blocks[1] == {
        "id": TOOL_ID,
        "input": {"city": "Lisboa"},
        "name": "get_weather",
        "type": "tool_use",
    }
    assert result.returned == [blocks[1], "{"]


def test_an_object_json_cannot_encode_is_reported_like_the_sdk():
    body = """\
class Note:
    pass
client.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": Note()}])"""
    result = run(in_entry(body), runs=1).runs[0]
    assert result.exception.type == "TypeError"
    assert result.exception.message == "Object of type Note is not JSON serializable"
    assert result.request_errors[0].index == 0
    assert result.requests[0]["messages"][0]["content"] == "<Note object: not JSON serializable>"


# -- planning the runs --------------------------------------------------------------------


def test_rewritten_ids_keep_their_shape_and_nothing_predicts_them():
    new = sandbox.rewrite_id(TOOL_ID, 1)
    drawn = {sandbox.rewrite_id(TOOL_ID, 1) for _ in range(20)}
    assert len(drawn) == 20, "fresh random ids every time (secrets), never the same twice"
    assert new[:8] == "toolu_01" and len(new) == len(TOOL_ID) and new != TOOL_ID
    for old, cur in zip(TOOL_ID, new, strict=True):
        assert old.isdigit() == cur.isdigit() and old.isupper() == cur.isupper()
    assert sandbox.rewrite_id("call_1", 1).startswith("call_")
    assert sandbox.rewrite_id("x", 1, taken={"x"}) != "x"


def test_later_runs_map_ids_everywhere_and_take_the_variants():
    script = [
        {
            "id": "msg_01Abc",
            "content": [
                {"type": "tool_use", "id": "toolu_01A", "name": "t", "input": {}},
                {"type": "tool_use", "id": "toolu_01B", "name": "t", "input": {"ref": "toolu_01A"}},
            ],
        },
        {"content": [{"type": "text", "text": "done with toolu_01B"}]},
    ]
    call = {"client": "$client", "note": "about toolu_01A", "city": "Lisboa"}
    variants = [{"call": {"city": "Oslo"}, "tool_results": {"t": "cold"}}]
    plans = sandbox.plan_runs(call, script, {"t": "warm"}, runs=3, variants=variants)
    assert plans[0]["script"] == script and plans[0]["ids"] == {}
    second = plans[1]
    ids = second["ids"]
    assert set(ids) == {"msg_01Abc", "toolu_01A", "toolu_01B"}
    blocks = second["script"][0]["content"]
    assert [b["id"] for b in blocks] == [ids["toolu_01A"], ids["toolu_01B"]]
    assert blocks[1]["input"] == {"ref": ids["toolu_01A"]}
    assert second["script"][1]["content"][0]["text"] == f"done with {ids['toolu_01B']}"
    assert second["call"] == {
        "client": "$client",
        "note": f"about {ids['toolu_01A']}",
        "city": "Oslo",
    }
    assert second["tool_results"] == {"t": "cold"}
    assert plans[2]["call"]["city"] == "Lisboa" and plans[2]["ids"] != ids
    assert script[0]["id"] == "msg_01Abc"  # the given script is not changed


def test_a_malformed_script_is_the_authors_error():
    with pytest.raises(ValueError, match="content list"):
        run_python(
            FIXED, entry="handle_turn", call=CALL, script=[{"content": "x"}], tool_results={}
        )


# -- faults -------------------------------------------------------------------------------


def test_an_endless_loop_is_stopped_at_the_wall_time_with_where_it_was():
    report = run(in_entry("while True:\n    pass"), limits=Limits())
    assert report.status == "timeout"
    assert report.duration_ms <= 6000
    assert "after 5 seconds" in report.reason
    assert re.search(r"stopped at solution\.py:[45] in handle_turn", report.reason)


def test_an_agent_loop_that_never_stops_is_cut_off_by_the_request_cap():
    body = """\
messages = [{"role": "user", "content": user_text}]
while True:
    client.messages.create(model="m", max_tokens=5, messages=messages)"""
    report = run(in_entry(body), runs=1)
    result = report.runs[0]
    assert result.exception.type == "ModelCallLimitError"
    assert "called 50 times" in result.exception.message
    assert len(result.requests) == 50
    assert [r["scripted"] for r in result.replies[:3]] == [True, True, False]


def test_a_memory_bomb_is_stopped():
    report = run(in_entry("data = []\nwhile True:\n    data.append('x' * 10**6)"))
    assert report.status == "memory"
    assert "more than 512 MB" in report.reason
    assert "solution.py:6 in handle_turn" in report.reason


@pytest.mark.parametrize(
    "body",
    [
        "while True:\n    os.fork()",
        "subprocess.Popen(['sleep', '10'])",
        "os.system('sleep 10')",
        "import multiprocessing\nmultiprocessing.Process(target=print).start()",
    ],
    ids=["fork-bomb", "popen", "system", "multiprocessing"],
)
def test_starting_processes_is_refused(body):
    report = run(in_entry(body), runs=1)
    assert report.status == "ok"
    exception = report.runs[0].exception
    assert exception.type == "PermissionError"
    assert "starting processes is not allowed in exercises" in exception.message
    assert "starting processes is not allowed" in report.reason


def test_sys_exit_is_a_crash_not_a_pass():
    report = run(in_entry("sys.exit(3)"))
    assert report.status == "crashed"
    assert "`sys.exit(3)` at solution.py:4 in handle_turn" in report.reason
    assert "never returned" in report.reason


def test_os_exit_before_returning_is_a_crash_even_with_status_0():
    report = run(in_entry("os._exit(0)"))
    assert (report.status, report.exit_code) == ("crashed", 0)
    assert "exit code 0" in report.reason and "os._exit()" in report.reason
    assert [r.finished for r in report.runs] == [False]


def test_killing_itself_is_a_crash():
    report = run(in_entry("os.kill(os.getpid(), signal.SIGKILL)"))
    assert (report.status, report.exit_code) == ("crashed", -9)
    assert "killed by SIGKILL" in report.reason


def test_a_flood_of_output_is_bounded_and_flagged():
    report = run(in_entry("for i in range(10**6):\n    print('x' * 100)"))  # 100 MB
    assert report.status == "output-flood"
    assert report.duration_ms < 3000
    result = report.runs[0]
    assert result.truncated
    assert len(result.stdout) <= 64 * 1024 + 100
    assert result.stdout.endswith("... output truncated after 64 KB")
    assert "printed more than 1024 KB" in report.reason
    assert "solution.py:5 in handle_turn" in report.reason


def test_a_flood_written_straight_to_the_file_descriptor_is_bounded_too():
    report = run(in_entry("while True:\n    os.write(1, b'x' * 65536)"))
    assert report.status == "output-flood"
    assert len(report.stray_output) <= 64 * 1024 + 100


def test_some_output_is_kept_with_each_run():
    report = run(in_entry("print('asked about', user_text)\nprint('warn', file=sys.stderr)"))
    assert [r.stdout for r in report.runs] == [f"asked about {USER_TEXT}\nwarn\n"] * 2
    assert not report.runs[0].truncated


def test_a_syntax_error_is_located_in_the_learners_file():
    source = "def handle_turn(client, user_text, tools, run_tool):\n    x = (1,\n    return x\n"
    report = run(source)
    assert report.status == "syntax-error"
    error = report.syntax_error
    assert (error.file, error.line, error.col) == ("solution.py", 2, 9)
    assert "was never closed" in error.message
    assert "solution.py" in report.reason and "line 2, column 9" in report.reason
    assert report.exit_code is None  # nothing was started


def test_a_missing_entry_names_what_is_there():
    report = run("def handle_turns(client, user_text, tools, run_tool):\n    pass\n")
    assert report.status == "missing-entry"
    assert "no function named `handle_turn`" in report.reason
    assert "Did you mean `handle_turns`?" in report.reason


def test_renamed_parameters_are_reported_as_such():
    report = run("def handle_turn(client, text, tools, run_tool):\n    pass\n")
    assert report.status == "missing-entry"
    assert "yours takes (client, text, tools, run_tool)" in report.reason


def test_building_a_real_client_explains_the_offline_client():
    report = run(in_entry("import anthropic\nanthropic.Anthropic()"), runs=1)
    exception = report.runs[0].exception
    assert exception.type == "OfflineExerciseError"
    assert "this exercise runs offline" in exception.message
    assert "use the `client` passed to your function" in exception.message


def test_building_a_real_client_at_the_top_level_is_an_import_error():
    report = run("import anthropic\nclient = anthropic.Anthropic()\n")
    assert report.status == "import-error"
    assert "while it was being loaded (at solution.py:2 (top level of the file))" in report.reason
    assert "use the `client` passed to your function" in report.reason
    assert report.runs[0].exception.type == "OfflineExerciseError"


def test_the_network_is_refused_even_to_a_listening_local_port():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.settimeout(0)
        port = server.getsockname()[1]
        report = run(in_entry(f"socket.create_connection(('127.0.0.1', {port}))"), runs=1)
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected
    exception = report.runs[0].exception
    assert exception.type == "ConnectionRefusedError"
    assert exception.message == "no network in exercises: use the client passed to your function"


def test_writing_outside_the_work_folder_is_refused():
    project_file = sandbox.PACKAGE_ROOT / "probe-written-by-exercise.txt"
    body = f"""\
with open("notes.txt", "w") as handle:
    handle.write("mine")
for path in [{str(project_file)!r}, "../escape.txt", "/tmp/probe-written-by-exercise.txt"]:
    try:
        open(path, "w")
    except PermissionError as error:
        print(error)
return open("notes.txt").read()"""
    report = run(in_entry(body), runs=1)
    result = report.runs[0]
    assert result.returned == "mine"
    assert result.stdout.count("exercises may only write files in their own folder") == 3
    assert not project_file.exists()
    assert not Path("/tmp/probe-written-by-exercise.txt").exists()


def test_the_learners_traceback_shows_only_their_frames():
    body = "def helper(call):\n    return call['id']\nreturn helper(client.messages.create("
    body += "model='m', max_tokens=5, messages=[{'role': 'user', 'content': 'hi'}]).content[0])"
    report = run(in_entry(body), runs=1)
    exception = report.runs[0].exception
    assert exception.type == "TypeError"
    assert "not subscriptable" in exception.message
    assert [(f["line"], f["function"]) for f in exception.frames] == [
        (6, "handle_turn"),
        (5, "helper"),
    ]
    assert "solution.py:5 in helper" in exception.text


def test_a_stub_validator_can_be_injected(tmp_path):
    stub = tmp_path / "stub.py"
    stub.write_text(
        "def validate(request):\n"
        "    return [{'rule': 'a-tools-required', 'severity': 'error', 'path': '/tools'}]\n"
    )
    report = run(FIXED, validator=f"{stub}:validate", runs=1)
    result = report.runs[0]
    assert result.exception.type == "BadRequestError"
    assert "must define tools" in result.exception.message
    assert len(result.requests) == 1


def test_the_hard_kill_stops_code_that_defeats_the_soft_deadline():
    body = "signal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass"
    report = run(in_entry(body), limits=Limits(wall_s=1.5, grace_s=0.5))
    assert report.status == "timeout"
    assert 1500 <= report.duration_ms < 3000
    assert report.exit_code == -9
    assert "after 1.5 seconds" in report.reason


def test_huge_return_values_are_reported_cut():
    report = run(in_entry("return 'x' * 5_000_000"), runs=1)
    assert "5000000 characters in all" in report.runs[0].returned["__repr__"]


def test_a_report_survives_a_json_round_trip():
    report = run(in_entry("print('hi')\nreturn {'a': (1, 2)}"))
    again = RunReport.from_dict(json.loads(json.dumps(report.to_dict())))
    assert again == report
    assert again.runs[1].returned == {"a": [1, 2]}


def test_no_python_to_start_is_an_internal_error_not_the_learners(monkeypatch):
    monkeypatch.setattr(parent.sys, "executable", "/nonexistent/python")
    report = run_python(FIXED, entry="handle_turn", call=CALL, script=SCRIPT, tool_results={})
    assert report.status == "internal-error"
    assert "not of your code" in report.reason
    assert "could not start" in report.internal_errors[0]


def test_large_requests_are_recorded_whole_and_too_large_ones_get_the_apis_413():
    body = """\
big = "x" * 3_000_000
for _ in range(3):
    client.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": big}])
huge = [{"role": "user", "content": big * 12}]
try:
    client.messages.create(model="m", max_tokens=5, messages=huge)
except anthropic.APIStatusError as error:
    return error.status_code
return "sent\""""
    report = run_python(
        "import anthropic\n" + in_entry(body),
        entry="handle_turn",
        call=CALL,
        script=SCRIPT,
        tool_results={},
        runs=1,
        validator=None,
        limits=Limits(wall_s=8, file_mb=16),
    )
    assert report.status == "ok", report.reason
    result = report.runs[0]
    assert result.returned == 413
    assert [len(r["messages"][0]["content"]) for r in result.requests[:3]] == [3_000_000] * 3
    assert result.requests[3] == {"__omitted__": "larger than the API accepts"}
    assert result.request_errors[-1].status_code == 413
    assert report.internal_errors == []
