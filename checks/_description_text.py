"""Reading a tool's description for the definition checks: its sentences and clauses, and
whether they name a parameter, say when to use the tool, when not to, and what it never
returns. English and Portuguese cue words; a negation or "instead" turns a cue around.
"""

from __future__ import annotations

import re

_ABBREVIATIONS = re.compile(
    r"\b(e\.g|i\.e|etc|vs|cf|incl|approx|ex|p\.ex|т\.\s?е|т\.\s?к|т\.\s?п|напр|см)\.", re.IGNORECASE
)
#: where a sentence ends: . ! ? ; followed by a space (a decimal point is not), or a line end
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)|\n+")
_FULL_STOP = re.compile(r"[.!?]+(?=\s|$)|\n+")
_BULLET = re.compile(r"^\s*(?:[-*\u2022\u2013]|\d+[.)])\s+")
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)?|[A-Za-z0-9_]+")
_CLAUSE_END = re.compile(r",|\bbut\b|\bmas\b|\bно\b|\(|\)|\s[\u2013\u2014-]\s", re.IGNORECASE)

#: words that negate what follows them ("do not use it when ...")
_NEGATION = re.compile(
    r"\b(?:not|never|avoid|cannot|dont|n[a\u00e3]o|nunca|jamais|evite|"
    r"не|нет|нельзя|никогда|избега\w*)\b|n['\u2019]t\b",
    re.IGNORECASE,
)
#: words that say when a tool is meant to be used
_USE_CUE = re.compile(
    r"\b(?:use|uses|using|used|call|invoke|choose|pick|useful|helpful|whenever|when|if|"
    r"for\s+finding|to\s+find|"
    r"(?:best|good|meant|intended|designed|ideal|suited|made)\s+for|"
    r"quando|sempre\s+que|usar|use-a|use-o|chame|[u\u00fa]til|serve\s+para|"
    r"использу\w*|использова\w*|вызыва\w*|вызов\w*|вызвать|примен\w*|когда|если|"
    r"подходит\s+для|полез\w*|нужн\w*\s+для|нужен\s+для|предназначен\w*|годится|чтобы\s+найти)\b",
    re.IGNORECASE,
)
#: "when left out", "if omitted": a parameter's default, not a situation to use the tool in
_DEFAULT_AFTER = re.compile(
    r"^\W+(?:\w+\W+){0,2}?(?:omitted|left|absent|missing|given|set|unset|provided|present|"
    r"empty|null|none|omitido|ausente|vazio|"
    r"указан\w*|задан\w*|передан\w*|отсутству\w*|пуст\w*|опущен\w*)\b",
    re.IGNORECASE,
)
#: after a negation: "do not use", "never call", "not for"
_NEGATED_USE = re.compile(
    r"\b(?:use|using|call|invoke|choose|pick|for|when|if|usar|use-a|use-o|chame|para|quando|"
    r"использ\w*|вызыва\w*|вызов\w*|вызвать|примен\w*|для|когда|если)\b",
    re.IGNORECASE,
)
_INSTEAD = re.compile(
    r"\b(?:instead|rather\s+than|prefer\w*|skip\w*|unnecessary|no\s+need|em\s+vez|"
    r"ao\s+inv[e\u00e9]s|no\s+lugar|prefira|"
    r"вместо|лучше\s+(?:вызв|использ|примен)\w*|предпочт\w*|не\s+нужн\w*|незачем)\b",
    re.IGNORECASE,
)
#: "use it only when ...", "only for ...": the other cases are when not to
_ONLY_WHEN = re.compile(
    r"\bonly\b\W+(?:\w+\W+){0,2}?(?:when|if|for|to)\b|"
    r"\b(?:use|call)\w*\W+(?:\w+\W+){0,3}?only\b|\bs[o\u00f3]\s+(?:quando|se|para)\b|"
    r"\b(?:только|лишь)\s+(?:когда|если|для|чтобы)\b|"
    r"\b(?:использ|вызыва|примен)\w*\W+(?:\w+\W+){0,3}?(?:только|лишь)\b",
    re.IGNORECASE,
)
#: what may stand beside a thing to say the tool does not return it
_NOT_RETURNED = re.compile(
    r"\b(?:not|never|no|without|except\w*|exclud\w*|omit\w*|leav\w*\s+out|lack\w*|only|nor|"
    r"instead|"
    r"n[a\u00e3]o|nunca|sem|exceto|apenas|s[o\u00f3]|somente|nem|"
    r"не|нет|никогда|без|кроме|исключ\w*|только|лишь|ни)\b|n['\u2019]t\b",
    re.IGNORECASE,
)


