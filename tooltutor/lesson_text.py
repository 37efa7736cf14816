"""A lesson as readable text: plain for pipes and screen readers, Rich for terminals.

The plain form is the lesson's own Markdown with footnote markers shown as `[S1]`, code
indented, diagrams drawn with characters and the answers to the inline checks at the end.
Course text is never read as Rich markup: it goes through `rich.text.Text` and
`rich.markdown.Markdown`, which show `[bold]` as typed.
"""

from __future__ import annotations

import textwrap

from tooltutor.course import FOOTNOTE, Course, Lesson
from tooltutor.diagram import render_sequence
from tooltutor.i18n import t

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def footnotes_as_text(text: str) -> str:
    """`[^S1]` -> `[S1]`: how a footnote marker reads in plain text."""
    return FOOTNOTE.sub(r"[\1]", text)


def lesson_heading(course: Course, lesson: Lesson) -> str:
    return t(
        "Lesson {number} of {total}: {title}",
        number=lesson.number,
        total=len(course.lessons),
        title=lesson.title,
    )


def untranslated_note(course: Course, item) -> str:
    """One line saying that a lesson (or exercise) is partly in the source language, or
    "" when it is all in the course's language."""
    if not item.untranslated or course.lang == course.source_language:
        return ""
    from tooltutor.translation import WHOLE

    lesson = isinstance(item, Lesson)
    if WHOLE in item.untranslated:
        return (
            t("This lesson is not translated yet.")
            if lesson
            else t("This exercise is not translated yet.")
        )
    return (
        t("Parts of this lesson are not translated yet.")
        if lesson
        else t("Parts of this exercise are not translated yet.")
    )


def untranslated_tag(course: Course, item) -> str:
    """`[EN]` (the source language) for a lesson or exercise shown partly or wholly in
    the source language of a translated course, else ""."""
    if not item.untranslated or course.lang == course.source_language:
        return ""
    return f"[{course.source_language.upper()}]"


def _underlined(title: str, width: int, mark: str = "-") -> list[str]:
    return [title, mark * min(len(title), width)]


def plain_lesson(course: Course, lesson: Lesson, width: int = 80) -> str:
    """The whole lesson as plain text."""
    out: list[str] = []
    out += _underlined(lesson_heading(course, lesson), width, "=")
    note = untranslated_note(course, lesson)
    if note:
        out.append(f"({note})")
    out += ["", course.expand(lesson.summary), ""]
    out.append(t("You will be able to:"))
    out += [_bullet(course.expand(o), width) for o in lesson.objectives]
    if lesson.prerequisites:
        names = [_lesson_name(course, p) for p in lesson.prerequisites]
        out += ["", t("Take first: {lessons}", lessons="; ".join(names))]
    checks = []
    for number, section in enumerate(lesson.sections, 1):
        title = f"{number}. {section['title']}"
        out += ["", "", title, "-" * min(len(title), width)]
        for block in section["blocks"]:
            out.append("")
            out += _plain_block(course, block, width, checks)
    out += ["", "", *_underlined(t("Recap"), width)]
    out += [_bullet(course.expand(point), width) for point in lesson.recap]
    if checks:
        out += ["", "", *_underlined(t("Answers to the checks"), width)]
        for number, check in enumerate(checks, 1):
            prompt = check["prompt"].splitlines()[0]
            out += ["", t("Check {number}: {prompt}", number=number, prompt=prompt)]
            for letter, choice in zip(LETTERS, check["choices"]):
                mark = t("right") if choice["correct"] else t("wrong")
                text = footnotes_as_text(course.expand(choice["feedback"]))
                out.append(_wrap(f"{letter}) {mark}: {text}", width, "   "))
    if lesson.sources:
        out += ["", "", *_underlined(t("Sources"), width)]
        out += [f"[{s['id']}] {s['title']}\n     {s['url']}" for s in lesson.sources]
    if lesson.exercise_items:
        out += ["", "", *_underlined(t("Exercises"), width)]
        for ex in lesson.exercise_items:
            out.append(
                t(
                    "- {id}: {title} ({kind}, level {level})",
                    id=ex.id,
                    title=ex.title,
                    kind=ex.kind,
                    level=ex.level,
                )
            )
        out += [
            "",
            t(
                "Start one with: tooltutor, or check a file: tooltutor check {id} FILE",
                id=ex.id,
            ),
        ]
    return "\n".join(out).rstrip() + "\n"


