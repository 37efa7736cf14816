"""`tooltutor stamp LANG --dir COURSE_DIR` (also `python -m tooltutor.course.translation
stamp [COURSE_DIR] LANG`): set the
`source_hash:` line of every overlay of LANG to its source's current hash, leaving the
rest of each file as it is, and say what changed."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from tooltutor.course.model import display_path
from tooltutor.course.translation.fingerprint import source_hash
from tooltutor.course.yamlsource import YamlFileError, read_regular_file, read_yaml

STAMP_COMMAND = "tooltutor stamp"

_HASH_LINE = re.compile(
    r"^(?P<head>source_hash:[ \t]*)"
    r"(?P<value>\"[^\"\r\n]*\"|'[^'\r\n]*'|[^\s#]*)"
    r"(?P<tail>[^\r\n]*)",
    re.MULTILINE,
)
_LANG_LINE = re.compile(r"^lang:[^\r\n]*(\r?\n)", re.MULTILINE)


def stamp_text(text: str, new_hash: str) -> tuple[str, str | None]:
    """`text` with its `source_hash:` line set to `new_hash` (added after `lang:` when
    missing), and the hash it had (None when it had none)."""
    match = _HASH_LINE.search(text)
    if match is not None:
        old = match.group("value").strip("\"'")
        line = f'{match.group("head")}"{new_hash}"{match.group("tail")}'
        return text[: match.start()] + line + text[match.end() :], old
    lang = _LANG_LINE.search(text)
    if lang is None:
        raise ValueError("no `lang:` line to put source_hash under")
    newline = lang.group(1)
    insert = f'source_hash: "{new_hash}"{newline}'
    return text[: lang.end()] + insert + text[lang.end() :], None


def stamp(course_dir: Path, lang: str, out=None) -> int:
    """Set the source_hash of every overlay of `lang` to its source's current hash."""
    out = out or sys.stdout
    overlays = sorted((course_dir / "lessons" / lang).glob("*.yaml"))
    overlays += sorted((course_dir / "exercises").glob(f"*/{lang}/*.yaml"))
    if (course_dir / lang / "course.yaml").is_file():
        overlays.insert(0, course_dir / lang / "course.yaml")
    if not overlays:
        print(f"no translations into {lang} in {display_path(course_dir)}", file=out)
        return 1
    changed = failed = 0
    for path in overlays:
        source = path.parent.parent / path.name
        try:
            values = read_yaml(source).value
            if not isinstance(values, dict):
                raise YamlFileError("not a mapping of keys")
            new_hash = source_hash(values)
            raw = read_regular_file(path).decode("utf-8")
            text, old = stamp_text(raw, new_hash)
        except (YamlFileError, OSError, UnicodeDecodeError, ValueError, KeyError) as exc:
            failed += 1
            reason = getattr(exc, "message", None) or exc.__class__.__name__
            if isinstance(exc, FileNotFoundError):
                reason = f"no source file {display_path(source)}"
            print(f"{display_path(path)}: not stamped: {reason}", file=out)
            continue
        if old == new_hash:
            continue
        path.write_bytes(text.encode("utf-8"))
        changed += 1
        before = old if old is not None else "(none)"
        print(f"{display_path(path)}: source_hash {before} -> {new_hash}", file=out)
    kept = len(overlays) - changed - failed
    print(
        f"{lang}: {changed} stamped, {kept} already up to date"
        + (f", {failed} not stamped" if failed else ""),
        file=out,
    )
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """`python -m tooltutor.course.translation stamp [COURSE_DIR] LANG`."""
    # on first use, not at import: tooltutor.course (1 module)
    from tooltutor.course.location import resolve_course_dir

    parser = argparse.ArgumentParser(
        prog="python -m tooltutor.course.translation",
        description="Tools for translators of a tooltutor course (see docs/translations.md).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    stamp_parser = sub.add_parser(
        "stamp",
        help="set the source_hash of every overlay of LANG to its source's current text",
        description="Set the source_hash of every overlay of LANG to the hash of its source's "
        "current text: do it after bringing the translation up to date. Only the "
        "source_hash line of each file changes.",
    )
    stamp_parser.add_argument(
        "args",
        nargs="+",
        metavar="[COURSE_DIR] LANG",
        help="course directory (default: $TOOLTUTOR_COURSE, else the bundled course) and "
        "language tag",
    )
    args = parser.parse_args(argv)
    if len(args.args) > 2:
        parser.error("stamp takes [COURSE_DIR] LANG")
    *folder, lang = args.args
    course_dir = resolve_course_dir(folder[0] if folder else os.environ.get("TOOLTUTOR_COURSE"))
    if not (course_dir / "course.yaml").is_file():
        print(f"{display_path(course_dir)}: no course.yaml here", file=sys.stderr)
        return 2
    return stamp(course_dir, lang)
