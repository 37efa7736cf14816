"""The API packages import their topic modules as a lint needs them (`checker.rules.run`).

A module's scopes in its package's `MODULES` are those of the checks it registers; a lint
of a bare messages array imports only the modules with message checks (and model checks
when a model is named); and whatever order the modules come in, the checks run, and the
rules are listed, exactly as when everything is imported first.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from import_probe import REPO, modules_after

from checker import rules
from checker.rules.record import CHECK_SCOPES, registered

APIS = ("anthropic", "openai", "responses")
RECORDINGS = REPO / "tests" / "recordings" / "data"


def _package(api: str):
    return importlib.import_module(f"checker.rules.{api}")


def _topics(api: str, *, needing: set[str]) -> set[str]:
    """The full names of `api`'s topic modules with a check of one of the scopes `needing`."""
    modules = _package(api).MODULES
    return {f"checker.rules.{api}.{name}" for name, held in modules.items() if needing & set(held)}


@pytest.mark.parametrize("api", APIS)
def test_each_topic_module_declares_the_scopes_of_its_checks(api):
    rules.load_all()
    package = _package(api)
    found: dict[str, set[str]] = {}
    for check in registered(api):
        module = check.run.__module__
        if module != "checker.rules.model_unknown":  # each package adds it (`register`)
            found.setdefault(module.rpartition(".")[2], set()).add(check.scope)
    declared = {name: set(held) for name, held in package.MODULES.items()}
    assert found == declared
    for held in declared.values():
        assert set(held) <= set(CHECK_SCOPES)
    # every module of the package that registers a check is in MODULES, nothing else is
    in_folder = {p.stem for p in Path(package.__file__).parent.glob("*.py")}
    assert set(declared) <= in_folder


@pytest.mark.parametrize("api", APIS)
def test_checks_run_in_modules_order_then_declaration_order(api):
    rules.load_all()
    names = list(_package(api).MODULES)
    positions = []
    for check in registered(api):
        module = check.run.__module__.rpartition(".")[2]
        positions.append(names.index(module) if module in names else len(names))
    assert positions == sorted(positions)
    assert registered(api)[-1].rule.id == "model-unknown"


MODEL = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-5.2", "responses": "gpt-5.2"}
BARE = {
    "anthropic": '[{"role": "user", "content": "Hi"}]',
    "openai": '[{"role": "user", "content": "Hi"}]',
    "responses": '[{"role": "user", "content": "Hi"}]',
}


@pytest.mark.parametrize("api", APIS)
def test_a_bare_array_without_a_model_imports_no_module_without_message_checks(api):
    loaded = modules_after(
        f"from checker.lint import lint; r = lint({BARE[api]!r}, {api!r}); assert r.valid, r"
    )
    ours = {m for m in loaded if m.startswith(f"checker.rules.{api}.")}
    assert _topics(api, needing={"message"}) <= ours
    assert not ours & (_topics(api, needing=set(CHECK_SCOPES)) - _topics(api, needing={"message"}))


@pytest.mark.parametrize("api", APIS)
def test_a_bare_array_with_a_model_adds_only_the_modules_with_model_checks(api):
    loaded = modules_after(
        f"from checker.lint import lint; lint({BARE[api]!r}, {api!r}, model={MODEL[api]!r})"
    )
    ours = {m for m in loaded if m.startswith(f"checker.rules.{api}.")}
    can_run = _topics(api, needing={"message", "model"})
    assert can_run <= ours
    assert not ours & (_topics(api, needing=set(CHECK_SCOPES)) - can_run)


def test_a_body_imports_every_topic_and_listing_the_rules_does_too():
    messages = BARE["anthropic"]
    body = f'{{"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": {messages}}}'
    loaded = modules_after(f"from checker.lint import lint; lint({body!r}, 'anthropic')")
    assert _topics("anthropic", needing=set(CHECK_SCOPES)) <= loaded
    listed = modules_after("from checker import rules; rules.get('a-tool-result-missing')")
    for api in APIS:
        assert _topics(api, needing=set(CHECK_SCOPES)) <= listed


