"""What the catalog tests look for, as functions of a catalog (or a source tree) that
return the problems found, so a test can run them on the real catalogs and on a broken
copy (imported by name: conftest puts this folder on the path).

Babel is a tool of development: these helpers use it, the code under test never does.
"""

from __future__ import annotations

import ast
import gettext
import io
import re
import string
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from i18n_helpers import REPO


@dataclass(frozen=True)
class Domain:
    """One gettext domain: where its catalogs live and which code speaks through it."""

    name: str
    locales: Path
    sources: tuple[Path, ...]

    @property
    def mapping(self) -> Path:
        return self.locales / "babel.cfg"

    def po(self, folder: str = "pt_BR") -> Path:
        return self.locales / folder / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, folder: str = "pt_BR") -> Path:
        return self.po(folder).with_suffix(".mo")


CHECKER = Domain("checker", REPO / "checker" / "locales", (REPO / "checker", REPO / "checks"))
TOOLTUTOR = Domain("tooltutor", REPO / "tooltutor" / "locales", (REPO / "tooltutor",))
DOMAINS = (CHECKER, TOOLTUTOR)
#: the checker's own functions, which the app calls too (its lint summary)
CHECKER_KEYWORDS = {"tr": None, "trn": (2, 3)}


#: catalog folder -> what its plural rule must say (CLDR, as `pybabel init` wrote it): the
#: form of each count, and the start of the header's expression
PLURAL_RULES = {
    # "one" is i = 0..1; "many" the exact millions of compact numbers
    "pt_BR": ({0: 0, 1: 0, 2: 2, 5: 2, 21: 2, 1_000_000: 1}, "(n == 0 || n == 1) ? 0"),
    # one: 1, 21, 101; few: 2-4, 22-24; many: 0, 5-20, 11-14, 25... (fractions: see i18n)
    "ru": (
        {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2},
        "n % 10 == 1 && n % 100 != 11 ? 0",
    ),
}
#: every catalog folder of both domains
LOCALE_FOLDERS = tuple(PLURAL_RULES)


def read_catalog(path: Path) -> Catalog:
    """The catalog at `path` (its language from its folder, else from its header)."""
    folder = path.parent.parent.name
    with open(path, "rb") as po:
        return read_po(po, locale=folder if folder in PLURAL_RULES else None)


def messages(catalog: Catalog) -> list:
    """The catalog's entries but its header."""
    return [message for message in catalog if message.id]


# -- what a translator can get wrong -----------------------------------------------------


def untranslated(catalog: Catalog) -> list[str]:
    """Entries with an empty form."""
    found = []
    for message in messages(catalog):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(form and form.strip() for form in forms):
            found.append(message.id)
    return found


def fuzzy(catalog: Catalog) -> list[str]:
    """Entries marked fuzzy (a guess of `pybabel update` nobody has checked)."""
    return [message.id for message in messages(catalog) if message.fuzzy]


def brace_fields(text: str) -> frozenset[tuple[str, str, str | None]] | str:
    """The `{placeholders}` of a str.format template, with their specs and conversions."""
    try:
        parsed = string.Formatter().parse(text)
        return frozenset((name, spec, conv) for _, name, spec, conv in parsed if name is not None)
    except ValueError:
        return "not a format string"


PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa%]")


def percent_specs(text: str) -> list[str]:
    return sorted(PERCENT_SPEC.findall(text))


def placeholder_mismatches(catalog: Catalog) -> list[str]:
    """Entries whose translation does not keep the msgid's placeholders: the same
    `{fields}` (and the same `%` specs in a `python-format` entry) in each form. A plural
    form may leave out `{n}`, or use it where the English does not (`trn`/`tn` always fill
    it: Russian's first form serves 1 and 21 alike), or hold fields of the English form it
    stands for only ("the one criterion" / "all {n} criteria")."""
    found = []
    for message in messages(catalog):
        percent = "python-format" in message.flags
        if isinstance(message.id, tuple):
            english = [brace_fields(text) for text in message.id]
            if any(isinstance(fields, str) for fields in english):
                found.append(repr(message.id))
                continue
            allowed = english[0] | english[1] | {("n", "", None)}
            required = {f for f in english[0] & english[1] if f[0] != "n"}
            for form in message.string:
                fields = brace_fields(form)
                if isinstance(fields, str) or not (required <= fields <= allowed):
                    found.append(f"{message.id!r} -> {form!r}")
            continue
        if brace_fields(message.string) != brace_fields(message.id) or (
            percent and percent_specs(message.string) != percent_specs(message.id)
        ):
            found.append(f"{message.id!r} -> {message.string!r}")
    return found


