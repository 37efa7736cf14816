"""The pages the Anthropic rules cite: current Claude docs, and public reports of the API's 400s."""

DOCS = "https://platform.claude.com/docs/en"
MESSAGES_API = f"{DOCS}/api/messages"
ERRORS = f"{DOCS}/api/errors"
TOOL_USE = f"{DOCS}/agents-and-tools/tool-use/implement-tool-use"
TOOL_RESULTS = f"{DOCS}/agents-and-tools/tool-use/handle-tool-calls"
TOOL_USE_OVERVIEW = f"{DOCS}/agents-and-tools/tool-use/overview"
TOOL_CHOICE = f"{TOOL_USE}#forcing-tool-use"
PARALLEL = f"{DOCS}/agents-and-tools/tool-use/parallel-tool-use"
MESSAGES_GUIDE = f"{DOCS}/build-with-claude/working-with-messages"
PREFILL = f"{DOCS}/build-with-claude/prompt-engineering/prefill-claudes-response"
THINKING = f"{DOCS}/build-with-claude/extended-thinking"
CACHING = f"{DOCS}/build-with-claude/prompt-caching"
STRICT = f"{DOCS}/build-with-claude/structured-outputs"
MIGRATION = f"{DOCS}/about-claude/models/migrating-to-claude-4"
TROUBLESHOOTING = (
    "https://platform.claude.com/docs/agents-and-tools/tool-use/troubleshooting-tool-use"
)


def issue(repo: str, number: int) -> str:
    """A public GitHub issue (or pull request) that quotes the API's answer."""
    return f"https://github.com/{repo}/issues/{number}"


def recording(repo: str, commit: str, path: str) -> str:
    """A public recording of a request and the API's answer (kept in tests/recordings/)."""
    return f"https://github.com/{repo}/blob/{commit}/{path}"


_PYDANTIC_AI = "4fda38988f2939fa6ea9cdefcf120693e10ef491"
#: two assistant messages in a row, then one user message with both results: answered 200
RECORDED_MERGE = recording(
    "pydantic/pydantic-ai",
    _PYDANTIC_AI,
    "tests/cassettes/test_tool_search/test_cross_provider_capability_replay"
    "%5Banthropic-claude-sonnet-4-5-openai-responses-gpt-5.4%5D.yaml",
)
#: a `" "` text block before two `tool_use` blocks, sent back: answered 200
RECORDED_BLANK_TEXT = recording(
    "simonw/llm-anthropic",
    "3ae428f3b5143cc81da25af0271d8fa55bda3f05",
    "tests/cassettes/test_anthropic/test_tools.yaml",
)
#: a tool id of another provider's, in two assistant turns, each answered: answered 200
RECORDED_ID_REUSE = recording(
    "pydantic/pydantic-ai",
    _PYDANTIC_AI,
    "tests/cassettes/test_tool_search/test_cross_provider_capability_replay"
    "%5Bgoogle-gemini-3-flash-preview-anthropic-claude-sonnet-4-5%5D.yaml",
)
