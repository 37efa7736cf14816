"""The pages the Chat Completions rules cite: current OpenAI docs, and public reports of 400s."""

DOCS = "https://platform.openai.com/docs"
CHAT_API = f"{DOCS}/api-reference/chat/create"
#: the official reference of the same endpoint, as developers.openai.com renders it
CHAT_REFERENCE = (
    "https://developers.openai.com/api/reference/go/resources/chat/subresources/completions"
    "/methods/create"
)
#: OpenAI's own OpenAPI spec (2026-08-21), which the API reference is generated from
SPEC = (
    "https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3"
    "/openapi.yaml"
)
FUNCTION_CALLING = f"{DOCS}/guides/function-calling"
STRICT_MODE = f"{FUNCTION_CALLING}?strict-mode=enabled#strict-mode"
STRUCTURED_OUTPUTS = f"{DOCS}/guides/structured-outputs"
SUPPORTED_SCHEMAS = f"{STRUCTURED_OUTPUTS}/supported-schemas"
#: the current version of the Structured Outputs guide (limits: 5000 properties, 10 levels)
SCHEMA_LIMITS = "https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas"
REASONING = f"{DOCS}/guides/reasoning"


def issue(repo: str, number: int) -> str:
    """A public GitHub issue that quotes the API's answer."""
    return f"https://github.com/{repo}/issues/{number}"


def pull(repo: str, number: int) -> str:
    """A public GitHub pull request that quotes the API's answer."""
    return f"https://github.com/{repo}/pull/{number}"
