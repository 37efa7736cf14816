"""New course files that validate as written: a course, a lesson, an exercise of each kind.

Every file starts with a `# yaml-language-server: $schema=` line whose path resolves
wherever the course folder is: the schemas are copied into the course's own `schemas/`
folder (refreshed by each `tooltutor new`, `copy_schemas`), and the line points there,
relative to the file. An editor with the YAML language server then checks every key as
you type, in an author's folder as in this repository, and completes and checks the
criteria's checks and their parameters (`tooltutor.course.schemas.editor`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from string import Template

from tooltutor.i18n import N_, t
from tooltutor.kinds import names as kind_names
from tooltutor.scaffold_exercises import EXERCISE_KINDS

SCHEMAS_DIR = "schemas"
SCHEMA_FILES = (
    "course.schema.json",
    "lesson.schema.json",
    "exercise.schema.json",
    "course-overlay.schema.json",
    "lesson-overlay.schema.json",
    "exercise-overlay.schema.json",
)
KINDS = kind_names()
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ScaffoldError(Exception):
    """Something `new` will not do (a folder in the way, an id that is not an id)."""


def check_id(value: str, what: str) -> str:
    if not _ID.match(value):
        raise ScaffoldError(
            t(
                "{what} id {value}: use lower-case letters, digits and dashes (like 'first-steps')",
                what=t(what),
                value=repr(value),
            )
        )
    return value


def copy_schemas(root: Path, own_checks: dict | None = None) -> Path:
    """The course's `schemas/` folder, with this tooltutor's schemas in it; the exercise
    schema knows the engine's checks and `own_checks` (the course's), with their
    parameters (`tooltutor.course.schemas.editor`)."""
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, typing (8 modules)
    from tooltutor.course.schemas import SCHEMA_DIR as source
    from tooltutor.course.schemas import schema
    from tooltutor.course.schemas.editor import exercise_schema

    target = root / SCHEMAS_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in SCHEMA_FILES:
        if name != "exercise.schema.json":
            shutil.copyfile(source / name, target / name)
    checks = {**engine_checks(), **(own_checks or {})}
    text = json.dumps(exercise_schema(schema("exercise"), checks), indent=2, ensure_ascii=False)
    (target / "exercise.schema.json").write_text(text + "\n", encoding="utf-8")
    return target


def engine_checks() -> dict:
    """Every check of the engine and of installed plugins, by name."""
    # on first use, not at import: checker.checks, checker.criteria, ... (26 modules)
    from checker.checks import _load_entry_points
    from checker.criteria import CHECKS

    _load_entry_points()
    return dict(CHECKS)


def schema_line(root: Path, file: Path, schema: str) -> str:
    """The first line of `file`: its schema, as a path relative to the file."""
    relative = os.path.relpath(root / SCHEMAS_DIR / schema, file.parent)
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}\n"


def write_new(path: Path, text: str) -> Path:
    if path.exists():
        raise ScaffoldError(t("{path} already exists; nothing was written", path=path))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def new_course(root: Path, course_id: str, title: str) -> list[Path]:
    """A course folder with one lesson and one exercise (JSON); returns the files written."""
    check_id(course_id, N_("course"))
    if (root / "course.yaml").exists():
        raise ScaffoldError(
            t("{path} already exists; nothing was written", path=root / "course.yaml")
        )
    if root.exists() and any(p for p in root.iterdir() if p.name != SCHEMAS_DIR):
        raise ScaffoldError(t("{path} is not empty; give a new folder", path=root))
    (root / SCHEMAS_DIR).mkdir(parents=True, exist_ok=True)
    course_file = root / "course.yaml"
    written = [
        write_new(
            course_file,
            schema_line(root, course_file, "course.schema.json")
            + COURSE.substitute(id=course_id, title=_quoted(title)),
        )
    ]
    written += new_lesson(root, "first-steps", "First steps")
    written += new_exercise(root, "json", "first-request", "first-steps", register=True)
    return written


def new_lesson(root: Path, lesson_id: str, title: str, *, register: bool = True) -> list[Path]:
    """`lessons/NN-<id>.yaml`, numbered after the last one, added to `course.yaml`."""
    check_id(lesson_id, N_("lesson"))
    _need_course(root)
    lessons = root / "lessons"
    number = 1 + max((_number(p) for p in lessons.glob("*.yaml")), default=0)
    path = lessons / f"{number:02d}-{lesson_id}.yaml"
    if any(lessons.glob(f"*-{lesson_id}.yaml")):
        raise ScaffoldError(
            t("a lesson '{id}' is already in {folder}", id=lesson_id, folder=lessons)
        )
    text = schema_line(root, path, "lesson.schema.json") + LESSON.substitute(
        id=lesson_id, number=number, title=_quoted(title)
    )
    write_new(path, text)
    if register:
        add_to_list(root / "course.yaml", "lessons", lesson_id)
    return [path]


def new_exercise(
    root: Path,
    kind: str,
    exercise_id: str,
    lesson_id: str,
    *,
    title: str | None = None,
    register: bool = True,
) -> list[Path]:
    """`exercises/<lesson>/NN-<id>.yaml` of `kind`, added to its lesson's `exercises`."""
    if kind not in KINDS:
        raise ScaffoldError(
            t("no exercise kind {kind}: choose {kinds}", kind=repr(kind), kinds=", ".join(KINDS))
        )
    check_id(exercise_id, N_("exercise"))
    _need_course(root)
    lesson_files = sorted((root / "lessons").glob(f"*-{lesson_id}.yaml"))
    if not lesson_files:
        raise ScaffoldError(
            t(
                "no lesson '{id}' in {folder}; make it first with 'tooltutor new lesson {id}'",
                id=lesson_id,
                folder=root / "lessons",
            )
        )
    folder = root / "exercises" / lesson_id
    number = 1 + max((_number(p) for p in folder.glob("*.yaml")), default=0)
    path = folder / f"{number:02d}-{exercise_id}.yaml"
    if any(folder.glob(f"*-{exercise_id}.yaml")):
        raise ScaffoldError(
            t("an exercise '{id}' is already in {folder}", id=exercise_id, folder=folder)
        )
    template = EXERCISE_KINDS[kind]
    body = template.text.substitute(
        id=exercise_id, lesson=lesson_id, title=_quoted(title or template.title)
    )
    write_new(path, schema_line(root, path, "exercise.schema.json") + body)
    if register:
        add_to_list(lesson_files[0], "exercises", exercise_id)
    return [path]


