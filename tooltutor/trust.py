"""Course packs are code: one trust decision per course, before any of its code runs.

A course can hold code of its author's in two places, and both run only once the course
is trusted:

- Python in its exercise files (support code, reference solutions, starters, right and
  wrong answers): it runs in the same operating-system sandbox as the learner's answers
  (`checker.sandbox`), support code beside each answer, the rest under `validate`;
- its `checks/` folder: Python that marks answers. The bundled course's checks are product
  code, shipped and reviewed with the engine, and run in the tooltutor process. Any other
  course's checks run in a sandboxed child of their own (`checker.course_checks_host`):
  they get the answer's records as data and give findings back, and never see the
  learner's files or progress.

The decision (`ensure_trusted`, the one function every path calls: `check`, `watch`, the
TUI, `serve`, `validate` and its self-test) is asked whenever the course holds code at
all, before anything of it is imported or run, and remembered in `trusted-courses.json`
under the data folder with a fingerprint of exactly what can be imported or executed:
each exercise's Python, and every file under the code folders, recursively, of any type
(`course_code`). Trusting a course snapshots those files: what is imported is that
snapshot, never the folder again, so nothing the fingerprint did not cover can run.
What tooltutor will not run at all is refused with the course (`CourseCode.refused`):
extension modules, `.pth` files, a link that leaves the folder, a package folder beside a
module of the same name. Compiled files (`__pycache__`, `.pyc`) are ignored: only source
is imported. `--trust` (or `TOOLTUTOR_TRUST=1`) trusts without asking, for scripts and CI.

The learner's own answer is not asked about: it is theirs, and it always runs contained.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from checker.records import field, record  # a dataclass, without its import cost
from tooltutor.errors import UserError
from tooltutor.i18n import t
from tooltutor.kinds import kind_named

STORE_NAME = "trusted-courses.json"
#: the folders of a course whose files may be imported
CODE_FOLDERS = ("checks",)
#: at most this much of a course's code folders is read (a pack is not a data set)
MAX_CODE_BYTES = 16 * 1024 * 1024
_NATIVE = (".so", ".pyd", ".dylib", ".dll")


@record
class CourseCode:
    """Exactly what of a course can be imported or executed, as read once."""

    #: path under the course folder ("checks/x.py") -> its bytes
    files: dict[str, bytes] = field(default_factory=dict)
    #: "lang:exercise id" -> SHA-256 of that exercise's Python
    exercises: dict[str, str] = field(default_factory=dict)
    #: what tooltutor will not run, each said with its path
    refused: list[str] = field(default_factory=list)

    @property
    def files_digest(self) -> str:
        # on first use, not at import: hashlib (OpenSSL: ~3 ms; a bundled course needs none)
        import hashlib

        digest = hashlib.sha256()
        for name in sorted(self.files):
            data = self.files[name]
            encoded = name.encode("utf-8", "surrogateescape")
            digest.update(len(encoded).to_bytes(8, "big") + encoded)
            digest.update(len(data).to_bytes(8, "big") + data)
        return digest.hexdigest()

    @property
    def holds_code(self) -> bool:
        return bool(self.files or self.exercises or self.refused)

    def check_sources(self) -> dict[str, str]:
        """The Python sources of `checks/`, by path inside it (what the checks child gets)."""
        prefix = CODE_FOLDERS[0] + "/"
        return {
            name[len(prefix) :]: data.decode("utf-8", "replace")
            for name, data in self.files.items()
            if name.startswith(prefix) and name.endswith(".py")
        }

    def check_catalogs(self) -> dict[str, str]:
        """The checks' catalogs (`checks/locales/<tag>.po`), by tag, as trusted: data the
        parent reads and hands to the checks' child."""
        prefix = CODE_FOLDERS[0] + "/locales/"
        return {
            name[len(prefix) : -len(".po")]: data.decode("utf-8", "replace")
            for name, data in self.files.items()
            if name.startswith(prefix) and name.endswith(".po") and "/" not in name[len(prefix) :]
        }


