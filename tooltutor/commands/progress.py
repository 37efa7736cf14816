"""`tooltutor progress [--json]`: what is done, lesson by lesson.

Text: one line per lesson (number, title, exercises done / total, attempted, hints used)
and a total. ``--json`` prints::

    {"course": {"id", "title"},
     "lessons": [{"id", "number", "title", "done", "total",
                  "exercises": [{"id", "status", "attempts", "hints_used",
                                 "solution_viewed"}],
                  "checks_answered", "checks_total"}],
     "totals": {"exercises", "passed", "attempted", "new", "attempts", "hints_used",
                "solutions_viewed", "checks_answered", "checks_total"},
     "store": {"path", "persistent"}}

Only the lessons, exercises and inline checks of the course as it is now are counted;
progress on ids the course no longer has stays in the store but is not shown.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tooltutor.commands._common import load_course_or_fail
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.i18n import t, tn


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=t("print the summary as JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # on first use, not at import: tooltutor.progress, tooltutor.lazy_exports, ... (27 modules)
    from tooltutor.progress import open_store

    course = load_course_or_fail(args)
    with open_store(course=course) as store:
        notice = store.take_notice()
        if notice:
            print("tooltutor: " + t("note: {notice}", notice=notice), file=sys.stderr)
        export = store.export(course.id)
    summary = summarize(course, export["courses"].get(course.id, {}), export["store"])
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(render(summary))
    return 0


def summarize(course: Any, progress: dict[str, Any], store: dict[str, Any]) -> dict[str, Any]:
    """Join the course's structure with the store's export of that course."""
    known = progress.get("exercises", {})
    answered = progress.get("checks", {})
    lessons = []
    totals = dict.fromkeys(
        (
            "exercises",
            PASSED,
            ATTEMPTED,
            NEW,
            "attempts",
            "hints_used",
            "solutions_viewed",
            "checks_answered",
            "checks_total",
        ),
        0,
    )
    for lesson in course.lessons:
        exercises = []
        for exercise_id in lesson_exercise_ids(lesson):
            p = known.get(exercise_id, {})
            item = {
                "id": exercise_id,
                "status": p.get("status", NEW),
                "attempts": p.get("attempts", 0),
                "hints_used": p.get("hints_revealed", 0),
                "solution_viewed": p.get("solution_viewed", False),
            }
            exercises.append(item)
            totals["exercises"] += 1
            totals[item["status"]] += 1
            totals["attempts"] += item["attempts"]
            totals["hints_used"] += item["hints_used"]
            totals["solutions_viewed"] += int(item["solution_viewed"])
        check_ids = [c.get("id") for c in (getattr(lesson, "checks", None) or [])]
        lesson_answers = answered.get(lesson.id, {})
        checks_answered = sum(1 for cid in check_ids if cid in lesson_answers)
        totals["checks_answered"] += checks_answered
        totals["checks_total"] += len(check_ids)
        lessons.append(
            {
                "id": lesson.id,
                "number": lesson.number,
                "title": lesson.title,
                "done": sum(1 for e in exercises if e["status"] == PASSED),
                "total": len(exercises),
                "exercises": exercises,
                "checks_answered": checks_answered,
                "checks_total": len(check_ids),
            }
        )
    return {
        "course": {"id": course.id, "title": course.title},
        "lessons": lessons,
        "totals": totals,
        "store": store,
    }


def lesson_exercise_ids(lesson: Any) -> list[str]:
    """The ids of a lesson's exercises that loaded, in order (as `tooltutor list` shows)."""
    items = getattr(lesson, "exercise_items", None)
    if items is None:
        items = lesson.exercises
    return [item if isinstance(item, str) else item.id for item in items]


def render(summary: dict[str, Any], width: int = 80) -> str:
    """The summary as plain text that fits in `width` columns (titles last, cut to fit)."""
    lines = [f"{summary['course']['title']} ({summary['course']['id']})", ""]
    done_head, attempted_head, hints_head = t("Done"), t("Attempted"), t("Hints")
    widths = (max(5, len(done_head)), max(9, len(attempted_head)), max(5, len(hints_head)))
    lines.append(
        f"{'#':>3}  {done_head:>{widths[0]}}  {attempted_head:>{widths[1]}}  "
        f"{hints_head:>{widths[2]}}  " + t("Lesson")
    )
    title_width = max(10, width - 30)
    for lesson in summary["lessons"]:
        title = str(lesson["title"])
        if len(title) > title_width:
            title = title[: title_width - 1] + "…"
        attempted = sum(1 for e in lesson["exercises"] if e["status"] == ATTEMPTED)
        hints = sum(e["hints_used"] for e in lesson["exercises"])
        done = f"{lesson['done']}/{lesson['total']}"
        lines.append(
            f"{lesson['number']!s:>3}  {done:>{widths[0]}}  {attempted:>{widths[1]}}  "
            f"{hints:>{widths[2]}}  {title}"
        )
    totals = summary["totals"]
    lines.append("")
    lines.append(
        tn(
            totals["exercises"],
            "Done: {passed} of {n} exercise ({attempted} attempted),",
            "Done: {passed} of {n} exercises ({attempted} attempted),",
            passed=totals[PASSED],
            attempted=totals[ATTEMPTED],
        )
        + " "
        + tn(totals["hints_used"], "{n} hint used,", "{n} hints used,")
        + " "
        + tn(totals["solutions_viewed"], "{n} solution viewed.", "{n} solutions viewed.")
    )
    lines.append(
        t(
            "Questions answered: {answered} of {total}.",
            answered=totals["checks_answered"],
            total=totals["checks_total"],
        )
    )
    if not summary["store"]["persistent"]:
        lines.append(t("(Progress is not being saved: see the note above.)"))
    return "\n".join(lines)
