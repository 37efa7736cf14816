"""Wheel build hook: the engine under a name of its own, and the bundled course's schema
lines resolving in the installed package.

The engine is the folder `checker/` of this repository, imported as `checker` here. A
top-level `checker` in site-packages would collide with the PyPI distribution of that
name (each would overwrite the other's files, and either could shadow the other), so the
wheel installs it as `tooltutor_checker`: `engine_files` copies `checker/` there and, in
the engine's and the app's modules, renames the imports (`from checker.x import y` is
`from tooltutor_checker.x import y`), line for line. Course code keeps saying `checker`:
`checker/course_imports.py` points it at the engine at run time. An editable install
(`pip install -e .`) puts this folder on the path and keeps the name `checker`.

In this repository a lesson's first line is
`$schema=../tooltutor/course/schemas/lesson.schema.json`. The wheel installs the course
under `tooltutor/bundled_course/`, so the same relative path points at
`tooltutor/bundled_course/tooltutor/course/schemas/`: this hook puts a copy of the schemas
there (the package's own `tooltutor/course/schemas/` stays where the code reads it).
"""

from __future__ import annotations

import io
import shutil
import tempfile
import tokenize
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SCHEMAS = Path("tooltutor") / "course" / "schemas"
BUNDLED_COURSE = "tooltutor/bundled_course"
#: The engine's folder here and its name in the wheel.
SOURCE_NAME = "checker"
ENGINE_NAME = "tooltutor_checker"
#: What the wheel leaves out (pyproject's `exclude`, which force-included files skip).
LEFT_OUT = (".po", ".pot", ".pyc", "babel.cfg")


class CourseSchemasHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        source = Path(self.root) / SCHEMAS
        self._copy = Path(tempfile.mkdtemp(prefix="tooltutor-schemas-"))
        for schema in sorted(source.glob("*.schema.json")):
            shutil.copyfile(schema, self._copy / schema.name)
        build_data["force_include"][str(self._copy)] = f"{BUNDLED_COURSE}/{SCHEMAS.as_posix()}"
        if version != "editable":
            engine = self._copy / "engine"
            build_data["force_include"].update(engine_files(Path(self.root), engine))

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        shutil.rmtree(self._copy, ignore_errors=True)


def engine_files(root: Path, target: Path) -> dict[str, str]:
    """{file to include: its path in the wheel}: `checker/` as `tooltutor_checker/`, and a
    copy of each module of `tooltutor/` that imports the engine, its imports renamed
    (written under `target`)."""
    placed: dict[str, str] = {}
    for folder, into in ((SOURCE_NAME, ENGINE_NAME), ("tooltutor", "tooltutor")):
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.name.endswith(LEFT_OUT):
                continue
            relative = path.relative_to(root / folder).as_posix()
            copy = path
            if path.suffix == ".py":
                text = path.read_text(encoding="utf-8")
                renamed = rename_engine_imports(text, ENGINE_NAME)
                if renamed != text:
                    copy = target / into / relative
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    copy.write_text(renamed, encoding="utf-8")
            if copy is not path or folder == SOURCE_NAME:
                placed[str(copy)] = f"{into}/{relative}"
    return placed


def rename_engine_imports(source: str, new_name: str) -> str:
    """`source` with each `import checker...` and `from checker... import` naming `new_name`;
    every line stays where it was. `import checker` becomes `import new_name as checker`;
    `import checker.x` (it binds `checker`, which the renamed one would not) is refused."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, str]] = []  # (row, start column, end column, text)
    starts_statement, keyword, expect_module = True, None, False
    for index, token in enumerate(tokens):
        kind, text = token.type, token.string
        if kind in (tokenize.NEWLINE, tokenize.NL) or (kind == tokenize.OP and text == ";"):
            starts_statement, keyword, expect_module = True, None, False
            continue
        if kind in (tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT):
            continue
        if starts_statement and kind == tokenize.NAME and text in ("import", "from"):
            starts_statement, keyword, expect_module = False, text, True
            continue
        starts_statement = False
        if expect_module:  # the first name of a module (`from .x`: a relative one, not ours)
            expect_module = False
            if kind == tokenize.NAME and text == SOURCE_NAME:
                dotted = index + 1 < len(tokens) and tokens[index + 1].string == "."
                replacement = new_name
                if keyword == "import" and not _aliased(tokens, index):
                    if dotted:
                        raise ValueError(
                            f"line {token.start[0]}: `import {SOURCE_NAME}.<module>` binds "
                            f"`{SOURCE_NAME}`: write `from {SOURCE_NAME} import <module>`"
                        )
                    replacement = f"{new_name} as {SOURCE_NAME}"
                edits.append((token.start[0], token.start[1], token.end[1], replacement))
        elif keyword == "import" and kind == tokenize.OP and text == ",":
            expect_module = True
        elif keyword == "from" and kind == tokenize.NAME and text == "import":
            keyword = None
    for row, start, end, text in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + text + line[end:]
    return "".join(lines)


def _aliased(tokens: list[tokenize.TokenInfo], index: int) -> bool:
    """Whether the dotted name that starts at `index` is followed by `as`."""
    for token in tokens[index + 1 :]:
        if token.type == tokenize.NAME and token.string == "as":
            return True
        if not (token.type == tokenize.NAME or token.string == "."):
            return False
    return False
