"""Read a YAML file into plain values, keeping the line and column of every value.

Built on `yaml.compose` with the C safe loader: nothing in the file is ever executed, and
every value's position comes from the composed node marks. Aliases are expanded under a
budget, so an alias bomb is refused instead of eating memory.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from checker.records import field, record  # a dataclass, without its import cost
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

#: Largest course file read, in bytes.
MAX_FILE_BYTES = 1_000_000
#: Most values one file may expand to (aliases included) before it is refused.
MAX_VALUES = 200_000

_STR = "tag:yaml.org,2002:str"
#: Longest string value shared between files (a word, an id), in characters.
_INTERNED = 40

_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)


@cache
def _yaml():
    """PyYAML, its fastest safe loader and a scalar constructor (imported when first needed)."""
    # on first use, not at import: yaml, cython_runtime, base64, binascii, ... (27 modules)
    import yaml

    # the C loader is much faster; fall back where libyaml is missing
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml, loader, yaml.constructor.SafeConstructor()


class Position(NamedTuple):
    """1-based line and column in a file."""

    line: int
    column: int


class YamlFileError(Exception):
    """A file that could not be read as YAML, with the place to look."""

    def __init__(self, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


@record
class YamlDoc:
    """The plain value of a YAML file and where each part of it stands."""

    value: object
    text: str
    #: JSON pointer -> position of the value
    positions: dict[str, Position] = field(default_factory=dict)
    #: JSON pointer of a mapping member -> position of its key
    key_positions: dict[str, Position] = field(default_factory=dict)
    #: problems found while reading that do not stop the file loading (duplicate keys)
    warnings: list[tuple[str, Position]] = field(default_factory=list)
    #: the file, when `text` was not kept (a document from the course cache)
    source: Path | None = None

    def full_text(self) -> str:
        """The file's text: kept, or read again for a document from the cache."""
        if self.text or self.source is None:
            return self.text
        try:
            return _decode(read_regular_file(self.source))
        except (OSError, YamlFileError):
            return ""

    def locate(self, pointer: str, *, key: bool = False) -> Position:
        """Where the value (or its key) at `pointer` stands; the nearest parent if absent."""
        return locate(self.key_positions if key else self.positions, pointer, self.positions)


class _LazyTable(Mapping):
    """One position table of a `LazyPositions`, found when first read."""

    def __init__(self, owner: LazyPositions, which: str):
        self._owner, self._which = owner, which

    def _table(self) -> dict:
        return self._owner.tables()[self._which]

    def __getitem__(self, pointer: str):
        return self._table()[pointer]

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


class LazyPositions:
    """The positions of a document's values and keys, found from its text only when first
    asked for (a problem to locate): a course loaded from the cache then holds only its
    values, a third of the memory it took with every position in it."""

    def __init__(self, path: Path):
        self._path: Path | None = path  # the text is read again: a course keeps no copy
        self._tables: dict[str, dict] | None = None
        self.values = _LazyTable(self, "values")
        self.keys = _LazyTable(self, "keys")

    def tables(self) -> dict[str, dict]:
        if self._tables is None:
            try:
                doc = read_yaml(self._path)
                self._tables = {"values": doc.positions, "keys": doc.key_positions}
            except (OSError, YamlFileError):  # gone or changed under us: positions unknown
                self._tables = {"values": {}, "keys": {}}
            self._path = None
        return self._tables


def locate(table: Mapping, pointer: str, fallback: Mapping | None = None) -> Position:
    """The position of `pointer` in a position table (values: `Position` or plain
    `(line, column)` tuples, as the course cache stores them), else its nearest parent's."""
    fallback = table if fallback is None else fallback
    while True:
        found = table.get(pointer) or fallback.get(pointer)
        if found is not None:
            return Position(*found)
        if not pointer:
            return Position(1, 1)
        pointer = pointer.rsplit("/", 1)[0]


def pointer_join(base: str, part: object) -> str:
    """Append one reference token to a JSON pointer (`checker.jsonpointer.join`).

    The checker is imported on first use: the app starts without it.
    """
    # on first use, not at import: checker.jsonpointer (2 modules)
    from checker.jsonpointer import join

    return join(base, part)


def read_yaml(path: Path) -> YamlDoc:
    """Read `path` as one YAML document; raise `YamlFileError` with a position."""
    return parse_yaml(_decode(read_regular_file(path)))


