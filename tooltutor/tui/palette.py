"""The command palette's course commands: jump to any lesson or exercise."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

from tooltutor.i18n import t


def _highlight(text: str, offsets: tuple[int, ...]) -> Content:
    """`text` taken literally (never as markup), with the matched letters underlined."""
    content = Content(text)
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize("underline", offset, offset + 1)
    return content


class CourseCommands(Provider):
    """Every lesson and exercise of the course, as palette commands."""

    def _targets(self) -> list[tuple[str, str, str, str]]:
        """(text, help, kind, key) for each lesson and each exercise.

        The palette reads `help` as markup, so it is escaped; `text` is shown as Content.
        """
        course = self.app.course
        step = self.app.journey.continue_step()
        targets = [
            (
                t("Continue: {step}", step=step.describe(course)),
                t("Resume where you were last"),
                "continue",
                "",
            )
        ]
        for lesson in course.lessons:
            targets.append(
                (
                    t("Lesson {number}: {title}", number=lesson.number, title=lesson.title),
                    escape(t("Read the lesson ({id})", id=lesson.id)),
                    "lesson",
                    lesson.id,
                )
            )
            for exercise in lesson.exercise_items:
                targets.append(
                    (
                        t("Exercise: {title}", title=exercise.title),
                        escape(t("Lesson {number} · {id}", number=lesson.number, id=exercise.id)),
                        "exercise",
                        exercise.id,
                    )
                )
        return targets

    async def discover(self) -> Hits:
        for text, help_text, kind, key in self._targets():
            yield DiscoveryHit(
                Content(text), partial(self.app.jump, kind, key), text=text, help=help_text
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, help_text, kind, key in self._targets():
            score, offsets = matcher.fuzzy_search.match(matcher.query, text)
            if score > 0:
                yield Hit(
                    score,
                    _highlight(text, offsets),
                    partial(self.app.jump, kind, key),
                    text=text,
                    help=help_text,
                )
