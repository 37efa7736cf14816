"""JSON Schema validation with plain-words errors; jsonschema is imported only when used."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from checker.diagnostics import document_order, pointer
from checker.schema_errors import answer_error


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    # on first use, not at import: jsonschema, attr, attrs, idna, ... (107 modules)
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_json))


def validation_errors(schema: dict, value: Any) -> list[tuple[str, str]]:
    """(JSON pointer, message) for every way `value` breaks `schema`, in the order of the
    answer's text (the first problem a learner meets comes first).

    Validators are compiled once per distinct schema and reused.
    """
    validator = _validator(json.dumps(schema, sort_keys=True))
    out = []
    for error in validator.iter_errors(value):
        path = pointer(*error.absolute_path)
        out.append((path, answer_error(error)))
    out.sort(key=lambda item: document_order(item[0], value))
    return out
