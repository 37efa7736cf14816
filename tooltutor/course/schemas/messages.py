"""Turn jsonschema errors into messages a course author understands at a glance.

The wording is `checker.schema_errors.course_file_error`'s; what each pattern of the course
format's schemas asks for, in words, is said here.
"""

from __future__ import annotations

_PATTERN_HINTS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "an id uses lowercase letters, digits and single dashes, "
    "like 'round-trip'",
    "\\S": "it must not be empty",
    "^S[0-9]+$": "source ids look like S1, S2, ...",
    "^https?://\\S+$": "it must be a web address starting with https://",
    "^[0-9a-f]{12}$": "a source_hash is 12 hex digits: run `tooltutor stamp LANG` to write it",
    "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$": "a language tag looks like 'pt-BR' or 'es'",
}


def describe(error) -> tuple[str, bool, str]:
    """(JSON pointer, points at a key?, message) for one jsonschema ValidationError."""
    # on first use, not at import: checker.schema_errors, checker.diagnostics, ... (12 modules)
    from checker.schema_errors import course_file_error

    return course_file_error(error, _PATTERN_HINTS)
