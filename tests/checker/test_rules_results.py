"""tool_result, image, document, search result and citation rules: broken requests, near misses.

Each case cites where its shape comes from (the docs' own examples, or a public report that
quotes the API's 400). A broken case names its rule, severity, JSON pointer and a word of
the message; a near miss must not fire its rule, and the whole request must be valid.
"""

from __future__ import annotations

import copy
import json

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    assistant,
    text,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

from checker import lint, lint_value
from checker.rules.anthropic.content import sniff_image

Q = "What's the weather in Paris?"
PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5E"
    "rkJggg=="
)
JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AVN//2Q=="  # noqa: E501


def round_trip(*result_blocks, **extra):
    """A request whose third message answers `toolu_01` with `result_blocks`."""
    return anthropic_body(
        [
            user(Q),
            assistant([text("Let me check."), tool_use("toolu_01")]),
            user(list(result_blocks)),
        ],
        **extra,
    )


def image(data=PNG, media="image/png", **source):
    """An image block: base64 `data` of type `media`, or the `source` fields given."""
    return {
        "type": "image",
        "source": source or {"type": "base64", "media_type": media, "data": data},
    }


def document(data="The grass is green.", citations=None, **extra):
    block = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": data},
    }
    if citations is not None:
        block["citations"] = citations
    block.update(extra)
    return block


def asking(*blocks, **extra):
    """A one-message request: `blocks`, then a question."""
    return anthropic_body([user([*blocks, text("What does it say?")])], **extra)


def search_result(**extra):
    block = {
        "type": "search_result",
        "source": "https://docs.example.com/sla",
        "title": "SLA",
        "content": [text("Uptime is 99.9% per month.")],
    }
    block.update(extra)
    return block


def changed(body, fn):
    body = copy.deepcopy(body)
    fn(body)
    return body


OUTPUT_FORMAT = {
    "format": {
        "type": "json_schema",
        "schema": {
            "type": "object",
            "properties": {"color": {"type": "string"}},
            "required": ["color"],
            "additionalProperties": False,
        },
    }
}

