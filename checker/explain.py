"""Which rules explain an error message the API returned: `tooltutor explain TEXT`.

A pasted error comes in many shapes: the message alone, the error JSON of either vendor
(`{"type": "error", "error": {"message": ...}}`, `{"error": {"message", "type", "param",
"code"}}`), an SDK's exception line (`anthropic.BadRequestError: Error code: 400 - {...}`,
a Python dict), a proxy's error with the API's JSON escaped inside its own message, a
terminal's wrapped and indented copy. `messages_in(text)` finds the API's message(s) in it;
`explain(text)` ranks the rules whose declared wording (each rule's `api_message`, and
the 400s its page quotes) matches, best first.

Matching is on the wording's fixed text, squashed to letters and digits: ids, indices,
names and values (the template's placeholders) may be anything, line breaks and quotes
may fall anywhere. The fixed pieces are looked for in order; a rule scores by how much of
its wording is found (recall) and how much of the message it accounts for (precision).
Rules that share a wording ("Extra inputs are not permitted") are told apart by the
place the message names (`tools.0.custom.strict`): the field and the path of the rule's
own example, and the fields its page is about. With the request that got the error
(`request=`), the rules that request breaks come first, and the diagnostic at the place
the message names first of all.
"""

from __future__ import annotations

import ast
import json
import re
import string
from functools import cache
from typing import Any, NamedTuple

#: Most objects parsed out of one paste (a log can hold many).
MAX_OBJECTS = 50
#: Longest paste read, in characters.
MAX_TEXT = 200_000
#: A match must find at least this share of a rule's wording.
MIN_RECALL = 0.55
#: How many matches `explain` returns at most.
MAX_MATCHES = 5

_SQUASH = re.compile(r"[^a-z0-9]+")
_LOC = re.compile(r"^\s*([a-z_][\w\-]*(?:(?:\.|\[)[\w\-\]]+)*)\s*:(?!//)")
#: Field names too common to tell rules apart by their pages.
_GENERIC_FIELDS = frozenset({"content", "type", "name", "id", "text", "role", "input", "value"})
_QUOTED_PARAM = re.compile(r"'((?:messages|input|tools|tool_choice|functions)[\w.\[\]\-]*)'")
_WORDS = re.compile(r"[a-z][a-z_]{2,}")
_WORD = re.compile(r"[a-z0-9]+")
_WRAP = re.compile(r"([ \t]*)\r?\n[ \t│⎿|>]*")
#: Longest message (in words) aligned word by word with a wording.
MAX_ALIGN_WORDS = 400
#: Shortest wording (in words) matched word by word rather than whole.
MIN_ALIGN_WORDS = 6
_SDK_PREFIX = re.compile(
    r"^.*?(?:Error code: \d{3}\s*-\s*|API Error:\s*\d{3}\s*|Error:\s*\d{3}\s*|\b\d{3}\s+(?=\{))",
    re.S,
)


#: `message: '...'` in a JavaScript object as Node prints it (`{ message: 'tools.0...' }`)
_LOOSE_MESSAGE = re.compile(r"""\bmessage\s*:\s*(['"`])(.{6,}?)(?<!\\)\1\s*[,}]""", re.S)


class Pasted(NamedTuple):
    """One error message found in a paste, with what came beside it."""

    message: str
    #: "anthropic", "openai" or "" (from the error JSON's shape)
    vendor: str = ""
    #: OpenAI's `param`, or the path an Anthropic message starts with
    param: str = ""
    type: str = ""


class Match(NamedTuple):
    """A rule that explains a message: its id, a score in 0..1, and the wording matched."""

    rule: str
    score: float
    wording: str
    message: str
    #: the place in `request=` this rule's diagnostic stands, when it was linted
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
        from checker import rules

        found = rules.get(self.rule)
        out: dict[str, Any] = {"rule": self.rule, "score": round(self.score, 3)}
        if found is not None:
            out.update(
                api=found.title,
                severity=found.severity,
                summary=found.summary,
                wording=self.wording,
            )
        out["message"] = self.message
        if self.path is not None:
            out["path"] = self.path
        return out


