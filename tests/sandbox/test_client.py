"""The learner's client and the parent's scripted model, joined in process by a loopback.

Every message goes through the protocol's encoding and checks, as it would over the pipe,
so these tests cover the SDK-shaped objects, the request encoding, the errors, the records
the parent keeps, and the `anthropic` module stand-in.
"""

from __future__ import annotations

import datetime
import json

import pytest

from checker.rules.api_text import api_error_message
from checker.sandbox.child import sdk as fc
from checker.sandbox.child.client import ProxyClient, RunTool
from checker.sandbox.protocol import check_child_message, decode, encode
from checker.sandbox.scripted import RunRecords, ScriptedModel, ToolScript


class Loopback(ProxyClient):
    """A client whose parent is in this process: a `ScriptedModel`, through the protocol."""

    def __init__(self, script, *, validate=None, max_requests=50, tools=None):
        self.model = ScriptedModel(script, validate=validate, max_requests=max_requests)
        self.records = RunRecords(self.model, ToolScript(tools or {}))
        super().__init__(self._through_the_pipe)

    def _through_the_pipe(self, message):
        message = decode(encode(message).rstrip(b"\n"))
        check_child_message(message)
        answer = self.records.answer(message)
        return None if answer is None else decode(encode(answer).rstrip(b"\n"))

    requests = property(lambda self: self.model.requests)
    diagnostics = property(lambda self: self.model.diagnostics)
    errors = property(lambda self: self.model.errors)
    replies = property(lambda self: self.model.replies)
    internal_errors = property(lambda self: self.model.internal_errors)


TOOL_ID = "toolu_01LxWeather7731"
TOOLS = [
    {
        "name": "get_weather",
        "description": "Current weather for a city",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
    }
]
SCRIPT = [
    {
        "stop_reason": "tool_use",
        "content": [
            {"type": "text", "text": "Let me check."},
            {"type": "tool_use", "id": TOOL_ID, "name": "get_weather", "input": {"city": "Lisboa"}},
        ],
    },
    {"stop_reason": "end_turn", "content": [{"type": "text", "text": "Sunny, 26 °C."}]},
]


def stub_validate(request: dict) -> list[dict]:
    """Just enough of the protocol rules: a tool_result must answer the previous message."""
    found = []
    messages = request["messages"]
    for m, message in enumerate(messages):
        content = message.get("content")
        if not isinstance(content, list):
            continue
        previous = messages[m - 1] if m else {}
        known = {
            b.get("id")
            for b in previous.get("content", [])
            if isinstance(previous.get("content"), list) and b.get("type") == "tool_use"
        }
        for c, block in enumerate(content):
            if block.get("type") == "tool_result" and block.get("tool_use_id") not in known:
                found.append(
                    {
                        "rule": "a-tool-result-orphan",
                        "severity": "error",
                        "path": f"/messages/{m}/content/{c}/tool_use_id",
                        "message": "no matching tool_use",
                    }
                )
    found.append({"rule": "style", "severity": "warning", "path": "", "message": "fine"})
    return found


def make_client(**kwargs) -> Loopback:
    return Loopback(SCRIPT, validate=stub_validate, **kwargs)


def ask(client: Loopback, messages: list, **kwargs) -> fc.Message:
    return client.messages.create(
        model="claude-x", max_tokens=100, tools=TOOLS, messages=messages, **kwargs
    )


# -- response objects ---------------------------------------------------------------------


def test_reply_has_the_sdk_attributes_and_dumps():
    reply = ask(make_client(), [{"role": "user", "content": "Weather?"}])
    assert isinstance(reply, fc.Message)
    assert (reply.type, reply.role, reply.stop_reason, reply.model) == (
        "message",
        "assistant",
        "tool_use",
        "claude-x",
    )
    assert reply.stop_sequence is None
    assert reply.id.startswith("msg_01")
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0
    text, call = reply.content
    assert (text.type, text.text) == ("text", "Let me check.")
    assert (call.type, call.id, call.name, call.input) == (
        "tool_use",
        TOOL_ID,
        "get_weather",
        {"city": "Lisboa"},
    )
    # model_dump() shows every field, to_dict() the ones the API sent
    assert text.model_dump() == {"citations": None, "text": "Let me check.", "type": "text"}
    assert text.to_dict() == {"text": "Let me check.", "type": "text"}
    assert text.model_dump(exclude_none=True) == {"text": "Let me check.", "type": "text"}
    dumped = reply.model_dump()
    assert dumped["content"][1] == {
        "id": TOOL_ID,
        "input": {"city": "Lisboa"},
        "name": "get_weather",
        "type": "tool_use",
    }
    assert dumped["usage"]["cache_read_input_tokens"] is None
    assert "cache_read_input_tokens" not in reply.to_dict()["usage"]
    assert json.loads(reply.to_json()) == reply.to_dict()
    assert reply.to_json().startswith('{\n  "id"')
    assert json.loads(call.model_dump_json()) == call.model_dump()
    # a dump is a copy
    dumped["content"][1]["input"]["city"] = "Porto"
    assert call.input == {"city": "Lisboa"}


