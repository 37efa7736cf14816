"""Hostile files given to every command of the real command line (a child process each).

Each hostile file is tried where a command reads a file: the answer of `check` (a JSON,
a python and a choice exercise), the request of `lint`, the exercise file `watch`
follows, the marker naming watch's current exercise, and `course.yaml`, a lesson or an
exercise of the course that `--course` (or `validate DIR`) names. Every run must end by
itself with its exit code and a message, never a traceback, and nothing from the file may
reach the terminal as a control sequence: Rich markup shows as typed, escape bytes as
`?` in source excerpts or `\\u001b` elsewhere.

The fast run tries every hostile file with `lint`, `check` (three kinds of exercise) and
`watch` (a JSON exercise), and five hostile `course.yaml` files with every command;
`-m slow` adds `check --json`, `watch` on the python and choice exercises, and every
hostile file as `course.yaml`, a lesson and an exercise under every command.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from reliability_helpers import FIXTURE_COURSE, Run, assert_clean, run_cli
from slow_share import in_full, sample

MARKUP = "[bold red]x[/]"
ESCAPES = "\x1b[31mred\x1b[0m \x1b]0;retitled\x07 \x1b[2J \x9b31m"

#: name -> content (bytes), or None for the special kinds made by `make_hostile`
HOSTILE: dict[str, bytes | None] = {
    "empty": b"",
    "binary": bytes(random.Random(7).randrange(256) for _ in range(4096)),
    "invalid-utf8": b'{"messages": [{"role": "user", "content": "caf\xe9 \xff\xfe"}]}',
    "lone-surrogate-escape": b'{"messages": [{"role": "user", "content": "\\ud800 x"}]}',
    "lone-surrogate-bytes": '{"content": "\ud800"}'.encode("utf-8", "surrogatepass"),
    "deep-arrays": b"[" * 100_000 + b"]" * 100_000,
    "deep-objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "deep-yaml-blocks": "".join(f"{' ' * n}k:\n" for n in range(1200)).encode(),
    "markup-and-escapes": f"{MARKUP} {ESCAPES} {{oops".encode(),
    "escapes-inside-json": json.dumps(
        {"messages": [{"role": "user", "content": f"{MARKUP} {ESCAPES}"}], "x": ESCAPES}
    ).encode(),
    "nul-bytes": b'{"messages": [\x00\x00]}\x00',
    "huge-50mb": None,
    "directory": None,
    "missing": None,
}
WELL_FORMED = ("lone-surrogate-escape", "escapes-inside-json")
FAST_SUBSET = ["binary", "deep-arrays", "markup-and-escapes", "huge-50mb", "directory"]
HUGE = 50 * 1024 * 1024
SIZE_WORDS = "larger than 10 MB"


def make_hostile(path: Path, kind: str) -> Path:
    """Put the hostile `kind` at `path` (replacing what is there); return `path`."""
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    content = HOSTILE[kind]
    if content is not None:
        path.write_bytes(content)
    elif kind == "huge-50mb":
        os.link(_huge_master(), path)  # one 50 MB file on disk, linked where it is needed
    elif kind == "directory":
        path.mkdir()
    return path


_HUGE: list[Path] = []


@pytest.fixture(autouse=True, scope="module")
def _huge_folder(tmp_path_factory):
    _HUGE[:] = [tmp_path_factory.mktemp("huge") / "huge.json"]
    yield
    _HUGE.clear()


def _huge_master() -> Path:
    """50 MB of JSON-looking text that a parser would have to read, written once."""
    path = _HUGE[0]
    if not path.exists():
        with open(path, "wb") as handle:
            block = b'{"role": "user", "content": "' + b"x" * 1000 + b'"},\n'
            while handle.tell() < HUGE:
                handle.write(block * 1000)
    return path


def check_outcome(run: Run, kind: str, *, codes=(1, 2), words: bool = True) -> None:
    """The rules every run keeps, and (`words`) the message each kind of file gets."""
    assert_clean(run)
    assert run.code in codes, (run.args, run.code, run.both[-2000:])
    assert run.both.strip(), "a message must say what happened"
    if not words:
        return
    if kind == "huge-50mb":
        assert SIZE_WORDS in run.both or "at most 1,000,000" in run.both, run.both[-500:]
        assert "TOOLTUTOR_MAX_FILE_BYTES" in run.both or "course files" in run.both
    if kind == "directory":
        assert "folder" in run.both or "directory" in run.both, run.both[-500:]
    if kind == "missing":
        said = run.both.lower()
        assert any(w in said for w in ("no such", "not", "missing", "no file")), said[-500:]


def run_all(jobs) -> None:
    """Run (label, fn) jobs on a few threads (each starts a child process); report all."""
    failures = []

    def attempt(job):
        label, fn = job
        try:
            fn()
        except Exception as exc:  # collect, so one run shows every failing file
            failures.append(f"{label}: {type(exc).__name__}: {exc}"[:1500])

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(attempt, jobs))
    assert not failures, "\n\n".join(sorted(failures))


# --------------------------------------------------------------------------- answers


ANSWER_COMMANDS = {
    "lint": lambda f: ["lint", str(f)],
    "lint-json": lambda f: ["lint", "--json", str(f)],
    "check-json-exercise": lambda f: ["check", "write-tool-result", str(f)],
    "check-json-exercise-json-output": lambda f: ["check", "--json", "write-tool-result", str(f)],
    "check-python-exercise": lambda f: ["check", "fix-round-trip", str(f)],
    "check-choice-exercise": lambda f: ["check", "did-anything-happen", str(f)],
}


SLOW_ANSWER_COMMANDS = ("check-json-exercise-json-output",)


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(c, marks=pytest.mark.slow) if c in SLOW_ANSWER_COMMANDS else c
        for c in ANSWER_COMMANDS
    ],
)
def test_hostile_answer_files(tmp_path, command):
    def job(kind):
        def fn():
            target = tmp_path / kind / "answer.json"
            if kind != "missing":
                make_hostile(target, kind)
            run = run_cli(*ANSWER_COMMANDS[command](target), cwd=tmp_path)
            # Two of the files are well-formed requests (odd text inside strings): valid.
            valid = command.startswith("lint") and kind in WELL_FORMED
            check_outcome(run, kind, codes=(0, 1) if valid else (1, 2))
            if command.endswith("json") and run.code == 1:
                json.loads(run.out)  # still one JSON document

        return kind, fn

    run_all([job(kind) for kind in HOSTILE])


def test_hostile_standard_input(tmp_path):
    big = make_hostile(tmp_path / "big", "huge-50mb").read_bytes()
    for args in (["lint", "-"], ["check", "write-tool-result", "-"]):
        run = run_cli(*args, stdin=big, cwd=tmp_path)
        check_outcome(run, "huge-50mb", codes=(2,))
        assert "standard input" in run.both or "<stdin>" in run.both or "-" in run.both


def test_the_size_limit_is_a_setting(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_text('[{"role": "user", "content": "hello"}]')
    for args in (["lint", str(answer)], ["check", "write-tool-result", str(answer)]):
        run = run_cli(*args, env={"TOOLTUTOR_MAX_FILE_BYTES": "20"}, cwd=tmp_path)
        assert run.code == 2
        assert "larger than 20 bytes" in run.err and "TOOLTUTOR_MAX_FILE_BYTES" in run.err
        assert f"{answer} is larger" in run.err  # the file, then why: never "cannot read"
        assert ("a request to lint" if args[0] == "lint" else "an answer") in run.err
        assert_clean(run)
        run = run_cli(*args, env={"TOOLTUTOR_MAX_FILE_BYTES": "100"}, cwd=tmp_path)
        assert run.code in (0, 1) and "larger" not in run.both, run.both  # read and judged
        assert_clean(run)


def test_a_large_file_under_the_limit_is_judged_not_refused(tmp_path):
    body = {"model": "m", "max_tokens": 10, "messages": []}
    body["messages"] = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": "x" * 100} for i in range(5001)
    ]
    request = tmp_path / "request.json"
    request.write_text(json.dumps(body))
    assert request.stat().st_size > 500_000
    run = run_cli("lint", str(request), cwd=tmp_path)
    assert run.code in (0, 1) and "larger than" not in run.both
    assert_clean(run)


def test_rich_markup_and_escapes_in_an_answer_are_shown_as_typed(tmp_path):
    answer = tmp_path / "answer.json"
    answer.write_bytes(HOSTILE["markup-and-escapes"])
    for args in (["lint", str(answer)], ["check", "write-tool-result", str(answer)]):
        run = run_cli(*args, cwd=tmp_path)
        assert run.code == 1
        assert_clean(run)
        assert f"{MARKUP} ?[31mred?[0m" in run.out  # the source excerpt, control bytes as ?


# --------------------------------------------------------------------------- watch


WATCHED = {"write-tool-result": "round-trip/write-tool-result.json"}
WATCHED["fix-round-trip"] = "round-trip/fix-round-trip.py"
WATCHED["did-anything-happen"] = "why-tools/did-anything-happen.txt"


def watch_run(tmp_path: Path, exercise: str, kind: str, label: str) -> Run:
    work = tmp_path / label
    start = run_cli("start", exercise, "--dir", str(work), cwd=tmp_path)
    assert start.code == 0, start.both
    target = work / WATCHED[exercise]
    if kind == "missing":
        target.unlink()
    else:
        make_hostile(target, kind)
    # r: check now; q: quit. Without a terminal, watch reads keys as lines.
    return run_cli("watch", str(work), "--poll", stdin=b"r\nq\n", cwd=tmp_path)


#: the hostile files the fast run gives `watch` (the slow run gives it every one)
WATCH_FAST = ["empty", "invalid-utf8", "deep-arrays", "markup-and-escapes"]
WATCH_FAST += ["huge-50mb", "directory", "missing"]


def slow_kinds(fast) -> list[str]:
    """Every hostile kind; with a share of the slow runs (CI), a share of those `fast`
    leaves out (the fast run tries those already)."""
    return list(HOSTILE) if in_full() else sample(k for k in HOSTILE if k not in fast)


ALL_KINDS = pytest.param(slow_kinds(WATCH_FAST), id="all-kinds", marks=pytest.mark.slow)


@pytest.mark.parametrize(
    "exercise, kinds",
    [
        pytest.param("write-tool-result", WATCH_FAST, id="write-tool-result"),
        pytest.param("write-tool-result", slow_kinds(WATCH_FAST), id="write-tool-result-all-kinds",
                     marks=pytest.mark.slow),
        pytest.param("fix-round-trip", slow_kinds(WATCH_FAST), id="fix-round-trip-all-kinds",
                     marks=pytest.mark.slow),
        pytest.param("did-anything-happen", slow_kinds(WATCH_FAST),
                     id="did-anything-happen-all-kinds",
                     marks=pytest.mark.slow),
    ],
)  # fmt: skip
def test_watch_with_a_hostile_exercise_file(tmp_path, exercise, kinds):
    def job(kind):
        def fn():
            run = watch_run(tmp_path, exercise, kind, kind)
            # watch keeps going after a bad file: `q` ends it with 0, and what happened
            # was said on the way.
            check_outcome(run, kind, codes=(0,), words=False)
            if kind == "huge-50mb":
                assert "is larger than 10 MB" in run.out
            elif kind in ("directory",):
                assert "cannot read" in run.out
            elif kind == "missing":
                assert "is gone" in run.out
            else:
                assert "--- check 1" in run.out and " met." in run.out, run.out[-800:]

        return kind, fn

    run_all([job(kind) for kind in kinds])


@pytest.mark.parametrize("kinds", [pytest.param(WATCH_FAST, id="fast-kinds"), ALL_KINDS])
def test_watch_with_a_hostile_marker_file(tmp_path, kinds):
    def job(kind):
        def fn():
            work = tmp_path / kind
            assert run_cli("start", "write-tool-result", "--dir", str(work)).code == 0
            marker = work / ".tooltutor-current"
            if kind == "missing":
                marker.unlink()
            else:
                make_hostile(marker, kind)
            run = run_cli("watch", str(work), "--poll", stdin=b"q\n", cwd=tmp_path)
            check_outcome(run, kind, codes=(2,), words=False)
            if kind in ("missing", "directory"):
                assert "has no current exercise" in run.err
            else:
                assert "is not in this course" in run.err
            assert len(run.both) < 5000  # a huge marker is not printed whole

        return kind, fn

    run_all([job(kind) for kind in kinds])


# --------------------------------------------------------------------------- courses


def course_with(tmp_path: Path, label: str, where: str, kind: str) -> Path:
    """The fixture course with the hostile `kind` in place of the file `where`."""
    root = tmp_path / label
    shutil.copytree(FIXTURE_COURSE, root)
    target = root / where
    if kind == "missing":
        target.unlink()
    else:
        make_hostile(target, kind)
    return root


def course_commands(tmp_path: Path):
    """(name, argv builder) for every command, each given the course with --course."""
    answer = tmp_path / "answer.json"  # written by `hostile_course_jobs`
    return {
        "list": lambda c: ["--course", str(c), "list"],
        "list-json": lambda c: ["--course", str(c), "list", "--json"],
        "show": lambda c: ["--course", str(c), "show", "1"],
        "progress": lambda c: ["--course", str(c), "progress"],
        "reset": lambda c: ["--course", str(c), "reset", "--all", "--yes"],
        "start": lambda c: ["--course", str(c), "start", "pick-one", "--dir", str(c / "w")],
        "check": lambda c: ["--course", str(c), "check", "write-tool-result", str(answer)],
        "validate": lambda c: ["validate", str(c)],
        "watch": lambda c: ["--course", str(c), "watch", str(c / "w"), "--poll"],
    }


def hostile_course_jobs(tmp_path: Path, where: str, kinds, commands):
    builders = course_commands(tmp_path)
    (tmp_path / "answer.json").write_text("[]")

    def job(kind, command):
        def fn():
            label = f"{where.replace('/', '_')}-{kind}-{command}"
            root = course_with(tmp_path, label, where, kind)
            run = run_cli(*builders[command](root), stdin=b"q\n", cwd=tmp_path)
            if where == "course.yaml":
                check_outcome(run, kind)
                assert "course.yaml" in run.both  # which file, and where in it
            else:
                # A broken lesson or exercise is left out, with a warning; the rest works.
                # Only validate says what is wrong with it (the others point to validate).
                check_outcome(run, kind, codes=(0, 1, 2), words=command == "validate")
                if command == "validate":
                    assert run.code == 1 and Path(where).name in run.out
                elif command in ("list", "progress") and kind != "directory":
                    assert run.code == 0
                    assert "problem" in run.err and "validate" in run.err

        return f"{kind} / {command}", fn

    return [job(kind, command) for kind in kinds for command in commands]


@pytest.mark.parametrize("command", list(course_commands(Path("unused"))))
def test_a_hostile_course_file_for_every_command(tmp_path, command):
    run_all(hostile_course_jobs(tmp_path, "course.yaml", FAST_SUBSET, [command]))


@pytest.mark.slow
@pytest.mark.parametrize(
    "where",
    [
        "course.yaml",
        "lessons/01-why-tools.yaml",
        "exercises/round-trip/01-write-tool-result.yaml",
    ],
)
def test_every_hostile_course_file_for_every_command(tmp_path, where):
    kinds = slow_kinds(FAST_SUBSET)
    run_all(hostile_course_jobs(tmp_path, where, kinds, list(course_commands(tmp_path))))


def test_a_course_folder_that_is_a_file_or_missing(tmp_path):
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    for course in (a_file, tmp_path / "nowhere"):
        for args in (["list"], ["show", "1"], ["progress"], ["check", "x", str(a_file)]):
            run = run_cli("--course", str(course), *args, cwd=tmp_path)
            check_outcome(run, "missing", codes=(2,))
        run = run_cli("validate", str(course), cwd=tmp_path)
        check_outcome(run, "missing", codes=(1, 2))


def test_markup_and_escapes_in_course_text_are_shown_as_typed(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(FIXTURE_COURSE, root)
    lesson = root / "lessons" / "01-why-tools.yaml"
    text = lesson.read_text(encoding="utf-8")
    hostile_title = 'title: "L \\e[2J\\e]0;retitled\\a [bold red]x[/] \\x9b31m"'
    lesson.write_text(text.replace("title: Why agents need tools", hostile_title))
    for args in (["list"], ["show", "1"], ["show", "1", "--plain"], ["progress"]):
        run = run_cli("--course", str(root), *args, cwd=tmp_path)
        assert run.code == 0, run.both
        assert_clean(run)
        assert f"L \\u001b[2J\\u001b]0;retitled\\u0007 {MARKUP} \\u009b31m" in run.out, run.out
    listing = run_cli("--course", str(root), "list", "--json", cwd=tmp_path)
    title = json.loads(listing.out)["lessons"][0]["title"]
    assert title == f"L \x1b[2J\x1b]0;retitled\x07 {MARKUP} \x9b31m"  # JSON keeps the value


def test_printable_output_keeps_the_meaning_of_json():
    from tooltutor.safe_output import printable

    value = {"title": "a\x1b[2J\x9b31m\x07\ud800\x00\r\tb\nc [bold]x[/bold]"}
    shown = printable(json.dumps(value, ensure_ascii=False))
    assert json.loads(shown) == value
    plain = printable(value["title"])
    assert plain == "a\\u001b[2J\\u009b31m\\u0007\\ud800\\u0000\\u000d\tb\nc [bold]x[/bold]"


def test_the_tui_drops_exactly_the_characters_the_command_line_escapes():
    from tooltutor.safe_output import printable, without_controls

    for code in range(0x3000):
        ch = chr(code)
        if "\ud800" <= ch <= "\udfff":
            continue
        escaped = printable(ch) != ch
        assert (without_controls(ch) == "") is escaped, hex(code)
    text = "café ✔ 🧰 a\u00a0b\tx\ny"  # printable: shown as typed, never as an escape
    assert printable(text) == without_controls(text) == text
    assert printable("a\u202eb") == "a\\u202eb" and without_controls("a\u202eb") == "ab"
    assert without_controls("a\x1b[2J\x9b31m\x07b") == "a[2J31mb"
