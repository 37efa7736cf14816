"""Matching an overlay to its source: the text to show, what fell back to the source
language, and the problems found on the way (`Finding`s)."""

from __future__ import annotations

from collections.abc import Mapping

from checker.records import field, record  # a dataclass, without its import cost
from tooltutor.course.model import WHOLE
from tooltutor.course.translation.spec import TEXT, ById, Fields, InOrder, OneOf, skeleton
from tooltutor.course.yamlsource import pointer_join
from tooltutor.i18n import language_name


@record
class Finding:
    """A problem found while matching an overlay to its source."""

    pointer: str
    message: str
    severity: str = "error"
    on_key: bool = False


@record
class Merge:
    """The overlay's text matched to the source: what to show, and what fell back."""

    text: dict
    untranslated: set[str] = field(default_factory=set)
    findings: list[Finding] = field(default_factory=list)


def near(item_id: str, known: list[str]) -> str:
    """What to do about an overlay's id the source lacks: the source's close id may be the
    misspelt one (ids are the same in every language), so copying it is not the only fix."""
    # on first use, not at import: difflib, heapq (an overlay naming an unknown id only)
    import difflib

    close = difflib.get_close_matches(item_id, known, n=1)
    if not close:
        return f" (it has: {', '.join(known)})"
    return (
        f" (did you mean '{close[0]}'? if '{close[0]}' is the misspelt one, fix it in the "
        "source instead: ids are the same in every language)"
    )


def merge(spec: Fields, source: Mapping, overlay: Mapping, source_language: str) -> Merge:
    """Match `overlay` (a file's mapping) to `source`: see the module docstring."""
    return _Merger(source_language).run(spec, source, overlay)


class _Merger:
    def __init__(self, source_language: str):
        self.shown = f"the {language_name(source_language)} text is shown"
        self.source_language = source_language
        self.untranslated: set[str] = set()
        self.findings: list[Finding] = []

    def run(self, spec: Fields, source: Mapping, overlay: Mapping) -> Merge:
        text = self.fields(spec, source, overlay, "", "")
        return Merge(text, self.untranslated, self.findings)

    def source_text(self, value):
        """Source text shown in place of a translation: its `{{facts:...}}` lists joined
        in the source language, as the text around them is."""
        from tooltutor.course.facts import render_all

        return render_all(value, self.source_language)

    def fallback(self, label: str, pointer: str, message: str, severity: str) -> None:
        self.untranslated.add(label or WHOLE)
        self.findings.append(Finding(pointer, message, severity))

    def merge(self, spec, source, overlay, pointer: str, label: str):
        if spec == TEXT:
            return overlay
        if isinstance(spec, Fields):
            return self.fields(spec, source, overlay, pointer, label)
        if isinstance(spec, ById):
            return self.by_id(spec, source, overlay, pointer, label)
        if isinstance(spec, InOrder):
            return self.in_order(spec, source, overlay, pointer, label)
        return self.one_of(spec, source, overlay, pointer, label)

    def fields(self, spec: Fields, source: Mapping, overlay: Mapping, pointer: str, label: str):
        if spec.check_id and "id" in overlay and overlay["id"] != source.get("id"):
            self.findings.append(
                Finding(
                    pointer_join(pointer, "id"),
                    f"the source has no inline check '{overlay['id']}' here (it has "
                    f"'{source.get('id')}'): blocks are matched in order",
                )
            )
        out = {}
        for key, sub in spec.fields.items():
            wanted = skeleton(sub, source.get(key)) if key in source else None
            here, where = pointer_join(pointer, key), f"{label}/{key}" if label else key
            if wanted is None:
                if key in overlay:
                    self.findings.append(
                        Finding(
                            here,
                            f"the source has no `{key}` here: this text is never shown",
                            "warning",
                            on_key=True,
                        )
                    )
                continue
            if key in overlay:
                out[key] = self.merge(sub, source[key], overlay[key], here, where)
            else:
                out[key] = self.source_text(wanted)
                self.fallback(where, pointer, f"missing `{key}` ({self.shown})", "warning")
        return out

    def by_id(self, spec: ById, source: list, overlay: list, pointer: str, label: str):
        known = [spec.key(item) for item in source]
        given: dict[str, tuple[int, Mapping]] = {}
        for index, item in enumerate(overlay):
            item_id = item["id"]
            here = pointer_join(pointer_join(pointer, index), "id")
            if item_id in given:
                self.findings.append(Finding(here, f"{spec.what} '{item_id}' is translated twice"))
            elif item_id not in known:
                hint = near(item_id, known)
                self.findings.append(
                    Finding(here, f"the source has no {spec.what} '{item_id}'{hint}")
                )
            else:
                given[item_id] = (index, item)
        in_source_order = [item_id for item_id in known if item_id in given]
        if list(given) != in_source_order:
            self.findings.append(
                Finding(
                    pointer,
                    f"the {spec.what}s are not in the source's order ({', '.join(known)}); "
                    "they are matched by id",
                    "warning",
                )
            )
        out = []
        for item_id, item in zip(known, source):
            where = f"{label}/{item_id}"
            if item_id in given:
                index, translated = given[item_id]
                here = pointer_join(pointer, index)
                out.append({"id": item_id, **self.fields(spec.item, item, translated, here, where)})
            else:
                out.append({"id": item_id, **self.source_text(skeleton(spec.item, item))})
                self.fallback(
                    where, pointer, f"missing {spec.what} '{item_id}' ({self.shown})", "warning"
                )
        return out

    def in_order(self, spec: InOrder, source: list, overlay: list, pointer: str, label: str):
        if len(overlay) != len(source):
            name = label.rsplit("/", 1)[-1]
            self.fallback(
                label,
                pointer,
                f"`{name}` has {len(overlay)} {spec.what}{'s' * (len(overlay) != 1)}, but "
                f"the source has {len(source)}: translate each one, in the same order "
                f"({self.shown} for all of them)",
                "error",
            )
            return self.source_text(skeleton(spec, source))
        return [
            self.merge(spec.item, item, translated, pointer_join(pointer, i), f"{label}/{i + 1}")
            for i, (item, translated) in enumerate(zip(source, overlay))
        ]

    def one_of(self, spec: OneOf, source: Mapping, overlay: Mapping, pointer: str, label: str):
        kind, given = next(iter(source)), next(iter(overlay))
        if kind != given:
            self.fallback(
                label,
                pointer_join(pointer, given),
                f"this is a `{kind}` block in the source, not `{given}`: blocks are matched "
                f"one to one, in order ({self.shown})",
                "error",
            )
            return self.source_text(skeleton(spec, source))
        here, where = pointer_join(pointer, kind), f"{label}/{kind}"
        return {kind: self.merge(spec.kinds[kind], source[kind], overlay[kind], here, where)}
