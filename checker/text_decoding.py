"""Bytes read as UTF-8 text, and where the first byte that is not UTF-8 stands.

One rule for every reader of files (a request to lint, an answer to mark, a course file):
the text must be UTF-8; a byte order mark at the start is allowed and, unless the caller
keeps it, dropped. A byte that cannot be decoded is reported at its line and its column
counted in characters, as an editor shows it, with one wording (`NOT_UTF8`).
"""

from __future__ import annotations

from checker.diagnostics import Diagnostic
from checker.i18n import tr

BOM = "\ufeff"

#: the one wording of the problem (`encoding_diagnostic` says it to a learner, translated)
NOT_UTF8 = "not UTF-8 text: byte 0x{byte:02x} cannot be decoded"


class NotUtf8Error(ValueError):
    """Bytes that are not UTF-8: the first bad `byte`, its `offset` in bytes, and the
    1-based `line` and `column` (in characters) where it stands."""

    def __init__(self, raw: bytes, error: UnicodeDecodeError):
        start = error.start
        line_start = raw.rfind(b"\n", 0, start) + 1
        self.byte = raw[start]
        self.offset = start
        self.line = raw.count(b"\n", 0, start) + 1
        # everything before the bad byte on its line decodes: count its characters, but
        # not a byte order mark, which no editor shows
        before = raw[line_start:start].decode("utf-8", "replace")
        self.column = len(before.removeprefix(BOM) if line_start == 0 else before) + 1
        super().__init__(NOT_UTF8.format(byte=self.byte))


def decode_utf8(raw: bytes, *, keep_bom: bool = False) -> str:
    """`raw` as text; `NotUtf8Error` at the first byte that is not UTF-8.

    A leading byte order mark is dropped unless `keep_bom` (a reader that strips it
    itself, after counting positions with it).
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8Error(raw, error) from None
    return text if keep_bom else text.removeprefix(BOM)


def encoding_diagnostic(problem: NotUtf8Error) -> Diagnostic:
    """The `input-encoding` error a learner or a linted file gets, at the bad byte."""
    return Diagnostic(
        "input-encoding",
        "error",
        "",
        tr("the file is not UTF-8 text: byte 0x{byte:02x} cannot be decoded", byte=problem.byte),
        tr("Save the file as UTF-8 (every modern editor can; look for 'encoding' in its menus)."),
        problem.line,
        problem.column,
    )
