"""Remember parsed, schema-checked course files, so loading a course skips YAML and jsonschema.

Each course file that passed its schema check is stored as plain values (marshal: no
code is ever loaded from the cache), keyed by the file's path, size, modification time,
inode and status-change time (so a same-size edit that keeps the mtime, as `cp -p` or
`rsync -t` make, is still seen) and by a fingerprint of the schemas, tooltutor's version,
the cache format, the Python version and the YAML loader: editing a file, or upgrading any
of those, reads and checks it again. Positions are not stored: a file's positions are
found again from its text the first time a problem in it is located, so a loaded course
holds only its values (see `yamlsource.LazyPositions`). A broken file is never cached, so
its problems are found and reported every time. The cache lives in the user cache folder
(`$TOOLTUTOR_HOME/cache` when that is set); any fault reading or writing it only costs
time.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from functools import cache
from pathlib import Path
from stat import S_ISREG

from tooltutor import __version__
from tooltutor.course.yamlsource import LazyPositions, Position, YamlDoc

_FORMAT = 2


def cache_dir() -> Path:
    home = os.environ.get("TOOLTUTOR_HOME")
    if home:
        return Path(home) / "cache" / "course-files"
    # on first use, not at import: platformdirs, bisect, bz2, lzma, ... (21 modules)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tooltutor")) / "course-files"


@cache
def fingerprint() -> str:
    """Changes whenever a schema, the program, Python or PyYAML changes."""
    # on first use, not at import: tooltutor.course, json (6 modules)
    from tooltutor.course.schemas import SCHEMA_DIR

    python = ".".join(map(str, sys.version_info[:2]))
    digest = hashlib.sha256(f"{__version__}/{_FORMAT}/{python}/{_yaml_loader()}".encode())
    for schema in sorted(SCHEMA_DIR.glob("*.json")):
        digest.update(schema.read_bytes())
    return digest.hexdigest()[:16]


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
    return folder / (hashlib.sha1(stamp[0].encode("utf-8", "surrogatepass")).hexdigest() + ".bin")


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
        name = f"checks:{folder.resolve()}".encode("utf-8", "surrogatepass")
        return self.folder / (hashlib.sha1(name).hexdigest() + ".bin")

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
