"""docs/library.md names the engine's public API: each name it lists is there."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs/library.md"
TABLE = DOC.read_text(encoding="utf-8").split("## What is public", 1)[1]


def _documented() -> list[tuple[str, str, list[str]]]:
    """(module, attribute, documented keyword parameters) for each name in the table."""
    found = []
    for cell in re.findall(r"^\| (.+?) \| ", TABLE, flags=re.MULTILINE)[1:]:  # past the head
        for part in re.findall(r"`([^`]+)`", cell):
            name, _, params = part.partition("(")
            if not name.startswith("checker"):
                name = "checker.lint." + name  # "format_for_url(url)", "ENDPOINTS"
            module, _, attr = name.rpartition(".")
            keywords = re.findall(r"(\w+)=", params)
            found.append((module, attr, keywords))
    return found


DOCUMENTED = _documented()


def test_the_table_lists_the_package_exports():
    import checker

    top = {attr for module, attr, _ in DOCUMENTED if module == "checker" and attr != "checks"}
    assert top == set(checker.__all__)


@pytest.mark.parametrize(("module", "attr", "keywords"), DOCUMENTED, ids=lambda v: str(v))
def test_each_documented_name_is_there_with_its_parameters(module, attr, keywords):
    try:
        target = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):  # a module named in the table (`checker.checks`)
        target = importlib.import_module(f"{module}.{attr}")
    if keywords and callable(target):
        parameters = inspect.signature(target).parameters
        assert set(keywords) <= set(parameters), (module, attr, keywords)
