"""Remember parsed, schema-checked course files, so loading a course skips YAML and jsonschema.

Each course file that passed its schema check is stored as plain values (marshal: no
code is ever loaded from the cache), keyed by the file's path, size, modification time,
inode and status-change time (so a same-size edit that keeps the mtime, as `cp -p` or
`rsync -t` make, is still seen) and by a fingerprint of the schemas, tooltutor's version,
the cache format, the Python version and the YAML loader: editing a file, or upgrading any
of those, reads and checks it again. Each entry's head holds its whole key, so the short
name of an entry's file only has to be different for different files most of the time: two
files that share one only take turns in it. Positions are not stored: a file's positions are
found again from its text the first time a problem in it is located, so a loaded course
holds only its values (see `yamlsource.LazyPositions`). A broken file is never cached, so
its problems are found and reported every time. The cache lives in the user cache folder
(`$TOOLTUTOR_HOME/cache` when that is set); any fault reading or writing it only costs
time.
"""

from __future__ import annotations

import marshal
import os
import sys
from functools import cache
from pathlib import Path
from stat import S_ISREG

from tooltutor import __version__
from tooltutor.course.yamlsource import LazyPositions, Position, YamlDoc

_FORMAT = 3  # 3: entry names and the fingerprint found without hashlib
#: a prime near 2**64: an entry's name is its key's bytes, as one number, modulo it
_PRIME = 0xFFFFFFFFFFFFFFC5


def cache_dir() -> Path:
    home = os.environ.get("TOOLTUTOR_HOME")
    if home:
        return Path(home) / "cache" / "course-files"
    # on first use, not at import: tooltutor.user_dirs (1 module)
    from tooltutor.user_dirs import user_cache_dir

    return Path(user_cache_dir()) / "course-files"


@cache
def fingerprint() -> tuple:
    """Changes whenever a schema, the program, Python or PyYAML changes.

    The schemas are known by their names, sizes and modification and status-change times,
    not read and hashed on every run: they are files of the installed program (an upgrade
    rewrites them and changes `__version__` too), and editing one in a checkout changes its
    times, as any write does (the status-change time even when the modification time is
    put back, as `cp -p` does). The whole tuple is kept in each entry's head and compared
    as it is: no digest, so no two states can ever be taken for one.
    """
    # on first use, not at import: tooltutor.course, json (6 modules)
    from tooltutor.course.schemas import SCHEMA_DIR

    python = ".".join(map(str, sys.version_info[:2]))
    schemas = []
    for schema in sorted(SCHEMA_DIR.glob("*.json")):
        try:
            stat = schema.stat()
        except OSError:
            continue
        schemas.append((schema.name, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns))
    return (__version__, _FORMAT, python, _yaml_loader(), tuple(schemas))


def _yaml_loader() -> str:
    """Which PyYAML reads the files (its files' sizes and times, and whether libyaml is
    there), found without importing it: a cache hit never imports YAML."""
    # on first use, not at import: importlib (2 modules)
    from importlib.util import find_spec

    spec = find_spec("yaml")
    if spec is None or spec.origin is None:
        return "none"
    folder = Path(spec.origin).parent
    parts = []
    for path in sorted([Path(spec.origin), *folder.glob("_yaml*")]):
        try:
            stat = path.stat()
        except OSError:
            continue
        parts.append(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}")
    return ";".join(parts)


def file_stamp(path: Path) -> tuple | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    if not S_ISREG(stat.st_mode):  # a FIFO or a device is never cached: it is refused
        return None
    return (str(path.resolve()), stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_ctime_ns)


def _entry(folder: Path, stamp: tuple) -> Path:
    return folder / _file_name(stamp[0])


def _file_name(key: str) -> str:
    """A short file name for `key` (64 bits of it), without hashlib (OpenSSL, ~3 ms at
    every start) or zlib (~0.5 ms): int.from_bytes and one division, in C. Not a digest:
    a name two keys share costs a cache miss, never a wrong entry (the head is compared)."""
    number = int.from_bytes(key.encode("utf-8", "surrogatepass"), "little") % _PRIME
    return f"{number:016x}.bin"


class CourseCache:
    """Parsed course files that passed the schema check of their kind."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or cache_dir()

    def get(self, path: Path, kind: str) -> YamlDoc | None:
        """The checked document of `path` as `kind`, if it has not changed since."""
        stamp = file_stamp(path)
        if stamp is None:
            return None
        try:
            data = marshal.loads(_entry(self.folder, stamp).read_bytes())
            head, value, warnings = data
        except (OSError, ValueError, EOFError, TypeError):
            return None
        if head != (fingerprint(), stamp, kind):
            return None
        tables = LazyPositions(path)
        doc = YamlDoc(
            value=value, text="", positions=tables.values, key_positions=tables.keys, source=path
        )
        doc.warnings = [(message, Position(*p)) for message, p in warnings]
        return doc

    def put(self, path: Path, kind: str, doc: YamlDoc) -> None:
        """Remember that `path` parsed to `doc` and passed the schema check of `kind`."""
        stamp = file_stamp(path)
        if stamp is None:
            return
        data = (
            (fingerprint(), stamp, kind),
            doc.value,
            [(message, tuple(p)) for message, p in doc.warnings],
        )
        self._write(_entry(self.folder, stamp), data)

    def get_check_index(self, folder: Path, stamp: tuple) -> dict[str, str] | None:
        """Which module of the course's `checks/` `folder` declares each check
        (`checker.checks.folder_index`), if its files are as `stamp` says."""
        try:
            head, index = marshal.loads(self._index_entry(folder).read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return None
        if head != (fingerprint(), stamp) or not isinstance(index, dict):
            return None
        return index

    def put_check_index(self, folder: Path, stamp: tuple, index: dict[str, str]) -> None:
        self._write(self._index_entry(folder), ((fingerprint(), stamp), index))

    def _index_entry(self, folder: Path) -> Path:
        return self.folder / _file_name(f"checks:{folder.resolve()}")

    def _write(self, target: Path, data: object) -> None:
        try:
            payload = marshal.dumps(data)
            home = os.environ.get("TOOLTUTOR_HOME")
            if home and not os.path.isdir(home) and Path(home) in self.folder.parents:
                os.makedirs(home, 0o700, exist_ok=True)  # the data folder: the owner's only
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
            tmp.write_bytes(payload)
            os.replace(tmp, target)
        except (OSError, ValueError):
            pass  # a cache that cannot be written only costs time
