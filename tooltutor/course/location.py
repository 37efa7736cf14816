"""Where a course is: the bundled course, and which folder a command uses."""

from __future__ import annotations

from pathlib import Path


def bundled_course_dir() -> Path:
    """The course shipped with tooltutor: inside the wheel, or the repository's root."""
    package = Path(__file__).resolve().parent.parent  # tooltutor/
    packaged = package / "bundled_course"  # the wheel's force-included copy
    if (packaged / "course.yaml").is_file():
        return packaged
    return package.parent


def resolve_course_dir(course_dir: str | Path | None) -> Path:
    """The course directory to use: the one given, else the bundled course."""
    return Path(course_dir) if course_dir else bundled_course_dir()
