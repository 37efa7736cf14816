"""The interface in Brazilian Portuguese: English string -> translation (see tooltutor/i18n.py)."""

from __future__ import annotations

MESSAGES: dict[str, str | tuple[str, str]] = {}
