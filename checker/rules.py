"""Every rule id the checker can report: the public contract of `lint --json` and `check --json`."""

from __future__ import annotations

from checker import anthropic, openai

#: Ids defined by `checker.lint` and `checker.source` beyond the two APIs' rules.
GENERAL_RULE_IDS = ("json-syntax", "input-encoding", "request-shape", "format-unknown")

RULE_IDS: frozenset[str] = frozenset(anthropic.RULE_IDS + openai.RULE_IDS + GENERAL_RULE_IDS)
