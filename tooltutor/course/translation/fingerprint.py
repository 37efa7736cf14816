"""`source_hash`: the fingerprint of a source's translatable text, which tells a stale
translation (one made from older text) from an up-to-date one."""

from __future__ import annotations

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
    return _sha256(canonical.encode("utf-8")).hexdigest()[:12]


def _sha256(data: bytes):
    """SHA-256 of `data`, from the interpreter's own implementation when it has one:
    `hashlib` loads OpenSSL first (~3 ms), which a translated course's every start would
    pay for one short digest (`python3 -m bench startup`: a check in Russian). The digest
    is the same whichever computes it."""
    try:
        from _sha2 import sha256  # Python 3.12 and later
    except ImportError:
        try:
            from _sha256 import sha256  # Python 3.11
        except ImportError:
            from hashlib import sha256
    return sha256(data)
