"""One module words JSON Schema errors: for a learner's answer, for a tool's schema, for a
course author."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from checker.schema_errors import answer_error, check_params_error, course_file_error

PARAMS = {
    "type": "object",
    "properties": {"at": {"type": "string"}, "roles": {"type": "array"}},
    "required": ["roles"],
    "additionalProperties": False,
}


def _errors(schema: dict, value: object) -> list:
    return sorted(Draft202012Validator(schema).iter_errors(value), key=lambda e: e.message)


def test_an_unknown_parameter_gets_a_did_you_mean_and_the_parameters_taken():
    missing, extra = _errors(PARAMS, {"rols": []})  # sorted by message
    assert check_params_error("roles", extra) == [
        (
            "/rols",
            "check 'roles' takes no parameter 'rols' (did you mean 'roles'?); it takes: at, roles",
        )
    ]
    assert check_params_error("roles", missing) == [
        ("", "check 'roles' needs the parameter 'roles': add it to `params`")
    ]


def test_pointers_to_keys_with_a_slash_are_escaped():
    schema = {"type": "object", "additionalProperties": {"type": "string"}}
    (error,) = _errors(schema, {"a/b": 1})
    assert course_file_error(error, {})[:2] == ("/a~1b", False)
    assert check_params_error("x", error)[0][0] == "/a~1b"


def test_a_course_file_pattern_is_said_in_the_words_its_caller_gives():
    (error,) = _errors({"properties": {"id": {"pattern": "^[a-z]+$"}}}, {"id": "Bad"})
    hints = {"^[a-z]+$": "an id is lowercase letters"}
    assert course_file_error(error, hints) == (
        "/id",
        False,
        "`id` is 'Bad': an id is lowercase letters",
    )


def test_a_learner_reads_a_missing_key_and_a_type_slip_in_plain_words():
    missing, slip = _errors(
        {"properties": {"ok": {"type": "boolean"}}, "required": ["city"]}, {"ok": "true"}
    )
    assert answer_error(missing) == '"city" is missing'
    assert "boolean" in answer_error(slip) and '"true"' in answer_error(slip)
