"""The learner's progress: a SQLite store that survives crashes, locks and damaged files.

The rest of the app imports the names below from here (`from tooltutor.progress import
open_store`); each is read from the module that owns it on first use, so importing this
package costs nothing (no sqlite3, no platformdirs) until a name is asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: public name -> the module of this package that owns it
_HOMES = {
    "NEW": "store",
    "ATTEMPTED": "store",
    "PASSED": "store",
    "Attempt": "store",
    "CheckAnswer": "store",
    "Draft": "store",
    "DraftConflict": "store",
    "Position": "store",
    "ProgressStore": "store",
    "course_folder": "store",
    "data_dir": "store",
    "default_path": "store",
    "open_store": "store",
    "schema_version": "store",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


if TYPE_CHECKING:
    from tooltutor.progress.store import (
        ATTEMPTED,
        NEW,
        PASSED,
        Attempt,
        CheckAnswer,
        Draft,
        DraftConflict,
        Position,
        ProgressStore,
        course_folder,
        data_dir,
        default_path,
        open_store,
        schema_version,
    )

__all__ = [
    "ATTEMPTED",
    "Attempt",
    "CheckAnswer",
    "Draft",
    "DraftConflict",
    "NEW",
    "PASSED",
    "Position",
    "ProgressStore",
    "course_folder",
    "data_dir",
    "default_path",
    "open_store",
    "schema_version",
]