# --------------------------------------------------------------------------- reading


def messages_in(text: str) -> list[Pasted]:
    """The API error messages in a paste, innermost (the API's own) first."""
    text = text[:MAX_TEXT]
    found: list[Pasted] = []
    seen: set[str] = set()

    def add(message: Any, vendor: str = "", param: Any = "", kind: Any = "") -> None:
        if not isinstance(message, str) or not message.strip():
            return
        inner = _objects(message)
        if inner:
            for value in inner:
                _visit(value, add, 0)
        key = _squash(message)
        if key in seen or not key:
            return
        seen.add(key)
        found.append(
            Pasted(
                message.strip(),
                vendor,
                param if isinstance(param, str) else "",
                kind if isinstance(kind, str) else "",
            )
        )

    objects = _objects(text)
    for value in objects:
        _visit(value, add, 0)
    if not found:
        for quoted in _LOOSE_MESSAGE.finditer(text):
            add(quoted.group(2))
    if not found:
        stripped = _SDK_PREFIX.sub("", text, count=1) if not objects else text
        add(_unescaped(stripped.strip()))
    # the API's own message first: the most deeply nested, then the longest
    found.sort(key=lambda p: (p.message.lstrip().startswith(("{", "[")), -len(p.param)))
    return found


def _visit(value: Any, add: Any, depth: int) -> None:
    if depth > 8:
        return
    if isinstance(value, dict):
        error = value.get("error")
        vendor = "anthropic" if value.get("type") == "error" else ""
        if isinstance(error, dict):
            vendor = vendor or ("openai" if "param" in error or "code" in error else "")
            add(error.get("message"), vendor, error.get("param"), error.get("type"))
            _visit(error, add, depth + 1)
        elif isinstance(error, str):
            add(error, vendor)
        for key in ("message", "detail", "error_message", "msg"):
            if isinstance(value.get(key), str):
                add(value[key], vendor, value.get("param"), value.get("type"))
        for child in value.values():
            if isinstance(child, (dict, list)):
                _visit(child, add, depth + 1)
            elif isinstance(child, str) and "{" in child:
                for inner in _objects(child):
                    _visit(inner, add, depth + 1)
    elif isinstance(value, list):
        for child in value[:MAX_OBJECTS]:
            _visit(child, add, depth + 1)


def _objects(text: str) -> list[Any]:
    """Every JSON object (or Python dict literal) written in `text`, outermost ones."""
    out: list[Any] = []
    # a terminal's wrapped copy: a line cut mid-word joins without a space, a line cut
    # after a space keeps one word boundary
    joined = _WRAP.sub(lambda m: " " if m.group(1) else "", text) if "\n" in text else text
    for candidate in dict.fromkeys((text, _unescaped(text), joined, _unescaped(joined))):
        start = candidate.find("{")
        decoder = json.JSONDecoder()
        tries = 0
        while start != -1 and len(out) < MAX_OBJECTS and tries < 400:
            tries += 1
            value, end = _one_object(candidate, start, decoder)
            if value is not None:
                out.append(value)
                start = candidate.find("{", end)
            else:
                start = candidate.find("{", start + 1)
        if out:
            return out
    return out


def _one_object(text: str, start: int, decoder: json.JSONDecoder) -> tuple[Any, int]:
    try:
        value, end = decoder.raw_decode(text, start)
        if isinstance(value, dict):
            return value, end
    except ValueError:
        pass
    end = _closing(text, start)
    if end is None or end - start > MAX_TEXT:
        return None, start + 1
    try:
        value = ast.literal_eval(text[start:end])
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None, start + 1
    return (value, end) if isinstance(value, dict) else (None, start + 1)