# ------------------------------------------------------------- lazy and eager, the same


def _requests() -> list[tuple[str, object]]:
    """(format, request body) of every recorded exchange and every rule's example and fix."""
    out = []
    for path in sorted(RECORDINGS.rglob("*.json")):
        for exchange in json.loads(path.read_text(encoding="utf-8"))["exchanges"]:
            if exchange["format"] in APIS:
                out.append((exchange["format"], exchange["body"]))
    for rule in rules.all_rules():
        if rule.api not in APIS:
            continue
        for text in (rule.example, rule.fix, *rule.near_misses):
            try:
                out.append((rule.api, json.loads(text)))
            except (TypeError, ValueError):
                continue  # not JSON (`json-syntax`'s own examples)
    return out


def _cases() -> list[list]:
    """[api, messages, body, prefix, model, complete] in the order a lazy process meets them:
    bare arrays without a model, bare arrays with one, fragments, whole bodies, and bare
    arrays again once everything is loaded."""
    bare, with_model, fragments, bodies = [], [], [], []
    for api, body in _requests():
        if isinstance(body, list):
            bare.append([api, body, None, "", None, True])
            with_model.append([api, body, None, "", MODEL[api], True])
            continue
        if not isinstance(body, dict):
            continue
        key = "input" if api == "responses" else "messages"
        items = body.get(key)
        if api == "responses" and not isinstance(items, list):
            items = []  # `input` is a string, or absent
        if not isinstance(items, list):
            continue
        model = body.get("model") if isinstance(body.get("model"), str) else None
        bare.append([api, items, None, "", None, True])
        if model is not None:
            with_model.append([api, items, None, "", model, True])
        fragments.append([api, items, body, f"/{key}", None, False])
        bodies.append([api, items, body, f"/{key}", None, True])
    return bare + with_model + fragments + bodies + bare


RUN_CASES = """
import importlib, json, sys
from checker import rules
from checker.rules.record import registered

if sys.argv[1] == "eager":
    rules.load_all()
cases = json.load(sys.stdin)
found, topics_after_bare = [], None
for n, (api, items, body, prefix, model, complete) in enumerate(cases):
    if topics_after_bare is None and (body is not None or model is not None):
        topics_after_bare = sorted(m for m in sys.modules if m.count(".") == 3)
    package = importlib.import_module(f"checker.rules.{api}")
    diagnostics = package.check(items, body=body, prefix=prefix, model=model, complete=complete)
    found.append([list(d[:5]) for d in diagnostics])
rules.load_all()
print(json.dumps({
    "found": found,
    "topics_after_bare": topics_after_bare,
    "checks": {api: [[c.rule.id, c.scope] for c in registered(api)] for api in sys.argv[2:]},
    "rules": [r.id for r in rules.all_rules()],
}))
"""


def _run(mode: str, cases: list[list]) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", RUN_CASES, mode, *APIS],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
        timeout=300,
    )
    return json.loads(out.stdout)


def test_lazy_loading_finds_what_loading_everything_first_finds_in_the_same_order():
    cases = _cases()
    assert len(cases) > 500
    lazy, eager = _run("lazy", cases), _run("eager", cases)
    # the lazy process met the bare arrays with the message modules alone
    message_topics = set().union(*(_topics(api, needing={"message"}) for api in APIS))
    every_topic = set().union(*(_topics(api, needing=set(CHECK_SCOPES)) for api in APIS))
    assert set(lazy["topics_after_bare"]) & every_topic == message_topics
    assert set(eager["topics_after_bare"]) >= every_topic
    for n, case in enumerate(cases):
        assert lazy["found"][n] == eager["found"][n], case
    assert any(lazy["found"]), "the requests found nothing: the comparison proves nothing"
    assert lazy["checks"] == eager["checks"]
    assert lazy["rules"] == eager["rules"]
    assert lazy["rules"] == [r.id for r in rules.all_rules()]
