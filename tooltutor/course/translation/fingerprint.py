"""`source_hash`: the fingerprint of a source's translatable text, which tells a stale
translation (one made from older text) from an up-to-date one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from tooltutor.course.model import Exercise, Lesson
from tooltutor.course.translation.data_text import data_skeleton
from tooltutor.course.translation.spec import (
    COURSE_TEXT,
    EXERCISE_TEXT,
    LESSON_TEXT,
    Fields,
    skeleton,
)


def _item_values(item) -> tuple[Fields, Mapping]:
    """(spec, the source values as written) of a Lesson, an Exercise or a file's mapping."""
    if isinstance(item, Lesson):
        return LESSON_TEXT, {key: getattr(item, key) for key in LESSON_TEXT.fields}
    if isinstance(item, Exercise):
        if item.source_values is not None:
            return EXERCISE_TEXT, item.source_values
        values = {key: getattr(item, key) for key in EXERCISE_TEXT.fields}
        return EXERCISE_TEXT, {**values, "given": item.given}
    if "sections" in item:
        return LESSON_TEXT, item
    return (COURSE_TEXT if "format_version" in item else EXERCISE_TEXT), item


def source_hash(item) -> str:
    """The fingerprint of the translatable text of a source lesson or exercise (a
    `Lesson`, an `Exercise`, or the mapping its file holds): see the module docstring."""
    spec, values = _item_values(item)
    text = skeleton(spec, values)
    if spec is EXERCISE_TEXT:
        text.update(data_skeleton(values))
    canonical = json.dumps(text, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
