"""Another course's checks run in a contained child of their own, yet its author and its
learners get what they get from checks run in tooltutor's process: a check's bug at its
file and line with its traceback, import problems at their line, the checks' catalogs,
and an `error` verdict (never a pass) for a learner whose answer met the bug."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checker.exercise import mark
from checker.i18n import use_language
from tooltutor import trust
from tooltutor.course import load_course
from tooltutor.marking import course_checks, mark_answer
from tooltutor.selftest import self_test

COURSE_DIR = Path(__file__).parent / "own_checks_course"
CHECK = "checks/weather.py"
FIRST_LINE = "    value = ctx.value\n"


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "trust-home"))


@pytest.fixture
def pack(tmp_path) -> Path:
    target = tmp_path / "pack"
    shutil.copytree(COURSE_DIR, target)
    return target


def trusted(folder: Path):
    course = load_course(folder, use_cache=False)
    trust.ensure_trusted(course, assume=True)
    return course


def break_check(pack: Path, code: str, after: str = FIRST_LINE) -> int:
    """Put `code` (indented lines) after `after` in the check; the line of its first line."""
    path = pack / CHECK
    text = path.read_text()
    assert after in text
    path.write_text(text.replace(after, after + code, 1))
    return text[: text.index(after)].count("\n") + 2


def forecast(pack: Path, answer: str = '{"city": "Lisboa"}'):
    course = trusted(pack)
    return mark_answer(course, course.exercise("forecast"), answer)


def test_a_check_that_raises_in_the_child_is_shown_at_the_courses_own_file(pack):
    line = break_check(pack, '    params["when"]\n')
    verdict = forecast(pack)
    assert verdict.status == "error" and not verdict.passed
    (criterion,) = verdict.criteria
    fault = criterion.fault
    assert fault is not None, "the fault came back from the child"
    assert fault.file == str((pack / CHECK).resolve()), "the author's path, not a snapshot's"
    assert fault.line == line
    assert fault.error == "raised KeyError: 'when'"
    assert 'params["when"]' in fault.traceback, "the course's line is shown"
    assert str((pack / CHECK).resolve()) in fault.traceback
    assert "/tooltutor-engine" not in fault.traceback, "engine paths as they are here"
    learner = " ".join(d.message for d in verdict.diagnostics) + criterion.message
    assert "names-city" in learner and "KeyError" not in learner


def test_validate_reports_the_childs_fault_once_at_its_line(pack):
    line = break_check(pack, "    1 / 0\n")
    found = [p for p in self_test(trusted(pack)) if p.path.name == "weather.py"]
    assert len(found) == 1, [str(p) for p in found]
    assert found[0].line == line
    assert "check 'names-city' raised ZeroDivisionError" in found[0].message
    assert any("1 / 0" in d for d in found[0].details), found[0].details


def test_an_exception_caught_by_safe_keeps_its_outcome_and_carries_the_fault(pack):
    path = pack / CHECK
    text = path.read_text()
    text = text.replace(
        "from checker.checks import JsonContext, Outcome, check, quote, tr",
        "from checker.checks import JsonContext, Outcome, check, quote, safe, tr",
    )
    text = text.replace("def names_city(", "@safe\ndef names_city(", 1)
    path.write_text(text)
    line = break_check(pack, '    value["nowhere"]\n')
    verdict = forecast(pack)
    (criterion,) = verdict.criteria
    assert not criterion.passed and "could not be checked" in criterion.message
    assert verdict.status != "error", "safe() turned it into a fail the learner can read"
    assert criterion.fault is not None and criterion.fault.line == line
    assert "KeyError" in criterion.fault.error


def test_a_check_that_exits_or_hangs_is_an_error_verdict(pack, monkeypatch):
    from checker import course_checks_host

    break_check(pack, "    import sys\n    sys.exit(3)\n")
    verdict = forecast(pack)
    assert verdict.status == "error"
    assert "SystemExit" in verdict.criteria[0].fault.error

    monkeypatch.setattr(course_checks_host, "CHECK_SECONDS", 2.0)
    other = pack.parent / "hangs"
    shutil.copytree(COURSE_DIR, other)
    break_check(other, "    while True:\n        pass\n")
    verdict = forecast(other)
    assert verdict.status == "error" and not verdict.passed
    fault = verdict.criteria[0].fault
    assert fault.file == str((other / CHECK).resolve()), "at the check, not in the engine"
    assert "stopped answering" in fault.error
    again = forecast(other, '{"city": "Porto"}')
    assert again.status == "error", "a new child, the same verdict"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("def broken(:\n    pass\n", "SyntaxError"),
        ("from ._nowhere import x\n", "there is no checks/_nowhere.py"),
        ('@check("Bad Name")\ndef f(ctx, params):\n    pass\n', "is not an id"),
    ],
)
def test_an_import_problem_in_the_child_is_at_the_course_files_line(pack, code, words):
    path = pack / "checks/extra.py"
    path.write_text("from checker.checks import check\n\n" + code)
    found = self_test(trusted(pack))
    assert len(found) == 1, [str(p) for p in found]
    assert found[0].path == path.resolve() and found[0].line == 3, str(found[0])
    assert words in found[0].message, found[0].message


@pytest.mark.parametrize(
    ("tag", "text"),
    [("es", "Escribe un objeto con una clave `city`."), ("pt-BR", "Escreva um objeto.")],
)
def test_the_checks_catalog_speaks_to_the_learner_from_the_child(pack, tag, text):
    locales = pack / "checks/locales"
    locales.mkdir()
    (locales / f"{tag}.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "Write an object with a `city` key."\nmsgstr "{text}"\n',
        encoding="utf-8",
    )
    course = trusted(pack)
    spec = course.exercise("forecast").spec()
    own = course_checks(course)
    with use_language(tag):
        said = mark(spec, '{"town": "Lisboa"}', checks=own).criteria[0].message
    assert said == text
    with use_language("en"):
        said = mark(spec, '{"town": "Lisboa"}', checks=own).criteria[0].message
    assert said == "Write an object with a `city` key."
