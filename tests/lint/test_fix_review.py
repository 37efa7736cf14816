"""`tooltutor lint --fix` on broken histories of our own, in all three APIs, each written in
several JSON styles (compact, 2- and 4-space indents, CRLF line ends, unicode kept or
escaped). The diff printed must apply with `git apply`; the result must lint clean of the
pairing errors; and no word the user or the model wrote may be lost (the multiset of the
words of user, assistant and call text before is contained in the one after).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter

import pytest

from checker.lint import lint
from tooltutor.cli import main

Q = "Qual é o tempo em São Paulo e em Zürich? Responda rápido 🌦️"
A_TOOLS = [{"name": "get_weather", "description": "Weather", "input_schema": {"type": "object"}}]


def _use(i, city):
    return {
        "type": "tool_use",
        "id": f"toolu_01Rv{i}",
        "name": "get_weather",
        "input": {"city": city},
    }


def _res(i, text):
    return {"type": "tool_result", "tool_use_id": f"toolu_01Rv{i}", "content": text}


def _a(*messages):
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "tools": A_TOOLS,
        "messages": list(messages),
    }


ASSISTANT = {
    "role": "assistant",
    "content": [
        {"type": "text", "text": "Vou verificar as duas cidades agora."},
        _use(1, "São Paulo"),
        _use(2, "Zürich"),
    ],
}

ANTHROPIC = {
    "unanswered after ctrl+c": _a(
        {"role": "user", "content": Q},
        ASSISTANT,
        {"role": "user", "content": "Esquece, só diga olá ao Jürgen."},
    ),
    "one of two unanswered": _a(
        {"role": "user", "content": Q},
        ASSISTANT,
        {"role": "user", "content": [_res(1, "28 °C, sol")]},
    ),
    "results split over two messages": _a(
        {"role": "user", "content": Q},
        ASSISTANT,
        {"role": "user", "content": [_res(1, "28 °C, sol")]},
        {"role": "user", "content": [_res(2, "3 °C, neve")]},
    ),
    "text before the results": _a(
        {"role": "user", "content": Q},
        ASSISTANT,
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Aqui estão os resultados, obrigado!"},
                _res(1, "28 °C, sol"),
                _res(2, "3 °C, neve"),
            ],
        },
    ),
    "orphan result": _a(
        {"role": "user", "content": Q},
        {"role": "assistant", "content": "Não preciso de ferramentas."},
        {
            "role": "user",
            "content": [_res(9, "resultado perdido"), {"type": "text", "text": "E agora?"}],
        },
    ),
    "identical duplicate result": _a(
        {"role": "user", "content": Q},
        ASSISTANT,
        {"role": "user", "content": [_res(1, "28 °C, sol"), _res(2, "3 °C"), _res(2, "3 °C")]},
    ),
}

C_TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
]
CALLS = {
    "role": "assistant",
    "content": "Vou verificar.",
    "tool_calls": [
        {
            "id": f"call_{i}x",
            "type": "function",
            "function": {
                "name": "get_weather",
                "arguments": json.dumps({"city": c}, ensure_ascii=False),
            },
        }
        for i, c in ((1, "São Paulo"), (2, "Zürich"))
    ],
}


def _c(*messages):
    return {"model": "gpt-4.1", "tools": C_TOOLS, "messages": list(messages)}


CHAT = {
    "unanswered after ctrl+c": _c(
        {"role": "system", "content": "Seja breve."},
        {"role": "user", "content": Q},
        CALLS,
        {"role": "user", "content": "Deixa pra lá — e amanhã?"},
    ),
    "one of two unanswered": _c(
        {"role": "user", "content": Q},
        CALLS,
        {"role": "tool", "tool_call_id": "call_1x", "content": "28 °C"},
    ),
    "orphan tool message": _c(
        {"role": "user", "content": Q},
        {"role": "assistant", "content": "Sem ferramentas, então."},
        {"role": "tool", "tool_call_id": "call_9x", "content": "perdido"},
        {"role": "user", "content": "Ok, e o Porto?"},
    ),
}

R_TOOLS = [{"type": "function", "name": "get_weather", "parameters": {"type": "object"}}]


def _fc(i, city):
    return {
        "type": "function_call",
        "call_id": f"call_{i}r",
        "name": "get_weather",
        "arguments": json.dumps({"city": city}, ensure_ascii=False),
    }


def _fco(i, text):
    return {"type": "function_call_output", "call_id": f"call_{i}r", "output": text}


def _r(*items):
    return {"model": "gpt-4.1", "tools": R_TOOLS, "input": list(items)}


RESPONSES = {
    "unanswered after ctrl+c": _r(
        {"role": "user", "content": Q},
        _fc(1, "São Paulo"),
        _fc(2, "Zürich"),
        {"role": "user", "content": "Cancela — diga só 'olá'."},
    ),
    "orphan output": _r(
        {"role": "user", "content": Q}, _fco(7, "perdido"), {"role": "user", "content": "E então?"}
    ),
    "identical duplicate output": _r(
        {"role": "user", "content": Q}, _fc(1, "Zürich"), _fco(1, "3 °C"), _fco(1, "3 °C")
    ),
}

CASES = [("anthropic", k, v) for k, v in ANTHROPIC.items()]
CASES += [("openai", k, v) for k, v in CHAT.items()]
CASES += [("responses", k, v) for k, v in RESPONSES.items()]

STYLES = {
    "compact": lambda v: json.dumps(v, ensure_ascii=False, separators=(",", ":")),
    "indent 2": lambda v: json.dumps(v, ensure_ascii=False, indent=2) + "\n",
    "indent 4, escaped": lambda v: json.dumps(v, indent=4) + "\n",
    "CRLF": lambda v: (json.dumps(v, ensure_ascii=False, indent=2) + "\n").replace("\n", "\r\n"),
    "tabs": lambda v: json.dumps(v, ensure_ascii=False, indent="\t") + "\n",
}

PAIRING = {
    "a-tool-result-missing",
    "a-results-split",
    "a-tool-result-not-first",
    "a-tool-result-orphan",
    "a-tool-result-duplicate",
    "o-tool-response-missing",
    "o-tool-msg-orphan",
    "o-tool-call-id-unknown",
    "r-function-call-output-missing",
    "r-function-call-output-orphan",
    "r-call-id-duplicate",
}


def _said(value, fmt):
    """The words the user and the model wrote: message text, thinking, call arguments."""
    out: list[str] = []

    def words(text):
        out.extend(re.findall(r"\w+", text.lower()))

    items = value["input"] if fmt == "responses" else value["messages"]
    for m in items:
        kind = m.get("type", "message")
        if kind == "function_call":
            words(m["arguments"])
        if kind != "message" or m.get("role") == "tool":
            continue
        content = m.get("content")
        if isinstance(content, str):
            words(content)
        for b in content if isinstance(content, list) else []:
            if b.get("type") in ("text", "input_text", "output_text"):
                words(b["text"])
            if b.get("type") == "tool_use":
                words(json.dumps(b["input"], ensure_ascii=False))
        for call in m.get("tool_calls") or []:
            words(call["function"]["arguments"])
    return Counter(out)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to apply the diff")
@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("case", CASES, ids=[f"{f}: {k}" for f, k, _ in CASES])
def test_the_fix_applies_repairs_and_loses_no_word(tmp_path, capsys, case, style):
    fmt, _, body = case
    text = STYLES[style](body)
    before = lint(text, fmt)
    assert any(d.rule in PAIRING for d in before.diagnostics if d.is_error)
    path = tmp_path / "history.json"
    path.write_bytes(text.encode("utf-8"))
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    code = main(["lint", "--format", fmt, "--fix", str(path)])
    diff = capsys.readouterr().out
    assert code == 0 and diff.startswith("--- ")
    (tmp_path / "fix.diff").write_bytes(diff.encode("utf-8"))
    applied = subprocess.run(
        ["git", "apply", "--whitespace=nowarn", "fix.diff"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert applied.returncode == 0, applied.stderr
    fixed = path.read_bytes().decode("utf-8")
    if "\r\n" in text:
        assert fixed.count("\n") == fixed.count("\r\n"), "line ends kept"
    if style == "tabs":
        assert not [line for line in fixed.splitlines() if line.startswith(" ")], "tabs kept"
    if style == "indent 4, escaped":
        assert fixed.isascii(), "non-ASCII stays escaped"
    after = lint(fixed, fmt)
    left = [d.rule for d in after.diagnostics if d.is_error and d.rule in PAIRING]
    assert left == []
    lost = _said(json.loads(text), fmt) - _said(json.loads(fixed), fmt)
    assert not lost, lost
