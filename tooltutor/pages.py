"""A lesson split into pages for the reader: objectives, one page per section, recap.

Plain data, no Textual: the TUI turns each `Block` into a widget. Footnote markers
`[^S1]` become `[1]` (the source's number in the lesson), and every page lists the
sources it cites, with their URLs; the recap page lists them all. `{{model}}` is
expanded everywhere. Text stays what the author wrote (Markdown or plain): nothing here
is Rich markup, and nothing here should ever be read as such.
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from tooltutor.course import FOOTNOTE, Course, Lesson
from tooltutor.i18n import t

OBJECTIVES = "objectives"
SECTION = "section"
RECAP = "recap"


@dataclass(frozen=True)
class Source:
    """A source as the reader lists it: its number in the lesson, title and URL."""

    number: int
    id: str
    title: str
    url: str

    @property
    def marker(self) -> str:
        """How a citation of this source reads in the text: `[1]`."""
        return f"[{self.number}]"


@dataclass(frozen=True)
class Choice:
    """One answer of an inline check, texts ready to show."""

    text: str
    correct: bool
    feedback: str


@dataclass(frozen=True)
class Check:
    """An inline question: the prompt, its choices, and why it sits where it does."""

    id: str
    number: int
    prompt: str
    choices: tuple[Choice, ...]
    why_here: str = ""

    @property
    def multiple(self) -> bool:
        """More than one choice is right."""
        return sum(c.correct for c in self.choices) > 1


@dataclass(frozen=True)
class Block:
    """One piece of a page.

    `kind` is `markdown` (text: Markdown), `code` (text, lang, caption), `sequence`
    (sequence: the diagram's spec, caption), `check` (check) or `try` (exercise_id, and
    text: the line that leads to it).
    """

    kind: str
    text: str = ""
    lang: str = ""
    caption: str = ""
    sequence: dict | None = None
    check: Check | None = None
    exercise_id: str = ""


@dataclass(frozen=True)
class Page:
    """One page of the reader."""

    index: int
    kind: str
    title: str
    blocks: tuple[Block, ...]
    #: the sources cited on this page (all of them on the recap page), by number
    sources: tuple[Source, ...] = ()
    #: the lesson section this page shows (None for the objectives and recap pages)
    section_index: int | None = None
    #: ids of the inline checks on this page
    check_ids: tuple[str, ...] = field(default=())
    #: ids of the exercises this page offers to try now, in order
    try_ids: tuple[str, ...] = field(default=())


def sources_of(lesson: Lesson) -> dict[str, Source]:
    """The lesson's sources by id, numbered in the order the lesson lists them."""
    return {
        s["id"]: Source(i, s["id"], s["title"], s["url"]) for i, s in enumerate(lesson.sources, 1)
    }


def render_footnotes(text: str, sources: dict[str, Source]) -> tuple[str, list[Source]]:
    """`text` with `[^S1]` shown as `[1]`, and the sources it cites in order of first use.

    An unknown id is kept as `[S7]` (the course validator reports it to the author).
    """
    cited: list[Source] = []

    def replace(match: re.Match[str]) -> str:
        source = sources.get(match.group(1))
        if source is None:
            return f"[{match.group(1)}]"
        if source not in cited:
            cited.append(source)
        return source.marker

    return FOOTNOTE.sub(replace, text), cited


def lesson_pages(course: Course, lesson: Lesson) -> list[Page]:
    """Every page of `lesson`: objectives, one per section, recap and sources."""
    sources = sources_of(lesson)
    pages = [_objectives_page(course, lesson)]
    check_number = 0
    for si, section in enumerate(lesson.sections):
        blocks: list[Block] = []
        cited: list[Source] = []
        check_ids: list[str] = []
        try_ids: list[str] = []

        def text(raw: str, _cited: list[Source] = cited) -> str:
            rendered, found = render_footnotes(course.expand(raw), sources)
            _cited.extend(s for s in found if s not in _cited)
            return rendered

        for raw_block in section["blocks"]:
            if "markdown" in raw_block:
                blocks.append(Block("markdown", text=text(raw_block["markdown"]).rstrip()))
            elif "code" in raw_block:
                code = raw_block["code"]
                blocks.append(
                    Block(
                        "code",
                        text=course.expand(code["text"]).rstrip("\n"),
                        lang=code.get("lang", "text"),
                        caption=text(code.get("caption", "")),
                    )
                )
            elif "sequence" in raw_block:
                seq = raw_block["sequence"]
                blocks.append(Block("sequence", sequence=seq, caption=text(seq.get("caption", ""))))
            elif "check" in raw_block:
                raw = raw_block["check"]
                check_number += 1
                check = Check(
                    id=raw["id"],
                    number=check_number,
                    prompt=text(raw["prompt"]).strip(),
                    choices=tuple(
                        Choice(text(c["text"]).strip(), bool(c["correct"]), text(c["feedback"]))
                        for c in raw["choices"]
                    ),
                    why_here=text(raw.get("why_here", "")).strip(),
                )
                check_ids.append(check.id)
                blocks.append(Block("check", check=check))
            elif "try" in raw_block:
                offer = raw_block["try"]
                lead = text(offer["text"]).strip() if offer.get("text") else ""
                try_ids.append(offer["exercise"])
                blocks.append(Block("try", text=lead, exercise_id=offer["exercise"]))
        pages.append(
            Page(
                index=len(pages),
                kind=SECTION,
                title=section["title"],
                blocks=tuple(blocks),
                sources=tuple(sorted(cited, key=lambda s: s.number)),
                section_index=si,
                check_ids=tuple(check_ids),
                try_ids=tuple(try_ids),
            )
        )
    pages.append(_recap_page(course, lesson, len(pages), sources))
    return pages


