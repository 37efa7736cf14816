"""The web search and web fetch tools' own options: domain filters, location, callers.

Registered from `tool_types` (it imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.models import claude_version
from checker.rules.anthropic.server_tools import DOCS, SERVER_TOOLS, filled
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

DOMAINS = f"{SERVER_TOOLS}#domain-filtering"
CALLERS_DOC = f"{SERVER_TOOLS}#zdr-and-allowed-callers"
DYNAMIC = f"{SERVER_TOOLS}#dynamic-filtering-with-code-execution"
WEB_SEARCH = f"{DOCS}/agents-and-tools/tool-use/web-search-tool"
_LOCATION_KEYS = ("type", "city", "region", "country", "timezone")
_TOOL = '{"type": "web_search_20250305", "name": "web_search"'


def web_tools(ctx: Context) -> Iterator[tuple[int, dict[str, Any], str]]:
    """(index, tool, type) of each web search / web fetch tool."""
    for k, tool in ctx.tools:
        kind = tool.get("type")
        if isinstance(kind, str) and kind.startswith(("web_search_", "web_fetch_")):
            yield k, tool, kind


def _date(kind: str) -> str:
    tail = kind.rsplit("_", 1)[-1]
    return tail if tail.isdigit() else ""


def dynamic(kind: str) -> bool:
    """The `_20260209` and later web tools filter results with code execution."""
    return _date(kind) >= "20260209"


@rule(
    "a-web-domains-conflict",
    api="anthropic",
    scope="body",
    sources=(DOMAINS, "https://github.com/looplj/axonhub/issues/357"),
    api_message="Cannot specify both allowed_domains and blocked_domains in the same request",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s,
             "allowed_domains": ["arxiv.org"], "blocked_domains": ["example.com"]}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s, "allowed_domains": ["arxiv.org"]}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
)
def web_domains_conflict(ctx: Context) -> Iterator[Finding]:
    """A web tool has `allowed_domains` or `blocked_domains`, not both.

    An allow list already excludes every other domain, so the two lists together are
    rejected.
    """
    for k, tool, _ in web_tools(ctx):
        if tool.get("allowed_domains") is not None and tool.get("blocked_domains") is not None:
            yield Finding(
                pointer("tools", k, "blocked_domains"),
                tr(
                    "this web tool has both `allowed_domains` "
                    "and `blocked_domains`: use one of them"
                ),
                tr(
                    "Keep `allowed_domains` to search only those "
                    "sites, or `blocked_domains` to exclude some."
                ),
            )


@rule(
    "a-web-domains-empty",
    api="anthropic",
    scope="body",
    sources=(DOMAINS, "https://github.com/CherryHQ/cherry-studio/pull/10374"),
    api_message="{loc}: Empty list of domains is ambiguous. Provide at least one domain or null.",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s, "blocked_domains": []}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
)
def web_domains_empty(ctx: Context) -> Iterator[Finding]:
    """A domain list is not empty.

    An empty `allowed_domains` could mean "nothing" or "everything", so the API rejects it:
    list at least one domain, or leave the field out (or `null`).
    """
    for k, tool, _ in web_tools(ctx):
        for key in ("allowed_domains", "blocked_domains"):
            if tool.get(key) == []:
                yield Finding(
                    pointer("tools", k, key),
                    tr("`{key}` is an empty list, which the API rejects as ambiguous", key=key),
                    tr(
                        "Leave `{key}` out (or set it to `null`) when you do not filter domains.",
                        key=key,
                    ),
                )


@rule(
    "a-web-domain-format",
    api="anthropic",
    scope="body",
    sources=(DOMAINS,),
    api_message="{loc}: {detail}",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s, "allowed_domains": ["*.example.com"]}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s, "allowed_domains": ["example.com", "docs.python.org/3/*"]}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
        _TOOL,
    ),
)
def web_domain_format(ctx: Context) -> Iterator[Finding]:
    """Domain filter entries are bare domains, with wildcards only in the path.

    Write `example.com` (subdomains are included), `docs.example.com`, or `example.com/blog`
    and `example.com/*` for web search: no `https://` scheme, no `*` in the domain itself
    (`*.example.com` is rejected with a 400). Two warnings, for accepted entries that do
    not do what they seem to: a path on a web fetch entry (fetch matches domains only, so it
    never matches) and non-ASCII characters (look-alike domains).
    """
    for k, tool, kind in web_tools(ctx):
        fetch = kind.startswith("web_fetch_")
        for key in ("allowed_domains", "blocked_domains"):
            entries = tool.get(key)
            if not isinstance(entries, (list, tuple)):
                continue
            for n, entry in enumerate(entries):
                if not isinstance(entry, str):
                    continue
                path = pointer("tools", k, key, n)
                host, _, rest = entry.partition("/")
                problem = None
                if not entry.strip():
                    problem = tr("an empty domain")
                elif "://" in entry:
                    problem = tr("{entry} has a scheme: write the domain alone", entry=quote(entry))
                elif any(ch.isspace() for ch in entry):
                    problem = tr("{entry} contains spaces", entry=quote(entry))
                elif "*" in host:
                    problem = tr(
                        "{entry} has a `*` in the domain: wildcards are allowed only in the path",
                        entry=quote(entry),
                    )
                if problem is not None:
                    yield Finding(
                        path,
                        problem,
                        tr(
                            "Write a bare domain such as `example.com`, "
                            "or `example.com/*` for a path wildcard."
                        ),
                    )
                elif fetch and rest:
                    yield warning(
                        path,
                        tr(
                            "{entry} has a path: web fetch matches on "
                            "the domain only, so this entry never matches",
                            entry=quote(entry),
                        ),
                        tr("Write the domain alone, {host}.", host=quote(host)),
                    )
                elif not host.isascii():
                    yield warning(
                        path,
                        tr(
                            "{entry} has non-ASCII characters, which can imitate another domain",
                            entry=quote(entry),
                        ),
                        tr("Use the ASCII (punycode) form of the domain."),
                    )


@rule(
    "a-web-user-location-shape",
    api="anthropic",
    scope="body",
    sources=(WEB_SEARCH, f"{DOCS}/api/messages#body-tools"),
    api_message="{loc}: {detail}",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s,
             "user_location": {"type": "approximate", "city": "Lisbon", "country": "Portugal"}}],
  "messages": [{"role": "user", "content": "Concerts tonight?"}]
}""",
        _TOOL,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [%s,
             "user_location": {"type": "approximate", "city": "Lisbon", "country": "PT",
                               "timezone": "Europe/Lisbon"}}],
  "messages": [{"role": "user", "content": "Concerts tonight?"}]
}""",
        _TOOL,
    ),
)
def web_user_location_shape(ctx: Context) -> Iterator[Finding]:
    """`user_location` is `{"type": "approximate", ...}` with a two-letter country.

    The web search tool's location has `type: "approximate"` and optional `city`, `region`
    and `timezone` (IANA name) strings of 1 to 255 characters and a `country` given as its
    two-letter ISO code (`US`, `PT`), nothing else.
    """
    for k, tool, _ in web_tools(ctx):
        where = tool.get("user_location")
        if where is None:
            continue
        base = pointer("tools", k, "user_location")
        hint = tr('Write e.g. `{"type": "approximate", "city": "Lisbon", "country": "PT"}`.')
        if not isinstance(where, dict):
            yield Finding(
                base, tr("`user_location` is {type}, not an object", type=json_type(where)), hint
            )
            continue
        if where.get("type") != "approximate":
            yield Finding(
                base + ("/type" if "type" in where else ""),
                tr('`user_location` needs `"type": "approximate"`'),
                hint,
            )
        for key, value in where.items():
            if key not in _LOCATION_KEYS:
                yield Finding(
                    base + pointer(key),
                    tr("`{key}` is not a field of `user_location`", key=key),
                    hint,
                )
            elif key == "country" and value is not None:
                if not (isinstance(value, str) and len(value) == 2):
                    yield Finding(
                        base + "/country",
                        tr(
                            "`country` is {value}: it must be a two-letter ISO country code",
                            value=describe(value),
                        ),
                        hint,
                    )
            elif (
                key != "type"
                and value is not None
                and not (isinstance(value, str) and 0 < len(value) <= 255)
            ):
                yield Finding(
                    base + pointer(key),
                    tr(
                        "`{key}` must be a string of 1 to 255 characters, found {value}",
                        key=key,
                        value=describe(value),
                    ),
                    hint,
                )


def _direct_only(tool: dict[str, Any]) -> bool:
    callers = tool.get("allowed_callers")
    return isinstance(callers, (list, tuple)) and list(callers) == ["direct"]


@rule(
    "a-server-tool-model-unsupported",
    api="anthropic",
    scope="body",  # the model's, and the body's tools: nothing to judge in a bare array
    sources=(CALLERS_DOC,),
    example="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20260209", "name": "web_search"}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
    fix="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20260209", "name": "web_search", "allowed_callers": ["direct"]}],
  "messages": [{"role": "user", "content": "News about qubits?"}]
}""",
)
def server_tool_model_unsupported(ctx: Context) -> Iterator[Finding]:
    """Dynamic-filtering web tools on a model without programmatic tool calling say `["direct"]`.

    The `_20260209` and later web search and web fetch tools are called from code execution
    by default (dynamic filtering). Models without programmatic tool calling reject them
    unless `allowed_callers: ["direct"]` is set: an error for Haiku 4.5 and models before
    Claude 4.5, a warning for the 4.5 models and unknown Haiku versions (the docs name 4.6
    and later models for dynamic filtering), nothing for Opus / Sonnet 4.6 and later.
    """
    model = ctx.model
    version = claude_version(model) if isinstance(model, str) else None
    if version is None:
        return
    haiku = "haiku" in model.lower()
    if not haiku and version >= (4, 6):
        return
    certain = version < (4, 5) or (haiku and version <= (4, 5))
    for k, tool, kind in web_tools(ctx):
        if not dynamic(kind) or _direct_only(tool):
            continue
        if certain:
            message = tr(
                "{type} filters results with code execution, which {model} cannot call: set "
                '`allowed_callers` to `["direct"]`',
                type=code(kind),
                model=quote(model),
            )
        else:
            message = tr(
                "{type} filters results with code execution, documented for Claude 4.6 and later "
                'models: {model} may reject it without `allowed_callers: ["direct"]`',
                type=code(kind),
                model=quote(model),
            )
        hint = tr(
            'Add `"allowed_callers": ["direct"]` to the tool, or '
            "use an older version such as `web_search_20250305`."
        )
        path = pointer("tools", k, "allowed_callers" if "allowed_callers" in tool else "type")
        yield Finding(path, message, hint) if certain else warning(path, message, hint)