def test_reply_objects_behave_like_pydantic_models():
    reply = ask(make_client(), [{"role": "user", "content": "Weather?"}])
    call = reply.content[1]
    assert repr(call) == (
        "ToolUseBlock(id='toolu_01LxWeather7731', input={'city': 'Lisboa'}, "
        "name='get_weather', type='tool_use')"
    )
    assert repr(reply).startswith("Message(id='msg_01")
    with pytest.raises(TypeError, match="not subscriptable"):
        call["id"]  # noqa: B018 - the learner's mistake being shown
    with pytest.raises(AttributeError):
        call.tool_use_id  # noqa: B018
    assert dict(call)["name"] == "get_weather"
    assert call == fc.ToolUseBlock(id=TOOL_ID, input={"city": "Lisboa"}, name="get_weather")
    with pytest.raises(TypeError, match="not JSON serializable"):
        json.dumps(reply.content)


def test_message_from_dict_fills_the_envelope():
    message = fc.message_from_dict(
        {"content": [{"type": "tool_use", "id": "a", "name": "t", "input": {}}]}
    )
    assert message.stop_reason == "tool_use"
    assert message.role == "assistant"
    other = fc.message_from_dict(
        {"content": [{"type": "thinking", "thinking": "hm", "signature": "s"}]}
    )
    assert other.stop_reason == "end_turn"
    assert isinstance(other.content[0], fc.ThinkingBlock)
    odd = fc.block_from_dict({"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search"})
    assert odd.type == "server_tool_use" and odd.to_dict()["name"] == "web_search"


# -- requests -----------------------------------------------------------------------------


def test_blocks_appended_into_messages_are_sent_as_the_sdk_sends_them():
    client = make_client()
    messages = [{"role": "user", "content": "Weather?"}]
    reply = ask(client, messages)
    messages.append({"role": "assistant", "content": reply.content})
    messages.append(
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": reply.content[1].id, "content": "26"}
            ],
        }
    )
    ask(client, messages)
    sent = client.requests[1]["messages"][1]
    assert sent == {
        "role": "assistant",
        "content": [
            {"text": "Let me check.", "type": "text"},
            {"id": TOOL_ID, "input": {"city": "Lisboa"}, "name": "get_weather", "type": "tool_use"},
        ],
    }
    assert client.errors == []


def test_each_request_is_a_deep_copy_taken_when_sent():
    client = make_client()
    messages = [{"role": "user", "content": [{"type": "text", "text": "Weather?"}]}]
    ask(client, messages)
    messages[0]["content"][0]["text"] = "changed"
    messages.append({"role": "assistant", "content": "later"})
    assert client.requests[0]["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Weather?"}]}
    ]


def test_values_are_encoded_like_the_sdk_json_encoder():
    encode = fc.encode_request_value
    assert encode({"a": (1, 2), "b": {3}, "c": (x for x in "ab")}) == {
        "a": [1, 2],
        "b": [3],
        "c": ["a", "b"],
    }
    assert encode({1: True, None: 1.5}) == {"1": True, "null": 1.5}
    assert encode(datetime.date(2025, 1, 2)) == "2025-01-02"
    with pytest.raises(fc._Unencodable) as caught:
        encode({"x": object()})
    assert str(caught.value.error) == "Object of type object is not JSON serializable"
    with pytest.raises(fc._Unencodable, match="Out of range float"):
        encode(float("nan"))
    loop: list = []
    loop.append(loop)
    with pytest.raises(fc._Unencodable, match="Circular reference"):
        encode(loop)
    assert encode({"x": object()}, strict=False) == {"x": "<object object: not JSON serializable>"}


