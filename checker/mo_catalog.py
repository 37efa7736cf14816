"""`MoCatalog`: a compiled gettext catalog (`.mo`) looked up as messages are asked for.

`gettext.GNUTranslations` decodes every message of a catalog into a dict when it opens
it: for the checker's Russian catalog (2,300 messages, 500 KB) that is 4-8 ms, about a
tenth of a whole `tooltutor --lang ru check`, which shows a dozen of them. Here the file
is read once (the sandbox's child reads it before its guards go up) and each message is
found when asked, by a binary search of the catalog's table of originals, which the
format keeps sorted (GNU msgfmt and `pybabel compile` both write it so;
`tests/checker/test_mo_catalog.py` holds every shipped catalog to it), then decoded. The
answers are those of `GNUTranslations`: the English given back when a message has no
translation, plural forms chosen by the catalog's `Plural-Forms` rule.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["MoCatalog"]

_LITTLE, _BIG = 0x950412DE, 0xDE120495


class MoCatalog:
    """A `.mo` file's messages: `gettext`, `ngettext` and `has`, as `GNUTranslations`
    answers them, each message decoded only when it is asked for."""

    def __init__(self, data: bytes) -> None:
        magic = int.from_bytes(data[:4], "little")
        if magic not in (_LITTLE, _BIG):
            raise OSError("not a gettext catalog (.mo): bad magic number")
        self._order = "little" if magic == _LITTLE else "big"
        major = self._int(data, 4) >> 16
        if major > 1:
            raise OSError(f"a gettext catalog of an unknown major revision: {major}")
        self._data = data
        self._count = self._int(data, 8)
        self._originals = self._int(data, 12)
        self._translations = self._int(data, 16)
        self._charset = "utf-8"
        self._plural: Callable[[int], int] = lambda n: int(n != 1)
        self._cache: dict[str, tuple[str, bool] | None] = {}
        self._read_header()

    def gettext(self, message: str) -> str:
        """The translation of `message`, or `message` itself (a plural message gives its
        form for one, as `GNUTranslations` does)."""
        found = self._lookup(message)
        if found is None:
            return message
        text, plural = found
        return self._form(text, 1, message) if plural else text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of the translation of `singular` that `n` takes, or the English form."""
        english = singular if n == 1 else plural
        found = self._lookup(singular)
        if found is None or not found[1]:
            return english
        return self._form(found[0], n, english)

    def has(self, message: str, plural: bool = False) -> bool:
        """Whether the catalog translates `message` (as a plural message when `plural`)."""
        found = self._lookup(message)
        return found is not None and found[1] == plural

    def _form(self, forms: str, n: int, english: str) -> str:
        index = self._plural(n)
        split = forms.split("\0")
        return split[index] if 0 <= index < len(split) else english

    # -- the file ---------------------------------------------------------------------

    def _int(self, data: bytes, offset: int) -> int:
        return int.from_bytes(data[offset : offset + 4], self._order)

    def _string(self, table: int, index: int) -> bytes:
        at = table + 8 * index
        length, offset = self._int(self._data, at), self._int(self._data, at + 4)
        return self._data[offset : offset + length]

    def _read_header(self) -> None:
        """The charset and the plural rule, from the translation of the empty message."""
        if self._count == 0 or self._string(self._originals, 0) != b"":
            return
        header = self._string(self._translations, 0).decode("ascii", "replace")
        for line in header.splitlines():
            name, _, value = line.partition(":")
            name = name.strip().lower()
            if name == "content-type" and "charset=" in value:
                self._charset = value.split("charset=", 1)[1].strip() or "utf-8"
            elif name == "plural-forms" and "plural=" in value:
                # gettext is loaded already (argparse imports it), and only for a catalog
                from gettext import c2py

                self._plural = c2py(value.split("plural=", 1)[1].split(";", 1)[0])

    def _lookup(self, message: str) -> tuple[str, bool] | None:
        """(the translation of `message`, whether it is a plural message), or None."""
        if message in self._cache:
            return self._cache[message]
        wanted = message.encode(self._charset)
        low, high = 0, self._count
        while low < high:  # the first original whose singular part is not below `wanted`
            middle = (low + high) // 2
            if self._string(self._originals, middle).split(b"\0", 1)[0] < wanted:
                low = middle + 1
            else:
                high = middle
        found = None
        if low < self._count:
            singular, nul, _ = self._string(self._originals, low).partition(b"\0")
            if singular == wanted:
                text = self._string(self._translations, low).decode(self._charset)
                found = (text, bool(nul))
        self._cache[message] = found
        return found
