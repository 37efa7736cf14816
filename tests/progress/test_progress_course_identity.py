"""Two courses with the same id in different folders keep separate progress (issue 15,
item 4); progress stored before folders were told apart stays with the course the learner
has; the bundled course keeps its own; `reset --all` touches only the course it names.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tooltutor import progress
from tooltutor.course import bundled_course_dir, load_course
from tooltutor.exercise_status import PASSED
from tooltutor.progress import open_store, schema

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "tui" / "fixture_course"  # id: tui-fixture
CID = "tui-fixture"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def twins(tmp_path):
    """The same course (same id) in two folders."""
    a, b = tmp_path / "a" / "course", tmp_path / "b" / "course"
    shutil.copytree(FIXTURE, a)
    shutil.copytree(FIXTURE, b)
    return load_course(a), load_course(b)


def passed(store, course_id, exercise="pick-one"):
    store.record_attempt(
        course_id, exercise, passed=True, criteria_passed=1, criteria_total=1, submission="b"
    )


def test_same_id_different_folders_keep_separate_progress(home, twins):
    a, b = twins
    assert a.id == b.id == CID
    with open_store(course=a) as sa, open_store(course=b) as sb:
        passed(sa, a.id)
        sa.save_draft(a.id, "write-tool-result", "a's draft")
        sa.reveal_hint(a.id, "write-tool-result", 1)
        sa.set_position(a.id, "why-tools", section=2)
        assert sb.statuses(b.id) == {}
        assert sb.load_draft(b.id, "write-tool-result") is None
        assert sb.hints_revealed(b.id, "write-tool-result") == 0
        assert sb.position(b.id) is None
        passed(sb, b.id, "write-tool-result")
        assert sa.statuses(a.id) == {"pick-one": PASSED}
        assert sb.statuses(b.id) == {"write-tool-result": PASSED}
        assert list(sb.export(b.id)["courses"]) == [CID]  # named by the id, as before


def test_the_first_folder_keeps_the_plain_id_and_a_second_gets_its_own_key(home, twins):
    a, b = twins
    with open_store() as s:
        assert s.use_course(a) == CID
        assert s.use_course(b) == f"{CID}@{b.root.resolve()}"
        assert s.use_course(a) == CID  # remembered
    with open_store() as s:
        assert s.use_course(b) == f"{CID}@{b.root.resolve()}"  # and across runs


def test_progress_from_before_stays_with_the_course_the_learner_has(home, twins):
    """A version-1 file (course id only): migrated, and the learner's course claims it."""
    a, b = twins
    home.mkdir(exist_ok=True)  # the course cache may have made it
    conn = sqlite3.connect(home / "progress.db", isolation_level=None)
    schema.MIGRATIONS[0](conn)
    conn.execute("PRAGMA user_version = 1")
    t = "2026-01-02T03:04:05.000+00:00"
    conn.execute(
        "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
        " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
        (CID, "pick-one", "why-tools", t, 1, 1, 1, b"b"),
    )
    conn.execute("INSERT INTO drafts VALUES (?,?,?,?)", (CID, "write-tool-result", b"mine", t))
    conn.close()
    with open_store(course=a) as s:
        assert s.notice is None
        assert s.statuses(a.id) == {"pick-one": PASSED}
        assert s.load_draft(a.id, "write-tool-result").text == "mine"
    conn = sqlite3.connect(home / "progress.db")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == progress.schema_version()
    assert conn.execute("SELECT COUNT(*) FROM attempts WHERE course_id = ?", (CID,)).fetchone()
    conn.close()
    with open_store(course=b) as s:  # a second copy of the course starts afresh
        assert s.statuses(b.id) == {}
    with open_store(course=a) as s:  # and the first still has its progress
        assert s.statuses(a.id) == {"pick-one": PASSED}


