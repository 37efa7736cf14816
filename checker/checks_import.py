"""A course's `checks/` that cannot be imported, said where it failed and what to do.

Importing the folder runs its modules: a syntax error, an import of something that is not
there, a mistake in a `@check(...)` declaration or any exception at the top of a module
stops it. The author is told the file, line and column of the course's own code that
failed (never the folder's first line), the exception, what to do, and the course's part
of the traceback.

The same words wherever the checks are imported: in this process (the bundled course) or
in the contained child of another course's checks (`checker.course_checks_child`), which
sends `import_problem`'s answer back as data.
"""

from __future__ import annotations

import difflib
import traceback
from pathlib import Path


def import_problem(exc: BaseException, folder: Path) -> tuple[Path, int, int, str, tuple]:
    """(file, line, column, message, traceback lines) for an exception raised while
    importing the course's `checks/` folder."""
    folder = Path(folder).resolve()
    name = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, SyntaxError) and exc.filename:
        message = f"{type(exc).__name__}: {exc.msg}"
        details = (exc.text.rstrip("\n"),) if exc.text else ()
        return Path(exc.filename), exc.lineno or 1, exc.offset or 1, message, details
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if _inside(f.filename, folder)]
    if own:
        last = own[-1]
        path, line, column = Path(last.filename), last.lineno or 1, (last.colno or 0) + 1
    else:
        path, line, column = folder, 1, 1
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    details = tuple(
        text for chunk in lines[-12:] for text in chunk.rstrip("\n").split("\n") if text
    )
    return path, line, column, name + _what_to_do(exc), details


def _inside(filename: str, folder: Path) -> bool:
    try:
        return Path(filename).resolve().is_relative_to(folder)
    except (OSError, ValueError):
        return False


def _what_to_do(exc: BaseException) -> str:
    if isinstance(exc, ModuleNotFoundError) and exc.name:
        top = exc.name.split(".")[0]
        if top.startswith(("tooltutor_checks_", "tooltutor_course_checks")):
            missing = exc.name.rsplit(".", 1)[-1]
            return (
                f": there is no checks/{missing}.py beside this file (a sibling module is "
                "imported as `from ._name import ...`)"
            )
        return (
            f": the module '{top}' is not installed where tooltutor runs; a course's checks "
            "may use the standard library, `checker.checks` and their sibling modules "
            "(`from ._helpers import ...`)"
        )
    if isinstance(exc, ImportError) and exc.name == "checker.checks":
        wanted = str(exc).split("'")[1] if "'" in str(exc) else ""
        # on first use, not at import: checker.answer_context, ... (41 modules)
        from checker import checks

        close = difflib.get_close_matches(wanted, list(checks.__all__), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"{hint}: `checker.checks` offers {', '.join(sorted(checks.__all__))}"
    return ""
