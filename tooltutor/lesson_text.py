"""A lesson as readable text: plain for pipes and screen readers, Rich for terminals.

The plain form is the lesson's own Markdown with footnote markers shown as `[S1]`, its
paragraphs and list items wrapped to the width (`plain_markdown`; code and tables stay as
written), code indented under its caption, diagrams drawn with characters and the answers
to the inline checks at the end.
Course text is never read as Rich markup: it goes through `rich.text.Text` and
`rich.markdown.Markdown`, which show `[bold]` as typed.
"""

from __future__ import annotations

import re
import textwrap

from tooltutor.course import FOOTNOTE, Course, Lesson
from tooltutor.course.model import WHOLE
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
    wrapped = _wrap(title, width, "")
    return [wrapped, mark * min(max(map(len, wrapped.split("\n"))), width)]


def plain_lesson(course: Course, lesson: Lesson, width: int = 80) -> str:
    """The whole lesson as plain text."""
    out: list[str] = []
    out += _underlined(lesson_heading(course, lesson), width, "=")
    note = untranslated_note(course, lesson)
    if note:
        out.append(f"({note})")
    out += ["", plain_markdown(course.expand(lesson.summary), width), ""]
    out.append(t("You will be able to:"))
    out += [_bullet(course.expand(o), width) for o in lesson.objectives]
    if lesson.prerequisites:
        names = [_lesson_name(course, p) for p in lesson.prerequisites]
        out += ["", _wrap(t("Take first: {lessons}", lessons="; ".join(names)), width, "  ")]
    checks = []
    for number, section in enumerate(lesson.sections, 1):
        out += ["", "", *_underlined(f"{number}. {section['title']}", width)]
        for block in section["blocks"]:
            out.append("")
            out += _plain_block(course, block, width, checks)
    out += ["", "", *_underlined(t("Recap"), width)]
    out += [_bullet(course.expand(point), width) for point in lesson.recap]
    if checks:
        out += ["", "", *_underlined(t("Answers to the checks"), width)]
        for number, check in enumerate(checks, 1):
            prompt = footnotes_as_text(course.expand(check["prompt"])).splitlines()[0]
            out += [
                "",
                _wrap(t("Check {number}: {prompt}", number=number, prompt=prompt), width, ""),
            ]
            for letter, choice in zip(LETTERS, check["choices"]):
                mark = t("right") if choice["correct"] else t("wrong")
                text = footnotes_as_text(course.expand(choice["feedback"]))
                out.append(_wrap(f"{letter}) {mark}: {text}", width, "   "))
    if lesson.sources:
        out += ["", "", *_underlined(t("Sources"), width)]
        out += [
            _wrap(f"[{s['id']}] {s['title']}", width, "     ") + f"\n     {s['url']}"
            for s in lesson.sources
        ]
    if lesson.exercise_items:
        out += ["", "", *_underlined(t("Exercises"), width)]
        for ex in lesson.exercise_items:
            line = t(
                "- {id}: {title} ({kind}, level {level})",
                id=ex.id,
                title=ex.title,
                kind=ex.kind,
                level=ex.level,
            )
            out.append(_wrap(line, width, "  "))
        first = lesson.exercise_items[0].id
        out += [
            "",
            _wrap(
                t(
                    "In your own editor: tooltutor start {id}, then tooltutor check after "
                    "each save (or leave tooltutor watch running).",
                    id=first,
                ),
                width,
                "",
            ),
            _wrap(
                t(
                    "Start one with: tooltutor, or check a file: tooltutor check {id} FILE",
                    id=first,
                ),
                width,
                "",
            ),
        ]
    return "\n".join(out).rstrip() + "\n"


def _plain_block(course: Course, block: dict, width: int, checks: list) -> list[str]:
    if "markdown" in block:
        return [plain_markdown(footnotes_as_text(course.expand(block["markdown"])), width)]
    if "code" in block:
        code = block["code"]
        lines = [f"    {line}" if line else "" for line in course.expand(code["text"]).split("\n")]
        caption = [f"({code['lang']}) {code['caption']}"] if code.get("caption") else []
        caption = [_wrap(c, width, "  ") for c in caption]
        return caption + ["\n".join(lines).rstrip()]
    if "sequence" in block:
        seq = block["sequence"]
        caption = [_wrap(seq["caption"], width, "")] if seq.get("caption") else []
        return [render_sequence(seq, width=width - 2, unicode=True)] + caption
    if "try" in block:
        return _try_it(course, block["try"], width)
    check = block["check"]
    checks.append(check)
    prompt = footnotes_as_text(course.expand(check["prompt"])).strip()
    lines = [
        plain_markdown(t("Check {number}: {prompt}", number=len(checks), prompt=prompt), width)
    ]
    for letter, choice in zip(LETTERS, check["choices"]):
        lines.append(_wrap(f"{letter}) {course.expand(choice['text'])}", width, "   "))
    lines.append(t("(the answers are at the end of the lesson)"))
    return lines


def _try_it(course: Course, offer: dict, width: int) -> list[str]:
    """A "try it now" block: the line that leads to the exercise, and how to start it."""
    exercise = course.exercise(offer["exercise"])
    title = exercise.title if exercise is not None else offer["exercise"]
    lines = []
    if offer.get("text"):
        lines.append(plain_markdown(footnotes_as_text(course.expand(offer["text"])), width))
    lines.append(
        _wrap(
            t(
                "Try it now: {title} (tooltutor start {id}, or x in the reader)",
                title=course.expand(title),
                id=offer["exercise"],
            ),
            width,
            "  ",
        )
    )
    return lines


