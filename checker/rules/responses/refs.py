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


def recording(repo: str, commit: str, path: str) -> str:
    """A public recording of a request and the API's answer (kept in tests/recordings/)."""
    return f"{GH}/{repo}/blob/{commit}/{path}"


#: a reasoning item with `encrypted_content` and no `id` (`store: false`): answered 200
RECORDED_REASONING_NO_ID = recording(
    "crmne/ruby_llm",
    "fb5a49bf04da78d3e74496431ad1c99df5e7e5f0",
    "spec/fixtures/vcr_cassettes/chat_basic_chat_functionality_openai_gpt-5-nano_can_handle_"
    "multi-turn_conversations.yml",
)
#: a `tool_search_call` with `execution: "client"` answered by a `function_call_output`
RECORDED_CLIENT_SEARCH = recording(
    "pydantic/pydantic-ai",
    "4fda38988f2939fa6ea9cdefcf120693e10ef491",
    "tests/cassettes/test_tool_availability_portability/test_tool_availability_portability_"
    "matrix%5BR5-T3-native-search%5D.yaml",
)
