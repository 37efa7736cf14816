"""`--help` and `progress` in the learner's language; English unchanged."""

from __future__ import annotations

from tooltutor.i18n import help_language


def test_help_language_reads_lang_then_the_environment_then_the_locale():
    assert help_language(["--lang", "pt-BR", "--help"], {}) == "pt-BR"
    assert help_language(["--lang=pt", "list"], {}) == "pt-BR"
    assert help_language(["list"], {"TOOLTUTOR_LANG": "pt_BR"}) == "pt-BR"
    assert help_language(["list"], {"LANG": "pt_BR.UTF-8"}) == "pt-BR"
    assert help_language(["list"], {"LANG": "C.UTF-8"}) is None
    assert help_language(["--lang", "en", "list"], {"TOOLTUTOR_LANG": "pt-BR"}) is None
    assert help_language(["--lang", "xx"], {}) is None


def test_help_is_in_portuguese_and_english_stays_as_it_was(run):
    portuguese = run("--lang", "pt-BR", "check", "--help")
    assert "corrige a sua resposta (padrão: o exercício atual, no arquivo dele)" in (
        portuguese.stdout
    )
    assert "pasta de trabalho (padrão: aquela em que você está" in portuguese.stdout
    english = run("check", "--help")
    assert "mark your answer (default: the current exercise, in its file)" in english.stdout
    assert "work folder (default: the one you are in, else ./tooltutor-" in english.stdout
    top = run("--help", env={"TOOLTUTOR_LANG": "pt-BR"})
    assert "mostra o que você já fez" in top.stdout


def test_progress_in_portuguese(run):
    out = run("--lang", "pt-BR", "progress").stdout
    assert "exercícios (0 em andamento), 0 dica usada, 0 solução vista." in out  # 0 is "one"
    assert "Perguntas respondidas: 0 de" in out
    assert out.splitlines()[0].startswith("Chamada de ferramentas para agentes")
    english = run("progress").stdout
    assert "exercises (0 attempted), 0 hints used, 0 solutions viewed." in english
    assert "  #   Done  Attempted  Hints  Lesson" in english


def test_the_help_of_new_serve_and_completion_is_in_portuguese(run):
    new = run("--lang", "pt-BR", "new", "--help").stdout
    assert "começa arquivos de curso." in new
    assert "uma pasta de curso com uma lição e um exercício" in new
    lesson = run("--lang", "pt-BR", "new", "lesson", "--help").stdout
    assert "o id da lição, como 'first-steps'" in lesson
    assert "a pasta do curso (padrão: --course, senão .)" in lesson
    serve = run("--lang", "pt-BR", "serve", "--help").stdout
    assert "porta em que escutar (padrão: 8000)" in serve
    completion = run("--lang", "pt-BR", "completion", "--help").stdout
    assert "o shell em que completar" in completion
    assert "instale-o, por exemplo:\n  tooltutor completion bash" in completion


def test_the_help_of_new_serve_and_completion_stays_english(run):
    new = run("new", "lesson", "--help").stdout
    assert new.splitlines()[2:3] == ["positional arguments:"]
    assert "  ID             the lesson id, like 'first-steps'" in new
    assert "--dir DIR      the course folder (default: --course, else .)" in new
    assert "--port PORT  port to listen on (default: 8000)" in run("serve", "--help").stdout
    completion = run("completion", "--help").stdout
    assert "a shell completion script, printed to stdout." in completion
    assert "install it, for example:\n  tooltutor completion bash" in completion


def test_usage_errors_are_in_portuguese_and_english_stays_as_it_was(run, tmp_path):
    pt = run("--lang", "pt-BR", "completion")
    assert pt.returncode == 2
    assert pt.stderr == "tooltutor: indique um shell: tooltutor completion bash, zsh ou fish\n"
    en = run("completion")
    assert en.stderr == "tooltutor: name a shell: tooltutor completion bash, zsh or fish\n"
    pt = run("--lang", "pt-BR", "check", cwd=tmp_path)
    assert pt.stderr.startswith("tooltutor: não há exercício atual em tooltutor-work: comece")
    en = run("check", cwd=tmp_path)
    assert en.stderr.startswith(
        "tooltutor: no current exercise in tooltutor-work: start one with 'tooltutor start "
        "EXERCISE', or name one: 'tooltutor check EXERCISE [FILE]'"
    )
    missing = run("--lang", "pt-BR", "lint", tmp_path / "nowhere.json")
    assert "nowhere.json: arquivo inexistente" in missing.stderr


def test_the_errors_of_new_are_in_portuguese(run, tmp_path):
    pt = run("--lang", "pt-BR", "new", "lesson", "Bad_Id", "--dir", tmp_path)
    assert pt.stderr == (
        "tooltutor: id de lição 'Bad_Id': use letras minúsculas, dígitos e hifens "
        "(como 'first-steps')\n"
    )
    en = run("new", "lesson", "Bad_Id", "--dir", tmp_path)
    assert en.stderr == (
        "tooltutor: lesson id 'Bad_Id': use lower-case letters, digits and dashes "
        "(like 'first-steps')\n"
    )
