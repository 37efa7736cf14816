"""`tooltutor validate` warns, without failing, when the course's model is not current."""

from __future__ import annotations

from minimal import COURSE, write_course

from checker.rules.anthropic.models import CURRENT_MODELS, MODELS, current_ids, is_current


def test_the_current_models_are_models_the_table_knows():
    assert CURRENT_MODELS.issubset({m.name for m in MODELS})
    assert "claude-sonnet-5-5" in current_ids() and "claude-sonnet-5" not in current_ids()
    assert is_current("claude-haiku-4-5-20251001") and is_current("anthropic.claude-opus-5-5")
    assert not is_current("claude-sonnet-5") and not is_current("gpt-5") and not is_current(None)


def test_a_current_model_gets_no_warning(run, tmp_path):
    write_course(tmp_path, course_yaml=COURSE.replace("model-x", "claude-sonnet-5-5"))
    result = run("validate", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "current Claude model" not in result.stdout
    assert "warning" not in result.stdout


def test_a_legacy_model_is_a_warning_not_an_error(run, tmp_path):
    write_course(tmp_path, course_yaml=COURSE.replace("model-x", "claude-sonnet-5"))
    result = run("validate", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "course.yaml:5:8: `model: claude-sonnet-5` is not a current Claude model" in (
        result.stdout
    )
    assert "claude-sonnet-5-5" in result.stdout and "/models/overview" in result.stdout
    assert "every exercise self-tested (1 warning)" in result.stdout
