"""Wheel build hook: the bundled course's schema lines resolve in the installed package.

In this repository a lesson's first line is `$schema=../tooltutor/schemas/lesson.schema.json`.
The wheel installs the course under `tooltutor/course/`, so the same relative path points
at `tooltutor/course/tooltutor/schemas/`: this hook puts a copy of the schemas there (the
package's own `tooltutor/schemas/` stays where the code reads it).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CourseSchemasHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        source = Path(self.root) / "tooltutor" / "schemas"
        self._copy = Path(tempfile.mkdtemp(prefix="tooltutor-schemas-"))
        for schema in sorted(source.glob("*.schema.json")):
            shutil.copyfile(schema, self._copy / schema.name)
        build_data["force_include"][str(self._copy)] = "tooltutor/course/tooltutor/schemas"

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        shutil.rmtree(self._copy, ignore_errors=True)