def _plain_block(course: Course, block: dict, width: int, checks: list) -> list[str]:
    if "markdown" in block:
        return [footnotes_as_text(course.expand(block["markdown"])).rstrip()]
    if "code" in block:
        code = block["code"]
        lines = [f"    {line}" if line else "" for line in course.expand(code["text"]).split("\n")]
        caption = [f"({code['lang']}) {code['caption']}"] if code.get("caption") else []
        return caption + ["\n".join(lines).rstrip()]
    if "sequence" in block:
        seq = block["sequence"]
        caption = [seq["caption"]] if seq.get("caption") else []
        return [render_sequence(seq, width=width - 2, unicode=True)] + caption
    check = block["check"]
    checks.append(check)
    prompt = footnotes_as_text(course.expand(check["prompt"])).strip()
    lines = [t("Check {number}: {prompt}", number=len(checks), prompt=prompt)]
    for letter, choice in zip(LETTERS, check["choices"]):
        lines.append(_wrap(f"{letter}) {course.expand(choice['text'])}", width, "   "))
    lines.append(t("(the answers are at the end of the lesson)"))
    return lines


def _bullet(text: str, width: int) -> str:
    return _wrap(f"- {text}", width, "  ")


def _wrap(text: str, width: int, indent: str) -> str:
    return textwrap.fill(text, width, subsequent_indent=indent, break_long_words=False)


def _lesson_name(course: Course, lesson_id: str) -> str:
    lesson = course.lesson(lesson_id)
    if lesson is None:
        return lesson_id
    return t("Lesson {number}, {title}", number=lesson.number, title=lesson.title)


def rich_lesson(course: Course, lesson: Lesson):
    """The lesson as a list of Rich renderables for a colour terminal."""
    from rich.markdown import Markdown
    from rich.padding import Padding
    from rich.rule import Rule
    from rich.syntax import Syntax
    from rich.text import Text

    parts: list = [
        Text(lesson_heading(course, lesson), style="bold"),
        Text(course.expand(lesson.summary), style="italic"),
        Text(""),
        Text(t("You will be able to:"), style="bold"),
    ]
    note = untranslated_note(course, lesson)
    if note:
        parts.insert(1, Text(note, style="dim"))
    parts += [Text("• " + course.expand(o)) for o in lesson.objectives]
    checks: list = []
    for number, section in enumerate(lesson.sections, 1):
        parts.append(Rule(Text(f"{number}. {section['title']}"), align="left"))
        for block in section["blocks"]:
            if "markdown" in block:
                parts.append(Markdown(footnotes_as_text(course.expand(block["markdown"]))))
            elif "code" in block:
                code = block["code"]
                parts.append(
                    Padding(
                        Syntax(course.expand(code["text"]), code["lang"], word_wrap=False),
                        (0, 0, 0, 2),
                    )
                )
            elif "sequence" in block:
                parts.append(Text(render_sequence(block["sequence"])))
            else:
                lines = _plain_block(course, block, 80, checks)
                parts.append(Text("\n".join(lines), style="cyan"))
            parts.append(Text(""))
    recap = "\n".join(_underlined(t("Recap"), 80))
    plain_tail = plain_lesson(course, lesson).split(f"\n\n{recap}\n", 1)[-1]
    parts += [Rule(Text(t("Recap")), align="left"), Text(plain_tail)]
    return parts
