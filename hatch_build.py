"""Wheel build hook: the bundled course's `$schema` lines resolve in the installed package.

In this repository a lesson's first line is
`# yaml-language-server: $schema=../tooltutor/course/schemas/lesson.schema.json`. The wheel
installs the course under `tooltutor/bundled_course/`, where the same relative path points
at `tooltutor/bundled_course/tooltutor/course/schemas/`: this hook puts a copy of the
schemas (JSON documents for editors, not code) there. Every module ships once, as it is in
the repository: nothing here touches code.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SCHEMAS = Path("tooltutor") / "course" / "schemas"
BUNDLED_COURSE = "tooltutor/bundled_course"


class CourseSchemasHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        self._copy = Path(tempfile.mkdtemp(prefix="tooltutor-schemas-"))
        for schema in sorted((Path(self.root) / SCHEMAS).glob("*.schema.json")):
            shutil.copyfile(schema, self._copy / schema.name)
        build_data["force_include"][str(self._copy)] = f"{BUNDLED_COURSE}/{SCHEMAS.as_posix()}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        shutil.rmtree(self._copy, ignore_errors=True)
