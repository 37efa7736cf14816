"""The engine's check of a choice answer: `choice`."""

from __future__ import annotations

from collections.abc import Mapping

from checker.answer_context import ChoiceContext
from checker.check_registry import NO_PARAMS, Outcome, check
from checker.diagnostics import (
    quote,
)
from checker.i18n import tr, trn

#: words a learner writes between ids (`7 and 13`, `turns 7, 13`, `turnos 7 e 13`,
#: `ходы 7 и 13`), in every language of the course; dropped unless an id
FILLER_WORDS = frozenset(
    {"and", "&", "e", "turn", "turns", "turno", "turnos", "option", "options"}
    | {"и", "ход", "хода", "ходы", "ходов", "реплика", "реплики", "реплик", "вариант", "варианты"}
)


@check("choice", kinds=("choice",), params=NO_PARAMS)
def choice(ctx: ChoiceContext, params: Mapping) -> Outcome:
    """The chosen options are exactly the correct ones; each wrong pick shows its feedback."""
    by_id = {str(c["id"]).lower(): c for c in ctx.choices}
    chosen_ids = [c for c in ctx.chosen if c in by_id or c not in FILLER_WORDS]
    unknown = [c for c in chosen_ids if c not in by_id]
    if unknown:
        return Outcome(
            False,
            trn(
                len(unknown),
                "{chosen} is not one of the options ({options}).",
                "{chosen} are not among the options ({options}).",
                chosen=", ".join(quote(u) for u in unknown),
                options=", ".join(by_id),
            ),
        )
    if not chosen_ids:
        return Outcome(
            False, tr("Pick an option: write its id ({options}).", options=", ".join(by_id))
        )
    correct = {str(c["id"]).lower() for c in ctx.choices if c["correct"]}
    chosen = set(chosen_ids)
    if chosen == correct:
        return Outcome(True, " ".join(by_id[c]["feedback"] for c in dict.fromkeys(chosen_ids)))
    wrong = [by_id[c]["feedback"] for c in dict.fromkeys(chosen_ids) if c not in correct]
    missed = len(correct - chosen)
    parts = wrong[:]
    if missed and not wrong:
        parts.append(
            trn(
                missed,
                "Right so far, but {n} more option holds too.",
                "Right so far, but {n} more options hold too.",
            )
        )
    return Outcome(False, " ".join(parts))
