"""`o-audio-input-model`: audio input parts only for models that take audio (the table's
`input` fact, `checker.models`)."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import tr
from checker.models import facts_for, models_with
from checker.models.openai import AUDIO_PAGE
from checker.rules.openai import refs
from checker.rules.openai.context import Context
from checker.rules.record import Finding, rule


def _audio_parts(ctx: Context) -> Iterator[str]:
    """The pointer of every `input_audio` part of a user message."""
    for m in ctx.msgs:
        if m is None or m.role != "user" or not isinstance(m.content, (list, tuple)):
            continue
        for j, part in enumerate(m.content):
            if isinstance(part, dict) and part.get("type") == "input_audio":
                yield ctx.path(m.index, "content", j)


@rule(
    "o-audio-input-model",
    api="openai",
    scope="model",
    sources=(refs.CHAT_REFERENCE, AUDIO_PAGE, f"{refs.DOCS}/models"),
    api_message=(
        "Invalid content type. Content blocks are expected to be either text or image_url type."
    ),
    example="""{
  "model": "gpt-4o-mini",
  "messages": [{"role": "user", "content": [
    {"type": "text", "text": "What is said in this clip?"},
    {"type": "input_audio", "input_audio": {"data": "UklGRiQAAABXQVZF", "format": "wav"}}]}]
}""",
    fix="""{
  "model": "gpt-4o-mini-audio-preview",
  "modalities": ["text"],
  "messages": [{"role": "user", "content": [
    {"type": "text", "text": "What is said in this clip?"},
    {"type": "input_audio", "input_audio": {"data": "UklGRiQAAABXQVZF", "format": "wav"}}]}]
}""",
    near_misses=(
        """{
  "model": "gpt-audio-2025-08-28",
  "messages": [{"role": "user", "content": [
    {"type": "input_audio", "input_audio": {"data": "UklGRiQAAABXQVZF", "format": "mp3"}}]}]
}""",
    ),
)
def audio_input_model(ctx: Context) -> Iterator[Finding]:
    """An `input_audio` part goes to a model that takes audio input.

    `input_audio` is a valid part type of Chat Completions, but only the audio models
    (gpt-4o-audio-preview, gpt-4o-mini-audio-preview, gpt-audio, gpt-audio-mini) read it;
    other models answer 400 (recorded in tool loops that replay a user's voice message to
    gpt-4o: `Content blocks are expected to be either text or image_url`). Judged only for
    an OpenAI model id the capability table knows; an unknown id gets nothing here.
    """
    facts = facts_for(ctx.model) if isinstance(ctx.model, str) else None
    if facts is None or facts.vendor != "openai" or "audio" in (facts.get("input") or ()):
        return
    audio = ", ".join(m for m in models_with("input", "audio") if "-20" not in m)
    for path in _audio_parts(ctx):
        yield Finding(
            path + "/type",
            tr("{model} does not take audio input (`input_audio`)", model=quote(facts.id)),
            tr(
                "Send audio to an audio model ({models}), or transcribe it first and send "
                "the text.",
                models=audio,
            ),
        )