# (id, body, rule, severity, pointer, a word of the message)
BROKEN = [
    # a-tool-result-duplicate: https://github.com/Kilo-Org/kilocode/pull/3772 (a retried
    # result appended next to the first one)
    (
        "duplicate-result",
        round_trip(tool_result("toolu_01", "18 C"), tool_result("toolu_01", "18 C (retry)")),
        "a-tool-result-duplicate",
        "error",
        "/messages/2/content/1",
        "exactly one",
    ),
    (
        "duplicate-in-parallel-batch",
        anthropic_body(
            [
                user("Paris and Rome?"),
                assistant([tool_use("toolu_a"), tool_use("toolu_b", args={"city": "Rome"})]),
                user([tool_result("toolu_a"), tool_result("toolu_b"), tool_result("toolu_a", "x")]),
            ]
        ),
        "a-tool-result-duplicate",
        "error",
        "/messages/2/content/2",
        "blocks 0 and 2",
    ),
    # a-tool-result-error-content: https://github.com/bytedance/trae-agent/issues/230,
    # https://github.com/jlevy/markform/issues/153 ("" and [] both rejected)
    (
        "error-empty-string",
        round_trip(tool_result("toolu_01", "", is_error=True)),
        "a-tool-result-error-content",
        "error",
        "/messages/2/content/0/content",
        "empty content",
    ),
    (
        "error-empty-list",
        round_trip(tool_result("toolu_01", [], is_error=True)),
        "a-tool-result-error-content",
        "error",
        "/messages/2/content/0/content",
        "what went wrong",
    ),
    (
        "error-no-content",
        round_trip({"type": "tool_result", "tool_use_id": "toolu_01", "is_error": True}),
        "a-tool-result-error-content",
        "error",
        "/messages/2/content/0",
        "no content",
    ),
    # a-tool-result-error-non-text: https://github.com/vellum-ai/vellum-assistant/pull/18387
    # ("all content must be type `text` if `is_error` is true")
    (
        "error-with-screenshot",
        round_trip(tool_result("toolu_01", [text("Render failed."), image()], is_error=True)),
        "a-tool-result-error-non-text",
        "error",
        "/messages/2/content/0/content/1",
        "only text",
    ),
    (
        "error-with-document",
        round_trip(tool_result("toolu_01", [document()], is_error=True)),
        "a-tool-result-error-non-text",
        "error",
        "/messages/2/content/0/content/0",
        "`document`",
    ),
    # a-tool-result-content-type: the Responses API's block type in a result (tag list from
    # https://github.com/anthropics/claude-code/issues/11678)
    (
        "result-input-text",
        round_trip(tool_result("toolu_01", [{"type": "input_text", "text": "18 C"}])),
        "a-tool-result-content-type",
        "error",
        "/messages/2/content/0/content/0",
        "tool_reference",
    ),
    (
        "tool-reference-without-tool-search",
        round_trip(
            tool_result("toolu_01", [{"type": "tool_reference", "tool_name": "get_weather"}])
        ),
        "a-tool-result-content-type",
        "warning",
        "/messages/2/content/0/content/0",
        "no tool search",
    ),
    (
        "tool-reference-on-old-model",
        round_trip(
            tool_result("toolu_01", [{"type": "tool_reference", "tool_name": "get_time"}]),
            model="claude-opus-4-1",
            tools=[weather_tool(), weather_tool("get_time", defer_loading=True)],
        ),
        "a-tool-result-content-type",
        "warning",
        "/messages/2/content/0/content/0",
        "claude-opus-4-1",
    ),
    # a-image-media-type: https://github.com/anthropics/claude-code/issues/4661 (image/jpg),
    # https://github.com/anthropics/claude-code/issues/6300 (bytes of another type)
    (
        "image-jpg",
        asking(image(JPEG, "image/jpg")),
        "a-image-media-type",
        "error",
        "/messages/0/content/0/source/media_type",
        "image/jpeg",
    ),
    (
        "image-svg-in-tool-result",
        round_trip(tool_result("toolu_01", [image("PHN2Zz48L3N2Zz4=", "image/svg+xml")])),
        "a-image-media-type",
        "error",
        "/messages/2/content/0/content/0/source/media_type",
        "image/webp",
    ),
    (
        "image-png-declared-jpeg",
        asking(image(PNG, "image/jpeg")),
        "a-image-media-type",
        "error",
        "/messages/0/content/0/source/media_type",
        "`image/png`",
    ),
    # a-image-source-invalid: https://github.com/felixarntz/ai-services/pull/19 ("invalid
    # base64 data" for a data URL), https://github.com/livekit/agents/issues/3867
    (
        "image-data-url",
        asking(image("data:image/png;base64," + PNG)),
        "a-image-source-invalid",
        "error",
        "/messages/0/content/0/source/data",
        "data URL",
    ),
    (
        "image-openai-shape",
        asking({"type": "image", "image_url": {"url": "https://example.com/a.png"}}),
        "a-image-source-invalid",
        "error",
        "/messages/0/content/0",
        "image_url",
    ),
    (
        "image-placeholder-data",
        asking(image("[image blob missing]")),
        "a-image-source-invalid",
        "error",
        "/messages/0/content/0/source/data",
        "not base64",
    ),
    (
        "image-url-with-media-type",
        asking(image(type="url", url="https://example.com/a.png", media_type="image/png")),
        "a-image-source-invalid",
        "error",
        "/messages/0/content/0/source/media_type",
        "`media_type`",
    ),
    (
        "image-file-path-url",
        asking(image(type="url", url="/home/me/chart.png")),
        "a-image-source-invalid",
        "error",
        "/messages/0/content/0/source/url",
        "https://",
    ),
    (
        "image-file-source-beta",
        asking(image(type="file", file_id="file_011CNha8iCJcU1wXNR6q4V8w")),
        "a-image-source-invalid",
        "note",
        "/messages/0/content/0/source/type",
        "files-api-2025-04-14",
    ),
    # a-image-limits: https://github.com/earendil-works/pi/pull/424 ("image exceeds 5 MB
    # maximum: 5649924 bytes > 5242880 bytes")
    (
        "image-over-5mb",
        asking(image(PNG[:-4] + "A" * (7 * 1024 * 1024))),
        "a-image-limits",
        "error",
        "/messages/0/content/0/source/data",
        "5 MB",
    ),
    (
        "too-many-images",
        anthropic_body([user([*[image() for _ in range(101)], text("Compare them.")])]),
        "a-image-limits",
        "warning",
        "/messages/0/content/100",
        "200k-token",
    ),
    # a-document-source-invalid: https://platform.claude.com/docs/en/build-with-claude/citations
    # (.csv, .docx, .md are not document blocks)
    (
        "document-csv-base64",
        asking(
            {
                "type": "document",
                "source": {"type": "base64", "media_type": "text/csv", "data": "YSxiCg=="},
            }
        ),
        "a-document-source-invalid",
        "error",
        "/messages/0/content/0/source/media_type",
        "application/pdf",
    ),
    (
        "document-text-wrong-media-type",
        asking(
            {
                "type": "document",
                "source": {"type": "text", "media_type": "text/markdown", "data": "# Hi"},
            }
        ),
        "a-document-source-invalid",
        "error",
        "/messages/0/content/0/source/media_type",
        "text/plain",
    ),
    (
        "document-content-with-document",
        asking({"type": "document", "source": {"type": "content", "content": [document()]}}),
        "a-document-source-invalid",
        "error",
        "/messages/0/content/0/source/content/0",
        "`image`",
    ),
    (
        "document-title-number",
        asking(document(title=7)),
        "a-document-source-invalid",
        "error",
        "/messages/0/content/0/title",
        "string",
    ),
    # a-search-result-invalid: https://platform.claude.com/docs/en/build-with-claude/search-results
    (
        "search-result-string-content",
        asking(search_result(content="Uptime is 99.9%.")),
        "a-search-result-invalid",
        "error",
        "/messages/0/content/0/content",
        "array of text blocks",
    ),
    (
        "search-result-no-title",
        round_trip(tool_result("toolu_01", [changed(search_result(), lambda b: b.pop("title"))])),
        "a-search-result-invalid",
        "error",
        "/messages/2/content/0/content/0",
        "`title`",
    ),
    # a-citations-config-invalid
    (
        "citations-true",
        asking(document(citations=True)),
        "a-citations-config-invalid",
        "error",
        "/messages/0/content/0/citations",
        "object",
    ),
    (
        "citations-enabled-string",
        asking(document(citations={"enabled": "yes"})),
        "a-citations-config-invalid",
        "error",
        "/messages/0/content/0/citations/enabled",
        "`true` or `false`",
    ),
    (
        "text-citations-object",
        asking({"type": "text", "text": "Cite this.", "citations": {"enabled": True}}),
        "a-citations-config-invalid",
        "error",
        "/messages/0/content/0/citations",
        "not a switch",
    ),
    # a-citations-all-or-none: citations docs ("all or none of the documents"), search
    # results docs ("all-or-nothing")
    (
        "citations-mixed-documents",
        asking(document(citations={"enabled": True}), document("The sky is blue.")),
        "a-citations-all-or-none",
        "error",
        "/messages/0/content/1",
        "all or none",
    ),
    (
        "citations-mixed-search-results",
        round_trip(
            tool_result(
                "toolu_01",
                [
                    search_result(citations={"enabled": True}),
                    search_result(citations={"enabled": False}),
                ],
            )
        ),
        "a-citations-all-or-none",
        "error",
        "/messages/2/content/0/content/1/citations",
        "search_result",
    ),
    # a-citations-structured-output: citations docs, "Citations and Structured Outputs are
    # incompatible"
    (
        "citations-with-output-format",
        asking(document(citations={"enabled": True}), output_config=OUTPUT_FORMAT),
        "a-citations-structured-output",
        "error",
        "/messages/0/content/0/citations",
        "structured output",
    ),
    (
        "search-result-citations-with-output-format",
        asking(search_result(citations={"enabled": True}), output_config=OUTPUT_FORMAT),
        "a-citations-structured-output",
        "error",
        "/messages/0/content/0/citations",
        "cannot be combined",
    ),
    # a-citations-in-user-text, a-document-in-assistant:
    # https://platform.claude.com/docs/en/api/migration-2026-10-21#breaking-changes
    (
        "user-text-with-citations",
        asking(
            {"type": "text", "text": "Grass is green.", "citations": [{"type": "char_location"}]}
        ),
        "a-citations-in-user-text",
        "warning",
        "/messages/0/content/0/citations",
        "2026-10-21",
    ),
    (
        "document-in-assistant",
        anthropic_body(
            [user("Summarise."), assistant([document(), text("Done.")]), user("Thanks.")]
        ),
        "a-document-in-assistant",
        "warning",
        "/messages/1/content/0",
        "2026-10-21",
    ),
]

