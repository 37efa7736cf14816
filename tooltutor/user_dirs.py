"""The user's data folder (progress, trust decisions) and cache folder (the course cache).

They are the folders ``platformdirs.user_data_dir("tooltutor", appauthor=False)`` and
``platformdirs.user_cache_dir("tooltutor")`` name, always: a learner's progress must never
move. On Linux, in the environment nearly every user has, they are worked out here instead:
importing platformdirs pulls in tempfile, shutil, bz2, lzma and random, ~6 ms of every
command (a tenth of a `check` of one answer). That environment is
where every platformdirs version pyproject allows (3.0 and later) gives the same answer,
read from their sources (`unix.py` and `_xdg.py` of 4.x, `unix.py` of 3.x):

- ``$XDG_DATA_HOME`` / ``$XDG_CACHE_HOME`` when it is an absolute path, taken verbatim,
  plus ``tooltutor``;
- when it is unset or empty (or only blanks), ``~/.local/share`` / ``~/.cache`` under an
  absolute ``$HOME`` (``os.path.expanduser``, as platformdirs calls it), plus ``tooltutor``.

(`tests/progress/test_user_dirs.py` holds the installed version to this; seventeen
versions from 2.6 to 4.14 were compared too, in every environment of that test.)

Neither is created here (platformdirs creates nothing unless asked, and tooltutor never
asks): the store makes its folder 0700, the cache makes its own when it first writes.

Everything else is asked of platformdirs, so it answers exactly as before for whoever has
it: another system (macOS, Windows, the BSDs), Android (Python's `getandroidapilevel`, or
``ANDROID_DATA``/``ANDROID_ROOT`` set at all), a relative XDG value (platformdirs 4.x
ignores it as the XDG spec says, 3.x used it relative to the working folder), a value with
blanks around it (4.9 to 4.12 strip them), and a ``$HOME`` that is missing, empty,
relative or with blanks around it (4.x reads the password database for some of those,
3.x used the value as it was).
"""

from __future__ import annotations

import os
import sys

APP = "tooltutor"


def user_data_dir() -> str:
    """The folder of the learner's progress: platformdirs' user data folder for tooltutor."""
    return _xdg("XDG_DATA_HOME", ".local/share") or _platformdirs().user_data_dir(
        APP, appauthor=False
    )


def user_cache_dir() -> str:
    """The folder of tooltutor's caches: platformdirs' user cache folder for tooltutor."""
    return _xdg("XDG_CACHE_HOME", ".cache") or _platformdirs().user_cache_dir(APP)


def _xdg(variable: str, default: str) -> str | None:
    """The folder as platformdirs on Linux gives it, where every version agrees; else None."""
    if not _plain_linux():
        return None
    value = os.environ.get(variable, "")
    if value != value.strip():  # blanks around it: 4.9 to 4.12 strip them, the others not
        return None if value.strip() else _home(default)
    if value.startswith("/"):
        return os.path.join(value, APP)
    return None if value else _home(default)  # relative: the versions differ


def _home(default: str) -> str | None:
    home = os.environ.get("HOME", "")
    if not home.startswith("/") or home != home.strip():  # the versions differ
        return None
    return os.path.join(os.path.expanduser("~/" + default), APP)


def _plain_linux() -> bool:
    environ = os.environ
    return (
        sys.platform == "linux"
        and not hasattr(sys, "getandroidapilevel")
        and "ANDROID_DATA" not in environ
        and "ANDROID_ROOT" not in environ
    )


def _platformdirs():
    # on first use, not at import: platformdirs, tempfile, shutil, bz2, ... (21 modules)
    import platformdirs

    return platformdirs
