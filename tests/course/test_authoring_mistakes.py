"""An instructor's mistakes, each made on a copy of the calendar course, and what
`validate` (or `new`, `check`) says: every mistake at its place, with what to do.

The issue's 23 mistakes are here, and families of each (a check that raises, returns
nothing, or is declared wrong; a module that cannot import for any reason; YAML broken in
several ways; a reference into `given` that names nothing...).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tooltutor.course import load_course
from tooltutor.marking import course_checks
from tooltutor.selftest import check_exercise, self_test
from tooltutor.trust import ensure_trusted

COURSE_DIR = Path(__file__).parent / "calendar_course"
PROPOSE = "exercises/first-steps/01-propose-slot.yaml"
BOOK = "exercises/booking/01-book-meeting.yaml"
L1, L2 = "lessons/01-first-steps.yaml", "lessons/02-booking.yaml"
CHECK = "checks/calendar.py"


@pytest.fixture
def pack(tmp_path) -> Path:
    root = tmp_path / "calendar"
    shutil.copytree(COURSE_DIR, root)
    return root


def edit(root: Path, name: str, old: str, new: str, count: int = 1) -> int:
    """Replace `old` in a course file; the 1-based line where the change starts."""
    path = root / name
    text = path.read_text()
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, count))
    return text[: text.index(old)].count("\n") + 1


def line_of(root: Path, name: str, needle: str) -> int:
    lines = (root / name).read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


def problems(root: Path, **kw) -> list[str]:
    return [str(p) for p in load_course(root, use_cache=False, **kw).problems]


def trusted(root: Path, **kw):
    """The course at `root`, its code trusted as `--trust` would (a copy is not the bundled
    course: marking refuses to run its checks otherwise)."""
    course = load_course(root, **kw)
    ensure_trusted(course, assume=True)
    return course


def exercise_problems(root: Path, exercise_id: str) -> list:
    course = trusted(root, use_cache=False)
    return check_exercise(course.exercise(exercise_id), course.model, course_checks(course))


def one(found: list[str], *words: str) -> str:
    hits = [p for p in found if all(w in p for w in words)]
    assert hits, f"nothing says {words}:\n" + "\n".join(found)
    return hits[0]


def tooltutor(*args, home: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("TOOLTUTOR_")}
    base["TOOLTUTOR_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "tooltutor", *map(str, args)],
        capture_output=True,
        text=True,
        env={**base, **(env or {})},
        timeout=300,
    )


# -- a bug in a course's own check is the author's, shown to the author -------------------


def test_a_check_that_raises_is_shown_at_its_own_line_with_the_traceback(pack):
    line = edit(
        pack, CHECK, "    event = ctx.value\n", '    event = ctx.value\n    params["when"]\n'
    )
    found = exercise_problems(pack, "propose-slot")
    fault = next(p for p in found if p.path.name == "calendar.py")
    assert (fault.line, fault.column) == (line + 1, 1)
    assert "check 'fits-free-slot' raised KeyError: 'when'" in fault.message
    assert "a bug of the check, not of the answer" in fault.message
    assert any('params["when"]' in d for d in fault.details), fault.details
    solution = next(p for p in found if "reference solution does not pass" in p.message)
    assert any("calendar.py" in d and "raised KeyError" in d for d in solution.details)
    assert sum(p.path.name == "calendar.py" for p in found) == 1, "one fault, reported once"


def test_a_check_that_returns_no_outcome_is_named(pack):
    edit(pack, CHECK, "    return Outcome(True)\n", "    return True\n")
    found = exercise_problems(pack, "propose-slot")
    fault = one([str(p) for p in found], "calendar.py", "returned bool True, not an Outcome")
    assert "return Outcome(True)" in fault


def test_check_debug_shows_the_checks_error_to_the_author(pack, tmp_path):
    line = edit(
        pack, CHECK, "    event = ctx.value\n", '    event = ctx.value\n    params["when"]\n'
    )
    answer = tmp_path / "answer.json"
    answer.write_text('{"title": "x"}')
    args = ["--trust", "--course", pack, "check", "propose-slot", answer, "--no-record"]
    plain = tooltutor(*args, home=tmp_path / "home")
    assert "KeyError" not in plain.stdout + plain.stderr
    for extra, env in ((["--debug"], None), ([], {"TOOLTUTOR_DEBUG": "1"})):
        shown = tooltutor(*args, *extra, home=tmp_path / "home", env=env)
        assert f"calendar.py:{line + 1}: check 'fits-free-slot' raised KeyError: 'when'" in (
            shown.stderr
        ), shown.stderr
        assert "Traceback" in shown.stderr and 'params["when"]' in shown.stderr


# -- validate says why ---------------------------------------------------------------------


def test_a_failing_json_solution_shows_the_messages_and_the_place_in_the_yaml(pack):
    line = edit(pack, PROPOSE, '    "end": "2026-03-02T11:30",', '    "end": "2026-03-02T11:45",')
    found = exercise_problems(pack, "propose-slot")
    solution = next(p for p in found if "reference solution does not pass" in p.message)
    assert "1 of 3 criteria fail" in solution.message
    details = "\n".join(solution.details)
    assert "The meeting lasts 45 minutes; it should last 30 minutes." in details
    assert f"01-propose-slot.yaml:{line}:12: error fits-free-slot: check the end time" in details


def test_a_failing_python_solution_shows_the_apis_400_and_the_request(pack):
    edit(
        pack,
        BOOK,
        '      while response.stop_reason == "tool_use":\n',
        '      while response.stop_reason == "tool_use":\n          tools = None\n',
    )
    found = exercise_problems(pack, "book-meeting")
    solution = next(p for p in found if "reference solution does not pass" in p.message)
    details = "\n".join(solution.details)
    assert "request 2" in details and "400" in details, details


def test_a_wrong_answer_that_passes_says_what_it_should_fail(pack):
    edit(
        pack,
        PROPOSE,
        '"start": "2026-03-02T14:00", "end": "2026-03-02T14:30"',
        '"start": "2026-03-02T11:00", "end": "2026-03-02T11:30"',
    )
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    one(found, "known-wrong answer passes every criterion", "should fail earliest")


HOUR = (
    "    fails: [EXPECT]\n    answer: |\n"
    '      {"title": "Sync", "start": "2026-03-02T11:00", "end": "2026-03-02T12:00"'
)


def test_a_wrong_answer_failing_otherwise_shows_what_it_fails(pack):
    edit(
        pack,
        PROPOSE,
        HOUR.replace("EXPECT", "fits-free-slot"),
        HOUR.replace("EXPECT", "earliest"),
    )
    found = exercise_problems(pack, "propose-slot")
    wrong = next(p for p in found if "should fail 'earliest' but does not" in p.message)
    assert "it fails: fits-free-slot" in wrong.message
    assert any("The meeting lasts 60 minutes" in d for d in wrong.details)


def test_check_solution_marks_the_reference_solution(pack, tmp_path):
    done = tooltutor(
        "--trust", "--course", pack, "check", "--solution", "propose-slot", home=tmp_path
    )
    assert done.returncode == 0 and "PASS: all 3 criteria met." in done.stdout
    edit(pack, PROPOSE, '    "end": "2026-03-02T11:30",', '    "end": "2026-03-02T11:45",')
    done = tooltutor(
        "--trust", "--course", pack, "check", "--solution", "propose-slot", home=tmp_path
    )
    assert done.returncode == 1
    assert "The meeting lasts 45 minutes" in done.stdout
    assert "01-propose-slot.yaml:" in done.stdout and "check the end time" in done.stdout


# -- marking declared in the exercise --------------------------------------------------------


def test_a_wrong_param_type_names_the_parameter_in_words(pack):
    line = edit(pack, PROPOSE, "      minutes: 30\n", "      minutes: thirty\n")
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    text = one(found, f"01-propose-slot.yaml:{line}:16")
    assert "check 'fits-free-slot': parameter `minutes` should be a whole number, not text" in text
    assert "(minutes: how long the meeting lasts, in minutes)" in text


def test_params_families_missing_unknown_and_out_of_range(pack):
    edit(pack, PROPOSE, "      minutes: 30\n", "      minute: 3\n")
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    one(found, "takes no parameter 'minute' (did you mean 'minutes'?)")
    one(found, "needs the parameter 'minutes'", "add it to `params`")


def test_an_unknown_id_in_fails_gets_a_did_you_mean(pack):
    line = edit(
        pack,
        PROPOSE,
        "    fails: [fits-free-slot, earliest]",
        "    fails: [fits-free-slot, earlist]",
    )
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    text = one(found, f"01-propose-slot.yaml:{line}:", "'earlist' is neither")
    assert "did you mean 'earliest'?" in text


def test_a_given_reference_that_names_nothing_is_reported_not_a_crash(pack):
    line = edit(pack, PROPOSE, "      free: $given/free\n", "      free: $given/fre\n")
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    text = one(found, f"01-propose-slot.yaml:{line}:", "'$given/fre' names nothing in `given`")
    assert "did you mean '$given/free'?" in text


def test_an_unknown_check_and_a_check_of_another_kind(pack):
    edit(pack, PROPOSE, "  - check: fits-free-slot\n", "  - check: fits-free-slots\n")
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    one(found, "unknown check 'fits-free-slots'", "did you mean 'fits-free-slot'?")
    edit(pack, BOOK, "  - check: tools-resent\n", "  - check: roles\n")
    found = [str(p) for p in exercise_problems(pack, "book-meeting")]
    one(found, "check 'roles' marks json exercises, not python ones")


def test_a_scenario_the_script_lacks_says_to_add_it(pack):
    edit(pack, BOOK, "params: {reasons: [max_tokens]}", "params: {reasons: [refusal]}")
    course = trusted(pack)
    from tooltutor.marking import mark_answer

    exercise = course.exercise("book-meeting")
    verdict = mark_answer(course, exercise, exercise.solution)
    stop = next(c for c in verdict.criteria if c.id == "stop-reasons")
    assert "No scenario of this exercise has a reply that stops for `refusal`" in stop.message
    assert "add one to the script" in stop.message


# -- the course's checks/ folder ---------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, where, words",
    [
        ("def _time(value):", "def _time(value)", "def _time", ["SyntaxError"]),
        (
            "from datetime import datetime",
            "from datetime import datetime\nimport dateutil",
            "import dateutil",
            ["ModuleNotFoundError", "'dateutil' is not installed", "standard library"],
        ),
        (
            "from datetime import datetime",
            "from datetime import datetime\nfrom ._slots import SLOTS",
            "from ._slots",
            ["no checks/_slots.py beside this file"],
        ),
        (
            "from checker.checks import JsonContext, Outcome, check, diag, quote, tr, trn",
            "from checker.checks import JsonContext, Outcome, check, diag, quote, tr, trn, qoute",
            "from checker.checks",
            ["cannot import name 'qoute'", "did you mean 'quote'?"],
        ),
        (
            '    "fits-free-slot",\n',
            '    "Fits free slot",\n',
            "@check(",
            ["is not an id"],
        ),
        (
            '    kinds=("json",),\n',
            '    kinds=("jsn",),\n',
            "@check(",
            ["each kind is one of"],
        ),
    ],
    ids=[
        "syntax",
        "missing-package",
        "missing-sibling",
        "misspelt-api-name",
        "bad-name",
        "bad-kind",
    ],
)
def test_a_checks_module_that_cannot_load_is_reported_at_its_line(pack, old, new, where, words):
    edit(pack, CHECK, old, new)
    found = self_test(trusted(pack))
    assert len(found) == 1, found
    problem = found[0]
    assert problem.path.name == "calendar.py", str(problem)
    assert problem.line == line_of(pack, CHECK, where), str(problem)
    for word in words:
        assert word in problem.message, problem.message


def test_a_params_schema_that_is_no_schema_and_a_check_hiding_an_engine_one(pack):
    line = edit(
        pack, CHECK, '                "minimum": 5,\n', '                "minimum": "five",\n'
    )
    (pack / "checks/extra.py").write_text(
        "from checker.checks import Outcome, check\n\n\n"
        '@check("roles")\ndef roles(ctx, params):\n    """Mine."""\n    return Outcome(True)\n'
    )
    found = [str(p) for p in self_test(trusted(pack))]
    one(found, "calendar.py:", "its params= is not a valid JSON Schema", "minimum")
    one(found, "extra.py:4:1", "takes the place of the engine's check")
    assert line


# -- course files ----------------------------------------------------------------------------


def test_a_yaml_error_in_one_lesson_does_not_cascade_into_another(pack):
    line = edit(pack, L1, "  - Write the input of a call", " - Write the input of a call")
    found = problems(pack)
    text = one(found, f"01-first-steps.yaml:{line}:")
    assert "indented less than the item above it" in text or "line it up" in text, text
    assert not [p for p in found if "02-booking.yaml" in p], found


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("summary: What a calendar", "summary: Note: what a calendar", ["put the value in quotes"]),
        (
            'title: "The tools of a calendar assistant"',
            'title: "The tools of a calendar',
            ["double quote opened here is not closed on its line"],
        ),
        ("objectives:\n  - Name", "objectives:\n  -Name", ["write a space after '-'"]),
        (
            "exercises: [propose-slot, pick-tools]",
            "exercises: [propose-slot, pick-tools",
            ["is not closed"],
        ),
        (
            "      - markdown: |\n          A calendar",
            "      - markdown: |\n          A calendar\n        assistant",
            ["indent it under that text"],
        ),
    ],
    ids=[
        "colon-in-value",
        "unclosed-quote",
        "dash-without-space",
        "unclosed-bracket",
        "block-dedent",
    ],
)
def test_yaml_mistakes_say_what_to_do(pack, old, new, words):
    line = edit(pack, L1, old, new)
    found = [p for p in problems(pack) if "01-first-steps.yaml" in p]
    if "opened here" in words[0]:
        assert f"01-first-steps.yaml:{line}:8:" in found[0], found
    assert found, "the mistake is reported"
    for word in words:
        assert word in found[0], found[0]


def test_lesson_numbers_taken_twice_or_out_of_step(pack):
    line = edit(pack, L2, "number: 2", "number: 1")
    text = one(problems(pack), f"02-booking.yaml:{line}:9")
    assert "is number 1, as is lesson 'first-steps'" in text and "its own number" in text
    edit(pack, L2, "number: 1", "number: 3")
    text = one(problems(pack), f"02-booking.yaml:{line}:9")
    assert "is number 3, but it comes after lesson 'first-steps' (number 1)" in text
    assert "number it 2" in text


def test_a_comma_in_a_flow_mapping_value_says_to_quote_it(pack):
    edit(
        pack,
        "exercises/first-steps/02-pick-tools.yaml",
        '"The two tools the task needs, and no other"',
        "The two tools the task needs, and no other",
    )
    text = one(problems(pack), "02-pick-tools.yaml:", "unknown key `and no other`")
    assert "put the value in quotes" in text


def test_a_key_of_another_exercise_kind_is_flagged(pack):
    line = edit(pack, PROPOSE, "api: none\n", "api: none\nentry: book\n")
    text = one(problems(pack), f"01-propose-slot.yaml:{line + 1}:1", "`entry`")
    assert "only python exercises read this key" in text and "kind: json" in text


# -- translations ------------------------------------------------------------------------------


def test_a_typo_in_a_source_criterion_id_is_not_copied_into_the_translation(pack):
    edit(pack, PROPOSE, "    id: earliest\n", "    id: earlist\n")
    found = problems(pack, audit_translations=True)
    text = one(found, "pt-BR/01-propose-slot.yaml", "no criterion 'earliest'")
    assert "did you mean 'earlist'?" in text
    assert "if 'earlist' is the misspelt one, fix it in the source instead" in text


def test_the_checks_catalog_is_counted_and_strict_fails_on_a_gap(pack, tmp_path):
    po = pack / "checks/locales/pt-BR.po"
    po.write_text(po.read_text().replace('msgstr "este horário está ocupado"', 'msgstr ""'))
    done = tooltutor("--trust", "validate", pack, "--lang", "pt-BR", "--strict", home=tmp_path)
    assert done.returncode == 1
    assert "7 of 8 messages of the course's checks; 1 partly translated" in done.stdout
    line = line_of(pack, "checks/locales/pt-BR.po", 'msgid "this time is taken"')
    assert f"pt-BR.po:{line}:1: a message of the course's checks is not translated into pt-BR" in (
        done.stdout
    )
    assert "--strict: warnings fail" in done.stderr


def test_a_new_message_in_a_check_is_added_by_new_translation(pack, tmp_path):
    edit(pack, CHECK, 'tr("this time is taken")', 'tr("this hour is taken")')
    found = [str(p) for p in load_course(pack, use_cache=False, audit_translations=True).problems]
    from tooltutor.course.translation.check_messages import check_message_problems

    said = [str(p) for p in check_message_problems(load_course(pack, audit_translations=True))]
    one(said, "calendar.py:", "'this hour is taken' is not in", "tooltutor new translation pt-BR")
    one(said, "pt-BR.po:", "no longer say 'this time is taken'")
    done = tooltutor("new", "translation", "pt-BR", "--dir", pack, home=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (pack / "checks/locales/pt-BR.po").read_text()
    assert 'msgid "this hour is taken"\nmsgstr ""' in text
    assert "este horário está ocupado" not in text, "what the checks no longer say is dropped"
    assert 'msgstr "não é uma data e hora"' in text, "translations are kept"
    assert found is not None


# -- the command line ---------------------------------------------------------------------------


def test_help_lists_global_options_kinds_and_title(tmp_path):
    validate = tooltutor("validate", "--help", home=tmp_path).stdout
    for word in (
        "--course DIR",
        "--trust",
        "--lang LANG",
        "--strict",
        "--verbose",
        "--write-schemas",
    ):
        assert word in validate, word
    exercise = tooltutor("new", "exercise", "--help", home=tmp_path).stdout
    assert "json, python, choice" in exercise and "--title" in exercise


def test_plurals_and_stamp_and_a_python_scaffold_that_shows_the_loop(tmp_path):
    root = tmp_path / "one"
    home = tmp_path / "home"
    assert tooltutor("new", "course", root, home=home).returncode == 0
    made = tooltutor(
        "new",
        "exercise",
        "python",
        "loop",
        "--lesson",
        "first-steps",
        "--dir",
        root,
        "--title",
        "My loop",
        home=home,
    )
    assert made.returncode == 0, made.stderr
    text = next(root.glob("exercises/first-steps/*-loop.yaml")).read_text()
    for word in ('title: "My loop"', "$client", "$run_tool", "type: tool_use", "variants:"):
        assert word in text, word
    done = tooltutor("--trust", "validate", root, home=home)
    assert "valid: 1 lesson, 2 exercises" in done.stdout, done.stdout + done.stderr
    stamped = tooltutor("stamp", "pt-BR", "--dir", root, home=home)
    assert "no translations into pt-BR" in stamped.stdout


# -- what a Python exercise declares for its runs --------------------------------------------


@pytest.mark.parametrize(
    "old, new, where, words",
    [
        (
            "entry: book\n",
            "entry: book\nsupport: |\n  def expected(**kw)\n      return 1\n",
            "  def expected(**kw)",
            ["support code cannot be read by Python: expected ':'"],
        ),
        (
            "      - {type: tool_use, id: toolu_01Fs4,",
            "      - {id: toolu_01Fs4,",
            "{id: toolu_01Fs4,",
            ["needs its `type`"],
        ),
        (
            "      - {type: tool_use, id: toolu_01Fs4, name: find_free_slots,",
            "      - {type: tool_use, name: find_free_slots,",
            "{type: tool_use, name: find_free_slots,",
            ["a tool_use block needs `id`"],
        ),
        (
            '  - call: {request: "Book an hour',
            '  - cal: {request: "Book an hour',
            "  - cal:",
            ["a variant takes no `cal` (did you mean `call`?"],
        ),
        ("  client: $client\n", "  client: $clinet\n", "$clinet", ["did you mean '$client'?"]),
        (
            "  client: $client\n",
            "  client: $support.make_client()\n",
            "$support.make_client()",
            ["there is no `support`"],
        ),
        (
            '  create_event: "booked evt_3381"\n',
            '  create_events: "booked evt_3381"\n',
            "        name: create_event",
            ["calls 'create_event', which `tool_results` has no result for", "create_events"],
        ),
    ],
    ids=[
        "support-syntax",
        "block-without-type",
        "call-without-id",
        "variant-key",
        "marker-typo",
        "support-missing",
        "tool-without-result",
    ],
)
def test_what_a_python_exercise_declares_is_checked_before_it_runs(pack, old, new, where, words):
    from tooltutor.selftest_python import python_problems

    edit(pack, BOOK, old, new)
    found = python_problems(load_course(pack).exercise("book-meeting"))
    assert found, "the mistake is reported"
    text = str(found[0])
    assert f"01-book-meeting.yaml:{line_of(pack, BOOK, where)}:" in text, text
    for word in words:
        assert word in text, text


def test_an_unknown_id_in_also_hides_is_named(pack):
    line = edit(
        pack,
        PROPOSE,
        "    label: It takes the earliest slot that fits\n",
        "    label: It takes the earliest slot that fits\n    also_hides: [fits-free-slt]\n",
    )
    found = [str(p) for p in exercise_problems(pack, "propose-slot")]
    text = one(found, f"01-propose-slot.yaml:{line + 1}:", "'fits-free-slt'", "hides nothing")
    assert "did you mean 'fits-free-slot'?" in text


@pytest.mark.parametrize(
    "after, words",
    [
        ("[earlist]", ["'earlist', which is no earlier criterion", "did you mean 'earliest'?"]),
        ("[json-schema]", ["'json-schema', which comes later", "move this criterion below it"]),
    ],
    ids=["misspelt", "a later one"],
)
def test_after_must_name_an_earlier_criterion(pack, after, words):
    line = edit(
        pack,
        PROPOSE,
        "    label: It takes the earliest slot that fits\n",
        "    label: It takes the earliest slot that fits\n"
        "  - check: equals\n"
        "    id: same-start\n"
        "    label: It starts at eleven\n"
        f"    after: {after}\n"
        '    params: {at: /start, key: "2026-03-02T11:00"}\n',
    )
    text = one(problems(pack), f"01-propose-slot.yaml:{line + 4}:")
    assert all(w in text for w in words), text