# (id, body, rule): the rule must not fire and the request must be valid
NEAR_MISSES = [
    ("one-result-each", round_trip(tool_result("toolu_01")), "a-tool-result-duplicate"),
    (
        # the same id answered again in a later turn is a-tool-result-orphan's business
        "results-in-separate-turns",
        anthropic_body(
            [
                user(Q),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01")]),
                assistant([tool_use("toolu_02")]),
                user([tool_result("toolu_02")]),
            ]
        ),
        "a-tool-result-duplicate",
    ),
    (
        # https://github.com/bytedance/trae-agent/pull/231: an error result with a message
        "error-with-message",
        round_trip(tool_result("toolu_01", "Permission denied: secrets.txt", is_error=True)),
        "a-tool-result-error-content",
    ),
    (
        # SDK tool_result_block_param.py: content is optional when is_error is not true
        "success-without-content",
        round_trip({"type": "tool_result", "tool_use_id": "toolu_01"}),
        "a-tool-result-error-content",
    ),
    (
        "empty-success-result",
        round_trip(tool_result("toolu_01", "")),
        "a-tool-result-error-content",
    ),
    (
        "error-text-blocks",
        round_trip(tool_result("toolu_01", [text("Timed out.")], is_error=True)),
        "a-tool-result-error-non-text",
    ),
    (
        # handle-tool-calls docs: images are fine in a successful result
        "success-with-screenshot",
        round_trip(tool_result("toolu_01", [text("logo.png"), image()])),
        "a-tool-result-error-non-text",
    ),
    (
        # the image moved out of the error result, into the same user message
        "error-then-image",
        round_trip(tool_result("toolu_01", "Render failed.", is_error=True), image()),
        "a-tool-result-error-non-text",
    ),
    (
        # https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
        # #custom-tool-search-implementation
        "custom-tool-search",
        round_trip(
            tool_result("toolu_01", [{"type": "tool_reference", "tool_name": "get_time"}]),
            model="claude-opus-4-8",
            tools=[weather_tool(), weather_tool("get_time", defer_loading=True)],
        ),
        "a-tool-result-content-type",
    ),
    (
        "result-all-block-types",
        round_trip(
            tool_result("toolu_01", [text("Found it."), image(), document(), search_result()])
        ),
        "a-tool-result-content-type",
    ),
    ("image-jpeg", asking(image(JPEG, "image/jpeg")), "a-image-media-type"),
    ("image-url", asking(image(type="url", url="https://example.com/a.jpg")), "a-image-media-type"),
    ("image-short-data-not-judged", asking(image("iVBO")), "a-image-media-type"),
    ("image-base64", asking(image()), "a-image-source-invalid"),
    (
        # base64 wrapped at 76 columns (GNU base64): not judged
        "image-wrapped-base64",
        asking(image(PNG[:40] + "\n" + PNG[40:])),
        "a-image-source-invalid",
    ),
    (
        "image-in-tool-result",
        round_trip(tool_result("toolu_01", [image()])),
        "a-image-source-invalid",
    ),
    (
        "hundred-images",
        anthropic_body([user([*[image() for _ in range(100)], text("Compare.")])]),
        "a-image-limits",
    ),
    ("small-image", asking(image()), "a-image-limits"),
    ("text-document", asking(document()), "a-document-source-invalid"),
    (
        "pdf-document",
        asking(
            {
                "type": "document",
                "source": {
                    "type": "base64",
                    "media_type": "application/pdf",
                    "data": "JVBERi0xLjQK",
                },
            }
        ),
        "a-document-source-invalid",
    ),
    (
        "pdf-url",
        asking(
            {"type": "document", "source": {"type": "url", "url": "https://example.com/paper.pdf"}}
        ),
        "a-document-source-invalid",
    ),
    (
        "content-document",
        asking(
            {
                "type": "document",
                "source": {"type": "content", "content": [text("One."), text("Two.")]},
                "title": "Notes",
            }
        ),
        "a-document-source-invalid",
    ),
    ("search-result", asking(search_result()), "a-search-result-invalid"),
    (
        "citations-enabled",
        asking(document(citations={"enabled": True})),
        "a-citations-config-invalid",
    ),
    (
        "citations-on-all",
        asking(
            document(citations={"enabled": True}), document("Sky.", citations={"enabled": True})
        ),
        "a-citations-all-or-none",
    ),
    (
        "citations-on-none",
        asking(document(), document("Sky.", citations={"enabled": False})),
        "a-citations-all-or-none",
    ),
    (
        # documents and search results are judged each on their own
        "documents-and-search-results",
        asking(document(citations={"enabled": True}), search_result()),
        "a-citations-all-or-none",
    ),
    (
        "output-format-without-citations",
        asking(document(), output_config=OUTPUT_FORMAT),
        "a-citations-structured-output",
    ),
    (
        "citations-without-output-format",
        asking(document(citations={"enabled": True})),
        "a-citations-structured-output",
    ),
    (
        # Claude's cited answer resent in an assistant message
        "assistant-text-with-citations",
        anthropic_body(
            [
                user([document(citations={"enabled": True}), text("Color of grass?")]),
                assistant(
                    [{"type": "text", "text": "Green.", "citations": [{"type": "char_location"}]}]
                ),
                user("Thanks."),
            ]
        ),
        "a-citations-in-user-text",
    ),
    (
        "user-text-empty-citations",
        asking({"type": "text", "text": "Hi.", "citations": []}),
        "a-citations-in-user-text",
    ),
    ("document-in-user", asking(document()), "a-document-in-assistant"),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "words"), [pytest.param(*c[1:], id=c[0]) for c in BROKEN]
)
def test_broken(body, rule, severity, path, words):
    result = lint_value(body)
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint
    assert_plain_text(found[0])
    if severity == "error":
        assert not result.valid
    else:
        assert result.valid, [(d.rule, d.message) for d in result.errors]
    # the same diagnostic from the request as JSON text
    assert _find(lint(json.dumps(body, indent=2)), rule, path)


