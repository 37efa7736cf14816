"""What the tests of the bundled course's own checks (test_course_checks*.py) share: the
checks, loaded once; `judge`, one check run on an answer as the only criterion of a json
exercise; the odd answers no check may raise on; params several of them use.
"""

from __future__ import annotations

import importlib
import json

from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.marking import course_checks

OWN = course_checks(load_course(None))
#: the course's sentence counter (`checks/_description_text.py`), from the package the
#: course's checks were loaded into
count_sentences = importlib.import_module(
    OWN["tool-definition"].function.__module__.rpartition(".")[0] + "._description_text"
).count_sentences


def judge(check: str, params: dict, answer, *, api: str = "none"):
    """The first criterion of a one-criterion exercise, and its diagnostics."""
    exercise = {
        "kind": "json",
        "api": api,
        "criteria": [{"check": check, "label": check, "params": params}],
    }
    text = answer if isinstance(answer, str) else json.dumps(answer, indent=2)
    verdict = mark(exercise, text, checks=OWN)
    return verdict.criteria[0], verdict.diagnostics


#: answers of every odd shape, that no lesson check may raise on
LESSON_ODD_ANSWERS = [
    "null",
    "[]",
    "{}",
    '"text"',
    '[null, 1, "x", [], {}]',
    '[{"name": 5, "input_schema": {"type": 5, "properties": []}, "input_examples": "x"}]',
    '{"name": "t", "input_schema": {"type": "object", "properties": {"a": 5}}, "strict": true}',
    '[{"role": "assistant", "tool_calls": [null, {"function": 3}]}, {"role": "tool"}, 5]',
    '[{"role": "user", "content": [{"type": "tool_result"}, null]}, '
    '{"role": "assistant", "content": [5, {"type": "tool_use", "input": "{"}]}]',
    '{"pipeline": {"tool_choice": [1]}, "g": {"stop": 3, "flag": {"openai": []}}}',
]

#: the services of a consolidated tool set (`action-enum`): action -> the tool it replaces
SERVICES = {
    "helpdesk": {"create": "create_ticket", "close": "close_ticket"},
    "billing": {"refund": "refund_invoice"},
}
#: the calls of one assistant turn (`tool-calls`, `tool-messages`)
CALLS = [
    {"id": "toolu_1", "name": "get_order_status", "input": {"order_id": "A"}},
    {"id": "toolu_2", "name": "get_order_status", "input": {"order_id": "B"}},
]