def test_an_unencodable_value_raises_the_sdk_type_error_and_is_recorded():
    class Reply:
        pass

    client = make_client()
    with pytest.raises(TypeError, match="Object of type Reply is not JSON serializable"):
        ask(client, [{"role": "user", "content": "hi"}, {"role": "assistant", "content": Reply()}])
    assert client.requests[0]["messages"][1]["content"] == "<Reply object: not JSON serializable>"
    assert client.errors[0]["index"] == 0 and client.errors[0]["type"] == "TypeError"
    assert client.replies == []


@pytest.mark.parametrize(
    ("args", "kwargs", "pattern"),
    [
        ((1,), {}, "takes 1 positional argument but 2 were given"),
        ((), {"max_tokens": 5, "messages": []}, "Missing required argument: 'model'"),
        ((), {"model": "m"}, "Missing required arguments: 'max_tokens', 'messages'"),
        ((), {"model": "m", "max_tokens": 5, "messages": [], "functions": []}, "'functions'"),
    ],
)
def test_create_raises_the_sdk_type_errors(args, kwargs, pattern):
    client = make_client()
    with pytest.raises(TypeError, match=pattern):
        client.messages.create(*args, **kwargs)
    assert client.requests == []
    assert client.errors[0]["index"] is None


def test_not_given_is_left_out_and_extra_body_is_merged():
    client = Loopback(SCRIPT)
    client.messages.create(
        model="m",
        max_tokens=5,
        messages=[{"role": "user", "content": "hi"}],
        tools=fc.NOT_GIVEN,
        extra_body={"x": 1},
        timeout=3,
    )
    assert client.requests[0] == {
        "model": "m",
        "max_tokens": 5,
        "messages": [{"role": "user", "content": "hi"}],
        "x": 1,
    }


def test_streaming_is_refused_with_a_clear_message():
    with pytest.raises(NotImplementedError, match="without stream=True"):
        ask(make_client(), [{"role": "user", "content": "hi"}], stream=True)


# -- the API's 400 ------------------------------------------------------------------------


def test_a_request_the_api_would_refuse_raises_bad_request_after_being_recorded():
    client = make_client()
    messages = [
        {"role": "user", "content": "Weather?"},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "get_weather"}]},
    ]
    with pytest.raises(fc.BadRequestError) as caught:
        ask(client, messages)
    error = caught.value
    assert isinstance(error, fc.APIStatusError) and isinstance(error, fc.APIError)
    assert error.status_code == 400
    assert error.body["type"] == "error"
    assert error.body["error"]["type"] == "invalid_request_error"
    message = error.body["error"]["message"]
    assert message == (
        "messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: "
        "get_weather. Each `tool_result` block must have a corresponding `tool_use` block in "
        "the previous message."
    )
    assert str(error).startswith("Error code: 400 - {'type': 'error', 'error': {")
    assert error.message == str(error)
    assert client.requests[0]["messages"] == messages
    assert [d["rule"] for d in client.diagnostics[0]] == ["a-tool-result-orphan", "style"]
    assert client.errors == [
        {
            "index": 0,
            "type": "BadRequestError",
            "message": str(error),
            "status_code": 400,
            "rule": "a-tool-result-orphan",
        }
    ]
    assert client.replies == []  # a refused request takes no scripted reply
    assert ask(client, [{"role": "user", "content": "again"}]).stop_reason == "tool_use"


def test_warnings_alone_do_not_refuse_a_request():
    client = make_client()
    ask(client, [{"role": "user", "content": "hi"}])
    assert client.diagnostics[0][0]["severity"] == "warning"
    assert client.errors == []


def test_a_failing_validator_refuses_the_request_and_is_recorded_as_ours():
    def broken(request):
        raise KeyError("oops")

    client = Loopback(SCRIPT, validate=broken)
    with pytest.raises(fc.BadRequestError):  # never "accepted": the verdict is an error
        ask(client, [{"role": "user", "content": "hi"}])
    assert "could not be judged (KeyError)" in client.internal_errors[0]


