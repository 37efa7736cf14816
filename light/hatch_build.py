"""Build hook of the light distribution: the engine's files, each as it is in the repository.

The engine is the repository's `checker/`, one folder up from this one (in this
distribution's sdist, `checker/` beside this file). Every file of it ships under
`checker/`, less what the whole product's wheel leaves out too: bytecode and the
catalogs' sources (`.po`, `.pot`, Babel's configuration); the compiled catalogs (`.mo`)
ship. The repository's LICENSE ships too (in the wheel, in its `.dist-info`).
"""

from __future__ import annotations

from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: What never ships (the root pyproject's wheel `exclude`, and bytecode).
LEFT_OUT = (".po", ".pot", ".pyc", "babel.cfg")


def engine_files(root: Path) -> dict[str, str]:
    """{file on disk: its path in the distribution} for the engine and the license."""
    engine = root / "checker"
    if not engine.is_dir():
        engine = root.parent / "checker"
    files = {
        str(path): f"checker/{path.relative_to(engine).as_posix()}"
        for path in sorted(engine.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and not path.name.endswith(LEFT_OUT)
    }
    for license_file in (root / "LICENSE", root.parent / "LICENSE"):
        if license_file.is_file():
            files[str(license_file)] = "LICENSE"
            break
    return files


class EngineFilesHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        files = engine_files(Path(self.root))
        if self.target_name == "wheel":  # the license goes in the .dist-info
            for src in [src for src, dest in files.items() if dest == "LICENSE"]:
                build_data["extra_metadata"][src] = files.pop(src)
        build_data["force_include"].update(files)
