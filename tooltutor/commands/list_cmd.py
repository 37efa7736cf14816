"""`tooltutor list [--json]`: the lessons and their exercises, with the learner's status."""

from __future__ import annotations

import json

from tooltutor.commands._common import load_course_or_fail

STATUS_MARKS = {"passed": "[x]", "attempted": "[~]", "new": "[ ]"}


def add_parser(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(run=run)


def course_listing(course, statuses: dict[str, str]) -> dict:
    """The `list --json` document."""
    return {
        "course": {"id": course.id, "title": course.title},
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
                        "status": statuses.get(ex.id, "new"),
                    }
                    for ex in lesson.exercise_items
                ],
            }
            for lesson in course.lessons
        ],
    }


def run(args) -> int:
    from tooltutor.progress import open_store

    course = load_course_or_fail(args)
    store = open_store()
    listing = course_listing(course, store.statuses(course.id))
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return 0
    print(course.title)
    for lesson in listing["lessons"]:
        print(f"\n{lesson['number']}. {lesson['title']}  ({lesson['id']})")
        for ex in lesson["exercises"]:
            mark = STATUS_MARKS.get(ex["status"], "[ ]")
            print(f"   {mark} {ex['id']:<30} {ex['title']}  ({ex['kind']}, level {ex['level']})")
    print("\n[x] passed  [~] attempted  [ ] not started")
    if store.notice:
        print(f"\nnote: {store.notice}")
    return 0
