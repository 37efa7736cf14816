"""What the overlays of one language cover, for `tooltutor validate`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
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

    def summary(self) -> str:
        """`pt-BR: 6 of 6 lessons, 19 of 19 exercises translated; 2 stale`."""
        line = (
            f"{self.lang}: {self.lessons_translated} of {self.lessons} lesson"
            f"{'s' * (self.lessons != 1)}, {self.exercises_translated} of {self.exercises} "
            f"exercise{'s' * (self.exercises != 1)} translated"
        )
        notes = []
        if self.partly:
            notes.append(f"{self.partly} partly translated")
        if self.stale:
            notes.append(f"{self.stale} stale")
        if self.broken:
            notes.append(f"{self.broken} with errors")
        if self.course_text is False:
            notes.append("the course's title not translated")
        complete = (
            self.lessons_translated == self.lessons and self.exercises_translated == self.exercises
        ) and self.course_text is not False
        if not notes and complete:
            notes.append("up to date")
        return line + ("; " + ", ".join(notes) if notes else "")
