"""`tooltutor list [--json]`: the lessons and their exercises, with the learner's status."""

from __future__ import annotations

import json

from tooltutor.commands._common import load_course_or_fail
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.i18n import t

STATUS_MARKS = {PASSED: "[x]", ATTEMPTED: "[~]", NEW: "[ ]"}


def add_parser(parser) -> None:
    parser.add_argument("--json", action="store_true", help=t("print JSON instead of text"))
    parser.set_defaults(run=run)


def course_listing(course, statuses: dict[str, str]) -> dict:
    """The `list --json` document."""
    return {
        "course": {"id": course.id, "title": course.title, "lang": course.lang},
        "lessons": [
            {
                "id": lesson.id,
                "number": lesson.number,
                "title": lesson.title,
                "checks": len(lesson.checks),
                "exercises": [
                    {
                        "id": ex.id,
                        "title": ex.title,
                        "kind": ex.kind,
                        "level": ex.level,
                        "status": statuses.get(ex.id, NEW),
                    }
                    for ex in lesson.exercise_items
                ],
            }
            for lesson in course.lessons
        ],
    }


def run(args) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.lazy_exports, ... (33 modules)
    from tooltutor.progress import open_store

    course = load_course_or_fail(args)
    store = open_store(course=course)
    listing = course_listing(course, store.statuses(course.id))
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    # on first use, not at import: tooltutor.lesson_text, tooltutor.course, ... (35 modules)
    from tooltutor.lesson_text import untranslated_tag

    print(course.title)
    tags = set()
    for lesson, item in zip(listing["lessons"], course.lessons):
        tag = untranslated_tag(course, item)
        tags.add(tag)
        print(f"\n{lesson['number']}. {lesson['title']}  ({lesson['id']})" + f"  {tag}" * bool(tag))
        for ex, ex_item in zip(lesson["exercises"], item.exercise_items):
            mark = STATUS_MARKS.get(ex["status"], "[ ]")
            facts = t("({kind}, level {level})", kind=ex["kind"], level=ex["level"])
            tag = untranslated_tag(course, ex_item)
            tags.add(tag)
            print(f"   {mark} {ex['id']:<30} {ex['title']}  {facts}" + f"  {tag}" * bool(tag))
    print("\n" + t("[x] passed  [~] attempted  [ ] not started"))
    for tag in sorted(tags - {""}):
        print(t("{tag} not translated yet, in whole or in part", tag=tag))
    if store.notice:
        print("\n" + t("note: {notice}", notice=store.notice))
    return 0
