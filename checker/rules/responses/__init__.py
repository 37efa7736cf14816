"""OpenAI Responses API (`POST /v1/responses`): the request rules, ids `r-*`."""
