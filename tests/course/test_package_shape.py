"""The shape of the `tooltutor.course` and `tooltutor.progress` packages: translation
depends on the course model, never on the loader; no module reaches for another's private
names; importing a package loads none of its modules until a name is asked for."""

from __future__ import annotations

import ast
from pathlib import Path

from import_probe import modules_after

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("tooltutor/course", "tooltutor/progress")


def test_translation_never_imports_the_loader():
    names = sorted(p.stem for p in (REPO / "tooltutor/course/translation").glob("*.py"))
    names.remove("__main__")  # runs the command line
    code = "\n".join(f"import tooltutor.course.translation.{n}" for n in names if n[0] != "_")
    loaded = modules_after(code)
    assert "tooltutor.course.translation.translator" in loaded
    assert "tooltutor.course.model" in loaded
    assert "tooltutor.course.loader" not in loaded


def test_importing_a_package_loads_none_of_its_modules():
    loaded = modules_after("import tooltutor.course, tooltutor.progress")
    ours = {m for m in loaded if m.startswith(("tooltutor.course.", "tooltutor.progress."))}
    assert ours == set()
    assert "sqlite3" not in loaded
    after_one_name = modules_after("from tooltutor.progress import PASSED")
    assert "tooltutor.progress.records" in after_one_name
    assert "sqlite3" not in after_one_name


def test_the_packages_public_names_come_from_their_owners():
    from tooltutor import course, progress
    from tooltutor.course import location, model
    from tooltutor.progress import opening, records

    assert course.Course is model.Course
    assert course.bundled_course_dir is location.bundled_course_dir
    assert progress.open_store is opening.open_store
    assert progress.PASSED is records.PASSED


def private_imports(path: Path) -> list[str]:
    """`from tooltutor... import _name` lines of a module: another module's private names."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tooltutor"):
            found += [
                f"{path.relative_to(REPO)}:{node.lineno}: {node.module}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.endswith("__")
            ]
    return found


def test_no_module_imports_another_modules_private_names():
    found = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            found += private_imports(path)
    assert found == []