def _closing(text: str, start: int) -> int | None:
    """The end of the bracketed value that starts at `start` (quotes respected)."""
    depth, quote, i = 0, "", start
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _unescaped(text: str) -> str:
    """Text with one level of JSON string escaping undone (a paste of a log's JSON)."""
    if "\\" not in text:
        return text
    out = text
    for _ in range(3):
        nxt = out.replace('\\\\"', '"').replace('\\"', '"').replace("\\n", "\n")
        if nxt == out:
            break
        out = nxt
    return out


def _squash(text: str) -> str:
    return _SQUASH.sub("", text.lower())


# --------------------------------------------------------------------------- wordings


class Wording(NamedTuple):
    rule: str
    api: str
    template: str
    #: the template's fixed text, squashed, in order
    pieces: tuple[str, ...]
    #: the placeholder the template starts with (`loc`, `param`...), if any
    leading: str
    weight: float
    #: the template's fixed text as words (`tool_use` -> tool, use), in order
    words: tuple[str, ...] = ()


@cache
def wordings() -> tuple[Wording, ...]:
    """Every rule's declared API wordings (and the 400s its page quotes), parsed once."""
    # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
    from checker import rules

    out: list[Wording] = []
    for rule in rules.all_rules():
        texts: list[tuple[str, float]] = []
        if rule.api_message:
            texts.append((rule.api_message, 1.0))
        for quoted in re.findall(r"`([^`]*)`", rule.docstring):
            if len(quoted) < 25 or " " not in quoted or not quoted[:1].isupper():
                continue
            if (rule.api_message or "") != quoted:
                texts.append((_as_template(" ".join(quoted.split())), 0.9))
        texts.extend((t, 0.95) for t in rule.other_wordings)
        for template, weight in texts:
            pieces, leading = _pieces(template)
            if sum(len(p) for p in pieces) >= 6:
                words = tuple(_fixed_words(template))
                out.append(Wording(rule.id, rule.api, template, pieces, leading, weight, words))
    return tuple(out)


def _fixed_words(template: str) -> list[str]:
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        parsed = [(template, None, None, None)]
    return [w for literal, *_ in parsed for w in _WORD.findall(literal.lower())]


def _as_template(quoted: str) -> str:
    """A sentence a rule's page quotes, with its `...` and quoted ids as placeholders."""
    escaped = quoted.replace("{", "{{").replace("}", "}}")
    return re.sub(r"\S*\.\.\.\S*", "{value}", escaped)


def _pieces(template: str) -> tuple[tuple[str, ...], str]:
    pieces: list[str] = []
    leading = ""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        parsed = [(template, None, None, None)]
    for n, (literal, field, _, _) in enumerate(parsed):
        squashed = _squash(literal)
        if squashed:
            pieces.append(squashed)
        if n == 0 and not squashed and field:
            leading = field
    return tuple(pieces), leading


def _recall(pieces: tuple[str, ...], squashed: str) -> float:
    """The share of the pieces found in `squashed` (in order: full weight)."""
    total = sum(len(p) for p in pieces)
    found, at = 0.0, 0
    for piece in pieces:
        n = squashed.find(piece, at)
        if n != -1:
            found += len(piece)
            at = n + len(piece)
        elif piece in squashed:
            found += 0.7 * len(piece)
        elif len(piece) >= 24:  # a long piece with a word changed: its words
            words = _WORDS.findall(piece)
            found += 0.0 if not words else 0.6 * len(piece) * _word_share(piece, squashed)
    return found / total if total else 0.0