def _bullet(text: str, width: int) -> str:
    return _wrap(f"- {text}", width, "  ")


#: A command in running text (`tooltutor check pick-one FILE`): never cut across lines.
_COMMAND = re.compile(r"tooltutor(?: [\w.-]+){0,3}")
_NBSP = "\u00a0"


def _wrap(text: str, width: int, indent: str) -> str:
    text = _COMMAND.sub(lambda m: m.group().replace(" ", _NBSP), text)
    wrapped = textwrap.fill(
        text, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )
    return wrapped.replace(_NBSP, " ")


def terminal_width(limit: int = 100) -> int:
    """The width to wrap text to: the terminal's (80 when there is none), at most `limit`."""
    # on first use, not at import: shutil, bz2, lzma, zlib (7 modules)
    import shutil

    return max(20, min(shutil.get_terminal_size((80, 24)).columns, limit))


_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^(\s*)([-*+]|\d{1,3}[.)])\s+(.*)$")


def plain_markdown(text: str, width: int = 80) -> str:
    """Markdown with its paragraphs, list items and quotes wrapped to `width`.

    A line break inside a paragraph is a space in Markdown, so wrapping again changes
    nothing the author meant. Fenced and indented code, tables, headings and hard line
    breaks (two spaces or a backslash at the end of a line) stay as written.
    """
    out: list[str] = []
    para: list[str] = []
    lead = rest = ""  # the first line's and the next lines' indent of `para`
    fence: str | None = None

    def flush() -> None:
        nonlocal para, lead, rest
        if para:
            words = " ".join(part.strip() for part in para)
            out.append(
                textwrap.fill(
                    words,
                    max(width, len(lead) + 20),
                    initial_indent=lead,
                    subsequent_indent=rest,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
        para, lead, rest = [], "", ""

    for line in text.rstrip().split("\n"):
        stripped = line.strip()
        if fence is not None:
            out.append(line)
            if stripped.startswith(fence):
                fence = None
            continue
        match = _FENCE.match(line)
        if match:
            flush()
            fence = match.group(1)
            out.append(line)
            continue
        if not stripped:
            flush()
            out.append("")
            continue
        item = _ITEM.match(line)
        if stripped.startswith(("|", "#")) or (line.startswith("    ") and not para):
            flush()
            out.append(line.rstrip())
        elif item:
            flush()
            indent, marker, words = item.groups()
            lead = f"{indent}{marker} "
            rest = " " * len(lead)
            para = [words]
        elif stripped.startswith(">"):
            if not lead.lstrip().startswith(">"):
                flush()
                lead = rest = line[: len(line) - len(line.lstrip())] + "> "
            para.append(stripped[1:])
        else:
            para.append(stripped)
        if para and (line.endswith("  ") or line.endswith("\\")):
            if line.endswith("\\"):
                para[-1] = para[-1][:-1]
            flush()
    flush()
    return "\n".join(out).rstrip()


def _lesson_name(course: Course, lesson_id: str) -> str:
    lesson = course.lesson(lesson_id)
    if lesson is None:
        return lesson_id
    return t("Lesson {number}, {title}", number=lesson.number, title=lesson.title)


def rich_lesson(course: Course, lesson: Lesson, width: int = 80):
    """The lesson as a list of Rich renderables for a colour terminal `width` columns wide.

    Code keeps its caption (the prose names code by it: "Response 1"), long code lines
    wrap rather than being cut off, and diagrams are drawn to the width.
    """
    # on first use, not at import: rich, linkify_it, markdown_it, mdurl, ... (162 modules)
    from rich.markdown import Markdown
    from rich.padding import Padding
    from rich.rule import Rule
    from rich.syntax import Syntax
    from rich.table import Table
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
    objectives = Table.grid(padding=(0, 1))
    objectives.add_column()
    objectives.add_column(ratio=1)
    for objective in lesson.objectives:  # a bullet list that wraps under its text
        objectives.add_row("•", Text(course.expand(objective)))
    parts += [objectives, Text("")]
    checks: list = []
    for number, section in enumerate(lesson.sections, 1):
        parts.append(Rule(Text(f"{number}. {section['title']}"), align="left"))
        for block in section["blocks"]:
            if "markdown" in block:
                parts.append(Markdown(footnotes_as_text(course.expand(block["markdown"]))))
            elif "code" in block:
                code = block["code"]
                if code.get("caption"):
                    parts.append(Text(f"({code['lang']}) {code['caption']}", style="bold cyan"))
                parts.append(
                    Padding(
                        Syntax(
                            course.expand(code["text"]),
                            code["lang"],
                            word_wrap=True,
                            background_color="default",
                        ),
                        (0, 0, 0, 2),
                    )
                )
            elif "sequence" in block:
                seq = block["sequence"]
                parts.append(Text(render_sequence(seq, width=max(20, width - 2))))
                if seq.get("caption"):
                    parts.append(Text(seq["caption"], style="bold cyan"))
            elif "try" in block:
                *lead, offer = _try_it(course, block["try"], width)
                if lead:
                    parts.append(Markdown(footnotes_as_text(course.expand(block["try"]["text"]))))
                parts.append(Text(offer, style="bold green"))
            else:
                lines = _plain_block(course, block, width, checks)
                parts.append(Text("\n".join(lines), style="cyan"))
            parts.append(Text(""))
    recap = "\n".join(_underlined(t("Recap"), width))
    plain_tail = plain_lesson(course, lesson, width).split(f"\n\n{recap}\n", 1)[-1]
    parts += [Rule(Text(t("Recap")), align="left"), Text(plain_tail)]
    return parts
