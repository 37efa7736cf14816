"""A course pack's own Python runs only once the course is trusted, by folder and content."""

from __future__ import annotations

from minimal import write_python_pack


def _pack(tmp_path):
    return write_python_pack(tmp_path / "pack")


def test_validate_refuses_an_untrusted_pack_without_a_terminal(run, tmp_path):
    pack = _pack(tmp_path)
    done = run("validate", pack)
    assert done.returncode == 2
    assert "not trusted" in done.stderr and "--trust" in done.stderr


def test_trust_is_remembered_by_folder_and_asked_again_when_the_code_changes(run, tmp_path):
    pack = _pack(tmp_path)
    trusted = run("--trust", "validate", pack)
    assert trusted.returncode == 0, trusted.stdout + trusted.stderr
    assert "valid" in trusted.stdout
    again = run("validate", pack)
    assert again.returncode == 0, again.stderr
    target = pack / "exercises/basics/02-second.yaml"
    target.write_text(target.read_text().replace("NUMBER = 21", "NUMBER = 21  # changed"))
    changed = run("validate", pack)
    assert changed.returncode == 2 and "not trusted" in changed.stderr


def test_check_asks_only_where_the_course_code_runs(tmp_path, run):
    pack = _pack(tmp_path)
    answer = tmp_path / "answer.py"
    answer.write_text("def double(value):\n    return value * 2\n")
    refused = run("--course", pack, "check", "second", answer)
    assert refused.returncode == 2 and "not trusted" in refused.stderr
    json_answer = tmp_path / "answer.json"
    json_answer.write_text("[]")
    assert run("--course", pack, "check", "first", json_answer).returncode == 0
    allowed = run("--course", pack, "check", "second", answer, extra_env={"TOOLTUTOR_TRUST": "1"})
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr


def test_the_bundled_course_is_trusted(run):
    done = run("check", "fix-round-trip", "-", input="def handle_turn(): pass\n")
    assert "not trusted" not in done.stderr