def _aligned(words: tuple[str, ...], message: list[str]) -> float:
    """The share of a wording's words (by length) found in order in the message, word by
    word: robust to a word changed or added ("preceding" for "preceeding", a block type
    such as `advisor_tool_result` where the wording has `tool_result`), to a sentence left
    out, and to a message cut short (then only the part of the wording before the cut
    counts, a little less)."""
    total = sum(len(w) for w in words)
    if len(words) < MIN_ALIGN_WORDS or total < 30 or not message:
        return 0.0  # a short wording ("Field required") is only found whole
    have = set(message)
    if sum(len(w) for w in words if w in have) < 0.4 * total:
        return 0.0
    message = message[-MAX_ALIGN_WORDS:]
    n, m = len(words), len(message)
    # best[j] = (length matched, last wording index) using message[:j]
    prev = [0] * (m + 1)
    rows = [prev]
    for i in range(1, n + 1):
        row = [0] * (m + 1)
        wi, size = words[i - 1], len(words[i - 1])
        for j in range(1, m + 1):
            if message[j - 1] == wi:
                row[j] = prev[j - 1] + size
            else:
                row[j] = row[j - 1] if row[j - 1] > prev[j] else prev[j]
        rows.append(row)
        prev = row
    found = prev[m]
    full = found / total
    # cut short: the message's last word is matched to wording word i < n
    last = message[-1]
    for i in range(n, 0, -1):
        if words[i - 1] == last and rows[i][m] > rows[i - 1][m]:
            head = sum(len(w) for w in words[:i])
            if i < n and head >= 0.4 * total and i >= 6:
                return max(full, 0.9 * rows[i][m] / head)
            break
    return full


def _word_share(piece: str, squashed: str) -> float:
    """How much of a long piece survives as runs of 8 characters (wording drift)."""
    runs = [piece[i : i + 8] for i in range(0, max(len(piece) - 7, 1), 4)]
    return sum(1 for r in runs if r in squashed) / len(runs)


# --------------------------------------------------------------------------- places


def place_of(pasted: Pasted) -> list[str]:
    """The path the message names, as tokens (indices dropped): `tools.0.custom.strict`,
    OpenAI's `messages[1].tool_calls`, or a quoted param inside the message."""
    raw = ""
    found = _LOC.match(pasted.message)
    if found:
        raw = found.group(1)
    elif pasted.param:
        raw = pasted.param
    else:
        quoted = _QUOTED_PARAM.search(pasted.message)
        raw = quoted.group(1) if quoted else ""
    return [t for t in re.split(r"[.\[\]]+", raw) if t and not t.isdigit()]


@cache
def _example_place(rule_id: str) -> tuple[str, ...]:
    """The path tokens where the rule's own example breaks it, as the API writes them
    (with the type of each block or tool passed through), indices dropped."""
    # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
    from checker import rules

    rule = rules.get(rule_id)
    if rule is None or not isinstance(rule.example, str) or rule.scope == "session":
        return ()
    # on first use, not at import: checker.lint, checker.rules, checker.source, ... (18 modules)
    from checker.lint import lint
    from checker.rules.api_text import fields
    from checker.source import JsonSyntaxError, parse

    fmt = "auto" if rule.api == "general" else rule.api
    if fmt not in ("auto", "anthropic", "openai", "responses"):
        return ()
    found = [d for d in lint(rule.example, fmt).diagnostics if d.rule == rule_id]
    if not found:
        return ()
    try:
        value = parse(rule.example).value
    except JsonSyntaxError:
        return ()
    diagnostic = found[0].to_dict()
    if isinstance(value, list):
        value, diagnostic["path"] = {"messages": value}, "/messages" + diagnostic["path"]
    # Anthropic names the place with each block's type (`tools.0.custom.name`); OpenAI's
    # `param` is the JSON path alone (`tools[0].function.name`)
    placed = fields(diagnostic, value)
    loc = placed["loc"] if rule.api in ("anthropic", "general") else placed["param"]
    return tuple(t for t in re.split(r"[.\[\]]+", loc) if t and not t.isdigit())