def test_the_bundled_course_keeps_its_progress(home, tmp_path):
    bundled = load_course()
    with open_store() as s:  # stored under the plain id, as every version did
        passed(s, bundled.id, "write-tool-result")
    # A course of the same id in a folder of its own (an author's copy) gets its own key,
    # even when it is opened first: the bundled course's id is reserved for it.
    copy = SimpleNamespace(id=bundled.id, root=tmp_path / "my-copy")
    (tmp_path / "my-copy").mkdir()
    (tmp_path / "my-copy" / "course.yaml").write_text(f"id: {bundled.id}\n")
    with open_store(course=copy) as s:
        assert s.statuses(bundled.id) == {}
    with open_store(course=bundled) as s:
        assert s.use_course(bundled) == bundled.id
        assert s.statuses(bundled.id) == {"write-tool-result": PASSED}
    # The bundled course is recognised by its folder, however it is reached.
    same = SimpleNamespace(id=bundled.id, root=Path(os.path.relpath(bundled_course_dir())))
    with open_store() as s:
        assert s.use_course(same) == bundled.id


def test_a_moved_course_folder_keeps_its_progress(home, tmp_path, twins):
    a, _ = twins
    with open_store(course=a) as s:
        passed(s, a.id)
    moved = tmp_path / "moved-here"
    a.root.rename(moved)
    course = load_course(moved)
    with open_store(course=course) as s:
        assert s.statuses(course.id) == {"pick-one": PASSED}


def test_a_moved_second_folder_keeps_its_own_progress(home, tmp_path, twins):
    a, b = twins
    with open_store(course=a) as sa, open_store(course=b) as sb:
        passed(sa, a.id)
        passed(sb, b.id, "write-tool-result")
    b.root.rename(tmp_path / "b-moved")
    moved = load_course(tmp_path / "b-moved")
    with open_store(course=moved) as s:
        assert s.statuses(moved.id) == {"write-tool-result": PASSED}
    with open_store(course=a) as s:
        assert s.statuses(a.id) == {"pick-one": PASSED}


def test_reset_all_touches_only_the_course_it_names(home, twins):
    a, b = twins
    with open_store(course=a) as sa, open_store(course=b) as sb:
        passed(sa, a.id)
        sa.save_draft(a.id, "write-tool-result", "a's draft")
        passed(sb, b.id)
        sb.save_draft(b.id, "write-tool-result", "b's draft")
    env = dict(os.environ, TOOLTUTOR_HOME=str(home), PYTHONPATH=str(REPO), NO_COLOR="1")
    run = subprocess.run(
        [sys.executable, "-m", "tooltutor", "--course", str(b.root), "reset", "--all", "--yes"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert str(b.root.resolve()) in run.stdout  # which copy was reset is said
    with open_store(course=a) as sa, open_store(course=b) as sb:
        assert sa.statuses(a.id) == {"pick-one": PASSED}
        assert sa.load_draft(a.id, "write-tool-result").text == "a's draft"
        assert sb.statuses(b.id) == {}
        assert sb.load_draft(b.id, "write-tool-result") is None


def test_check_and_progress_commands_use_the_folder_too(home, twins, tmp_path):
    a, b = twins
    env = dict(os.environ, TOOLTUTOR_HOME=str(home), PYTHONPATH=str(REPO), NO_COLOR="1")
    answer = tmp_path / "answer.txt"
    answer.write_text("b\n")

    def cli(*args):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", *map(str, args)],
            capture_output=True, text=True, env=env, timeout=60,
        )  # fmt: skip

    assert cli("--course", a.root, "check", "pick-one", answer).returncode == 0
    import json

    progress_a = json.loads(cli("--course", a.root, "progress", "--json").stdout)
    progress_b = json.loads(cli("--course", b.root, "progress", "--json").stdout)
    assert progress_a["totals"]["passed"] == 1
    assert progress_b["totals"]["passed"] == 0


def test_a_course_object_without_a_folder_keeps_its_plain_id(home):
    with open_store() as s:
        assert s.use_course(SimpleNamespace(id="no-folder")) == "no-folder"
