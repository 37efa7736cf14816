"""The user's data folder (progress, trust decisions) and cache folder (the course cache).

They are the folders ``platformdirs.user_data_dir("tooltutor", appauthor=False)`` and
``platformdirs.user_cache_dir("tooltutor")`` name, always: a learner's progress must never
move. On Linux, in the environment nearly every user has, they are worked out here instead,
because importing platformdirs costs about as much as the rest of a `check` of one answer
(it pulls in tempfile, shutil, bz2, lzma, random: ~9 ms a command). That environment is
where every platformdirs version since 2.0 gives the same answer, read from its sources
(`unix.py` and `_xdg.py` of 4.x, `unix.py` of 2.x and 3.x):

- ``$XDG_DATA_HOME`` / ``$XDG_CACHE_HOME`` when it is an absolute path, taken verbatim,
  plus ``tooltutor``;
- when it is unset or empty (or only blanks), ``~/.local/share`` / ``~/.cache`` under an
  absolute ``$HOME`` (``os.path.expanduser``, as platformdirs calls it), plus ``tooltutor``.

Neither is created here (platformdirs creates nothing unless asked, and tooltutor never
asks): the store makes its folder 0700, the cache makes its own when it first writes.

Everything else is asked of platformdirs, so it answers exactly as before for whoever has
it: another system (macOS, Windows, the BSDs), Android (Python's `getandroidapilevel`, or
``ANDROID_DATA``/``ANDROID_ROOT`` set at all), a relative XDG value (platformdirs 4.x
ignores it as the XDG spec says, 3.x used it relative to the working folder), and a
``$HOME`` that is missing, empty or relative (4.x then reads the password database, 3.x
used the value as it was).
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
    if value.startswith("/"):
        return os.path.join(value, APP)
    if value.strip():  # relative: the platformdirs versions differ
        return None
    home = os.environ.get("HOME", "")
    if not home.startswith("/"):  # missing, empty or relative: the versions differ
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
