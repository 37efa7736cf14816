"""The progress store's records: an exercise's status, attempts, drafts, check answers and
the learner's place in the course."""

from __future__ import annotations

from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED


class Attempt(NamedTuple):
    """One submission that was marked."""

    id: int
    exercise_id: str
    lesson_id: str | None
    at: str
    passed: bool
    criteria_passed: int
    criteria_total: int
    submission: str


class Draft(NamedTuple):
    """The latest unsubmitted text of an exercise (or a conflict copy of one)."""

    text: str
    saved_at: str
    #: counts the saves of the draft (1 for the first); a conflict copy: the revision of
    #: the draft it was not saved over
    revision: int = 0


class DraftConflict(NamedTuple):
    """What `save_draft` returns when it did not overwrite a draft saved by someone else.

    The text that was not saved is kept as a conflict copy (`draft_conflicts`); the draft
    stays as the other writer left it.
    """

    exercise_id: str
    #: when the draft that was kept was saved (UTC ISO-8601)
    other_saved_at: str
    #: True for the first conflict since this store loaded the draft: tell the learner now
    first: bool


class CheckAnswer(NamedTuple):
    """The latest answer to an inline question of a lesson, and how many tries so far."""

    choice_index: int
    correct: bool
    tries: int
    answered_at: str


class Position(NamedTuple):
    """Where the learner was last: a lesson page (``section``) or an exercise."""

    lesson_id: str
    section: int | None
    exercise_id: str | None
    at: str


def status_of(has_attempt: bool, has_pass: bool) -> str:
    return PASSED if has_pass else ATTEMPTED if has_attempt else NEW
