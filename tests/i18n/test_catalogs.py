"""The gettext catalogs: complete, compiled, faithful to the code's English, and each check
shown to fail on a broken copy (so a green run means something)."""

from __future__ import annotations

import shutil

import pytest
from babel.messages.pofile import write_po
from catalog_checks import (
    CHECKER,
    CHECKER_KEYWORDS,
    DOMAINS,
    LOCALE_FOLDERS,
    PLURAL_RULES,
    TOOLTUTOR,
    compiled,
    extracted,
    formatted_templates,
    fuzzy,
    messages,
    missing_from_catalog,
    placeholder_mismatches,
    read_catalog,
    stale_mo,
    untranslated,
)

BY_NAME = {domain.name: domain for domain in DOMAINS}
#: every catalog: (domain, language folder)
CATALOGS = [(name, folder) for name in sorted(BY_NAME) for folder in LOCALE_FOLDERS]


@pytest.fixture(scope="module", params=CATALOGS, ids=["/".join(c) for c in CATALOGS])
def language(request):
    """(domain, folder) of one catalog."""
    name, folder = request.param
    return BY_NAME[name], folder


@pytest.fixture(scope="module")
def domain(language):
    return language[0]


@pytest.fixture(scope="module")
def catalog(language):
    domain, folder = language
    return read_catalog(domain.po(folder))


@pytest.fixture(scope="module")
def code_messages(domain):
    return extracted(domain)


def test_each_domain_has_a_catalog_per_language_with_cldr_plurals(language, catalog):
    domain, folder = language
    assert len(messages(catalog)) > (1000 if domain is CHECKER else 300)
    forms, expression = PLURAL_RULES[folder]
    assert catalog.num_plurals == 3
    assert catalog.plural_expr.startswith(expression)
    rule = compiled(catalog).plural
    assert {n: rule(n) for n in forms} == forms


def test_every_entry_is_translated_and_none_is_fuzzy(catalog):
    assert not untranslated(catalog)
    assert not fuzzy(catalog)


def test_translations_keep_the_placeholders(catalog):
    assert not placeholder_mismatches(catalog)


def test_translations_keep_code_in_backticks(catalog):
    """Code, field names and rule ids in backticks are never translated (a Russian
    translation that wrote `инструменты` for `tools` would send the learner astray)."""
    renamed = {
        "tooltutor lint --format anthropic FILE": "tooltutor lint --format anthropic ARQUIVO"
    }
    changed = []
    for message in messages(catalog):
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for part in {p for text in english for p in text.split("`")[1::2]}:
            if not all(f"`{part}`" in form or f"`{renamed.get(part)}`" in form for form in forms):
                changed.append((message.id, part))
    assert not changed


@pytest.mark.parametrize("folder", LOCALE_FOLDERS)
def test_commands_and_options_stay_english(folder):
    for message in messages(read_catalog(TOOLTUTOR.po(folder))):
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for word in ("tooltutor validate", "tooltutor check", "tooltutor start", "$EDITOR"):
            if any(word in text for text in english):
                assert all(word in form for form in forms), (message.id, word)


def test_the_committed_mo_is_the_po_compiled(language):
    domain, folder = language
    assert not stale_mo(domain.po(folder), domain.mo(folder))


def test_every_message_of_the_code_is_in_the_catalog(domain, catalog, code_messages):
    assert len(code_messages) > 300
    assert not missing_from_catalog(code_messages, catalog)


def test_the_catalog_holds_nothing_the_code_no_longer_says(catalog, code_messages):
    said = {msgid[0] if isinstance(msgid, tuple) else msgid for msgid in code_messages}
    stale = [
        message.id
        for message in messages(catalog)
        if (message.id[0] if message.pluralizable else message.id) not in said
    ]
    assert not stale, "run `pybabel update` (docs/translations.md):\n" + "\n".join(map(repr, stale))


def test_every_language_of_the_interface_has_both_catalogs():
    from checker.i18n import _CATALOG_FOLDERS, LANGUAGES
    from tooltutor.i18n import CATALOGS as APP_CATALOGS

    assert set(APP_CATALOGS.values()) == set(_CATALOG_FOLDERS.values()) == set(LOCALE_FOLDERS)
    assert set(LANGUAGES) == {"en", *APP_CATALOGS}
    for domain in DOMAINS:
        for folder in LOCALE_FOLDERS:
            assert domain.mo(folder).is_file(), domain.mo(folder)


