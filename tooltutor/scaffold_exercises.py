"""What `tooltutor new exercise KIND` writes, one entry per kind: the one place that knows
each kind's starting file (its default title and its text).

Each file validates as written: the solution passes, the starter fails, each wrong answer
fails the criteria it names. They show the parts an author needs first: a JSON answer
marked by engine checks; a Python tool loop run against a scripted model (`$client`,
`$run_tool`, a `script` of tool calls, a `variants` run with other calls); a choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Template


@dataclass(frozen=True)
class ExerciseKind:
    #: the title a new exercise gets when `--title` is not given
    title: str
    #: the file's text after the schema line ($id, $lesson, $title; `$$` is a `$`)
    text: Template


JSON = Template("""\
id: $id
lesson: $lesson
level: 1
title: $title
kind: json
api: anthropic
prompt: |
  The model asked for `get_time` with the id `toolu_01`. Your code found `12:00`.
  Write the `messages` array of the next request, from the user's question on.
given:
  question: What time is it?
  assistant:
    role: assistant
    content:
      - {type: tool_use, id: toolu_01, name: get_time, input: {}}
starter: |
  [
    {"role": "user", "content": "What time is it?"}
  ]
criteria:
  - check: message-equals
    label: The assistant turn is resent unchanged
    params: {index: 1, message: "$$given/assistant", what: the assistant turn}
  - check: tool-result
    label: The last message starts with a tool_result for toolu_01
    params: {id: toolu_01, tool_name: get_time, index: -1}
  - check: protocol
    label: The API would accept the request
hints:
  - The API keeps no state; the assistant turn goes back as it came.
  - The answer goes in a `tool_result` block whose `tool_use_id` is the call's id.
solution: |
  [
    {"role": "user", "content": "What time is it?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "get_time", "input": {}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "12:00"}
    ]}
  ]
explanation: The assistant turn goes back as it came, and the result quotes its call's id.
right_answers:
  - note: the result's content as a list of text blocks
    answer: |
      [
        {"role": "user", "content": "What time is it?"},
        {"role": "assistant", "content": [
          {"type": "tool_use", "id": "toolu_01", "name": "get_time", "input": {}}
        ]},
        {"role": "user", "content": [
          {"type": "tool_result", "tool_use_id": "toolu_01",
           "content": [{"type": "text", "text": "12:00"}]}
        ]}
      ]
wrong_answers:
  - fails: [message-equals, protocol]
    note: the assistant turn left out
    answer: |
      [
        {"role": "user", "content": "What time is it?"},
        {"role": "user", "content": [
          {"type": "tool_result", "tool_use_id": "toolu_01", "content": "12:00"}
        ]}
      ]
  - fails: [tool-result, protocol]
    note: another call's id
    answer: |
      [
        {"role": "user", "content": "What time is it?"},
        {"role": "assistant", "content": [
          {"type": "tool_use", "id": "toolu_01", "name": "get_time", "input": {}}
        ]},
        {"role": "user", "content": [
          {"type": "tool_result", "tool_use_id": "toolu_02", "content": "12:00"}
        ]}
      ]
  - fails: [tool-result, protocol]
    note: the result as plain text
    answer: |
      [
        {"role": "user", "content": "What time is it?"},
        {"role": "assistant", "content": [
          {"type": "tool_use", "id": "toolu_01", "name": "get_time", "input": {}}
        ]},
        {"role": "user", "content": "It is 12:00."}
      ]
""")

PYTHON = Template("""\
id: $id
lesson: $lesson
level: 2
title: $title
kind: python
prompt: |
  Write `agent(client, run_tool, question, tools)`: ask the model the `question` with the
  `tools`, and while it asks for tools (`stop_reason` is `"tool_use"`), run each call with
  `run_tool(call.name, call.input)`, send the assistant turn and the results back, and ask
  again. Return the model's final response.

  How it is checked: `client` is a stand-in for `anthropic.Anthropic()` that answers from
  a script and judges each request as the API would; it runs twice, the second time with
  other questions, calls and ids.
# the entry's arguments: "$$client" is the scripted client, "$$run_tool" runs a tool
entry: agent
call:
  client: $$client
  run_tool: $$run_tool
  question: What time is it in Lisbon?
  tools:
    - name: get_time
      description: The current time in a city, as HH:MM. Use it whenever the time matters.
      input_schema:
        type: object
        properties:
          city: {type: string, description: "A city name, like Lisbon"}
        required: [city]
# the model's replies, in order: a tool call, then the answer
script:
  - stop_reason: tool_use
    content:
      - {type: tool_use, id: toolu_01Lx7, name: get_time, input: {city: Lisbon}}
  - stop_reason: end_turn
    content:
      - {type: text, text: "It is 12:00 in Lisbon."}
# what run_tool returns, by tool name
tool_results:
  get_time: "12:00"
