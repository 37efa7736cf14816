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

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def footnotes_as_text(text: str) -> str:
    """`[^S1]` -> `[S1]`: how a footnote marker reads in plain text."""
    return FOOTNOTE.sub(r"[\1]", text)


def lesson_heading(course: Course, lesson: Lesson) -> str:
    return f"Lesson {lesson.number} of {len(course.lessons)}: {lesson.title}"


def plain_lesson(course: Course, lesson: Lesson, width: int = 80) -> str:
    """The whole lesson as plain text."""
    out: list[str] = []
    heading = lesson_heading(course, lesson)
    out += [heading, "=" * min(len(heading), width), "", course.expand(lesson.summary), ""]
    out.append("You will be able to:")
    out += [_bullet(course.expand(o), width) for o in lesson.objectives]
    if lesson.prerequisites:
        names = [_lesson_name(course, p) for p in lesson.prerequisites]
        out += ["", "Take first: " + "; ".join(names)]
    checks = []
    for number, section in enumerate(lesson.sections, 1):
        title = f"{number}. {section['title']}"
        out += ["", "", title, "-" * min(len(title), width)]
        for block in section["blocks"]:
            out.append("")
            out += _plain_block(course, block, width, checks)
    out += ["", "", "Recap", "-----"]
    out += [_bullet(course.expand(point), width) for point in lesson.recap]
    if checks:
        out += ["", "", "Answers to the checks", "---------------------"]
        for number, check in enumerate(checks, 1):
            out += ["", f"Check {number}: {check['prompt'].splitlines()[0]}"]
            for letter, choice in zip(LETTERS, check["choices"]):
                mark = "right" if choice["correct"] else "wrong"
                text = footnotes_as_text(course.expand(choice["feedback"]))
                out.append(_wrap(f"{letter}) {mark}: {text}", width, "   "))
    if lesson.sources:
        out += ["", "", "Sources", "-------"]
        out += [f"[{s['id']}] {s['title']}\n     {s['url']}" for s in lesson.sources]
    if lesson.exercise_items:
        out += ["", "", "Exercises", "---------"]
        for ex in lesson.exercise_items:
            out.append(f"- {ex.id}: {ex.title} ({ex.kind}, level {ex.level})")
        out += ["", f"Start one with: tooltutor, or check a file: tooltutor check {ex.id} FILE"]
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
    lines = [f"Check {len(checks)}: " + footnotes_as_text(course.expand(check["prompt"])).strip()]
    for letter, choice in zip(LETTERS, check["choices"]):
        lines.append(_wrap(f"{letter}) {course.expand(choice['text'])}", width, "   "))
    lines.append("(the answers are at the end of the lesson)")
    return lines


def _bullet(text: str, width: int) -> str:
    return _wrap(f"- {text}", width, "  ")


def _wrap(text: str, width: int, indent: str) -> str:
    return textwrap.fill(text, width, subsequent_indent=indent, break_long_words=False)


def _lesson_name(course: Course, lesson_id: str) -> str:
    lesson = course.lesson(lesson_id)
    return f"Lesson {lesson.number}, {lesson.title}" if lesson else lesson_id


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
        Text("You will be able to:", style="bold"),
    ]
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
    plain_tail = plain_lesson(course, lesson).split("\n\nRecap\n-----\n", 1)[-1]
    parts += [Rule(Text("Recap"), align="left"), Text(plain_tail)]
    return parts
