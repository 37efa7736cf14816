"""Malformed course files: each is reported at file:line:col, the rest of the course still
loads, and the TUI opens on it, showing the broken item as broken with where to look.

`tests/course/test_loader.py` covers 15 other kinds (YAML syntax, tabs, wrong types,
missing and unknown keys, duplicate ids, dangling references, footnotes, bad bytes, empty
files, a newer format, an alias bomb, empty hints, two-kind blocks, unlisted lessons);
the variants here are new kinds. A few are files that look odd but are right (a BOM,
CRLF line endings, a duplicate key): those must load.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import pytest
from slow_share import sample

from tooltutor.course import load_course
from tooltutor.progress import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "course"))

from minimal import COURSE, EXERCISE, LESSON, write_course  # noqa: E402

L1 = "lessons/01-basics.yaml"
L2 = "lessons/02-second.yaml"
EX = "exercises/basics/01-first.yaml"
SECOND = (
    LESSON.replace("id: basics", "id: second")
    .replace("number: 1", "number: 2")
    .replace("exercises: [first]", "exercises: []")
)
SEQUENCE = """\
      - sequence:
          participants: [{id: app, label: App}, {id: api, label: API}]
          steps:
            - {from: app, to: api, text: request}
            - {from: api, to: db, text: lookup}
"""
CHOICE = """\
# yaml-language-server: $schema=../../tooltutor/course/schemas/exercise.schema.json
id: first
lesson: basics
level: 1
title: Pick one
kind: choice
prompt: Which one?
starter: ""
choices:
  - {id: a, text: One, correct: false, feedback: No.}
  - {id: b, text: Two, correct: false, feedback: No.}
criteria:
  - {check: choice, label: The right one is picked}
hints: [Think., Count.]
solution: b
explanation: Because.
wrong_answers:
  - {answer: a, fails: [choice]}
  - {answer: "a, b", fails: [choice]}
  - {answer: "", fails: [choice]}