def add_to_list(path: Path, key: str, item: str) -> None:
    """Add `item` to the top-level list `key` of a YAML file, keeping the rest as it is
    (a block list gets a `- item` line, a flow list `[a, b]` gets `, item`)."""
    text = path.read_text(encoding="utf-8")
    flow = re.search(rf"^{key}:[ \t]*\[(.*?)\][ \t]*$", text, re.M)
    if flow:
        inner = flow.group(1).strip()
        joined = f"{inner}, {item}" if inner else item
        text = text[: flow.start()] + f"{key}: [{joined}]" + text[flow.end() :]
    else:
        block = re.search(rf"^{key}:[ \t]*\n((?:[ \t]+-[^\n]*\n|[ \t]*#[^\n]*\n)*)", text, re.M)
        if not block:
            raise ScaffoldError(
                t(
                    "{path}: no '{key}:' list to add '{item}' to; add it by hand",
                    path=path,
                    key=key,
                    item=item,
                )
            )
        items = block.group(1)
        indent = re.match(r"[ \t]*", items).group(0) if items.strip() else "  "
        if not text.endswith("\n") and block.end() == len(text):
            text += "\n"
        text = text[: block.end()] + f"{indent}- {item}\n" + text[block.end() :]
    path.write_text(text, encoding="utf-8")


def _need_course(root: Path) -> None:
    if not (root / "course.yaml").is_file():
        raise ScaffoldError(
            t(
                "no course.yaml in {root}; make a course with 'tooltutor new course DIR', or "
                "give its folder with --course",
                root=root,
            )
        )


def _number(path: Path) -> int:
    found = re.match(r"(\d+)-", path.name)
    return int(found.group(1)) if found else 0


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


COURSE = Template("""\
id: $id
title: $title
description: >-
  What the learner will be able to do at the end, in two or three sentences.
format_version: 1
# The model id examples show ({{model}} in lesson and exercise text).
model: claude-sonnet-5-5
languages: [en]
lessons:
""")

LESSON = Template("""\
id: $id
number: $number
title: $title
summary: One sentence on what this lesson teaches.
objectives:
  - Say what a tool call is made of.
prerequisites: []
sections:
  - id: idea
    title: The idea
    blocks:
      - markdown: |
          Write the lesson here, in Markdown. Cite a source like this.[^S1]
      - check:
          id: first-check
          prompt: Who runs a tool the model asks for?
          choices:
            - {text: "Your code.", correct: true, feedback: "Yes: the model only asks."}
            - {text: "The model.", correct: false, feedback: "The model only writes the call."}
sources:
  - {id: S1, title: Tool use with Claude, url: "https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview"}
recap:
  - The model asks for a call; your code runs it.
exercises: []
""")