def _place_score(rule_id: str, tokens: list[str]) -> float:
    """How well the rule fits the place the message names (0..1)."""
    if not tokens:
        return 0.0
    # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
    from checker import rules

    rule = rules.get(rule_id)
    score = 0.0
    example = _example_place(rule_id)
    if example:
        last = tokens[-1]
        if tuple(tokens) == example:
            score += 0.7
        elif example[-1] == last:
            shared = 0
            for a, b in zip(tokens, example):
                if a != b:
                    break
                shared += 1
            score += 0.45 + 0.2 * shared / max(len(tokens), len(example))
        else:
            shared = 0
            for a, b in zip(tokens, example):
                if a != b:
                    break
                shared += 1
            score += 0.2 * (last in example) + 0.2 * shared / max(len(tokens), len(example))
    if rule is not None:
        text = (rule.summary + " " + rule.doc).lower()
        field = tokens[-1].lower()
        if field not in _GENERIC_FIELDS and (f"`{field}`" in text or f"{field}:" in text):
            score += 0.3
    return min(score, 1.0)


# --------------------------------------------------------------------------- ranking


def explain(text: str, *, request: Any = None, format: str = "auto") -> list[Match]:
    """The rules that explain the error(s) in `text`, best first (empty when none does).

    `request` is the request that got the error (JSON text or a parsed body): the rules it
    breaks are ranked first, the one at the place the message names first of all.
    """
    pasted = messages_in(text)
    if not pasted:
        return []
    linted = _linted(request, format) if request is not None else {}
    best: dict[str, Match] = {}
    for n, item in enumerate(pasted):
        squashed = _squash(item.message)
        if not squashed:
            continue
        tokens = place_of(item)
        message_words = _WORD.findall(item.message.lower())
        scored = []
        for wording in wordings():
            recall = _recall(wording.pieces, squashed)
            if recall < 0.95:
                recall = max(recall, _aligned(wording.words, message_words))
            if recall < MIN_RECALL:
                continue
            covered = sum(len(p) for p in wording.pieces) * recall
            precision = min(covered / len(squashed), 1.0)
            score = wording.weight * recall * (0.6 + 0.4 * precision)
            score += _vendor_bonus(wording.api, item)
            scored.append((score, wording))
        if scored:
            scored = _told_apart(scored, set(message_words))
            top = max(s for s, _ in scored)
            for score, wording in scored:
                if score >= top - 0.2 and tokens:
                    score += 0.15 * _place_score(wording.rule, tokens)
                path = None
                if wording.rule in linted:
                    path = _nearest(linted[wording.rule], tokens)
                    score += 0.5 + (0.2 if path is not None and _at(path, item) else 0.0)
                score -= 0.01 * n  # a message found further out explains less
                current = best.get(wording.rule)
                if current is None or score > current.score:
                    best[wording.rule] = Match(
                        wording.rule, score, wording.template, item.message, path
                    )
        if not scored:
            for rule_id, score in _by_place(item, tokens):
                current = best.get(rule_id)
                if current is None or score > current.score:
                    best[rule_id] = Match(rule_id, score, "", item.message)
    ranked = sorted(best.values(), key=lambda m: (-m.score, m.rule))
    if not ranked:
        return []
    top = ranked[0].score
    kept = [m for m in ranked if m.score >= top * 0.5][:MAX_MATCHES]
    scale = max(top, 1.0)
    return [m._replace(score=min(m.score / scale, 1.0)) for m in kept]


def _told_apart(
    scored: list[tuple[float, Wording]], words: set[str]
) -> list[tuple[float, Wording]]:
    """Rules that share one wording, told apart by the words only their own summary has
    ("server" for the rule about a server tool's call): a small bonus for the share of
    those words the message also has."""
    by_template: dict[str, list[str]] = {}
    for _, wording in scored:
        by_template.setdefault(wording.template, []).append(wording.rule)
    out = []
    for score, wording in scored:
        sharing = by_template[wording.template]
        if len(sharing) > 1:
            own = _summary_words(wording.rule)
            others: set[str] = set()
            for rule_id in sharing:
                if rule_id != wording.rule:
                    others |= _summary_words(rule_id)
            distinct = own - others
            if distinct:
                score += 0.03 * len(distinct & words) / len(distinct)
        out.append((score, wording))
    return out


