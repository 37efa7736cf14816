"""`tooltutor show LESSON`: print a lesson as readable text (Rich on a terminal)."""

from __future__ import annotations

from tooltutor.commands._common import load_course_or_fail, plain_output
from tooltutor.errors import UserError


def add_parser(parser) -> None:
    parser.add_argument("lesson", metavar="LESSON", help="lesson id (e.g. round-trip) or number")
    parser.add_argument("--plain", action="store_true", help="plain text even on a terminal")
    parser.set_defaults(run=run)


def run(args) -> int:
    course = load_course_or_fail(args)
    lesson = course.find_lesson(args.lesson)
    if lesson is None:
        known = ", ".join(f"{le.number} {le.id}" for le in course.lessons)
        raise UserError(f"no lesson '{args.lesson}' in this course (lessons: {known})")
    from tooltutor.lesson_text import plain_lesson, rich_lesson

    if args.plain or plain_output():
        import shutil

        width = min(shutil.get_terminal_size((80, 24)).columns, 100)
        print(plain_lesson(course, lesson, width=width), end="")
        return 0
    import sys

    from rich.console import Console

    from tooltutor.safe_output import printable_data, unfiltered

    # Rich styles the terminal on purpose: it writes past the filter, and the course's
    # text is made printable before Rich sees it.
    console = Console(file=unfiltered(sys.stdout))
    for part in rich_lesson(printable_data(course), printable_data(lesson)):
        console.print(part)
    return 0
