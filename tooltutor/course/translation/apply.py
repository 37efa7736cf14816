"""Translated copies of lessons and exercises: an overlay's merged text put in place."""

from __future__ import annotations

from checker.records import replace
from tooltutor.course.model import WHOLE, Exercise, Lesson, expand_model
from tooltutor.course.translation.data_text import apply_data


def inject(source, text):
    """A copy of `source` with the strings of `text` (a skeleton of it) put in place.

    Parts the skeleton does not name are shared with the source, never changed."""
    if isinstance(text, str):
        return text
    if isinstance(text, dict):
        out = dict(source)
        for key, part in text.items():
            if key != "id":
                out[key] = inject(source[key], part)
        return out
    out = list(source)
    for index, part in enumerate(text):
        out[index] = inject(source[index], part)
    return out


def translate_lesson(lesson: Lesson, text: dict, untranslated: set[str]) -> Lesson:
    """A copy of `lesson` with the translated `text` (a merged skeleton) in place."""
    values = inject({key: getattr(lesson, key) for key in text}, text)
    return replace(lesson, **values, untranslated=set(untranslated))


def translate_exercise(
    exercise: Exercise, text: dict, untranslated: set[str], model: str = ""
) -> Exercise:
    """A copy of `exercise` with the translated `text` in place (`{{model}}` expanded,
    as the loader does for the source)."""
    data = {key: text[key] for key in ("given_text", "params_text") if key in text}
    text = {key: part for key, part in text.items() if key not in data}
    text = expand_model(text, model) if model else text
    values = inject({key: getattr(exercise, key) for key in text}, text)
    criteria = values.get("criteria", exercise.criteria)
    values.update(apply_data(exercise.given, criteria, data, model))
    return replace(exercise, **values, untranslated=set(untranslated))


def untranslated_copy(item):
    """A copy of a lesson or exercise marked as having no translation at all."""
    return replace(item, untranslated={WHOLE})
