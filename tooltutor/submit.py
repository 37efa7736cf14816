"""Submit an answer: the one path `check`, `watch`, the TUI's Check (and so `serve`) take.

An `AnswerDesk` is opened for one exercise when a front end opens it (`check` just before
it marks, `watch` and the exercise screen when they show the exercise): it loads the
exercise's draft then, so that every later save of the draft is compare-and-swap over
what it saw (`tooltutor.progress`): a draft another tooltutor saved since is never
overwritten, and the text not saved over it is kept as a conflict copy and said.

`AnswerDesk.submit` does, in this order, what every front end used to do its own way:

1. the draft: the answer's text (as the kind keeps it) saved first, so that a check
   that is refused, hangs or fails loses nothing;
2. trust: `tooltutor.trust.ensure_trusted`, before anything of the course's code runs
   (asked once: a course trusted with this code is not asked about again);
3. the payload: what the checker reads of the text (`tooltutor.kinds`: a choice file's
   comment lines are not the answer);
4. marking and recording the attempt (`tooltutor.marking.mark_and_record`);
5. the store's notice (a progress file moved aside, progress kept in memory), taken once.

It returns a `Submitted`; the front ends only present it. Reading the answer (a file, the
standard input, an editor) and showing the result stay theirs.
"""

from __future__ import annotations

from collections.abc import Callable

from checker.records import field, record  # a dataclass, without its import cost
from tooltutor import kinds
from tooltutor.course import Course, Exercise
from tooltutor.errors import UserError
from tooltutor.i18n import t
from tooltutor.marking import CourseChecksError, mark_and_record
from tooltutor.trust import ensure_trusted


class ChecksNotLoaded(UserError):
    """The course's own checks cannot be imported: the answer cannot be marked."""


@record
class Submitted:
    """What a submission did: the verdict, and what the learner must be told besides."""

    verdict: object
    #: the answer's text as the learner saved it (what the attempt stores)
    text: str
    #: whether an attempt was recorded
    recorded: bool
    #: the progress store's notice (a fault, said once), or None
    store_notice: str | None = None
    #: the note of a draft that was not saved over another tooltutor's, or None
    draft_note: str | None = None
    #: both notices that were given, in that order
    notices: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.notices = [n for n in (self.store_notice, self.draft_note) if n]


class AnswerDesk:
    """Submissions of answers to one exercise, into one progress store."""

    def __init__(self, store, course: Course, exercise: Exercise) -> None:
        self.store = store
        self.course = course
        self.exercise = exercise
        use_course = getattr(store, "use_course", None)
        if use_course is not None:  # progress keyed by this course's folder, not its id alone
            use_course(course)
        #: the draft when the exercise was opened (None: none yet); later saves go over it
        load = getattr(store, "load_draft", None)
        self.draft = load(course.id, exercise.id) if load is not None else None

    def save_draft(self, text: str) -> str | None:
        """Keep `text` as the draft; returns the note to show when another tooltutor saved
        the draft since (the first time only: the text is kept as a conflict copy), else
        None."""
        conflict = self.store.save_draft(self.course.id, self.exercise.id, text)
        if conflict is not None and getattr(conflict, "first", False):
            # on first use, not at import: tooltutor.workspace (1 module)
            from tooltutor.workspace import draft_conflict_note

            return draft_conflict_note(conflict)
        return None

    def submit(
        self,
        answer: str | bytes,
        *,
        filename: str | None = None,
        record: bool = True,
        only_a_pass: bool = False,
        keep_draft: bool = True,
        assume_trust: bool = False,
        ask: Callable[[str], bool] | None = None,
        before_marking: Callable[[], object] | None = None,
    ) -> Submitted:
        """Save the draft, trust, mark, record, and take the store's notice.

        `answer` is the text or the bytes of the answer as the learner saved it;
        `filename` the name the checker's messages give it. ``record=False``
        (`check --no-record`) leaves progress as it was: no attempt, no draft.
        ``only_a_pass`` records a failing answer not at all (`watch`'s first look at a
        file: an untouched starter is not an attempt). ``keep_draft=False`` leaves the
        draft alone (an answer that is not the exercise's own file). `assume_trust` is
        `--trust`; `ask` puts the trust question (see `trust.ensure_trusted`).
        `before_marking` is called once the course is trusted and the draft saved, just
        before marking (to say what a run of seconds needs said first). Raises
        `UserError` when the course's code may not run, and `ChecksNotLoaded` (a
        `UserError` too) when its checks cannot be imported.
        """
        kind = kinds.of(self.exercise)
        text = answer.decode("utf-8", errors="replace") if isinstance(answer, bytes) else answer
        draft_note = None
        if record and keep_draft:  # first: nothing typed is lost, whatever happens next
            draft_note = self.save_draft(kind.draft_text(self.exercise, text))
        ensure_trusted(self.course, assume=assume_trust, ask=ask)
        if before_marking is not None:
            before_marking()
        try:
            verdict = mark_and_record(
                self.store,
                self.course,
                self.exercise,
                kind.payload(self.exercise, answer, text),
                submission=text,
                filename=filename,
                record=record,
                only_a_pass=only_a_pass,
            )
        except CourseChecksError as exc:  # the course's fault, not the learner's nor ours
            why = t("the course's checks cannot be loaded: {why}", why=exc)
            raise ChecksNotLoaded(why) from None
        take = getattr(self.store, "take_notice", None)
        return Submitted(
            verdict,
            text,
            recorded=record and (verdict.passed or not only_a_pass),
            store_notice=take() if take is not None else None,
            draft_note=draft_note,
        )
