"""docs/rules.md and docs/checks.md list every rule and check, as the code defines them."""

from checker import catalogue
from checker.rules import GENERAL_RULE_IDS, RULE_IDS


def test_reference_pages_are_up_to_date():
    for name, render in catalogue.PAGES.items():
        assert (catalogue.DOCS / name).read_text(encoding="utf-8") == render(), (
            f"docs/{name} is out of date: run python -m checker.catalogue --write"
        )


def test_every_rule_id_is_documented():
    page = catalogue.rules_markdown()
    for rule in RULE_IDS - set(GENERAL_RULE_IDS):
        assert f"`{rule}`" in page, rule
