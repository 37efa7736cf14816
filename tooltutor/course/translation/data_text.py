"""The strings of an exercise's `given` and criteria `params` that a learner reads, and
the overlay's `given_text` / `params_text` that translate them by JSON pointer."""

from __future__ import annotations

from collections.abc import Mapping

from tooltutor.course.model import expand_model
from tooltutor.course.translation.merge import Finding, Merge, near
from tooltutor.course.translation.pointers import pointer_tokens, put_at, string_leaves, value_at
from tooltutor.course.yamlsource import pointer_join
from tooltutor.i18n import language_name

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: The keys of a criterion's `params` whose strings the learner reads in messages and
#: hints (every string below them, but the `item`s a note is attached to); `name` only as
#: the name of a value a result must carry (`carries`), elsewhere it is a tool's name.
LEARNER_PARAMS = frozenset({"what", "note", "notes", "advice"})


def is_learner_param(pointer: str) -> bool:
    tokens = pointer_tokens(pointer)
    if len(tokens) >= 3 and tokens[0] == "carries" and tokens[-1] == "name":
        return True
    marks = [i for i, token in enumerate(tokens) if token in LEARNER_PARAMS]
    return bool(marks) and "item" not in tokens[marks[-1] + 1 :]


def criterion_id(criterion: Mapping) -> str:
    # on first use, not at import: checker.criterion_id (2 modules)
    from checker.criterion_id import criterion_id as engine_criterion_id

    return engine_criterion_id(criterion)


def learner_text(values: Mapping) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The strings of an exercise's `given` and criteria `params` a learner reads:
    (given pointer -> text, criterion id -> {params pointer -> text}). A learner's param
    that is a `$given/...` reference makes every string of that part of `given` one."""
    given = values.get("given")
    given_text: dict[str, str] = {}
    params_text: dict[str, dict[str, str]] = {}
    for criterion in values.get("criteria") or []:
        found = {}
        for pointer, text in string_leaves(criterion.get("params") or {}):
            if not is_learner_param(pointer):
                continue
            if text.startswith("$given"):
                try:
                    part = value_at(given, text[len("$given") :])
                except KeyError:
                    continue
                for inner, string in string_leaves(part, text[len("$given") :]):
                    if string.strip():
                        given_text[inner] = string
            elif text.strip():
                found[pointer] = text
        if found:
            params_text.setdefault(criterion_id(criterion), {}).update(found)
    return given_text, params_text


def data_skeleton(values: Mapping) -> dict:
    """The learner's strings of `given` and `params`, in the overlay's structure."""
    given_text, params_text = learner_text(values)
    out: dict[str, Any] = {}
    if given_text:
        out["given_text"] = given_text
    if params_text:
        out["params_text"] = params_text
    return out


def merge_data(values: Mapping, overlay: Mapping, source_language: str) -> Merge:
    """Match an exercise overlay's `given_text` and `params_text` to the source's `given`
    and criteria `params`: the merged maps (only what the overlay gives), the learner's
    strings it leaves out (warnings), and pointers that name no string of the source
    (errors)."""
    shown = f"the {language_name(source_language)} text is shown"
    given_text, params_text = learner_text(values)
    out = Merge({})
    given = values.get("given")

    def string_at(value, pointer: str) -> bool:
        try:
            found = value_at(value, pointer)
        except KeyError:
            return False
        return isinstance(found, str) and not found.startswith("$given")

    written = overlay.get("given_text") or {}
    for pointer in written:
        if not string_at(given, pointer):
            out.findings.append(
                Finding(
                    pointer_join("/given_text", pointer),
                    f"the source's `given` has no string at {pointer}: only its strings "
                    "can be translated",
                    on_key=True,
                )
            )
    kept = {p: t for p, t in written.items() if string_at(given, p)}
    if kept:
        out.text["given_text"] = kept
    for pointer in given_text:
        if pointer not in written:
            out.untranslated.add(f"given_text{pointer}")
            out.findings.append(
                Finding(
                    "/given_text" if "given_text" in overlay else "",
                    f"missing given_text `{pointer}` ({shown})",
                    "warning",
                )
            )

    criteria = {criterion_id(c): c.get("params") or {} for c in values.get("criteria") or []}
    written_params = overlay.get("params_text") or {}
    merged_params = {}
    for cid, texts in written_params.items():
        here = pointer_join("/params_text", cid)
        if cid not in criteria:
            hint = near(cid, list(criteria))
            out.findings.append(
                Finding(here, f"the source has no criterion '{cid}'{hint}", on_key=True)
            )
            continue
        for pointer in texts:
            if not string_at(criteria[cid], pointer):
                out.findings.append(
                    Finding(
                        pointer_join(here, pointer),
                        f"the params of criterion '{cid}' have no string at {pointer}: only "
                        "their strings can be translated (a `$given/...` reference is "
                        "translated in given_text)",
                        on_key=True,
                    )
                )
        good = {p: t for p, t in texts.items() if string_at(criteria[cid], p)}
        if good:
            merged_params[cid] = good
    if merged_params:
        out.text["params_text"] = merged_params
    for cid, texts in params_text.items():
        for pointer in texts:
            if pointer not in (written_params.get(cid) or {}):
                out.untranslated.add(f"params_text/{cid}{pointer}")
                out.findings.append(
                    Finding(
                        "/params_text" if "params_text" in overlay else "",
                        f"missing params_text `{cid}` `{pointer}` ({shown})",
                        "warning",
                    )
                )
    return out


def apply_data(given, criteria: list, text: Mapping, model: str = "") -> dict:
    """`given` and `criteria` (an exercise's) with the overlay's `given_text` and
    `params_text` (merged) put in place: the changed fields only."""
    changed: dict[str, Any] = {}
    given_text = text.get("given_text") or {}
    if given_text:
        for pointer, string in given_text.items():
            given = put_at(given, pointer, expand_model(string, model) if model else string)
        changed["given"] = given
    params_text = text.get("params_text") or {}
    if params_text:
        out = []
        for criterion in criteria:
            texts = params_text.get(criterion_id(criterion))
            if texts:
                params = criterion.get("params") or {}
                for pointer, string in texts.items():
                    string = expand_model(string, model) if model else string
                    params = put_at(params, pointer, string)
                criterion = {**criterion, "params": params}
            out.append(criterion)
        changed["criteria"] = out
    return changed


def retunes_marking(values: Mapping, text: Mapping) -> bool:
    """Whether the merged `text` gives a param a value that is not a learner's text (one
    the marking reads, such as a pattern an answer must match)."""
    _, learner = learner_text(values)
    for cid, texts in (text.get("params_text") or {}).items():
        if any(pointer not in learner.get(cid, {}) for pointer in texts):
            return True
    return False
