"""The translatable text of a source, described once: which fields of a lesson, an
exercise and course.yaml a learner reads, and how an overlay's lists match the source's
(by id, or one to one in order)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from checker.records import record  # a dataclass, without its import cost

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

TEXT = "text"


@record(frozen=True)
class Fields:
    """A mapping with these translatable keys; `check_id`: an overlay may repeat the
    source's `id` (inline checks), which must then match."""

    fields: dict
    check_id: bool = False


@record(frozen=True)
class ById:
    """A list whose items are matched by id (`key` reads a source item's id)."""

    item: Fields
    what: str
    key: Callable[[Mapping], str] = lambda item: item["id"]


@record(frozen=True)
class InOrder:
    """A list whose items are matched one to one, in order."""

    item: Any
    what: str


@record(frozen=True)
class OneOf:
    """A mapping with exactly one key, the kind (a block of a section)."""

    kinds: dict


CHOICE_TEXT = Fields({"text": TEXT, "feedback": TEXT})
BLOCK_TEXT = OneOf(
    {
        "markdown": TEXT,
        "code": Fields({"caption": TEXT}),
        "sequence": Fields(
            {
                "caption": TEXT,
                "participants": ById(Fields({"label": TEXT}), "participant"),
                "steps": InOrder(Fields({"text": TEXT}), "step"),
            }
        ),
        "check": Fields(
            {"prompt": TEXT, "why_here": TEXT, "choices": InOrder(CHOICE_TEXT, "choice")},
            check_id=True,
        ),
        "try": Fields({"text": TEXT}),
    }
)
LESSON_TEXT = Fields(
    {
        "title": TEXT,
        "summary": TEXT,
        "objectives": InOrder(TEXT, "objective"),
        "recap": InOrder(TEXT, "recap point"),
        "sources": ById(Fields({"title": TEXT}), "source"),
        "sections": ById(
            Fields({"title": TEXT, "blocks": InOrder(BLOCK_TEXT, "block")}), "section"
        ),
    }
)
EXERCISE_TEXT = Fields(
    {
        "title": TEXT,
        "prompt": TEXT,
        "hints": InOrder(TEXT, "hint"),
        "explanation": TEXT,
        "criteria": ById(
            Fields({"label": TEXT, "hidden_label": TEXT}),
            "criterion",
            key=lambda c: c.get("id") or c["check"],
        ),
        "choices": ById(CHOICE_TEXT, "choice"),
    }
)


#: The course's own text (`<lang>/course.yaml` translates course.yaml).
COURSE_TEXT = Fields({"title": TEXT, "description": TEXT})


def skeleton(spec, value):
    """The translatable text of `value` in the overlay's structure (None: nothing to
    translate: an absent or blank text, an empty list)."""
    if spec == TEXT:
        return value if isinstance(value, str) and value.strip() else None
    if isinstance(spec, Fields):
        if not isinstance(value, Mapping):
            return None
        out = {}
        for key, sub in spec.fields.items():
            if key in value:
                part = skeleton(sub, value[key])
                if part is not None:
                    out[key] = part
        return out
    if isinstance(spec, ById):
        if not value:
            return None
        return [{"id": spec.key(item), **skeleton(spec.item, item)} for item in value]
    if isinstance(spec, InOrder):
        if not value:
            return None
        return [skeleton(spec.item, item) for item in value]
    kind = next(iter(value))
    return {kind: skeleton(spec.kinds[kind], value[kind])}
