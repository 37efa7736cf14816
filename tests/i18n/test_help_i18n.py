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
