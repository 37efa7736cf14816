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
"""

from checker.diagnostics import Criterion, Diagnostic, LintResult, Verdict
from checker.lint import lint, lint_value

__all__ = ["Criterion", "Diagnostic", "LintResult", "Verdict", "lint", "lint_value"]