@pytest.mark.parametrize(
    ("rule", "path", "expected"),
    [
        (
            "a-tool-result-missing",
            "/messages/1/content/0",
            "messages.1: `tool_use` ids were found without `tool_result` blocks immediately "
            "after: toolu_1.",
        ),
        ("a-tools-required", "/tools", "Requests which include `tool_use` or `tool_result`"),
        ("some-new-rule", "/messages/0/role", "messages.0.role: lint says no"),
    ],
)
def test_api_error_messages(rule, path, expected):
    request = {
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1"}]},
        ]
    }
    diagnostic = {"rule": rule, "path": path, "message": "lint says no"}
    assert api_error_message(diagnostic, request).startswith(expected)


# -- the script ---------------------------------------------------------------------------


def test_after_the_script_the_model_ends_the_turn_then_a_runaway_loop_is_stopped():
    client = Loopback(SCRIPT, max_requests=5)
    replies = [ask(client, [{"role": "user", "content": "hi"}]) for _ in range(5)]
    assert [r.stop_reason for r in replies] == ["tool_use", "end_turn"] + ["end_turn"] * 3
    assert "no more scripted replies" in replies[2].content[0].text
    assert [r["scripted"] for r in client.replies] == [True, True, False, False, False]
    with pytest.raises(fc.ModelCallLimitError, match="called 5 times"):
        ask(client, [{"role": "user", "content": "hi"}])
    assert len(client.requests) == 5


def test_replies_are_fresh_objects_each_time():
    client = Loopback(SCRIPT + SCRIPT)
    first = ask(client, [{"role": "user", "content": "hi"}])
    first.content[1].input["city"] = "Porto"
    ask(client, [{"role": "user", "content": "hi"}])
    third = ask(client, [{"role": "user", "content": "hi"}])
    assert third.content[1].input == {"city": "Lisboa"}
    assert first.id != third.id


def test_returned_replies_are_their_fields_and_nothing_that_names_a_request():
    client = make_client()
    ask(client, [{"role": "user", "content": "hi"}])
    reply = ask(client, [{"role": "user", "content": "hi"}])
    data = fc.to_jsonable({"reply": reply, "texts": (reply.content[0].text,), "odd": {1, 2}})
    assert data["reply"]["__sdk__"] == "Message"
    assert not any(key.startswith("_") for key in data["reply"] if key != "__sdk__")
    assert not hasattr(reply, "_reply_index")
    assert data["reply"]["content"] == [{"text": "Sunny, 26 °C.", "type": "text"}]
    assert data["texts"] == ["Sunny, 26 °C."]
    assert data["odd"] == {"__repr__": "{1, 2}"}
    assert fc.to_jsonable(float("inf")) == {"__repr__": "inf"}


# -- run_tool -----------------------------------------------------------------------------


def test_run_tool_records_copies_and_returns_the_scripted_result():
    results = {"get_weather": {"temp_c": 26}, "broken": {"$raise": "disk full"}}
    loop = Loopback(SCRIPT, tools=results)
    run_tool = RunTool(loop._through_the_pipe)
    given = {"city": "Lisboa"}
    out = run_tool("get_weather", given)
    given["city"] = "Porto"
    out["temp_c"] = 0
    calls = loop.records.tools.calls
    assert calls == [{"name": "get_weather", "input": {"city": "Lisboa"}}]
    assert run_tool("get_weather", {"city": "x"}) == {"temp_c": 26}
    assert run_tool(name=TOOL_ID, input={}) == (
        f"error: there is no tool named {TOOL_ID!r} (tools: broken, get_weather)"
    )
    assert calls[-1]["name"] == TOOL_ID
    with pytest.raises(RuntimeError, match="disk full"):
        run_tool("broken", {})


# -- import anthropic ---------------------------------------------------------------------


def test_the_anthropic_module_stand_in():
    module = fc.make_anthropic_module()
    with pytest.raises(fc.OfflineExerciseError) as caught:
        module.Anthropic(api_key="sk-...")
    assert "use the `client` passed to your function" in str(caught.value)
    assert "runs offline" in str(caught.value)
    with pytest.raises(fc.OfflineExerciseError):
        module.AsyncAnthropic()
    assert module.BadRequestError is fc.BadRequestError
    assert module.APIError is fc.APIError
    assert issubclass(module.BadRequestError, module.APIError)
    assert isinstance(make_client(), module.Anthropic)
    assert module.types.ToolUseBlock is fc.ToolUseBlock
    assert module.types.MessageParam is dict
    with pytest.raises(AttributeError):
        module.types.Nothing  # noqa: B018
