"""`tooltutor validate` and the model facts lessons show: a typo in a `{{facts:...}}` name
fails, a fact older than `--max-fact-age` days is a warning naming its date and URL."""

from __future__ import annotations

from minimal import LESSON, write_course


def _lesson(text: str) -> str:
    return LESSON.replace("One idea, with a source.[^S1]", text + "[^S1]")


def test_an_old_fact_is_a_warning_with_its_date_and_url(run, tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=_lesson("{{facts:forcing_rejected}} reject it."))
    fresh = run("validate", tmp_path)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "facts:" not in fresh.stdout
    old = run("validate", tmp_path, "--max-fact-age", "0")
    assert old.returncode == 0, old.stdout + old.stderr
    where = "lessons/01-basics.yaml:13:11: {{facts:forcing_rejected}} shows"
    assert f"{where} `current_models`, read 2026-12-01 (" in old.stdout
    assert "from https://platform.claude.com/docs/en/models/overview" in old.stdout
    assert f"{where} `forced_tool_choice` of Claude Opus 5.5, Sonnet 5.5," in old.stdout
    strict = run("validate", tmp_path, "--max-fact-age", "0", "--strict")
    assert strict.returncode == 1


def test_an_unknown_list_is_an_error(run, tmp_path):
    write_course(tmp_path, lessons_01_basics_yaml=_lesson("{{facts:forcing_reject}} reject it."))
    result = run("validate", tmp_path)
    assert result.returncode == 1
    assert "lessons/01-basics.yaml:13:11: {{facts:forcing_reject}} names no facts list" in (
        result.stdout
    )
