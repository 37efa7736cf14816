"""The loader reports every problem of a course at file:line:col, and keeps the rest."""

from __future__ import annotations

import pytest
from minimal import EXERCISE, LESSON, write_course

from tooltutor.course import FORMAT_VERSION, load_course


def problems(root):
    course = load_course(root)
    return [
        f"{p.path.relative_to(root).as_posix()}:{p.line}:{p.column}: {p.message}"
        for p in course.problems
    ]


def test_minimal_course_loads_clean(tmp_path):
    course = load_course(write_course(tmp_path))
    assert course.problems == []
    assert [lesson.id for lesson in course.lessons] == ["basics"]
    assert [ex.id for ex in course.lessons[0].exercise_items] == ["first"]
    assert course.lessons[0].checks[0]["id"] == "q1"


def test_bundled_course_loads_with_zero_problems():
    course = load_course(None)
    assert [str(p) for p in course.problems] == []
    assert course.lessons, "the bundled course has lessons"


MALFORMED = {
    "yaml-syntax": (
        {"lessons_01_basics_yaml": "id: basics\nnumber: [1\ntitle: x\n"},
        [
            "lessons/01-basics.yaml:3:6: invalid YAML: the '[' at line 2, column 9 is not "
            "closed before this: close it with ']', or quote a value that holds ',', '[' or "
            "']' (did not find expected ',' or ']' while parsing a flow sequence)"
        ],
    ),
    "tab-indentation": (
        {"lessons_01_basics_yaml": LESSON.replace("      - markdown: |", "\t- markdown: |")},
        [
            "lessons/01-basics.yaml:12:1: invalid YAML: a tab character here: "
            "YAML indents with spaces only"
        ],
    ),
    "wrong-type": (
        {"lessons_01_basics_yaml": LESSON.replace("number: 1", "number: one")},
        ["lessons/01-basics.yaml:3:9: `number` should be a whole number, not text ('one')"],
    ),
    "missing-required-field": (
        {"exercises_basics_01_first_yaml": EXERCISE.replace("title: The first exercise\n", "")},
        ["exercises/basics/01-first.yaml:2:1: missing required key `title`"],
    ),
    "unknown-key": (
        {"exercises_basics_01_first_yaml": EXERCISE.replace("hints:", "hint: [x]\nhints:")},
        ["exercises/basics/01-first.yaml:11:1: unknown key `hint` (did you mean `hints`?)"],
    ),
    "duplicate-exercise-id": (
        {"exercises__basics__02_again.yaml": EXERCISE},
        [
            "exercises/basics/02_again.yaml:2:5: duplicate exercise id 'first': "
            "{root}/exercises/basics/01-first.yaml has it too"
        ],
    ),
    "dangling-exercise-reference": (
        {
            "lessons_01_basics_yaml": LESSON.replace(
                "exercises: [first]", "exercises: [first, secnd]"
            )
        },
        [
            "lessons/01-basics.yaml:24:20: exercise 'secnd' is listed here but no file in "
            "exercises/basics/ has that id"
        ],
    ),
    "exercise-names-unknown-lesson": (
        {
            "exercises_basics_01_first_yaml": EXERCISE.replace("lesson: basics", "lesson: basic"),
        },
        [
            "exercises/basics/01-first.yaml:3:9: this exercise belongs to lesson 'basic' but "
            "sits in the folder exercises/basics/: move it to exercises/basic/",
            "exercises/basics/01-first.yaml:3:9: lesson 'basic' does not exist "
            "(did you mean 'basics'?)",
        ],
    ),
    "dangling-footnote": (
        {"lessons_01_basics_yaml": LESSON.replace("A second line.", "A second [^S3] line.")},
        [
            "lessons/01-basics.yaml:14:20: footnote [^S3] names no source: add "
            "{id: S3, title, url} to this lesson's sources"
        ],
    ),
    "non-utf8-bytes": (
        {"lessons_01_basics_yaml": LESSON.encode().replace(b"Basics", b"Basi\xe7s", 1)},
        [
            "lessons/01-basics.yaml:4:12: not UTF-8 text: byte 0xe7 cannot be decoded "
            "(save the file as UTF-8)"
        ],
    ),
    "empty-file": (
        {"exercises_basics_01_first_yaml": ""},
        [
            "exercises/basics/01-first.yaml:1:1: the file is empty: it holds no YAML document",
        ],
    ),
    "newer-format-version": (
        {"course_yaml": None, "course.yaml": "id: tiny\nformat_version: 99\n"},
        [
            f"course.yaml:2:17: this course is written in format_version 99, but this "
            f"tooltutor reads format_version {FORMAT_VERSION} at most: update tooltutor "
            "(python3 -m pip install --upgrade tooltutor) to take this course"
        ],
    ),
    "yaml-alias-bomb": (
        {
            "lessons_01_basics_yaml": "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
            + "".join(
                f"{n}: &{n} [{', '.join(['*' + p] * 10)}]\n" for p, n in zip("abcdef", "bcdefg")
            )
        },
        [
            "lessons/01-basics.yaml:1:32: the file expands to more than 200,000 values: YAML "
            "aliases that repeat each other (an 'alias bomb') are refused"
        ],
    ),
    "empty-hint": (
        {
            "exercises_basics_01_first_yaml": EXERCISE.replace(
                "hints: [Two brackets.,", 'hints: ["  ",'
            )
        },
        ["exercises/basics/01-first.yaml:11:9: `hints` is '  ': it must not be empty"],
    ),
    "block-with-two-kinds": (
        {
            "lessons_01_basics_yaml": LESSON.replace(
                "      - markdown: |", "      - code: {lang: text, text: x}\n        markdown: |"
            )
        },
        [
            "lessons/01-basics.yaml:12:9: a block holds exactly one of `markdown`, `code`, "
            "`sequence`, `check`, `try`"
        ],
    ),
    "lesson-not-in-course": (
        {
            "lessons__02_extra.yaml": LESSON.replace("id: basics", "id: extra").replace(
                "exercises: [first]", "exercises: []"
            )
        },
        [
            "lessons/02_extra.yaml:2:5: lesson 'extra' is not listed in course.yaml's "
            "`lessons`, so learners never see it"
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_course_reports_exact_place(tmp_path, name):
    replace, expected = MALFORMED[name]
    replace = dict(replace)
    extra = {k: v for k, v in replace.items() if "." in k}  # literal file names
    for key in extra:
        replace.pop(key)
        replace[key.replace("/", "__")] = extra[key]
    write_course(tmp_path, **replace)
    assert problems(tmp_path) == [e.replace("{root}", str(tmp_path)) for e in expected]


def test_broken_lesson_leaves_rest_of_course_loading(tmp_path):
    extra = LESSON.replace("id: basics", "id: second").replace("number: 1", "number: 2")
    extra = extra.replace("exercises: [first]", "exercises: []")
    course_text = (
        "id: tiny\ntitle: T\nformat_version: 1\nmodel: m\nlanguages: [en]\n"
        "lessons: [basics, second]\n"
    )
    write_course(
        tmp_path,
        course_yaml=course_text,
        lessons_01_basics_yaml=LESSON.replace("title: Basics", "title: [broken"),
        **{"lessons__02_second.yaml": extra},
    )
    course = load_course(tmp_path)
    assert [lesson.id for lesson in course.lessons] == ["second"]
    assert [b.id for b in course.broken] == ["basics"]
    assert course.broken[0].problems, "the broken item carries its problems for the UI"
    assert course.exercise("first") is not None, "an exercise of a broken lesson still loads"


def test_all_problems_across_files_in_one_pass(tmp_path):
    write_course(
        tmp_path,
        lessons_01_basics_yaml=LESSON.replace("number: 1", "number: x").replace(
            "summary: The smallest lesson that loads.", "summary: ''"
        ),
        exercises_basics_01_first_yaml=EXERCISE.replace("kind: json", "kind: jsn"),
    )
    found = problems(tmp_path)
    assert any("`kind` is 'jsn'" in p for p in found)
    assert any("`number` should be a whole number" in p for p in found)
    assert any("`summary` must not be empty" in p for p in found)


def test_missing_course_directory_is_a_problem_not_a_crash(tmp_path):
    course = load_course(tmp_path / "nowhere")
    assert [p.message for p in course.problems] == ["no such course directory"]