@pytest.mark.parametrize(("body", "rule"), [pytest.param(*c[1:], id=c[0]) for c in NEAR_MISSES])
def test_near_miss(body, rule):
    result = lint_value(body)
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


@pytest.mark.parametrize(
    ("data", "media"),
    [
        (PNG, "image/png"),
        (JPEG, "image/jpeg"),
        ("R0lGODlhAQABAAAAACw=", "image/gif"),
        ("UklGRiQAAABXRUJQVlA4", "image/webp"),
        ("iVBO", None),
        ("", None),
        ("!!!!", None),
    ],
)
def test_sniff_image_reads_the_signature(data, media):
    assert sniff_image(data) == media


def test_odd_values_in_content_blocks_are_errors_at_the_block():
    for value in (None, 3, [], {}, "x", [None, 1, {"type": 3}], {"type": "base64", "data": 5}):
        for block in (
            {"type": "image", "source": value},
            {"type": "document", "source": value, "citations": value},
            {"type": "search_result", "content": value, "source": value, "title": value},
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": value, "is_error": True},
        ):
            result = lint_value(anthropic_body([user([block, text("?")])]))
            assert not result.valid, (value, block["type"])
            assert all(d.path.startswith("/messages/0/content/0/") for d in result.errors)


def test_pt_br_messages():
    from checker.i18n import use_language

    body = round_trip(tool_result("toolu_01", "", is_error=True))
    with use_language("pt-BR"):
        (found,) = [
            d for d in lint_value(body).diagnostics if d.rule == "a-tool-result-error-content"
        ]
    assert "o que deu errado" in found.message