def _bullets(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items)


def _objectives_page(course: Course, lesson: Lesson) -> Page:
    sources = sources_of(lesson)
    parts = [course.expand(lesson.summary).strip()]
    if lesson.objectives:
        parts += [
            "**" + t("You will be able to:") + "**",
            _bullets([course.expand(o) for o in lesson.objectives]),
        ]
    if lesson.prerequisites:
        names = []
        for pid in lesson.prerequisites:
            pre = course.lesson(pid)
            names.append(
                t("Lesson {number}, {title}", number=pre.number, title=pre.title) if pre else pid
            )
        parts.append("**" + t("Take first:") + "** " + "; ".join(names))
    if lesson.sections:
        toc = "\n".join(f"{i}. {s['title']}" for i, s in enumerate(lesson.sections, 1))
        parts += ["**" + t("In this lesson:") + "**", toc]
    text, cited = render_footnotes("\n\n".join(parts), sources)
    return Page(0, OBJECTIVES, t("Objectives"), (Block("markdown", text=text),), tuple(cited))


def _recap_page(course: Course, lesson: Lesson, index: int, sources: dict[str, Source]) -> Page:
    blocks: list[Block] = []
    if lesson.recap:
        text, _ = render_footnotes(_bullets([course.expand(p) for p in lesson.recap]), sources)
        blocks.append(Block("markdown", text=text))
    return Page(index, RECAP, t("Recap and sources"), tuple(blocks), tuple(sources.values()))


def page_of_check(pages: list[Page], check_id: str) -> int | None:
    """The index of the page that holds the inline check `check_id`."""
    return next((p.index for p in pages if check_id in p.check_ids), None)


def page_heading(page: Page) -> str:
    """The title of a page: `3. The three fields` for a section, else the page's name."""
    if page.kind == SECTION and page.section_index is not None:
        return f"{page.section_index + 1}. {page.title}"
    return page.title


_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])")


def inline_spans(text: str) -> list[tuple[str, str]]:
    """One-line Markdown cut into (piece, kind) pairs, kind being "", "code", "bold" or
    "italic": for texts shown without a Markdown renderer (choices, labels, hints).
    Anything unpaired stays as typed."""
    spans: list[tuple[str, str]] = []
    pos = 0
    for match in _INLINE.finditer(text):
        if match.start() > pos:
            spans.append((text[pos : match.start()], ""))
        code, bold, italic = match.groups()
        if code is not None:
            spans.append((code, "code"))
        elif bold is not None:
            spans.append((bold, "bold"))
        else:
            spans.append((italic, "italic"))
        pos = match.end()
    if pos < len(text):
        spans.append((text[pos:], ""))
    return spans


_FENCE_OR_CODE = re.compile(
    r"(^(?P<fence>`{3,}|~{3,}).*?^(?P=fence)[ \t]*$|`[^`\n]*`)", re.M | re.S
)
_DEGREES = re.compile(r"(\d)[ \u00a0](°[CFK]?)(?!\w)")


def units_together(markdown: str) -> str:
    """`26 °C` written `26°C` in Markdown prose (code is left as it is): a terminal wraps
    lines at any space, a no-break space included, and "°C" alone at the start of a line
    reads as a stray symbol."""
    out, pos = [], 0
    for match in _FENCE_OR_CODE.finditer(markdown):
        out.append(_DEGREES.sub(r"\1\2", markdown[pos : match.start()]))
        out.append(match.group(0))
        pos = match.end()
    out.append(_DEGREES.sub(r"\1\2", markdown[pos:]))
    return "".join(out)


def can_draw_unicode(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal's locale can show box-drawing characters (it is UTF-8).

    Read from `LC_ALL`, `LC_CTYPE` or `LANG` (the first one set), as a terminal program
    does: Python's own view of the encoding says UTF-8 even under `LANG=C` (PEP 540).
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name)
        if value:
            return "utf8" in value.lower().replace("-", "")
    return "utf" in (locale.getpreferredencoding(False) or "").lower()
