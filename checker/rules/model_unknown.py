"""`model-unknown`: a model id the capability table does not know (a note, with "did you
mean" for a near miss). One declaration; each API's package adds its check last (`register`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from checker.diagnostics import code
from checker.i18n import tr
from checker.models import did_you_mean, facts_for
from checker.rules.record import Finding, also_checks, declare, note

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MODELS_TABLE = "https://github.com/tooltutor/tooltutor/blob/main/checker/models/__init__.py"
ANTHROPIC_MODELS = "https://platform.claude.com/docs/en/about-claude/models/overview"
OPENAI_MODELS = "https://platform.openai.com/docs/models"
#: ids that look like Anthropic's or OpenAI's own (another vendor's model, served through an
#: OpenAI-compatible server, is not ours to judge); compiled by `re` on first use, not at import
_VENDOR_LIKE = r"(?i)(claude|gpt|chatgpt|codex|o\d)\b"

MODEL_UNKNOWN = declare(
    "model-unknown",
    api="general",
    severity="note",
    scope="model",
    doc="""The model id is one the capability table knows.

    The rules that depend on the model read `checker.models`, the one table of what each
    model id and alias accepts. An id the table does not know gets no model-dependent error,
    and this one note: either a model newer than the table (the table needs a row), or a
    typo. An id the rules still read by its family or generation (a dated snapshot, a
    fine-tune, `gpt-5.6-terra`, `claude-opus-6`) gets no note. A near miss of a known id (one
    letter added, dropped, changed or two swapped, as in `gpt-5.2-proo`) is named with the
    id it probably meant: the API answers such an id with a 404 `model_not_found`, not a
    400, so this stays a note. Ids of other vendors' models (served through
    OpenAI-compatible servers) are not judged.
    """,
    sources=(ANTHROPIC_MODELS, OPENAI_MODELS, MODELS_TABLE),
    example="""{
  "model": "gpt-5.2-proo",
  "messages": [{"role": "user", "content": "Summarise this contract."}]
}""",
    fix="""{
  "model": "gpt-5.2-pro",
  "messages": [{"role": "user", "content": "Summarise this contract."}]
}""",
    near_misses=(
        """{
  "model": "gpt-4o-mini-2024-07-18",
  "messages": [{"role": "user", "content": "Summarise this contract."}]
}""",
        """{
  "model": "llama3.1:8b",
  "messages": [{"role": "user", "content": "Summarise this contract."}]
}""",
    ),
)


def unknown_model(ctx: Any, read_by_family: Callable[[str], bool]) -> Iterator[Finding]:
    """The one note for a model id the table does not know."""
    model = getattr(ctx, "model", None)
    if not isinstance(model, str) or not model.strip() or facts_for(model) is not None:
        return
    body = getattr(ctx, "body", None)
    path = "/model" if isinstance(body, dict) and body.get("model") == model else ""
    meant = did_you_mean(model)
    if meant is not None:
        yield note(
            path,
            tr(
                "{model} is not a known model id: did you mean {meant}?",
                model=code(model),
                meant=code(meant),
            ),
            tr("Write {meant}, if that is the model you meant.", meant=code(meant)),
        )
        return
    if not re.search(_VENDOR_LIKE, model) or read_by_family(model):
        return
    yield note(
        path,
        tr(
            "{model} is not in the model table: no rule that depends on the model judged it",
            model=code(model),
        ),
        tr("If it is a new model, its facts belong in `checker/models/`."),
    )


def _openai_family(model: str) -> bool:
    """True for an id OpenAI's rules read by family (a dated snapshot, a fine-tune, a newer
    version: `gpt-5.6-terra`); the Claude rules pass their own reader (`claude-opus-6`)."""
    # on first use, not at import: checker.models.openai (OpenAI's model table), which a
    # Claude request does not need
    from checker.models.openai import family_of

    return family_of(model) not in (None, "other")


def register(api: str, read_by_family: Callable[[str], bool] = _openai_family) -> None:
    """Add the check to `api`'s run, after its own rules (each API package calls it, with
    its reader of ids by family)."""

    def check(ctx: Any) -> Iterator[Finding]:
        return unknown_model(ctx, read_by_family)

    also_checks("model-unknown", api=api, scope="model")(check)