def _normal(text: str) -> str:
    return _ABBREVIATIONS.sub(lambda m: m.group(1), text.replace("\u2019", "'"))


def sentences(text: str, semicolons: bool = True) -> list[str]:
    """The sentences of `text`: pieces ending in . ! ? or ; (unless `semicolons` is false),
    or a line of their own.

    A bulleted or numbered line is a sentence, with or without a full stop; "e.g." and
    similar abbreviations do not end one, and a decimal point does not either.
    """
    pieces = (_SENTENCE_END if semicolons else _FULL_STOP).split(_normal(text))
    return [_BULLET.sub("", p).strip() for p in pieces if p.strip()]


def word_count(text: str) -> int:
    """The words of `text` (a word may hold an apostrophe: "don't")."""
    return len(_WORD.findall(text))


def count_sentences(text: str) -> int:
    """Sentences in `text` (see `sentences`) holding at least two words each."""
    return sum(1 for piece in sentences(text) if word_count(piece) >= 2)


def _clauses(text: str) -> list[str]:
    return [c for s in sentences(text) for c in _CLAUSE_END.split(s) if c.strip()]


def _name_pattern(name: str) -> re.Pattern:
    """`ticket_id` as typed, or as `ticket id` / `ticket-id`, in any case, as a whole word."""
    parts = [re.escape(p) for p in re.split(r"[_\s-]+", name) if p]
    body = r"[_\s-]".join(parts) if parts else re.escape(name)
    return re.compile(rf"(?<![A-Za-z0-9_]){body}(?![A-Za-z0-9_])", re.IGNORECASE)


def mentions(text: str, name: str) -> bool:
    return bool(_name_pattern(name).search(text))


def says_when_to_use(text: str, alternatives: list[str]) -> bool:
    """A clause names a situation to use the tool in (not negated, not about another tool)."""
    for clause in _clauses(text):
        if _INSTEAD.search(clause) or any(mentions(clause, a) for a in alternatives):
            continue
        for m in _USE_CUE.finditer(clause):
            if _NEGATION.search(clause[: m.start()]):
                continue
            word = m.group(0).lower()
            if word in ("when", "if", "quando", "когда", "если") and _DEFAULT_AFTER.match(
                clause[m.end() :]
            ):
                continue
            return True
    return False


def says_when_not(text: str, alternatives: list[str]) -> bool:
    """A clause says when not to use the tool: a negated use, "instead", or another tool."""
    for clause in _clauses(text):
        if _INSTEAD.search(clause) or any(mentions(clause, a) for a in alternatives):
            return True
        if _ONLY_WHEN.search(clause):
            return True
        for m in _NEGATION.finditer(clause):
            if _NEGATED_USE.search(clause[m.end() :]):
                return True
    return False


def says_not_returned(text: str, things: list[str], alternatives: list[str]) -> bool:
    """A sentence names one of `things` beside a negation, "only", or another tool."""
    for sentence in sentences(text):
        if not any(re.search(rf"\b{re.escape(t)}\w*", sentence, re.IGNORECASE) for t in things):
            continue
        if _NOT_RETURNED.search(sentence) or any(mentions(sentence, a) for a in alternatives):
            return True
    return False
