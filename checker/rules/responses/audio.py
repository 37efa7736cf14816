"""`r-audio-input`: audio is not a file input, and needs a model that takes audio (the
table's `input` fact, `checker.models`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import tr
from checker.models import facts_for
from checker.models.openai import AUDIO_PAGE, FILE_INPUTS_PAGE
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import Context

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

_AUDIO_NAME = re.compile(r"\.(mp3|wav|m4a|aac|ogg|oga|opus|flac|webm|mpga|mpeg)$", re.IGNORECASE)


def _audio_file(part: dict[str, Any]) -> bool:
    """Whether an `input_file` part carries audio: its data URL's MIME type or its name."""
    data = part.get("file_data")
    if isinstance(data, str) and data[:11].lower() == "data:audio/":
        return True
    for key in ("filename", "file_url"):
        value = part.get(key)
        if isinstance(value, str) and _AUDIO_NAME.search(value.split("?", 1)[0]):
            return True
    return False


def _parts(ctx: Context) -> Iterator[tuple[str, dict[str, Any]]]:
    for it in ctx.items:
        if it is None or not it.is_input_message or not isinstance(it.raw.get("content"), list):
            continue
        for j, part in enumerate(it.raw["content"]):
            if isinstance(part, dict):
                yield f"{ctx.prefix}/{it.index}/content/{j}", part


@rule(
    "r-audio-input",
    api="responses",
    sources=(refs.RESPONSES_API, FILE_INPUTS_PAGE, AUDIO_PAGE),
    example="""{
  "model": "gpt-5.4",
  "input": [{"role": "user", "content": [
    {"type": "input_text", "text": "Summarise this recording."},
    {"type": "input_file", "filename": "call.mp3", "file_data": "data:audio/mpeg;base64,SUQz"}]}]
}""",
    fix="""{
  "model": "gpt-5.4",
  "input": [{"role": "user", "content": [
    {"type": "input_text", "text": "Summarise this recording: <its transcript>"}]}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.4",
  "input": [{"role": "user", "content": [
    {"type": "input_text", "text": "Summarise this contract."},
    {"type": "input_file", "filename": "contract.pdf",
     "file_data": "data:application/pdf;base64,JVBERi0x"}]}]
}""",
    ),
)
def audio_input(ctx: Context) -> Iterator[Finding]:
    """Audio is not sent as an `input_file`; an `input_audio` part needs an audio model.

    File inputs are documents (PDF and other text formats): an audio file sent as
    `input_file` (a `data:audio/...` URL, or a name or URL ending in `.mp3`, `.wav`...) is
    refused for its MIME type (recorded 400s on the Responses API). Audio goes to a model
    that takes it, as `input_audio`, or is transcribed first. An `input_audio` part on an
    OpenAI model the capability table knows without audio input is refused too; an
    unknown model id is not judged.
    """
    facts = facts_for(ctx.model) if isinstance(getattr(ctx, "model", None), str) else None
    no_audio = (
        facts is not None and facts.vendor == "openai" and "audio" not in (facts.get("input") or ())
    )
    for path, part in _parts(ctx):
        kind = part.get("type")
        if kind == "input_file" and _audio_file(part):
            yield Finding(
                path,
                tr("an audio file is sent as `input_file`: file inputs take documents, not audio"),
                tr(
                    "Transcribe the audio and send the text, or send it as `input_audio` to a "
                    "model that takes audio."
                ),
            )
        elif kind == "input_audio" and no_audio:
            assert facts is not None
            yield Finding(
                path + "/type",
                tr("{model} does not take audio input (`input_audio`)", model=quote(facts.id)),
                tr("Transcribe the audio and send the text, or use a model that takes audio."),
            )
