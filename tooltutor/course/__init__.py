"""A course: its model, loading and checking it, its YAML files, schemas and translations.

The rest of the app imports the names below from here (`from tooltutor.course import
load_course`); each is read from the module that owns it on first use, so importing
this package, or one of its modules, costs nothing more than that module.

- `model`: `Course`, `Lesson`, `Exercise`, `Problem` and the course format's constants
- `location`: where the bundled course is, which course folder to use
- `loader`: `load_course`; `checks`: the checks within and between course files
- `yamlsource`: YAML with positions; `schemas`: the JSON Schemas; `cache`: parsed files
- `translation`: the translation overlays
"""

from __future__ import annotations

from tooltutor.lazy_exports import lazy_exports

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)

#: public name -> the module of this package that owns it
_HOMES = {
    "FORMAT_VERSION": "model",
    "FOOTNOTE": "model",
    "EXERCISE_KEYS": "model",
    "BrokenItem": "model",
    "Course": "model",
    "Exercise": "model",
    "Lesson": "model",
    "Problem": "model",
    "display_path": "model",
    "model_fields": "model",
    "bundled_course_dir": "location",
    "resolve_course_dir": "location",
    "load_course": "loader",
}


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals())


if TYPE_CHECKING:
    from tooltutor.course.loader import load_course
    from tooltutor.course.location import bundled_course_dir, resolve_course_dir
    from tooltutor.course.model import (
        EXERCISE_KEYS,
        FOOTNOTE,
        FORMAT_VERSION,
        BrokenItem,
        Course,
        Exercise,
        Lesson,
        Problem,
        display_path,
        model_fields,
    )

__all__ = [
    "BrokenItem",
    "Course",
    "EXERCISE_KEYS",
    "Exercise",
    "FOOTNOTE",
    "FORMAT_VERSION",
    "Lesson",
    "Problem",
    "bundled_course_dir",
    "display_path",
    "load_course",
    "model_fields",
    "resolve_course_dir",
]
