"""Wheel build hook: the bundled course's schema lines resolve in the installed package.

In this repository a lesson's first line is
`$schema=../tooltutor/course/schemas/lesson.schema.json`. The wheel installs the course
under `tooltutor/bundled_course/`, so the same relative path points at
`tooltutor/bundled_course/tooltutor/course/schemas/`: this hook puts a copy of the schemas
there (the package's own `tooltutor/course/schemas/` stays where the code reads it).
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
        source = Path(self.root) / SCHEMAS
        self._copy = Path(tempfile.mkdtemp(prefix="tooltutor-schemas-"))
        for schema in sorted(source.glob("*.schema.json")):
            shutil.copyfile(schema, self._copy / schema.name)
        build_data["force_include"][str(self._copy)] = f"{BUNDLED_COURSE}/{SCHEMAS.as_posix()}"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        shutil.rmtree(self._copy, ignore_errors=True)