# run 2 (ids are new in every run after the first): two calls in one reply
variants:
  - call: {question: "What time is it in Tokyo and in Lima?"}
    script:
      - stop_reason: tool_use
        content:
          - {type: tool_use, id: toolu_01Tk2, name: get_time, input: {city: Tokyo}}
          - {type: tool_use, id: toolu_01Lm9, name: get_time, input: {city: Lima}}
      - stop_reason: end_turn
        content:
          - {type: text, text: "It is 20:00 in Tokyo and 06:00 in Lima."}
starter: |
  def agent(client, run_tool, question, tools):
      messages = [{"role": "user", "content": question}]
      response = client.messages.create(
          model="{{model}}", max_tokens=1024, tools=tools, messages=messages
      )
      # TODO: while the model asks for tools, run each call and ask again
      return response
criteria:
  - check: loop-until-done
    label: The loop goes on until the model stops asking for tools
  - check: calls-answered
    label: Every call runs once and is answered, by its id, in the next request
  - check: returns-final
    label: The function returns the model's final response
  - check: tools-resent
    label: Every request carries the tools
  - check: requests-valid
    label: The API would accept every request
hints:
  - "`response.stop_reason` says whether the model wants a tool: loop while it is \\"tool_use\\"."
  - >-
    Append `{"role": "assistant", "content": response.content}`, then one user message
    with a `tool_result` per call, then call `client.messages.create` again.
solution: |
  def agent(client, run_tool, question, tools):
      messages = [{"role": "user", "content": question}]
      response = client.messages.create(
          model="{{model}}", max_tokens=1024, tools=tools, messages=messages
      )
      while response.stop_reason == "tool_use":
          messages.append({"role": "assistant", "content": response.content})
          results = [
              {"type": "tool_result", "tool_use_id": call.id,
               "content": run_tool(call.name, call.input)}
              for call in response.content if call.type == "tool_use"
          ]
          messages.append({"role": "user", "content": results})
          response = client.messages.create(
              model="{{model}}", max_tokens=1024, tools=tools, messages=messages
          )
      return response
explanation: |
  A tool loop asks, runs what the model asks for, and asks again with the results, until
  the model answers without a tool call; that last response is the answer.
wrong_answers:
  - fails: [loop-until-done]
    note: the starter, unchanged
    answer: |
      def agent(client, run_tool, question, tools):
          messages = [{"role": "user", "content": question}]
          return client.messages.create(
              model="{{model}}", max_tokens=1024, tools=tools, messages=messages
          )
  - fails: [calls-answered, requests-valid]
    note: only the first call of a reply is run and answered
    answer: |
      def agent(client, run_tool, question, tools):
          messages = [{"role": "user", "content": question}]
          response = client.messages.create(
              model="{{model}}", max_tokens=1024, tools=tools, messages=messages
          )
          while response.stop_reason == "tool_use":
              call = next(b for b in response.content if b.type == "tool_use")
              messages.append({"role": "assistant", "content": response.content})
              messages.append({"role": "user", "content": [
                  {"type": "tool_result", "tool_use_id": call.id,
                   "content": run_tool(call.name, call.input)}]})
              response = client.messages.create(
                  model="{{model}}", max_tokens=1024, tools=tools, messages=messages
              )
          return response
  - fails: [tools-resent, requests-valid]
    note: the follow-up request without the tools
    answer: |
      def agent(client, run_tool, question, tools):
          messages = [{"role": "user", "content": question}]
          response = client.messages.create(
              model="{{model}}", max_tokens=1024, tools=tools, messages=messages
          )
          while response.stop_reason == "tool_use":
              messages.append({"role": "assistant", "content": response.content})
              messages.append({"role": "user", "content": [
                  {"type": "tool_result", "tool_use_id": call.id,
                   "content": run_tool(call.name, call.input)}
                  for call in response.content if call.type == "tool_use"]})
              response = client.messages.create(
                  model="{{model}}", max_tokens=1024, messages=messages
              )
          return response
""")

CHOICE = Template("""\
id: $id
lesson: $lesson
level: 1
title: $title
kind: choice
prompt: Which request needs a tool?
starter: ""
choices:
  - id: a
    text: Translate this sentence.
    correct: false
    feedback: The text is all there.
  - id: b
    text: What is the EUR/USD rate now?
    correct: true
    feedback: Fresh data needs a tool.
criteria:
  - {check: choice, label: The request that needs fresh data is picked}
hints: ["Which one changes every minute?", "The exchange rate."]
solution: b
explanation: Only the exchange rate needs data the model cannot have.
wrong_answers:
  - {answer: a, fails: [choice]}
  - {answer: "a, b", fails: [choice]}
  - {answer: "", fails: [choice]}
""")

#: every kind `new exercise` writes, in the order `--help` lists them
EXERCISE_KINDS: dict[str, ExerciseKind] = {
    "json": ExerciseKind("Write the tool result", JSON),
    "python": ExerciseKind("Run the tool loop", PYTHON),
    "choice": ExerciseKind("Pick the request that needs a tool", CHOICE),
}