@cache
def _summary_words(rule_id: str) -> frozenset[str]:
    # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
    from checker import rules

    rule = rules.get(rule_id)
    text = rule.summary.lower() if rule is not None else ""
    return frozenset(w for w in _WORD.findall(text) if len(w) > 3 and w not in _FUNCTION_WORDS)


#: words of every sentence, which tell no rule apart ("with call_id" in an API message
#: says nothing about a summary that has "with")
_FUNCTION_WORDS = frozenset(
    [
        "with",
        "that",
        "this",
        "from",
        "into",
        "when",
        "then",
        "than",
        "them",
        "they",
        "their",
        "there",
        "these",
        "those",
        "which",
        "what",
        "where",
        "have",
        "been",
        "were",
        "will",
        "would",
        "should",
        "could",
        "does",
        "must",
        "also",
        "only",
        "each",
        "other",
        "more",
        "most",
        "some",
        "such",
        "your",
    ]
)


def _by_place(item: Pasted, tokens: list[str]) -> list[tuple[str, float]]:
    """Rules whose wording is only the place and our own words (`{loc}: {detail}`), or
    that declare none, scored by the place the message names and the words it shares
    with the rule's page. Weaker than a wording match (at most 0.6)."""
    if not tokens:
        return []
    # on first use, not at import: checker.i18n, checker.rules, contextvars, fnmatch (6 modules)
    from checker import rules

    words = set(_WORDS.findall(item.message.lower()))
    out = []
    for rule in rules.all_rules():
        if rule.api == "python" or rule.severity != "error" or rule.scope == "session":
            continue
        pieces = _pieces(rule.api_message)[0] if rule.api_message else ()
        if sum(len(p) for p in pieces) >= 6:
            continue  # it has a wording of its own, which did not match
        place = _place_score(rule.id, tokens)
        if place < 0.3:
            continue
        page = set(_WORDS.findall((rule.summary + " " + rule.doc).lower()))
        shared = len(words & page) / max(len(words), 1)
        out.append((rule.id, 0.4 * place + 0.2 * shared))
    return out


def _vendor_bonus(api: str, item: Pasted) -> float:
    if not item.vendor:
        return 0.0
    if item.vendor == "anthropic":
        return 0.04 if api in ("anthropic", "general") else 0.0
    if api in ("openai", "responses", "general"):
        param = item.param.replace(" ", "")
        if api == "openai" and param.startswith("messages"):
            return 0.06
        if api == "responses" and param.startswith("input"):
            return 0.06
        return 0.04
    return 0.0


def _linted(request: Any, format: str) -> dict[str, list[str]]:
    """Rule id -> the paths where `request` breaks it."""
    # on first use, not at import: checker.lint, checker.detect, ... (14 modules)
    from checker.lint import lint

    out: dict[str, list[str]] = {}
    for d in lint(request, format).diagnostics:
        out.setdefault(d.rule, []).append(d.path)
    return out


def _nearest(paths: list[str], tokens: list[str]) -> str:
    if not tokens:
        return paths[0]
    return max(paths, key=lambda p: sum(1 for t in p.split("/") if t in tokens))


def _at(path: str, item: Pasted) -> bool:
    """Whether the message names this very place (indices included)."""
    found = _LOC.match(item.message)
    raw = found.group(1) if found else item.param
    if not raw:
        return False
    wanted = [t for t in re.split(r"[.\[\]]+", raw) if t]
    have = [t for t in path.split("/") if t]
    numbers = [t for t in wanted if t.isdigit()]
    return bool(numbers) and numbers == [t for t in have if t.isdigit()][: len(numbers)]
