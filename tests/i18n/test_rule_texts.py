"""Each language's `checker/locales/<folder>/rules.json` translates every rule's summary and
explanation from the English it quotes by hash (`lint --explain` in that language): a
rule whose docstring changed shows English until its translation is brought up to date,
and this test says which; code in backticks is kept as it is."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang", ["ru", "pt-BR"])
def test_every_rule_page_translates_its_english_as_it_is_now(lang):
    from checker import rules
    from checker.catalogue import rule_texts, text_hash

    texts = rule_texts(lang)
    everything = {rule.id: rule for rule in rules.all_rules()}
    assert set(texts) == set(everything)
    problems = []
    for rule_id, entry in texts.items():
        rule = everything[rule_id]
        for field, english in (("summary", rule.summary), ("doc", rule.doc)):
            if not english:
                continue
            if not entry.get(field, "").strip():
                problems.append(f"{rule_id}: no {field}")
            elif entry.get(f"{field}_of") != text_hash(english):
                problems.append(f"{rule_id}: the {field} translates an older English text")
            flat = " ".join(entry.get(field, "").split())
            for code in english.split("`")[1::2]:
                if f"`{' '.join(code.split())}`" not in flat:  # a line may break it
                    problems.append(f"{rule_id}: the {field} lost `{code}`")
    assert not problems, "\n".join(problems)


def test_explain_writes_the_page_in_portuguese_and_the_docs_stay_english(run):
    page = run("--lang", "pt-BR", "lint", "--explain", "a-tool-result-missing").stdout
    assert page.startswith("### `a-tool-result-missing`\n\n")
    english = run("lint", "--explain", "a-tool-result-missing").stdout
    summary = english.split("\n\n")[1]
    assert summary == "Every `tool_use` is answered in the very next message."
    assert page.split("\n\n")[1] not in (summary, "")  # its own summary, not the English
    assert "`tool_use`" in page.split("\n\n")[1]
    from checker.catalogue import rules_markdown
    from checker.i18n import use_language

    with use_language("pt-BR"):  # the docs are English whatever the language in use
        assert "Every `tool_use` is answered in the very next message." in rules_markdown()
