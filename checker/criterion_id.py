"""A criterion's id, the one rule every part of the engine and the app names it by."""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def criterion_id(spec: Mapping[str, Any]) -> str:
    """The id of a criterion: its own `id`, else the name of the check it runs."""
    return spec.get("id") or spec["check"]