def _file_kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular_file(path: Path, limit: int = MAX_FILE_BYTES, *, head: bool = False) -> bytes:
    """The bytes of a course file; `YamlFileError` (at 1:1) when it is not a regular file
    or is larger than `limit`, found before anything is read.

    The type is checked with `stat` before opening (opening a FIFO would wait for a
    writer, a device may do anything), the file is opened with ``O_NONBLOCK`` (should it
    have been swapped for a FIFO meanwhile, the open still returns at once) and checked
    again with `fstat`, and the size comes from `fstat` too: a sparse file of terabytes
    is refused without reading a byte. At most `limit` + 1 bytes are read, should it grow.
    With `head`, a larger file is not refused: its first `limit` bytes are returned.
    """

    def refuse(mode: int) -> YamlFileError:
        return YamlFileError(f"cannot read the file: it is {_file_kind(mode)}, not a regular file")

    def too_big(size: int) -> YamlFileError:
        return YamlFileError(f"file is {size:,} bytes; course files may be at most {limit:,}")

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise refuse(mode)
        fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | _O_BINARY)
    except OSError as exc:
        raise YamlFileError(f"cannot read the file: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise refuse(st.st_mode)
        if st.st_size > limit and not head:
            raise too_big(st.st_size)
        # on first use, not at import: tooltutor.bounded_read (1 module)
        from tooltutor.bounded_read import read_at_most

        raw = read_at_most(fd, limit)
    except OSError as exc:
        raise YamlFileError(f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        if head:
            return raw[:limit]
        raise too_big(len(raw))
    return raw


def _decode(raw: bytes) -> str:
    """`raw` as text, its byte order mark kept (`parse_yaml` drops it); `YamlFileError` at
    the line and character column of a byte that is not UTF-8."""
    # on first use, not at import: checker.text_decoding, checker.diagnostics, ... (14 modules)
    from checker.text_decoding import NotUtf8Error, decode_utf8

    try:
        return decode_utf8(raw, keep_bom=True)
    except NotUtf8Error as problem:
        raise YamlFileError(
            f"{problem} (save the file as UTF-8)", problem.line, problem.column
        ) from None


def parse_yaml(text: str) -> YamlDoc:
    """Parse YAML text into a `YamlDoc`; raise `YamlFileError` with a position."""
    yaml, loader, _ = _yaml()
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        node = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        raise _marked_error(exc, text) from None
    except yaml.reader.ReaderError as exc:
        raise _reader_error(exc, text, byte_offsets=loader is not yaml.SafeLoader) from None
    except yaml.YAMLError as exc:
        raise YamlFileError(f"invalid YAML: {exc}") from None
    if node is None:
        raise YamlFileError("the file is empty: it holds no YAML document")
    doc = YamlDoc(value=None, text=text)
    doc.value = _Builder(doc).build(node, "")
    return doc


def _reader_error(exc, text: str, *, byte_offsets: bool) -> YamlFileError:
    """A character YAML does not allow (a control character), at its line and column.

    libyaml counts `exc.position` in UTF-8 bytes, the pure-Python reader in characters.
    """
    position = max(int(exc.position or 0), 0)
    if byte_offsets:
        before = text.encode("utf-8", "surrogatepass")[:position].decode("utf-8", "replace")
    else:
        before = text[:position]
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    character = exc.character
    code = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
    return YamlFileError(
        f"invalid YAML: character U+{code:04X} is not allowed in a YAML file ({exc.reason}): "
        "remove it, or write it as an escape in a double-quoted string",
        line,
        column,
    )


def _marked_error(exc, text: str) -> YamlFileError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "invalid YAML"
    worded, moved = "", None
    if mark is not None and _char_at(text, mark.line, mark.column) != "\t":
        # on first use, not at import: tooltutor.course (1 module)
        from tooltutor.course.yaml_words import place

        start = exc.context_mark
        worded, moved = place(
            problem,
            exc.context or "",
            text.split("\n"),
            mark.line,
            mark.column,
            (start.line, start.column) if start is not None else None,
        )
    if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
        problem = "a tab character here: YAML indents with spaces only"
    elif worded:
        problem = worded
    elif exc.context:
        context_mark = exc.context_mark
        if context_mark is not None and mark is not None and context_mark.line != mark.line:
            where = (
                f" that starts at line {context_mark.line + 1}, column {context_mark.column + 1}"
            )
        else:
            where = ""
        problem = f"{problem} ({exc.context}{where})"
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if moved is not None:  # the mistake is elsewhere than where the parser stopped
        line, column = moved[0] + 1, moved[1] + 1
    return YamlFileError(f"invalid YAML: {problem}", line, column)


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    if line < len(lines) and column < len(lines[line]):
        return lines[line][column]
    return ""


class _Builder:
    """Turns composed nodes into plain values, recording positions and a value budget."""

    def __init__(self, doc: YamlDoc):
        self.doc = doc
        self.count = 0
        self.yaml, _, self.scalars = _yaml()
        from checker.jsonpointer import join  # once per file: it runs for every value

        self.join = join

    def build(self, node, pointer: str) -> object:
        self.count += 1
        mark = node.start_mark
        if self.count > MAX_VALUES:
            raise YamlFileError(
                f"the file expands to more than {MAX_VALUES:,} values: YAML aliases that "
                "repeat each other (an 'alias bomb') are refused",
                mark.line + 1,
                mark.column + 1,
            )
        self.doc.positions[pointer] = Position(mark.line + 1, mark.column + 1)
        if isinstance(node, self.yaml.MappingNode):
            return self._mapping(node, pointer)
        if isinstance(node, self.yaml.SequenceNode):
            return [self.build(item, self.join(pointer, i)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _mapping(self, node, pointer: str) -> dict:
        result: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlFileError(
                    "merge keys ('<<') are not supported in course files",
                    key_node.start_mark.line + 1,
                    key_node.start_mark.column + 1,
                )
            is_scalar = isinstance(key_node, self.yaml.ScalarNode)
            key = self._scalar(key_node) if is_scalar else None
            key_mark = Position(key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise YamlFileError("a mapping key must be a plain word", *_pos(key_node))
            key = str(key)
            child = self.join(pointer, key)
            if key in result:
                self.doc.warnings.append((f"duplicate key '{key}': the later value wins", key_mark))
            self.doc.key_positions[child] = key_mark
            # keys repeat across files (`check`, `label`, `params`...): one copy each,
            # and marshal keeps them interned in the course cache
            result[sys.intern(key)] = self.build(value_node, child)
        return result

    def _scalar(self, node) -> object:
        if node.tag == _STR:  # most scalars: the text as written
            text = node.value
            # short words repeat (roles, block types, check ids): one copy of each
            return sys.intern(text) if len(text) <= _INTERNED and " " not in text else text
        constructor = self.scalars.yaml_constructors.get(node.tag)
        if constructor is None:
            return node.value
        value = constructor(self.scalars, node)
        if not isinstance(value, (str, int, float, bool, type(None))):
            return node.value  # dates, binary: keep the text as written
        return value


def _pos(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1