def course_code(course) -> CourseCode:
    """Read what `course` can import or execute (its loaded exercises, its code folders)."""
    code = CourseCode()
    for exercise in course.exercises.values():
        if kind_named(exercise.kind).runs_code:
            code.exercises[f"{course.lang}:{exercise.id}"] = _exercise_hash(exercise)
    for lang, report in (getattr(course, "translations", None) or {}).items():
        for exercise in getattr(report, "retuned", None) or []:
            if kind_named(exercise.kind).runs_code:
                code.exercises[f"{lang}:{exercise.id}"] = _exercise_hash(exercise)
    root = Path(course.root)
    for folder in CODE_FOLDERS:
        _read_folder(root, folder, code)
    return code


def _exercise_hash(exercise) -> str:
    spec = exercise.spec()
    parts = [exercise.id, spec.get("support") or "", exercise.starter or ""]
    parts.append(spec.get("solution") or "")
    parts += [w.get("answer", "") for w in spec.get("wrong_answers") or []]
    parts += [r.get("answer", "") for r in spec.get("right_answers") or []]
    # on first use, not at import: hashlib (OpenSSL: ~3 ms; a bundled course needs none)
    import hashlib

    digest = hashlib.sha256()
    for part in parts:
        data = str(part).encode("utf-8", "surrogatepass")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _read_folder(root: Path, name: str, code: CourseCode) -> None:
    base = root / name
    if base.is_symlink() and not _inside(base, root):
        code.refused.append(t("{path}: a link that leads out of the course", path=f"{name}/"))
        return
    if not base.is_dir():
        return
    real_base = base.resolve()
    total = 0
    for folder, subfolders, names in os.walk(base):
        here = Path(folder)
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
        for sub in list(subfolders):
            path = here / sub
            rel = path.relative_to(root).as_posix()
            if path.is_symlink() and not _inside(path, real_base):
                code.refused.append(t("{path}: a link that leads out of the course", path=rel))
                subfolders.remove(sub)
            elif (here / f"{sub}.py").exists():
                code.refused.append(
                    t(
                        "{path}: a package folder beside the module {module}; rename one",
                        path=rel + "/",
                        module=f"{sub}.py",
                    )
                )
        for file in sorted(names):
            path = here / file
            rel = path.relative_to(root).as_posix()
            if file.endswith((".pyc", ".pyo")):
                continue  # compiled files are never imported: only source
            if path.is_symlink() and not _inside(path, real_base):
                code.refused.append(t("{path}: a link that leads out of the course", path=rel))
                continue
            if file.endswith(_NATIVE) or ".cpython-" in file and not file.endswith(".py"):
                code.refused.append(
                    t("{path}: compiled code (tooltutor imports only Python source)", path=rel)
                )
                continue
            if file.endswith(".pth"):
                code.refused.append(t("{path}: a .pth file (it would run code)", path=rel))
                continue
            try:
                data = path.read_bytes()
            except OSError as exc:
                code.refused.append(f"{rel}: {exc.strerror or exc}")
                continue
            total += len(data)
            if total > MAX_CODE_BYTES:
                code.refused.append(t("{path}: the course's code is larger than 16 MB", path=name))
                return
            code.files[rel] = data


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def holds_code(course) -> bool:
    """Whether `course` holds code of its own at all (Python exercises, a code folder)."""
    if any(kind_named(e.kind).runs_code for e in course.exercises.values()):
        return True
    return any((Path(course.root) / name).exists() for name in CODE_FOLDERS)


def is_bundled(course) -> bool:
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, typing (7 modules)
    from tooltutor.course import bundled_course_dir

    try:
        return Path(course.root).resolve() == bundled_course_dir().resolve()
    except OSError:
        return False


# --------------------------------------------------------------------------- the store


def _store_path() -> Path:
    # on first use, not at import: tooltutor.progress, tooltutor.exercise_status, ... (24 modules)
    from tooltutor.progress import data_dir

    return data_dir() / STORE_NAME


