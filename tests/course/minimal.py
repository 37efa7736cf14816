"""A tiny valid course, written file by file, that tests break one piece at a time."""

from __future__ import annotations

from pathlib import Path

COURSE = """\
# yaml-language-server: $schema=../tooltutor/course/schemas/course.schema.json
id: tiny
title: A tiny course
format_version: 1
model: model-x
languages: [en]
lessons: [basics]
"""

LESSON = """\
# yaml-language-server: $schema=../tooltutor/course/schemas/lesson.schema.json
id: basics
number: 1
title: Basics
summary: The smallest lesson that loads.
objectives: [Know the basics.]
prerequisites: []
sections:
  - id: only
    title: The only section
    blocks:
      - markdown: |
          One idea, with a source.[^S1]
          A second line.
      - check:
          id: q1
          prompt: Is this a test?
          choices:
            - {text: "Yes", correct: true, feedback: It is.}
            - {text: "No", correct: false, feedback: It is not.}
sources:
  - {id: S1, title: A source, url: "https://example.com/a"}
recap: [That was it.]
exercises: [first]
"""

EXERCISE = """\
# yaml-language-server: $schema=../../tooltutor/course/schemas/exercise.schema.json
id: first
lesson: basics
level: 1
title: The first exercise
kind: json
prompt: Write an empty list.
starter: ""
criteria:
  - {check: equals, label: The answer is an empty list, params: {key: []}}
hints: [Two brackets., "Like this: []"]
solution: "[]"
explanation: An empty list.
wrong_answers:
  - {answer: "{}", fails: [equals]}
  - {answer: "[1]", fails: [equals]}
  - {answer: "null", fails: [equals]}
"""

FILES = {
    "course.yaml": COURSE,
    "lessons/01-basics.yaml": LESSON,
    "exercises/basics/01-first.yaml": EXERCISE,
}


def write_course(root: Path, **replace: str | bytes | None) -> Path:
    """Write the tiny course under `root`; `replace` maps a file name to new content.

    Keyword names are the file paths with `/`, `-` and `.` as `_` (e.g.
    `lessons_01_basics_yaml`); a value of None leaves that file out.
    """
    for name, text in FILES.items():
        key = name.replace("/", "_").replace("-", "_").replace(".", "_")
        content = replace.pop(key, text)
        if content is None:
            continue
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    for name, content in replace.items():  # extra files: name uses '__' for '/'
        path = root / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root


#: a Python exercise with support code: running it runs the course's own code
PYTHON_EXERCISE = """\
# yaml-language-server: $schema=../../tooltutor/course/schemas/exercise.schema.json
id: second
lesson: basics
level: 1
title: Double a number
kind: python
prompt: Return the support's number, doubled.
entry: double
call: {value: "$support.NUMBER"}
script:
  - {stop_reason: end_turn, content: [{type: text, text: unused}]}
starter: |
  def double(value):
      return value
criteria:
  - {check: returned-equals, label: Returns twice the number, params: {key: 42}}
hints: [Multiply it., "Times two."]
solution: |
  def double(value):
      return value * 2
explanation: Twice 21 is 42.
support: |
  NUMBER = 21
wrong_answers:
  - {answer: "def double(value):\\n    return value + 1\\n", fails: [returned-equals]}
  - {answer: "def double(value):\\n    return value\\n", fails: [returned-equals]}
  - {answer: "def double(value):\\n    return 0\\n", fails: [returned-equals]}
"""


def write_python_pack(root: Path) -> Path:
    """The tiny course plus a Python exercise whose `support` code is the course's own."""
    lesson = LESSON.replace("exercises: [first]", "exercises: [first, second]")
    return write_course(
        root,
        lessons_01_basics_yaml=lesson,
        **{"exercises__basics__02-second.yaml": PYTHON_EXERCISE},
    )
