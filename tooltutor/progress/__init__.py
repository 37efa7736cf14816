"""The progress store: what a learner has done, kept in SQLite so it is never lost.

The rest of the app imports the names below from this package (`from tooltutor.progress
import open_store`); each is read from the module that owns it on first use, so importing
the package costs nothing (no sqlite3, no platformdirs) until a name is asked for.
Modules: `records`, `schema` (and migrations), `opening`, `files` (the store's own file),
`connection`, `faults` (and the notices), `courses`, `store` (`ProgressStore`), `export`.

Where: ``data_dir() / "progress.db"``; ``data_dir()`` is ``$TOOLTUTOR_HOME`` when set, else
``platformdirs.user_data_dir("tooltutor")``. Everything is keyed by the course id plus the
stable lesson, exercise and check ids from the course files, never by position, so
reordering or editing a course does not scramble anyone's progress.

API (the CLI and the TUI use only this)::

    store = open_store(path=None)            # never raises for storage faults
    store.notice -> str | None               # say it to the user; take_notice() once
    store.persistent -> bool                 # False: kept in memory, not saved
    store.path -> Path | None                # the file (or where it tried)

    store.record_attempt(course, exercise, *, passed, criteria_passed, criteria_total,
                         submission, lesson_id=None) -> int   # the attempt's id
    store.attempts(course, exercise) -> list[Attempt]          # oldest first
    store.exercise_status(course, exercise) -> "new" | "attempted" | "passed"
    store.statuses(course) -> {exercise: status}               # one query; absent = "new"
    store.failures_since_pass(course, exercise) -> int         # solution offer after 3

    store.use_course(course) -> str                            # key the course by its folder
    store.save_draft(course, exercise, text) -> DraftConflict | None   # cheap: every pause
    store.load_draft(course, exercise) -> Draft | None         # also the base of later saves
    store.draft_conflicts(course, exercise) -> list[Draft]     # texts a save did not put in
    store.reveal_hint(course, exercise, index) -> int          # revealed count, monotonic
    store.hints_revealed(course, exercise) -> int
    store.mark_solution_viewed(course, exercise); store.solution_viewed(...) -> bool
    store.answer_check(course, lesson, check, choice_index, correct)
    store.check_answer(course, lesson, check) -> CheckAnswer | None
    store.set_position(course, lesson, *, section=None, exercise_id=None)
    store.position(course) -> Position | None
    store.reset_exercise(course, exercise) -> int; store.reset_course(course) -> int
    store.export(course=None, *, texts=False) -> dict          # JSON-ready summary
    store.close()  (also a context manager)

Courses: the rows of a course are keyed by its id. Two courses with the same id in
different folders keep separate progress: `use_course` (called by every command and the
TUI with the course they loaded) maps the id to a key of that folder's own, and every call
afterwards names the course by its id as before. The first folder seen with an id keeps the
plain id as its key (so progress stored before folders were told apart stays with the
course the learner has), a later one gets ``id@folder``; the bundled course always has its
plain id; a folder whose course is gone (moved) hands its key to the next folder with that
id.

Drafts are compare-and-swap: each carries a revision, and a store saves over the revision
it last loaded or saved. When another process (a second TUI, ``watch``) saved the draft
since, the save does not overwrite it: the text is kept as a conflict copy
(`draft_conflicts`) and `save_draft` returns a `DraftConflict` the caller shows; later
saves of that store keep updating its copy until it loads the draft again. A store that
never loaded the draft writes as before (last writer wins).

Status: "passed" once any attempt has passed, ever; "attempted" after a failing attempt
only; "new" otherwise (a draft or a hint alone does not make an exercise attempted).
Times are UTC ISO-8601 strings (``2026-05-09T07:35:25.123+00:00``). A learner's text is
stored verbatim as UTF-8 with ``surrogatepass`` in a BLOB, so any ``str`` is accepted,
lone surrogates and NULs included.

The file is the store's own: it is created 0600 in a folder created 0700, opened by an
absolute path (never an SQLite URI), and a database (or its ``-wal`` / ``-shm``) that is
a symbolic link, has a second name (a hard link), or is not a regular file is not written
to: see `open_store`. ``ATTACH`` is switched off on every connection.

Faults never stop the app:

- A damaged file, or one that is not a database (SQLite's ``quick_check`` at open, a
  header check before SQLite touches it), is renamed ``progress.db.broken-<UTC time>``
  (its ``-wal`` beside it), a new store is started, and ``notice`` says so. The next run
  finds a healthy file and says nothing, so the user is told once. Opening holds an
  advisory lock on the folder, so two processes finding the same damage move it once.
- An empty file beside a write-ahead log that holds data (the file truncated, or copied
  without its last checkpoint): SQLite would delete that log, so the store first gives the
  file one blank page, SQLite replays the log, and the progress in it is kept (with a
  notice). If the log does not make a sound database, both are moved aside as damaged.
- A data folder that cannot be created, or a file that cannot be written: the store
  lives in memory (``persistent`` is False) and ``notice`` says that progress will not be
  saved and where it tried. If the file can still be read, the memory store starts as a
  copy of it, so the learner still sees their progress.
- A file written by a newer tooltutor, or a database that is not ours: left untouched;
  an empty store in memory, with a notice.
- A fault in the middle of a session (disk full, file made read-only, a lock held past
  the busy timeout three times running): the store copies what it has into memory,
  carries on there and sets ``notice``; look at ``notice`` after an operation to show it.
- Two processes (the TUI and ``tooltutor check``) share the file safely: WAL, a busy
  timeout, and ``BEGIN IMMEDIATE`` around every read-modify-write, so no write is lost.
- Bugs in the caller (a closed store, a negative hint index) still raise.

Durability: WAL with ``synchronous=NORMAL`` survives any crash of the process (SIGKILL
included); only a power cut can drop the newest commits. Attempts, resets and migrations
are switched to ``synchronous=FULL`` (the WAL is fsynced at commit): they are rare and
are what "never lost" is about, and the fsync also makes every earlier draft durable.
Drafts stay at NORMAL so a save costs tens of microseconds, not an fsync.

The schema is versioned with ``PRAGMA user_version``; ``MIGRATIONS[n]`` upgrades version
``n`` to ``n + 1``, all pending ones in one transaction.
"""

from __future__ import annotations

from tooltutor.lazy_exports import lazy_exports

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)

#: public name -> the module of this package that owns it
_HOMES = {
    "NEW": "records",
    "ATTEMPTED": "records",
    "PASSED": "records",
    "Attempt": "records",
    "CheckAnswer": "records",
    "Draft": "records",
    "DraftConflict": "records",
    "Position": "records",
    "ProgressStore": "store",
    "course_folder": "courses",
    "data_dir": "opening",
    "default_path": "opening",
    "open_store": "opening",
    "schema_version": "schema",
}


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, globals())


if TYPE_CHECKING:
    from tooltutor.progress.courses import course_folder
    from tooltutor.progress.opening import data_dir, default_path, open_store
    from tooltutor.progress.records import (
        ATTEMPTED,
        NEW,
        PASSED,
        Attempt,
        CheckAnswer,
        Draft,
        DraftConflict,
        Position,
    )
    from tooltutor.progress.schema import schema_version
    from tooltutor.progress.store import ProgressStore

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
