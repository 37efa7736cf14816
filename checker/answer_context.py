"""What a check reads: the learner's answer as a `JsonContext` or a `ChoiceContext`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from checker.check_registry import Outcome
from checker.diagnostics import describe, pointer, split_pointer
from checker.i18n import tr
from checker.jsonpointer import resolve
from checker.records import record  # a dataclass, without its import cost

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


class JsonContext:
    """A parsed JSON answer, with helpers to find its messages and point into it."""

    def __init__(self, value: Any, given: Any, api: str, model: str | None, lint: Callable):
        self.value = value
        self.given = given
        self.api = api
        self.model = model
        self._lint = lint
        self._lint_result = None
        #: where a body keeps its turns: a Responses request its `input` items
        field = "input" if api == "responses" else "messages"
        if isinstance(value, list):
            self.messages, self.messages_ptr = value, ""
        elif isinstance(value, dict) and isinstance(value.get(field), list):
            self.messages, self.messages_ptr = value[field], "/" + field
        else:
            self.messages, self.messages_ptr = None, ""

    def lint(self):
        if self._lint_result is None:
            self._lint_result = self._lint(self.value)
        return self._lint_result

    def pointer_for(self, at: str, *, whole_is_array: bool = False) -> str:
        """The pointer into the learner's answer for `at`, written against what the exercise
        asks for.

        An exercise about API requests may be answered with the bare `messages` array or a
        whole request body. Its pointers into the messages (`/2`, `/0/content`) are written
        against the array; when the learner gave a body they are read inside its
        `messages`. `at` "" stands for the array itself when `whole_is_array` (the check
        wants an array there: its key or schema is one).
        """
        if not self.messages_ptr:
            return at
        tokens = split_pointer(at)
        if (tokens and _is_index(tokens[0]) and tokens[0] not in self.value) or (
            not tokens and whole_is_array
        ):
            return self.messages_ptr + at
        return at

    def resolve(self, at: str, *, whole_is_array: bool = False) -> tuple[str, Any]:
        """(pointer into the answer, the value there or None) for `at` (see `pointer_for`)."""
        ptr = self.pointer_for(at, whole_is_array=whole_is_array)
        return ptr, resolve(self.value, ptr, None)

    def message_ptr(self, index: int, *rest: str | int) -> str:
        return self.messages_ptr + pointer(index, *rest)

    def message(self, index: int) -> tuple[int, Any]:
        """(absolute index, message) for a possibly negative index; (-1, None) if absent."""
        if not self.messages or not -len(self.messages) <= index < len(self.messages):
            return -1, None
        index %= len(self.messages)
        return index, self.messages[index]


def _is_index(token: str) -> bool:
    return token == "-" or token.lstrip("-").isdigit()


def not_messages(ctx: JsonContext) -> Outcome:
    shape = describe(ctx.value)
    return Outcome(
        False,
        tr(
            "Your answer is {shape}; this exercise wants a JSON array of messages "
            "(or a request body whose `messages` is that array).",
            shape=shape,
        ),
    )


@record
class ChoiceContext:
    choices: list[dict]
    chosen: list[str]


def parse_choices(text: str) -> list[str]:
    """The choice ids in a choice answer: `b`, `a, c`, or a JSON array `["a", "c"]`."""
    text = text.strip()
    if text.startswith("["):
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply: read words
            value = None
        if isinstance(value, list):
            return [str(v).strip().lower() for v in value]
    tokens = (t.strip(".()#\"'`").lower() for t in re.split(r"[\s,;/+]+", text))
    return [t for t in tokens if t]