"""
PWNED = Path("/tmp/tooltutor-reliability-pwned")


def alias_chain() -> str:
    """Nine levels of mappings, each holding ten aliases of the one before: 10^9 values."""
    lines = ["a0: &a0 {k: v}"]
    for n in range(1, 10):
        refs = ", ".join(f"k{i}: *a{n - 1}" for i in range(10))
        lines.append(f"a{n}: &a{n} {{{refs}}}")
    return "\n".join(lines) + "\n"


#: name -> (files to replace, expected problems as "file:line:col: start of message")
VARIANTS: dict[str, tuple[dict, list[str]]] = {
    "binary-garbage": (
        {L1: b"\x89PNG\r\n\x1a\n" + random.Random(3).randbytes(3000)},
        [f"{L1}:1:1: not UTF-8 text: byte 0x89 cannot be decoded"],
    ),
    "lone-surrogate-escape": (
        {L1: LESSON.replace("title: Basics", 'title: "Ba\\ud800sics"')},
        [f"{L1}:4:13: invalid YAML: found invalid Unicode character escape code"],
    ),
    "raw-control-character": (
        {L1: LESSON.replace("title: Basics", "title: Ba\x1b[2Jsics")},
        [f"{L1}:4:10: invalid YAML: character U+001B is not allowed in a YAML file"],
    ),
    "nesting-100000-deep": (
        {L1: "[" * 100_000 + "]" * 100_000 + "\n"},
        [f"{L1}:1:1001: invalid YAML: exceeded maximum nesting depth"],
    ),
    "block-nesting-1200-deep": (
        {L1: "".join(f"{' ' * n}k:\n" for n in range(1200))},
        [f"{L1}:1000:1001: invalid YAML: exceeded maximum nesting depth"],
    ),
    "over-1-mb": (
        {L1: LESSON + "# " + "x" * 1_100_000 + "\n"},
        [f"{L1}:1:1: file is 1,100,"],
    ),
    "alias-chain-bomb": (
        {L1: alias_chain()},
        [f"{L1}:1:13: the file expands to more than 200,000 values"],
    ),
    "key-is-a-list": (
        {L1: LESSON.replace("title: Basics", "[a, b]: Basics\ntitle: Basics")},
        [f"{L1}:4:1: a mapping key must be a plain word"],
    ),
    "two-documents": (
        {L1: LESSON + "---\nid: other\n"},
        [f"{L1}:25:1: invalid YAML: but found another document"],
    ),
    "merge-key": (
        {L1: "base: &b {x: 1}\n" + LESSON.replace("title: Basics", "title: Basics\n<<: *b")},
        [f"{L1}:6:1: merge keys ('<<') are not supported in course files"],
    ),
    "python-object-tag": (
        {
            L1: LESSON.replace(
                "title: Basics",
                f"title: !!python/object/apply:os.system ['touch {PWNED}']",
            )
        },
        [f"{L1}:4:8: `title` should be text, not a list"],
    ),
    "not-a-mapping": ({L1: "~\n"}, [f"{L1}:1:1: a lesson file must be a mapping of keys"]),
    "unclosed-quote": (
        {L1: LESSON.replace("title: Basics", 'title: "Basics')},
        [f"{L1}:4:8: invalid YAML: the double quote opened here is not closed on its line"],
    ),
    "file-is-a-directory": ({L1: "<dir>"}, [f"{L1}:1:1: cannot read the file"]),
    "python-exercise-without-entry": (
        {EX: EXERCISE.replace("kind: json", "kind: python")},
        [f"{EX}:2:1: missing required key `entry`"],
    ),
    "unknown-participant": (
        {L1: LESSON.replace("    blocks:\n", "    blocks:\n" + SEQUENCE)},
        [f"{L1}:16:31: 'db' is not a participant of this diagram"],
    ),
    "choice-without-correct-choice": (
        {EX: CHOICE},
        [f"{EX}:10:3: no choice is marked correct"],
    ),
    "lesson-is-its-own-prerequisite": (
        {L1: LESSON.replace("prerequisites: []", "prerequisites: [basics]")},
        [f"{L1}:7:17: lesson 'basics' lists itself as a prerequisite"],
    ),
    "prerequisite-circle": (
        {
            L1: LESSON.replace("prerequisites: []", "prerequisites: [second]"),
            L2: SECOND.replace("prerequisites: []", "prerequisites: [basics]"),
        },
        [
            f"{L1}:7:17: the prerequisites go round in a circle (basics -> second -> basics)",
            f"{L2}:7:17: the prerequisites go round in a circle (second -> basics -> second)",
        ],
    ),
    "exercise-id-of-the-wrong-type": (
        {EX: EXERCISE.replace("id: first", "id: 123")},
        [
            f"{EX}:2:5: `id` should be text, not a whole number",
            f"{L1}:24:13: exercise 'first' is listed here but no file",
        ],
    ),
    # odd but right: these load
    "byte-order-mark": ({L1: "\ufeff" + LESSON}, []),
    "crlf-line-endings": (
        {L1: LESSON.replace("\n", "\r\n"), EX: EXERCISE.replace("\n", "\r\n")},
        [],
    ),
    "duplicate-key": (
        {L1: LESSON.replace("title: Basics", "title: Basics\ntitle: Basics again")},
        [f"{L1}:5:1: duplicate key 'title': the later value wins"],
    ),
}
#: the variants whose file still loads (the rest leave their lesson or exercise out)
LOADS = {
    "byte-order-mark",
    "crlf-line-endings",
    "duplicate-key",
    "unknown-participant",
    "choice-without-correct-choice",
    "lesson-is-its-own-prerequisite",
    "prerequisite-circle",
}


def write_variant(root: Path, name: str) -> Path:
    files, _ = VARIANTS[name]
    course = COURSE.replace("lessons: [basics]", "lessons: [basics, second]")
    write_course(root, course_yaml=course, **{"lessons__02-second.yaml": SECOND})
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if content == "<dir>":
            path.unlink()
            path.mkdir()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8", "surrogatepass"))
    return root


def found(course, root: Path) -> list[str]:
    return [
        f"{p.path.relative_to(root).as_posix()}:{p.line}:{p.column}: {p.message}"
        for p in course.problems
    ]


def test_twenty_kinds_of_malformed_files_at_least():
    broken = [name for name in VARIANTS if name not in ("byte-order-mark", "crlf-line-endings")]
    assert len(broken) >= 20


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_malformed_file_is_reported_where_it_is_and_the_rest_loads(tmp_path, name):
    root = write_variant(tmp_path / "course", name)
    started = time.monotonic()
    course = load_course(root, use_cache=False)
    assert time.monotonic() - started < 10  # an alias bomb is refused, not expanded
    problems = found(course, root)
    expected = VARIANTS[name][1]
    assert len(problems) >= len(expected), problems
    for want in expected:
        assert any(p.startswith(want) for p in problems), (want, problems)
    assert all(p.split(":")[1].isdigit() and p.split(":")[2].isdigit() for p in problems)
    # the rest of the course
    assert course.lesson("second") is not None
    files = VARIANTS[name][0]
    if name in LOADS:
        assert course.lesson("basics") is not None
        assert course.exercise("first") is not None
        assert course.broken == []
    else:
        assert [b.path.relative_to(root).as_posix() for b in course.broken] == list(files)
        if L1 in files:
            assert course.exercise("first") is not None  # its lesson's file is the problem
        else:
            assert course.lesson("basics") is not None
    # a cached load sees the same (the bomb is left out: it costs a second each time)
    if name != "alias-chain-bomb":
        assert found(load_course(root), root) == problems
    assert not PWNED.exists(), "a tag in a course file ran code"


#: the variants the fast run opens in the TUI (a broken lesson, a broken exercise, files
#: that load with a problem, one that loads clean); `-m slow` opens every one. A broken
#: lesson or exercise is shown as broken, and its details give file:line:col.
FAST_TUI = (
    "binary-garbage",
    "python-exercise-without-entry",
    "lesson-is-its-own-prerequisite",
    "crlf-line-endings",
)
#: the rest, with `-m slow` (a share of them in CI: `slow_share`)
SLOW_TUI = [n for n in VARIANTS if n not in FAST_TUI]


@pytest.mark.parametrize(
    "name",
    [*FAST_TUI, *(pytest.param(n, marks=pytest.mark.slow) for n in sample(SLOW_TUI))],
)
async def test_the_tui_opens_on_a_malformed_course(tmp_path, name):
    """The map shows; what loaded opens; a broken item is shown as broken."""
    from tooltutor.tui.app import TutorApp

    root = write_variant(tmp_path / "course", name)
    course = load_course(root, use_cache=False)
    with open_store(tmp_path / "progress.db") as store:
        app = TutorApp(course, store, unicode=True, cursor_blink=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "Basics" in text or "basics" in text, text
            if course.broken:
                # the broken item is in the map, marked; highlighted, it says where to look
                assert "not available" in text, text
                tree = app.screen.query_one("#lesson-tree")
                node = next(n for n in walk(tree.root) if n.data and n.data.kind in BROKEN)
                tree.move_cursor(node)
                await pilot.pause()
                details = str(app.screen.query_one("#lesson-details").render())
                for want in VARIANTS[name][1]:
                    rel, line, column = want.split(":")[:3]
                    assert f"{root / rel}:{line}:{column}" in details, (want, details)
            if course.exercise("first") is not None:
                app.open_exercise("first")
                await pilot.pause()
                assert app.screen.exercise.id == "first"
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("q")
            await pilot.pause()


BROKEN = ("missing", "broken-lesson")


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
