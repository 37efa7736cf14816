"""The calendar course's own check: does a proposed meeting fit a free slot?"""

from datetime import datetime

from checker.checks import JsonContext, Outcome, check, diag, quote, tr, trn

SLOT = {
    "type": "object",
    "properties": {
        "start": {"type": "string", "description": "when the slot begins, like 2026-03-02T14:00"},
        "end": {"type": "string", "description": "when it ends"},
    },
    "required": ["start", "end"],
    "additionalProperties": False,
}


def _time(value):
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


@check(
    "fits-free-slot",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {
            "free": {
                "type": "array",
                "items": SLOT,
                "minItems": 1,
                "description": "the free slots of the calendar",
            },
            "minutes": {
                "type": "integer",
                "minimum": 5,
                "description": "how long the meeting lasts, in minutes",
            },
            "attendees": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the addresses that must be invited",
            },
        },
        "required": ["free", "minutes"],
        "additionalProperties": False,
    },
)
def fits_free_slot(ctx: JsonContext, params) -> Outcome:
    """The event's `start` and `end` lie inside one free slot, `minutes` apart, and its
    `attendees` hold every address of `attendees`."""
    event = ctx.value
    if not isinstance(event, dict):
        return Outcome(False, tr("Write the call's input as an object with `start` and `end`."))
    start, end = _time(event.get("start")), _time(event.get("end"))
    for key, value in (("start", start), ("end", end)):
        if value is None:
            return Outcome(
                False,
                tr(
                    "`{key}` is {value}: write a date and time like 2026-03-02T14:00.",
                    key=key,
                    value=quote(event.get(key)),
                ),
                [diag(f"/{key}", tr("not a date and time"))] if key in event else [],
            )
    minutes = (end - start).total_seconds() / 60
    if minutes != params["minutes"]:
        return Outcome(
            False,
            trn(
                params["minutes"],
                "The meeting lasts {got} minutes; it should last {n} minute.",
                "The meeting lasts {got} minutes; it should last {n} minutes.",
                got=int(minutes),
            ),
            [diag("/end", tr("check the end time"))],
        )
    slots = [(_time(s["start"]), _time(s["end"])) for s in params["free"]]
    if not any(a <= start and end <= b for a, b in slots):
        return Outcome(
            False,
            tr(
                "{start} to {end} is not inside a free slot ({slots}).",
                start=event["start"],
                end=event["end"],
                slots=", ".join(f"{s['start']}-{s['end'][-5:]}" for s in params["free"]),
            ),
            [diag("/start", tr("this time is taken"))],
        )
    invited = event.get("attendees")
    invited = invited if isinstance(invited, list) else []
    missing = [a for a in params.get("attendees", []) if a not in invited]
    if missing:
        return Outcome(
            False,
            trn(
                len(missing),
                "{n} attendee is not invited: {who}.",
                "{n} attendees are not invited: {who}.",
                who=", ".join(quote(a) for a in missing),
            ),
        )
    return Outcome(True)
