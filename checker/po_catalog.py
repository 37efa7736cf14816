"""A course's own catalog: the translations of its checks' messages, read from a `.po` file.

A course translates the messages of its `checks/` in `checks/locales/<tag>.po`, one file
per language of the course (`pt-BR.po`), in gettext's PO format: any PO editor opens it,
and nothing needs compiling. `tooltutor new translation LANG` writes or updates it with every
message the checks say (`messages_of`, read from their source, never run).

While a course check runs, `tr("...")` looks its template up here first
(`checker.i18n.course_catalog`); an entry that is empty or `#, fuzzy` is not used.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

#: where a course's catalogs are, inside its `checks/` folder
LOCALES = "locales"
#: the functions whose first string (and `trn`'s second) is a message to translate
MARKERS = {"tr": 1, "N_": 1, "trn": 2}


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    #: msgstr, or msgstr[0], msgstr[1]...
    strings: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 1

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.strings) and all(self.strings)


@dataclass
class PoCatalog:
    entries: dict[str, Entry] = field(default_factory=dict)
    #: "Plural-Forms" of the header: `plural=` expression (gettext's C syntax)
    plural_forms: str = ""
    #: (line, message) of each line that is not PO
    problems: list[tuple[int, str]] = field(default_factory=list)

    def text(self, msgid: str, plural: str | None = None, n: int = 1) -> str | None:
        """The translation of `msgid` (the form for `n` when it has a plural), or None."""
        entry = self.entries.get(msgid)
        if entry is None or not entry.translated:
            return None
        if plural is None:
            return entry.strings[0]
        index = self._plural_index(n)
        return entry.strings[min(index, len(entry.strings) - 1)]

    def _plural_index(self, n: int) -> int:
        # on first use, not at import: gettext (1 module)
        import gettext

        expression = self.plural_forms.split("plural=", 1)[-1].rstrip(";").strip()
        if not expression or "plural=" not in self.plural_forms:
            return 0 if n == 1 else 1
        try:
            return int(gettext.c2py(expression)(n))
        except (ValueError, SyntaxError):
            return 0 if n == 1 else 1


def catalog_path(checks_folder: str | Path, tag: str) -> Path:
    return Path(checks_folder) / LOCALES / f"{tag}.po"


_cache: dict[str, tuple[tuple[int, int], PoCatalog]] = {}
#: checks folder -> tag -> catalog, handed over as data (the checks' child cannot read them)
_provided: dict[str, dict[str, PoCatalog]] = {}


def provide(folder: str, tag: str, catalog: PoCatalog) -> None:
    """Use `catalog` for `folder`'s `tag`: that folder's catalogs are then never read from
    disk (a course's checks in their child get them from the parent)."""
    _provided.setdefault(folder, {})[tag] = catalog


def catalogs_data(texts: dict[str, str]) -> dict[str, dict]:
    """The translated messages of each catalog (tag -> PO text), as JSON data for the
    checks' child (`course_checks_child.provide_catalogs` builds them again)."""
    found: dict[str, dict] = {}
    for tag, text in texts.items():
        catalog = read_po(text)
        found[tag] = {
            "plural_forms": catalog.plural_forms,
            "entries": {
                msgid: {"plural": entry.plural, "strings": list(entry.strings)}
                for msgid, entry in catalog.entries.items()
                if entry.translated
            },
        }
    return found


def course_translation(
    folder: str, tag: str, msgid: str, plural: str | None = None, n: int = 1
) -> str | None:
    """`msgid` as the course's catalog for `tag` translates it (None: it does not)."""
    if folder in _provided:
        given = _provided[folder].get(tag)
        return given.text(msgid, plural, n) if given is not None else None
    path = catalog_path(folder, tag)
    try:
        stat = os.stat(path)
    except OSError:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _cache.get(str(path))
    if cached is None or cached[0] != stamp:
        try:
            catalog = read_po(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return None
        cached = _cache[str(path)] = (stamp, catalog)
    return cached[1].text(msgid, plural, n)


def read_po(text: str) -> PoCatalog:
    """Parse PO text; lines it cannot read are listed in `problems`, never raised."""
    catalog = PoCatalog()
    entry: dict = {}
    current: str | None = None
    flags: set[str] = set()

    def finish() -> None:
        nonlocal entry, flags, current
        if "msgid" in entry:
            strings = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr"))]
            found = Entry(
                entry["msgid"], entry.get("msgid_plural"), strings, "fuzzy" in flags, entry["line"]
            )
            if found.msgid == "":
                for line in (strings[0] if strings else "").splitlines():
                    if line.lower().startswith("plural-forms:"):
                        catalog.plural_forms = line.split(":", 1)[1].strip()
            elif not entry.get("obsolete"):
                catalog.entries[found.msgid] = found
        entry, flags, current = {}, set(), None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            continue  # an obsolete entry
        if line.startswith("#,"):
            if "msgid" in entry:
                finish()
            flags |= {f.strip() for f in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None:
                catalog.problems.append((number, "a string outside any msgid or msgstr"))
                continue
            value = _unquote(line)
            if value is None:
                catalog.problems.append((number, "a string that does not end with its quote"))
                continue
            entry[current] += value
            continue
        if keyword in ("msgctxt", "msgid", "msgid_plural") or keyword.startswith("msgstr"):
            if keyword in ("msgid", "msgctxt") and any(k.startswith("msgstr") for k in entry):
                finish()
            value = _unquote(rest.strip())
            if value is None:
                catalog.problems.append(
                    (number, f'{keyword} needs a quoted string, as in {keyword} "..."')
                )
                continue
            key = "msgstr[0]" if keyword == "msgstr" else keyword
            entry[key] = value
            entry.setdefault("line", number)
            current = key
            continue
        catalog.problems.append((number, f"not a line of a PO file: {line[:40]!r}"))
    finish()
    return catalog


def _unquote(text: str) -> str | None:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        return None
    body, out, i = text[1:-1], [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


@dataclass(frozen=True)
class Message:
    """A message a course's check says: its template(s) and where it stands."""

    msgid: str
    plural: str | None
    file: str
    line: int


def messages_of(folder: str | Path) -> list[Message]:
    """Every message the `.py` files of a `checks/` folder mark with `tr`, `trn` or `N_`,
    read from their source (nothing is run), in file order."""
    found: list[Message] = []
    seen: set[str] = set()
    for path in sorted(Path(folder).glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except (SyntaxError, ValueError, OSError, UnicodeDecodeError):
            continue  # reported by the loading of the checks
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
        for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):
            name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
            if name not in MARKERS:
                continue
            strings = call.args[MARKERS[name] - 1 : MARKERS[name] + (1 if name == "trn" else 0)]
            texts = [a.value for a in strings if isinstance(a, ast.Constant)]
            if not texts or not all(isinstance(t, str) for t in texts) or texts[0] in seen:
                continue
            seen.add(texts[0])
            plural = texts[1] if name == "trn" and len(texts) > 1 else None
            found.append(Message(texts[0], plural, str(path), call.lineno))
    return found


#: the gettext plural rule of a language a new catalog is written for (by its primary tag);
#: any other language gets English's two forms
PLURAL_FORMS = {
    "pt": "nplurals=2; plural=(n > 1);",
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}


def plural_forms_of(tag: str) -> str:
    """The `Plural-Forms` header for a new catalog of `tag` ("ru": one, few, many)."""
    primary = tag.replace("_", "-").split("-")[0].lower()
    return PLURAL_FORMS.get(primary, "nplurals=2; plural=(n != 1);")


def _nplurals(header: str) -> int:
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    return max(int(found.group(1)), 1) if found else 2


def write_po(messages: list[Message], old: PoCatalog | None, tag: str, root: Path) -> str:
    """The text of a catalog for `tag` holding every message, with the translations `old`
    already had (new ones empty)."""
    header = old.plural_forms if old and old.plural_forms else plural_forms_of(tag)
    forms = _nplurals(header)
    out = [
        f"# The translations of this course's checks into {tag}.",
        "# Fill each msgstr; `tooltutor new translation " + tag + "` adds the messages the checks",
        "# say since; `tooltutor validate --lang " + tag + "` counts what is left.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        f'"Language: {tag}\\n"',
        f'"Plural-Forms: {header}\\n"',
        "",
    ]
    for message in messages:
        before = old.entries.get(message.msgid) if old else None
        where = os.path.relpath(message.file, root).replace(os.sep, "/")
        out.append(f"#: {where}:{message.line}")
        if before is not None and before.fuzzy:
            out.append("#, fuzzy")
        out.append("msgid " + _quote(message.msgid))
        if message.plural is not None:
            out.append("msgid_plural " + _quote(message.plural))
            strings = before.strings if before and before.plural else []
            for i in range(max(len(strings), forms)):
                out.append(f"msgstr[{i}] " + _quote(strings[i] if i < len(strings) else ""))
        else:
            out.append("msgstr " + _quote(before.strings[0] if before and before.strings else ""))
        out.append("")
    return "\n".join(out)
