"""The pages the Chat Completions rules cite: current OpenAI docs, and public reports of 400s."""

DOCS = "https://platform.openai.com/docs"
CHAT_API = f"{DOCS}/api-reference/chat/create"
FUNCTION_CALLING = f"{DOCS}/guides/function-calling"
STRUCTURED_OUTPUTS = f"{DOCS}/guides/structured-outputs"
SUPPORTED_SCHEMAS = f"{STRUCTURED_OUTPUTS}#supported-schemas"
REASONING = f"{DOCS}/guides/reasoning"