@rule(
    "a-code-execution-version-conflict",
    api="anthropic",
    scope="body",
    sources=(DYNAMIC,),
    example="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20260209", "name": "web_search"},
            {"type": "code_execution_20250825", "name": "code_execution"}],
  "messages": [{"role": "user", "content": "Chart the qubit counts."}]
}""",
    fix="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "tools": [{"type": "web_search_20260209", "name": "web_search"},
            {"type": "code_execution_20260120", "name": "code_execution"}],
  "messages": [{"role": "user", "content": "Chart the qubit counts."}]
}""",
)
def code_execution_version_conflict(ctx: Context) -> Iterator[Finding]:
    """Code execution next to dynamic-filtering web tools is `code_execution_20260120` or later.

    The `_20260209` and later web tools run code execution themselves and share one
    container with a declared code execution tool; the API rejects the older
    `code_execution_20250522` and `code_execution_20250825` alongside them.
    """
    web = next((kind for _, _, kind in web_tools(ctx) if dynamic(kind)), None)
    if web is None:
        return
    for k, tool in ctx.tools:
        kind = tool.get("type")
        if kind in ("code_execution_20250522", "code_execution_20250825"):
            yield Finding(
                pointer("tools", k, "type"),
                tr(
                    "{type} cannot be used with {web}: next to the dynamic-filtering web tools "
                    "code execution must be `code_execution_20260120` or later",
                    type=code(kind),
                    web=code(web),
                ),
                tr(
                    "Use `code_execution_20260120`, or leave code "
                    "execution out: these web tools provision it."
                ),
            )