# -- the compiled catalog ----------------------------------------------------------------


def _lookup_table(translations: gettext.GNUTranslations) -> dict:
    """What a compiled catalog answers, header aside."""
    return {key: value for key, value in translations._catalog.items() if key != ""}


def compiled(catalog: Catalog) -> gettext.GNUTranslations:
    """`catalog` compiled now, as `pybabel compile` does, and read back as gettext would."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def stale_mo(po: Path, mo: Path) -> list[str]:
    """How the committed `.mo` differs from compiling its `.po` now (entries, forms and
    the plural rule), compared as catalogs rather than bytes."""
    fresh = compiled(read_catalog(po))
    if not mo.is_file():
        return [f"{mo} is missing"]
    with open(mo, "rb") as file:
        committed = gettext.GNUTranslations(file)
    fresh_table, committed_table = _lookup_table(fresh), _lookup_table(committed)
    problems = [
        f"{key!r}: {committed_table.get(key)!r} != {value!r}"
        for key, value in fresh_table.items()
        if committed_table.get(key) != value
    ]
    problems += [
        f"{key!r} is no longer in the .po" for key in committed_table.keys() - fresh_table.keys()
    ]
    if [fresh.plural(n) for n in range(200)] != [committed.plural(n) for n in range(200)]:
        problems.append("the plural rule differs")
    return problems


# -- the code against the catalog ----------------------------------------------------------


def extracted(domain: Domain, sources: tuple[Path, ...] | None = None, keywords=None) -> dict:
    """msgid (a string, or a (singular, plural) pair) -> where, as `pybabel extract` finds
    them in the domain's code with the domain's `babel.cfg`."""
    with open(domain.mapping, encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, str(domain.mapping))
    if keywords is not None:
        options_map = {
            pattern: {**options, "keywords": keywords} for pattern, options in options_map.items()
        }
    found: dict = {}
    for folder in sources or domain.sources:
        for filename, lineno, message, _, _ in extract_from_dir(
            folder, method_map, options_map, keywords={}
        ):
            if isinstance(message, tuple):
                message = message[:2]
            found.setdefault(message, f"{folder.name}/{filename}:{lineno}")
    return found


def missing_from_catalog(found: dict, catalog: Catalog) -> list[str]:
    """msgids of the code the catalog lacks, or holds as singular when the code asks for a
    plural (or the other way round)."""
    problems = []
    for msgid, where in found.items():
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        entry = catalog.get(key)
        if entry is None:
            problems.append(f"{where}: {msgid!r} is not in the catalog")
        elif isinstance(msgid, tuple) != isinstance(entry.id, tuple) or (
            isinstance(msgid, tuple) and entry.id != msgid
        ):
            problems.append(f"{where}: {msgid!r} is in the catalog as {entry.id!r}")
    return problems


#: function -> the positions of its template arguments, for both domains
TEMPLATE_ARGUMENTS = {"tr": (0,), "trn": (1, 2), "t": (0,), "tn": (1, 2), "N_": (0,)}


def formatted_templates(folders: tuple[Path, ...]) -> list[str]:
    """f-strings passed as a template: the extractor skips them and nothing could
    translate them (a value filled in may be an f-string; the template may not)."""
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                for position in TEMPLATE_ARGUMENTS.get(name, ()):
                    if position < len(node.args) and isinstance(node.args[position], ast.JoinedStr):
                        found.append(f"{path.relative_to(folder.parent)}:{node.lineno}")
    return found
