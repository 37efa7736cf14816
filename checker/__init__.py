"""The tooltutor checker: judges tool-calling requests as the Anthropic and OpenAI APIs do.

The folder `checker/` of the repository, installed under the same name, file for file
(docs/library.md: the name, and the public API).

    >>> from checker import lint
    >>> result = lint('{"messages": [{"role": "user", "content": "Hi"}]}')
    >>> result.valid, result.format
    (True, 'unknown')

Imports neither Textual nor `tooltutor`; jsonschema is imported only when a request has
tool definitions to check. Rule ids: `docs/rules.md`, plus the structural ids
documented in `checker.lint`. Messages and hints are in English or Brazilian Portuguese
(`checker.i18n.set_language("pt-BR")`); rule ids are the same in every language.

The names below are imported on first use: `import checker` alone, which every module of
the package runs first (the pytest plugin in every test run where it is installed, the
sandbox's child in each run of learner code), loads none of the linter.
"""

from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # not `typing`'s: `import checker` alone imports next to nothing
if TYPE_CHECKING:
    from typing import Any

    from checker.diagnostics import Criterion, Diagnostic, LintResult, Verdict
    from checker.lint import lint, lint_value

__all__ = ["Criterion", "Diagnostic", "LintResult", "Verdict", "lint", "lint_value"]

#: Each public name and the module that defines it.
_EXPORTS = {
    "Criterion": "diagnostics",
    "Diagnostic": "diagnostics",
    "LintResult": "diagnostics",
    "Verdict": "diagnostics",
    "lint": "lint",
    "lint_value": "lint",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


class _Engine(types.ModuleType):
    """The package, whose `lint` stays the function `lint` when the module `checker.lint`
    is first imported (the import system then sets the package's attribute to the module;
    importing it eagerly here, as before, kept the function by binding it afterwards)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "lint" and isinstance(value, types.ModuleType):
            value = value.lint
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Engine
