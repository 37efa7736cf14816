"""`tooltutor new course DIR | lesson ID | exercise KIND ID --lesson L`: start course files.

Each file is valid as written (`tooltutor validate` passes), starts with a
`yaml-language-server` schema line that resolves in any folder (the schemas are copied
into the course's `schemas/`), and is added where the course lists it: a lesson to
`course.yaml`'s `lessons`, an exercise to its lesson's `exercises`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tooltutor.i18n import t
from tooltutor.kinds import names as kind_names


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.description = t("start course files.")
    what = parser.add_subparsers(dest="new_what", metavar="WHAT", required=True)
    course = what.add_parser("course", help=t("a course folder with one lesson and one exercise"))
    course.add_argument("directory", metavar="DIR", help=t("the new course's folder"))
    course.add_argument("--id", dest="new_id", help=t("the course id (default: the folder name)"))
    course.add_argument("--title", help=t("the course title"))
    lesson = what.add_parser("lesson", help=t("a lesson, added to course.yaml"))
    lesson.add_argument("new_id", metavar="ID", help=t("the lesson id, like 'first-steps'"))
    lesson.add_argument("--title", help=t("the lesson title"))
    exercise = what.add_parser("exercise", help=t("an exercise, added to its lesson"))
    exercise.add_argument("kind", metavar="KIND", choices=kind_names())
    exercise.add_argument("new_id", metavar="ID", help=t("the exercise id"))
    exercise.add_argument("--lesson", required=True, help=t("the id of the lesson it belongs to"))
    for sub in (lesson, exercise):
        sub.add_argument(
            "--dir",
            dest="course_dir",
            metavar="DIR",
            help=t("the course folder (default: --course, else .)"),
        )
    parser.set_defaults(run=run)


def run(args) -> int:
    from tooltutor.errors import UserError
    from tooltutor.scaffold import ScaffoldError, new_course, new_exercise, new_lesson

    try:
        if args.new_what == "course":
            root = Path(args.directory)
            course_id = args.new_id or root.resolve().name.lower().replace("_", "-")
            title = args.title or course_id.replace("-", " ").capitalize()
            written = new_course(root, course_id, title)
        else:
            root = Path(args.course_dir or args.course or ".")
            if args.new_what == "lesson":
                title = args.title or args.new_id.replace("-", " ").capitalize()
                written = new_lesson(root, args.new_id, title)
            else:
                written = new_exercise(root, args.kind, args.new_id, args.lesson)
    except ScaffoldError as exc:
        raise UserError(str(exc)) from None
    for path in written:
        print(t("wrote {path}", path=path))
    print(t("check it with: tooltutor validate {root}", root=root))
    return 0
