"""The pages the Responses rules cite: current OpenAI docs, the spec, and public reports."""

DOCS = "https://platform.openai.com/docs"
RESPONSES_API = f"{DOCS}/api-reference/responses/create"
CONVERSATION_STATE = f"{DOCS}/guides/conversation-state?api-mode=responses"
FUNCTION_CALLING = "https://developers.openai.com/api/docs/guides/function-calling"
STRUCTURED_OUTPUTS = f"{DOCS}/guides/structured-outputs"
REASONING = f"{DOCS}/guides/reasoning"
REASONING_ITEMS = "https://cookbook.openai.com/examples/responses_api/reasoning_items"
#: the OpenAPI spec the API reference is generated from (2026-08-21)
SPEC = (
    "https://github.com/openai/openai-openapi/blob/"
    "f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.yaml"
)
GH = "https://github.com"
