"""`tooltutor new course DIR | lesson ID | exercise KIND ID --lesson L | translation LANG`:
start course files.

Each file is valid as written (`tooltutor validate` passes), starts with a
`yaml-language-server` schema line that resolves in any folder (the schemas are copied
into the course's `schemas/`, the exercise schema knowing the checks the course can use),
and is added where the course lists it: a lesson to `course.yaml`'s `lessons`, an
exercise to its lesson's `exercises`, a language to its `languages`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tooltutor.commands.parser import HelpFormatter
from tooltutor.errors import UserError
from tooltutor.i18n import t
from tooltutor.kinds import names as kind_names


def add_parser(parser: argparse.ArgumentParser) -> None:
    # on first use, not at import: tooltutor.commands (1 module)
    from tooltutor.commands.validate import global_options_epilog

    parser.description = t("start course files.")
    parser.formatter_class = HelpFormatter
    parser.epilog = global_options_epilog()
    what = parser.add_subparsers(dest="new_what", metavar="WHAT", required=True)
    course = what.add_parser("course", help=t("a course folder with one lesson and one exercise"))
    course.add_argument("directory", metavar="DIR", help=t("the new course's folder"))
    course.add_argument("--id", dest="new_id", help=t("the course id (default: the folder name)"))
    course.add_argument("--title", help=t("the course title"))
    lesson = what.add_parser("lesson", help=t("a lesson, added to course.yaml"))
    lesson.add_argument("new_id", metavar="ID", help=t("the lesson id, like 'first-steps'"))
    lesson.add_argument("--title", help=t("the lesson title"))
    KINDS = kind_names()
    exercise = what.add_parser(
        "exercise",
        help=t("an exercise, added to its lesson"),
        description=t(
            "an exercise of kind KIND ({kinds}), added to its lesson", kinds=", ".join(KINDS)
        ),
    )
    exercise.add_argument(
        "kind",
        metavar="KIND",
        choices=KINDS,
        help=t(
            "how the answer is written: {kinds} (json: a JSON document; python: a function run "
            "against a scripted model; choice: options to pick)",
            kinds=", ".join(KINDS),
        ),
    )
    exercise.add_argument("new_id", metavar="ID", help=t("the exercise id"))
    exercise.add_argument("--lesson", required=True, help=t("the id of the lesson it belongs to"))
    exercise.add_argument("--title", help=t("the exercise title"))
    translation = what.add_parser(
        "translation",
        help=t(
            "the files of a translation: an overlay per lesson and exercise, the checks' catalog"
        ),
        description=t(
            "write an overlay, in the source language still, for each lesson, exercise and "
            "course.yaml that has none in LANG, add LANG to the course's languages, and write "
            "or update the catalog of the course's own checks (checks/locales/LANG.po); "
            "translate them, then run 'tooltutor stamp LANG'"
        ),
    )
    translation.add_argument("lang", metavar="LANG", help=t("the language tag, like pt-BR"))
    for sub in (lesson, exercise, translation):
        sub.add_argument(
            "--dir",
            dest="course_dir",
            metavar="DIR",
            help=t("the course folder (default: --course, else .)"),
        )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: tooltutor.scaffold, ... (32 modules)
    from tooltutor.scaffold import ScaffoldError, copy_schemas, new_course, new_exercise, new_lesson

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
            elif args.new_what == "translation":
                # on first use, not at import: tooltutor.scaffold_translation, ... (33 modules)
                from tooltutor.scaffold_translation import new_translation

                written = new_translation(root, args.lang)
            else:
                written = new_exercise(root, args.kind, args.new_id, args.lesson, title=args.title)
        own, note = _own_checks(root, getattr(args, "trust", False))
        copy_schemas(root, own)
    except ScaffoldError as exc:
        raise UserError(str(exc)) from None
    for path in written:
        print(t("wrote {path}", path=path))
    if note:
        print(note)
    if args.new_what == "translation":
        print(
            t(
                "translate them, then: tooltutor stamp {lang} --dir {root}; "
                "check them with: tooltutor validate {root} --lang {lang}",
                lang=args.lang,
                root=root,
            )
        )
    else:
        print(t("check it with: tooltutor validate {root}", root=root))
    return 0


def _own_checks(root: Path, trust: bool) -> tuple[dict, str]:
    """The course's own checks for its schemas, and a note when they are left out: they
    are course code, imported only once the course is trusted."""
    # on first use, not at import: tooltutor.marking, checker.answer_context, ... (56 modules)
    from tooltutor.marking import CHECKS_FOLDER

    folder = root / CHECKS_FOLDER
    if not (folder.is_dir() and any(folder.glob("*.py"))):
        return {}, ""
    # on first use, not at import: tooltutor.course, tooltutor.marking, ... (60 modules)
    from tooltutor.course import load_course
    from tooltutor.marking import CourseChecksError, course_checks
    from tooltutor.trust import is_bundled, is_trusted

    course = load_course(root)
    if not (trust or is_bundled(course) or is_trusted(course)):
        return {}, t(
            "note: the schemas know the engine's checks only: the course's checks/ runs only "
            "once the course is trusted ('tooltutor --trust validate --write-schemas {root}' "
            "adds them)",
            root=root,
        )
    try:
        return course_checks(course), ""
    except CourseChecksError:
        return {}, t(
            "note: the course's checks/ cannot be imported, so the schemas know the engine's "
            "checks only ('tooltutor validate {root}' says why)",
            root=root,
        )
