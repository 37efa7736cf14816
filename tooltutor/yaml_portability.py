"""Course files every PyYAML reads alike: with libyaml (the C loader tooltutor prefers) and
without it (the pure-Python loader, as on an install where libyaml is missing).

The two loaders disagree at the edges: libyaml takes a plain `?` inside a flow sequence
(`[Which one?, "B"]`) that the pure-Python loader rejects, so an exercise that loads here
could vanish on a learner's machine. `tooltutor validate` reads every course file with the
pure-Python loader too and reports where it stops.
"""

from __future__ import annotations

from pathlib import Path

COURSE_GLOBS = ("course.yaml", "lessons/**/*.yaml", "exercises/**/*.yaml")


def course_files(root: Path) -> list[Path]:
    """The YAML files of a course folder, in a stable order."""
    found: set[Path] = set()
    for pattern in COURSE_GLOBS:
        found.update(p for p in root.glob(pattern) if p.is_file())
    return sorted(found)


def portability_problems(root: Path) -> list:
    """A `Problem` for each course file the pure-Python loader cannot read (none when
    PyYAML has no C loader: then the course was loaded with the pure-Python one already)."""
    # on first use, not at import: yaml, cython_runtime, base64, binascii, ... (28 modules)
    import yaml

    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (25 modules)
    from tooltutor.course import Problem

    if not hasattr(yaml, "CSafeLoader"):
        return []
    problems = []
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, ast, ... (23 modules)
    from tooltutor.course.yamlsource import read_regular_file

    for path in course_files(root):
        seen = _seen_portable(path)
        if seen is not None and seen.exists():
            continue  # read by the pure-Python loader before, unchanged since
        try:  # within the loader's own limits: regular files, 1 MB, UTF-8
            text = read_regular_file(path).decode("utf-8-sig")
        except Exception:
            continue  # the loader reports it
        try:
            yaml.compose(text, Loader=yaml.SafeLoader)
            _remember_portable(seen)
        except RecursionError:
            continue  # nested too deep for either: the loader reports it
        except yaml.MarkedYAMLError as exc:
            if not _c_loader_reads(text):
                continue  # broken for both: the loader's own message covers it
            mark = exc.problem_mark or exc.context_mark
            line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            problems.append(
                Problem(
                    path,
                    line,
                    column,
                    f"PyYAML without libyaml cannot read this file ({exc.problem}), so "
                    "where libyaml is missing it is left out: put the text in quotes",
                )
            )
        except yaml.YAMLError:
            continue  # unreadable for both (a control character, say): reported already
    return problems


def _seen_portable(path: Path) -> Path | None:
    """The marker that `path`, as it is now, was read by the pure-Python loader (kept
    beside the course cache, keyed like it: the pure loader is slow, and a course of
    1,000 exercises would take half a minute to check each time)."""
    # on first use, not at import: hashlib (3 modules)
    import hashlib

    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, ast, ... (27 modules)
    from tooltutor.course.cache import cache_dir, file_stamp, fingerprint

    stamp = file_stamp(path)
    if stamp is None:
        return None
    key = hashlib.sha1(repr((fingerprint(), stamp)).encode("utf-8", "surrogatepass"))
    return cache_dir().parent / "pure-yaml" / key.hexdigest()


def _remember_portable(marker: Path | None) -> None:
    if marker is None:
        return
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # only costs time


def _c_loader_reads(text: str) -> bool:
    # on first use, not at import: yaml, cython_runtime, base64, binascii, ... (28 modules)
    import yaml

    try:
        yaml.compose(text, Loader=yaml.CSafeLoader)
    except (yaml.YAMLError, RecursionError):
        return False
    return True
