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