@pytest.mark.parametrize("folder", LOCALE_FOLDERS)
def test_the_app_speaks_the_checker_words_it_uses_through_the_checker_catalog(folder):
    found = extracted(TOOLTUTOR, keywords=CHECKER_KEYWORDS)
    assert ("{n} error", "{n} errors") in found  # the lint summary
    assert not missing_from_catalog(found, read_catalog(CHECKER.po(folder)))


def test_no_template_is_an_f_string():
    folders = tuple(folder for domain in DOMAINS for folder in domain.sources)
    assert not formatted_templates(folders)


def test_the_extractor_finds_the_marked_words_of_each_kind():
    found = extracted(TOOLTUTOR)
    assert "Recap" in found  # t()
    assert "Show the keys of this screen." in found  # a Binding tooltip, N_()
    assert "Fold" in found  # a Binding description, its third argument
    assert "Focus Next" in found  # Textual's own words (tooltutor/tui/textual_words.py)
    assert ("{n} hint used,", "{n} hints used,") in found  # tn()
    assert "the following arguments are required: %s" in found  # argparse's, N_()


# -- each check fails on a broken copy ------------------------------------------------------


def _broken_copy(tmp_path, domain, change):
    """A copy of the domain's .po and .mo in tmp_path, the .po read, changed and written."""
    po, mo = tmp_path / f"{domain.name}.po", tmp_path / f"{domain.name}.mo"
    shutil.copy(domain.mo(), mo)
    catalog = read_catalog(domain.po())
    change(catalog)
    with open(po, "wb") as file:
        write_po(file, catalog, width=100)
    return read_catalog(po), po, mo


def test_an_untranslated_or_fuzzy_entry_is_caught(tmp_path):
    def change(catalog):
        catalog["Recap"].string = ""
        catalog["Sources"].flags.add("fuzzy")

    broken, _, _ = _broken_copy(tmp_path, TOOLTUTOR, change)
    assert untranslated(broken) == ["Recap"]
    assert fuzzy(broken) == ["Sources"]


def test_a_plural_form_left_empty_is_caught(tmp_path):
    def change(catalog):
        entry = catalog["{n} hint used,"]
        entry.string = (entry.string[0], entry.string[1], "")

    broken, _, _ = _broken_copy(tmp_path, TOOLTUTOR, change)
    assert untranslated(broken) == [("{n} hint used,", "{n} hints used,")]


def test_a_placeholder_mismatch_is_caught_in_each_kind_of_entry(tmp_path):
    def change(catalog):
        catalog["Lesson {number} of {total}: {title}"].string = "Lição {numero} de {total}"
        catalog["the following arguments are required: %s"].string = "faltam argumentos"
        entry = catalog["{n} hint used,"]
        entry.string = (entry.string[0], "{n} dicas usadas por {quem},", entry.string[2])

    broken, _, _ = _broken_copy(tmp_path, TOOLTUTOR, change)
    found = placeholder_mismatches(broken)
    assert len(found) == 3
    assert any("Lesson {number}" in line for line in found)
    assert any("required: %s" in line for line in found)
    assert any("{quem}" in line for line in found)


def test_a_stale_mo_is_caught(tmp_path):
    def change(catalog):
        catalog["Recap"].string = "Recapitulação"
        catalog.add("A new sentence", "Uma frase nova")

    _, po, mo = _broken_copy(tmp_path, TOOLTUTOR, change)
    problems = stale_mo(po, mo)
    assert any("Recapitulação" in line for line in problems)
    assert any("A new sentence" in line for line in problems)
    assert stale_mo(TOOLTUTOR.po(), tmp_path / "nowhere.mo") == [
        f"{tmp_path / 'nowhere.mo'} is missing"
    ]


def test_a_message_missing_from_the_catalog_is_caught(tmp_path):
    source = tmp_path / "code"
    source.mkdir()
    (source / "screen.py").write_text(
        "from tooltutor.i18n import t, tn\n"
        "t('Recap')\n"
        "t('A sentence nobody translated')\n"
        "tn(n, 'Recap', 'Recaps')\n",  # a plural where the catalog has a singular
        encoding="utf-8",
    )
    (source / "bad.py").write_text("t(f'Hello {name}')\n", encoding="utf-8")
    found = extracted(TOOLTUTOR, sources=(source,))
    problems = missing_from_catalog(found, read_catalog(TOOLTUTOR.po()))
    assert len(problems) == 2
    assert "'A sentence nobody translated' is not in the catalog" in problems[0]
    assert "('Recap', 'Recaps') is in the catalog as 'Recap'" in problems[1]
    assert formatted_templates((source,)) == ["code/bad.py:1"]
