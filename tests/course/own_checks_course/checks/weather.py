"""This course's own checks: written with `checker.checks`, nothing of the engine changed."""

from checker.checks import JsonContext, Outcome, check, quote, tr

from ._words import same_word


@check(
    "names-city",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
        "additionalProperties": False,
    },
)
def names_city(ctx: JsonContext, params) -> Outcome:
    """The answer is an object whose `city` is `params.city` (any case)."""
    value = ctx.value
    if not isinstance(value, dict) or "city" not in value:
        return Outcome(False, tr("Write an object with a `city` key."))
    if not same_word(value["city"], params["city"]):
        return Outcome(
            False, f"`city` is {quote(value['city'])}; the forecast is for {params['city']}."
        )
    return Outcome(True)


@check("returns-shout", kinds=("python",), params={"type": "object", "additionalProperties": False})
def returns_shout(ctx, params) -> Outcome:
    """Every run returns its `text` argument in upper case with one `!` at the end."""
    for run in ctx.runs:
        if run.exception is not None:
            return Outcome(False, f"Run {run.index + 1} raised {run.exception.type}.")
        wanted = str(run.call.get("text", "")).upper() + "!"
        if run.returned != wanted:
            return Outcome(
                False,
                f"Run {run.index + 1} returned {quote(run.returned)}; expected {quote(wanted)}.",
            )
    return Outcome(True)