def _load() -> list[dict]:
    try:
        data = json.loads(_store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = data.get("trusted") if isinstance(data, dict) else None
    return [e for e in entries or [] if isinstance(e, dict)]


def _entry(course) -> dict | None:
    folder = str(Path(course.root).resolve())
    return next((e for e in _load() if e.get("path") == folder), None)


def _matches(entry: dict | None, code: CourseCode) -> bool:
    if entry is None or code.refused or entry.get("files") != code.files_digest:
        return False
    known = entry.get("exercises")
    known = known if isinstance(known, dict) else {}
    return all(known.get(key) == value for key, value in code.exercises.items())


def is_trusted(course) -> bool:
    """The bundled course, or a folder trusted with exactly this code in it."""
    return is_bundled(course) or _matches(_entry(course), course_code(course))


def trust(course) -> CourseCode:
    """Remember the course's folder with the fingerprint of all its code, in every
    language (a `check` loads one exercise: its `validate` must not be asked again)."""
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, typing (11 modules)
    from tooltutor.course import load_course

    code = course_code(course)
    if code.refused:
        raise UserError(refused_message(code))
    exercises = dict(code.exercises)
    for lang in course.languages or ["en"]:
        whole = load_course(course.root, lang=lang)
        exercises.update(course_code(whole).exercises)
    folder = str(Path(course.root).resolve())
    entries = [e for e in _load() if e.get("path") != folder]
    entries.append({"path": folder, "files": code.files_digest, "exercises": exercises})
    path = _store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({"trusted": entries}, indent=2), encoding="utf-8")
    os.replace(temporary, path)
    return code


def refused_message(code: CourseCode) -> str:
    return t(
        "this course holds code tooltutor will not run: {what}",
        what="; ".join(code.refused),
    )


# --------------------------------------------------------------------------- the decision


def question(course) -> str:
    """What the learner is asked before the course's code first runs."""
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, typing (8 modules)
    from tooltutor.course import display_path

    return t(
        "The course in {path} ('{title}') holds code of its own. Its Python exercise code "
        "(support code, reference solutions) runs in the same sandbox as your answers; its "
        "checks/ folder, which marks your answers, runs in a sandbox of its own that sees "
        "your answers but not your files. Trust this course and run its code?",
        path=display_path(Path(course.root)),
        title=course.title,
    )


def pending(course) -> str | None:
    """The question to ask before `course`'s code may run, or None when no decision is
    needed (no code, the bundled course, or trusted with exactly this code). Raises
    `UserError` for code that tooltutor will not run at all."""
    if is_bundled(course) or not holds_code(course):
        return None
    code = course_code(course)
    if code.refused:
        raise UserError(refused_message(code))
    if not code.holds_code or _matches(_entry(course), code):
        return None
    return question(course)


def assumed(assume: bool = False) -> bool:
    """`--trust`, or `TOOLTUTOR_TRUST=1`."""
    return assume or os.environ.get("TOOLTUTOR_TRUST", "").strip() in ("1", "yes", "true")


def ensure_trusted(
    course, *, assume: bool = False, ask: Callable[[str], bool] | None = None
) -> None:
    """Return when the course's code may run; otherwise ask, or raise `UserError`.

    The one decision every path takes before anything of the course is imported or run.
    `assume` is `--trust`; `ask` puts the question (default: on the terminal, when there
    is one). Without a way to ask, an untrusted course is refused with a message that says
    how to trust it.
    """
    text = pending(course)
    if text is None:
        return
    if assumed(assume):
        trust(course)
        return
    if ask is None and sys.stdin.isatty() and sys.stderr.isatty():
        ask = _ask_on_terminal
    if ask is None:
        raise UserError(
            t(
                "this course holds code of its own and is not trusted yet: review it, then "
                "run the command again with --trust (or set TOOLTUTOR_TRUST=1)"
            )
        )
    if not ask(text):
        raise UserError(t("the course's code was not run: it is not trusted"))
    trust(course)


def _ask_on_terminal(text: str) -> bool:
    sys.stderr.write(text + " [y/N] ")
    sys.stderr.flush()
    return sys.stdin.readline().strip().lower() in ("y", "yes")


class NotTrusted(UserError):
    """Code of an untrusted course was about to run: a path forgot to decide first."""


def trusted_code(course) -> CourseCode:
    """The course's code as trusted, for marking to import; `NotTrusted` when no decision
    allows it (fail closed: nothing of an untrusted course is ever imported)."""
    code = course_code(course)
    if code.refused:
        raise NotTrusted(refused_message(code))
    if is_bundled(course) or not code.holds_code or _matches(_entry(course), code):
        return code
    raise NotTrusted(
        t(
            "this course holds code of its own and is not trusted yet: review it, then "
            "run the command again with --trust (or set TOOLTUTOR_TRUST=1)"
        )
    )
