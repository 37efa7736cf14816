"""What the overlays of one language cover, for `tooltutor validate`."""

from __future__ import annotations

from checker.records import field, record  # a dataclass, without its import cost
from tooltutor.i18n import t, tn


@record
class LanguageReport:
    """What the overlays of one language cover, for `tooltutor validate`."""

    lang: str
    lessons: int = 0
    lessons_translated: int = 0
    exercises: int = 0
    exercises_translated: int = 0
    #: translated items with some fields in the source language
    partly: int = 0
    #: overlays made from older source text (or without a source_hash)
    stale: int = 0
    #: overlay files with errors
    broken: int = 0
    #: whether `<lang>/course.yaml` translates the course's title (None: not looked for)
    course_text: bool | None = None
    #: translated exercises whose marking may differ from the source's (params given
    #: another value than a learner's text, or right answers in this language): `validate`
    #: self-tests them under this language
    retuned: list = field(default_factory=list)
    #: messages the course's own checks say, and how many of them this language has
    #: (its `checks/locales/<lang>.po`, or the checker's catalog); 0: none counted
    check_messages: int = 0
    check_messages_translated: int = 0
    #: exercises marked by a course check whose module leaves a message untranslated
    partly_checks: int = 0

    @property
    def complete(self) -> bool:
        """Everything a learner reads is in this language, and up to date."""
        return (
            self.lessons_translated == self.lessons
            and self.exercises_translated == self.exercises
            and self.course_text is not False
            and not (self.partly or self.partly_checks or self.stale or self.broken)
            and self.check_messages_translated == self.check_messages
        )

    def summary(self) -> str:
        """`pt-BR: 6 of 6 lessons, 19 of 19 exercises translated; 2 stale`, in the
        interface's language."""
        lessons = tn(
            self.lessons,
            "{done} of {n} lesson",
            "{done} of {n} lessons",
            done=self.lessons_translated,
        )
        exercises = tn(
            self.exercises,
            "{done} of {n} exercise",
            "{done} of {n} exercises",
            done=self.exercises_translated,
        )
        if self.check_messages:
            messages = tn(
                self.check_messages,
                "{done} of {n} message of the course's checks",
                "{done} of {n} messages of the course's checks",
                done=self.check_messages_translated,
            )
            line = t(
                "{lang}: {lessons}, {exercises} translated, {messages}",
                lang=self.lang,
                lessons=lessons,
                exercises=exercises,
                messages=messages,
            )
        else:
            line = t(
                "{lang}: {lessons}, {exercises} translated",
                lang=self.lang,
                lessons=lessons,
                exercises=exercises,
            )
        notes = []
        partly = self.partly + self.partly_checks
        if partly:
            notes.append(tn(partly, "{n} partly translated", "{n} partly translated"))
        if self.stale:
            notes.append(tn(self.stale, "{n} stale", "{n} stale"))
        if self.broken:
            notes.append(tn(self.broken, "{n} with errors", "{n} with errors"))
        if self.course_text is False:
            notes.append(t("the course's title not translated"))
        if not notes and self.complete:
            notes.append(t("up to date"))
        return line + ("; " + ", ".join(notes) if notes else "")
