"""A generated course of 1,000 exercises: load it, and validate it from the command line."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import REPO, Result, child_env, peak_rss_kib

LESSONS, PER_LESSON = 50, 20


def generate(root: Path) -> None:
    """Write a course of LESSONS lessons with PER_LESSON copies of write-tool-result each."""
    lesson_text = (REPO / "lessons/02-round-trip.yaml").read_text(encoding="utf-8")
    exercise_text = (REPO / "exercises/round-trip/01-write-tool-result.yaml").read_text(
        encoding="utf-8"
    )
    ids = [f"lesson-{n:02d}" for n in range(1, LESSONS + 1)]
    root.mkdir(parents=True, exist_ok=True)
    (root / "course.yaml").write_text(
        "id: generated\ntitle: Generated\nformat_version: 1\nmodel: model-x\n"
        f"languages: [en]\nlessons: [{', '.join(ids)}]\n",
        encoding="utf-8",
    )
    (root / "lessons").mkdir(parents=True)
    for number, lesson_id in enumerate(ids, 1):
        exercises = [f"{lesson_id}-ex-{k:02d}" for k in range(1, PER_LESSON + 1)]
        text = lesson_text.replace("id: round-trip", f"id: {lesson_id}", 1)
        text = text.replace("number: 2\n", f"number: {number}\n", 1)
        text = text.replace("prerequisites: [why-tools]", "prerequisites: []")
        # a `try` block offers one of the lesson's own exercises
        text = re.sub(r"(\n\s+exercise: )\S+", rf"\g<1>{exercises[0]}", text)
        head, _, _ = text.rpartition("\nexercises:")
        text = head + f"\nexercises: [{', '.join(exercises)}]\n"
        (root / "lessons" / f"{number:02d}-{lesson_id}.yaml").write_text(text, encoding="utf-8")
        folder = root / "exercises" / lesson_id
        folder.mkdir(parents=True)
        for k, exercise_id in enumerate(exercises, 1):
            ex = exercise_text.replace("id: write-tool-result", f"id: {exercise_id}", 1)
            ex = ex.replace("lesson: round-trip", f"lesson: {lesson_id}", 1)
            (folder / f"{k:02d}-{exercise_id}.yaml").write_text(ex, encoding="utf-8")


LOAD = """
import time, sys
start = time.perf_counter()
from tooltutor.course import load_course
course = load_course(sys.argv[1])
elapsed = time.perf_counter() - start
assert len(course.exercises) == {count} and not course.errors, course.errors[:3]
print(elapsed)
"""


def _validate(root: Path, env: dict) -> float:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "tooltutor", "validate", str(root)],
        env=env,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return elapsed


def run() -> list[Result]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "course"
        generate(root)
        code = LOAD.format(count=LESSONS * PER_LESSON)

        def load(home: str) -> float:
            env = {**child_env(), "TOOLTUTOR_HOME": str(Path(tmp) / home)}
            result = subprocess.run(
                [sys.executable, "-c", code, str(root)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            return float(result.stdout)

        cold = load("home-load")  # nothing cached yet: every file parsed and schema-checked
        warm = sorted(load("home-load") for _ in range(5))[2]
        memory = _list_memory(root, Path(tmp) / "home-load")
        answers = _answers(root)
        env = {**child_env(), "TOOLTUTOR_HOME": str(Path(tmp) / "home-validate")}
        validate_cold = _validate(root, env)  # a fresh home: nothing cached
        validate_warm = _validate(root, env)
    return [
        Result(
            "memory per exercise, `list` of a 1,000-exercise course",
            memory,
            30,
            "KiB",
            "peak RSS over the bundled course's, per extra exercise (it was 92 KiB)",
        ),
        Result(
            "load a 1,000-exercise course",
            warm,
            0.5,
            "s",
            f"in process, files cached; with nothing cached {cold:.2f} s",
        ),
        Result(
            "validate a 1,000-exercise course, per self-tested answer",
            validate_warm / answers * 1000,
            1,
            "ms",
            f"{validate_warm:.1f} s for {answers:,} answers (solution, right and wrong ones), "
            f"files unchanged since the last run; with nothing cached {validate_cold:.1f} s",
        ),
    ]


def _list_memory(root: Path, home: Path) -> float:
    """KiB of peak RSS that each exercise of the generated course adds to `list`."""
    env = {"TOOLTUTOR_HOME": str(home)}
    tool = [sys.executable, "-m", "tooltutor"]
    subprocess.run([*tool, "list"], env=child_env(env), capture_output=True, check=True)
    small = min(peak_rss_kib([*tool, "list"], env) for _ in range(3))
    large = min(peak_rss_kib([*tool, "--course", str(root), "list"], env) for _ in range(3))
    from tooltutor.course import load_course

    extra = LESSONS * PER_LESSON - len(load_course(None).exercises)
    return (large - small) / extra


def _answers(root: Path) -> int:
    """How many answers `validate` marks in the generated course: each exercise's
    solution, starter, right answers and wrong answers."""
    from tooltutor.course import load_course

    course = load_course(root)
    return sum(2 + len(e.right_answers) + len(e.wrong_answers) for e in course.exercises.values())
