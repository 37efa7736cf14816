"""The command line in pt-BR: `show`, `list`, `check` (human and --json), `start`."""

from __future__ import annotations

import json

from i18n_helpers import FIXTURE

from tooltutor.course import load_course

PT = {"TOOLTUTOR_LANG": "pt-BR"}


def test_show_in_portuguese_has_portuguese_headings_and_text(run):
    result = run("--course", FIXTURE, "show", "why-tools", "--plain", env=PT)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Lição 1 de 2: Por que agentes precisam de ferramentas\n")
    for heading in ("Você será capaz de:", "Resumo\n------", "Respostas das perguntas", "Fontes"):
        assert heading in out
    assert "Pergunta 1: Qual pedido precisa de uma ferramenta?" in out
    assert "b) certa: Só uma consulta ao vivo pode dizer *agora*." in out
    assert "(as respostas estão no fim da lição)" in out
    assert "- pick-one: Escolha o pedido que precisa de uma ferramenta (choice, nível 1)" in out
    assert "tooltutor check pick-one ARQUIVO" in out
    for english in ("You will be able to", "Recap", "Answers to the checks", "Sources"):
        assert english not in out
    assert "não foram traduzidas" not in out  # lesson 1 is fully translated


def test_show_marks_a_partly_translated_lesson(run):
    result = run("--course", FIXTURE, "--lang", "pt-BR", "show", "2", "--plain")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Lição 2 de 2: A ida e volta de uma chamada de ferramenta"
    assert lines[2] == "(Partes desta lição ainda não foram traduzidas.)"
    assert "Draw it as a diagram" in result.stdout  # the untranslated section, in English
    assert "Faça antes: Lição 1, Por que agentes precisam de ferramentas" in result.stdout


def test_show_in_english_is_unchanged(run):
    result = run("--course", FIXTURE, "show", "why-tools", "--plain")
    assert result.stdout.startswith("Lesson 1 of 2: Why agents need tools\n")
    assert "You will be able to:" in result.stdout and "Recap\n-----" in result.stdout


def test_list_tags_what_is_not_translated(run):
    result = run("--course", FIXTURE, "list", env=PT)
    assert result.returncode == 0, result.stderr
    assert "2. A ida e volta de uma chamada de ferramenta  (round-trip)  [EN]" in result.stdout
    assert "1. Por que agentes precisam de ferramentas  (why-tools)\n" in result.stdout
    assert "(choice, nível 1)\n" in result.stdout
    assert "[EN] ainda não traduzido, no todo ou em parte" in result.stdout
    listing = json.loads(run("--course", FIXTURE, "list", "--json", env=PT).stdout)
    assert listing["course"]["lang"] == "pt-BR"
    assert listing["lessons"][0]["exercises"][0]["id"] == "pick-one"  # ids stay as they are


def _check(run, answer, env=None, *args):
    return run(
        "--course", FIXTURE, "check", "write-tool-result", answer, "--no-record", *args, env=env
    )


def _wrong_answer(tmp_path):
    wrong = load_course(FIXTURE).exercise("write-tool-result").wrong_answers[1]["answer"]
    path = tmp_path / "answer.json"
    path.write_text(wrong, encoding="utf-8")
    return path


def test_check_json_in_portuguese_keeps_every_rule_id(run, tmp_path):
    answer = _wrong_answer(tmp_path)
    english = json.loads(_check(run, answer, None, "--json").stdout)
    portuguese = json.loads(_check(run, answer, PT, "--json").stdout)
    assert set(english) == set(portuguese)  # JSON keys stay English

    def ids(doc):
        return [d["rule"] for d in doc["diagnostics"]], [t["id"] for t in doc["tests"]]

    assert ids(portuguese) == ids(english)
    assert [d["rule"] for d in english["diagnostics"]]  # the wrong answer has diagnostics
    assert [t["status"] for t in portuguese["tests"]] == [t["status"] for t in english["tests"]]
    names = [t["name"] for t in portuguese["tests"]]
    assert "Três mensagens, com os roles user, assistant, user" in names  # translated labels
    # the checker speaks pt-BR too (checker/i18n.py)
    messages = [d["message"] for d in english["diagnostics"]]
    assert messages != [d["message"] for d in portuguese["diagnostics"]]
    failed = [t["message"] for t in english["tests"] if t["message"]]
    assert failed != [t["message"] for t in portuguese["tests"] if t["message"]]


def test_check_in_portuguese_prints_portuguese_lines(run, tmp_path):
    result = _check(run, _wrong_answer(tmp_path), PT)
    assert result.returncode == 1
    assert "write-tool-result: Escreva a requisição que leva o resultado da ferramenta" in (
        result.stdout
    )
    assert "FALHOU: " in result.stdout and " critérios atendidos." in result.stdout
    solution = tmp_path / "solution.json"
    solution.write_text(load_course(FIXTURE).exercise("write-tool-result").solution)
    passed = _check(run, solution, PT)
    assert passed.returncode == 0
    assert "PASSOU: todos os 6 critérios atendidos." in passed.stdout


def test_start_in_portuguese(run, tmp_path):
    result = run(
        "--course", FIXTURE, "start", "pick-one", "--dir", tmp_path / "work", env=PT, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "(o texto inicial)" in result.stdout
    assert "Próximos passos:" in result.stdout
    assert "Escolha o pedido que precisa de uma ferramenta" in result.stdout


def test_lint_follows_the_language_and_keeps_rule_ids(run, tmp_path):
    request = tmp_path / "request.json"
    request.write_text('{"model": "m", "max_tokens": 5, "messages": [{"role": "tool"}]}')
    english = json.loads(run("lint", request, "--json").stdout)
    portuguese = json.loads(run("--lang", "pt-BR", "lint", request, "--json").stdout)
    assert [d["rule"] for d in portuguese["diagnostics"]] == [
        d["rule"] for d in english["diagnostics"]
    ]
    assert english["diagnostics"]
    assert [d["message"] for d in portuguese["diagnostics"]] != [
        d["message"] for d in english["diagnostics"]
    ]


def test_help_and_usage_errors_are_portuguese_to_the_word():
    import subprocess
    import sys

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", "--lang", "pt-BR", *args],
            capture_output=True,
            text=True,
        )

    shown = run("--help").stdout
    for word in ("uso: tooltutor", "argumentos posicionais:", "opções:", "mostra esta ajuda"):
        assert word in shown, word
    assert "códigos de saída:" in shown and "variáveis de ambiente:" in shown
    assert "usage:" not in shown and "show this help" not in shown and "exit codes" not in shown
    typo = run("chek").stderr
    assert "não há o comando 'chek'; você quis dizer 'check'?" in typo
    assert "(veja 'tooltutor --help')" in typo
