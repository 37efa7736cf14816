"""`tooltutor lint --tools FILE`: a tool list judged for the six targets.

Text output is a small table, one row per tool and one column per target (`ok`,
`warn`, `ERROR`), then each refusal with its place in the file and the change that makes
it pass. `--json` prints `{"valid", "tools", "skipped", "targets": {"anthropic": {"valid",
"diagnostics"}, "anthropic-strict": ..., "openai": ..., "openai-strict": ...,
"responses": ..., "responses-strict": ...}}`, each diagnostic with its `tool`, its `path`
in the file, its `target_path` in the target's request and, for a refusal, a
`suggestion` (`change`, and a strict-mode `schema` when one passes).

Exit codes: 0 every target accepts every tool (warnings allowed), 1 some target refuses
some tool, 2 the file cannot be read or holds no tool list.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from tooltutor.errors import UserError
from tooltutor.i18n import t

#: column headings of the table (the targets, short enough for 80 columns)
HEADINGS = ("anthropic", "+strict", "openai", "+strict", "responses", "+strict")
CELLS = {"ok": "ok", "warning": "warn", "error": "ERROR"}


def run_tools(args: argparse.Namespace, output: str, read_input: Callable[[str], bytes]) -> int:
    # on first use, not at import: checker.source, checker.tool_targets, ... (20 modules)
    from checker.source import JsonSyntaxError, parse
    from checker.tool_targets import judge

    name = "<stdin>" if args.tools == "-" else args.tools
    text = read_input(args.tools).decode("utf-8", "replace")
    try:
        doc = parse(text)
    except JsonSyntaxError as err:
        raise UserError(f"{name}:{err.line}:{err.column}: {err.message}") from None
    judged = judge(doc.value, model=args.model)
    if judged is None:
        raise UserError(
            t(
                "{path} holds no tool list: expected an MCP tools/list result "
                '({{"tools": [...]}}) or an Anthropic or OpenAI `tools` array',
                path=name,
            )
        )
    valid = all(judged.valid(target) for target in _targets())
    if output == "json":
        data = judged.to_dict()
        for target in data["targets"].values():
            for d in target["diagnostics"]:
                d["line"], d["column"] = doc.locate(d["path"])
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(_text(judged, doc, name))
    return 0 if valid else 1


def _targets() -> tuple[str, ...]:
    # on first use, not at import: checker.tool_targets, checker.diagnostics, ... (17 modules)
    from checker.tool_targets import TARGETS

    return TARGETS


def _text(judged, doc, name: str) -> str:
    # on first use, not at import: tooltutor.safe_output, checker.terminal_text, ... (9 modules)
    from tooltutor.safe_output import printable

    targets = _targets()
    names = [printable(str(tool.name)) for tool in judged.tools]
    width = min(max([len(t("tool")), *(len(n) for n in names)]) + 2, 20)
    head = f"{t('tool'):<{width}}" + "".join(f"{h:>10}" for h in HEADINGS)
    lines = [head, "-" * len(head)]
    for n, shown in enumerate(names):
        cut = shown if len(shown) < width - 1 else shown[: width - 2] + "…"
        cells = "".join(f"{CELLS[judged.cell(target, n)]:>10}" for target in targets)
        lines.append(f"{cut:<{width}}{cells}")
    out = ["\n".join(lines)]
    for target in targets:
        for f in judged.findings:
            if f.target != target:
                continue
            line, column = doc.locate(f.path)
            tool = judged.tools[f.tool].name if f.tool is not None else "*"
            d = f.diagnostic
            block = [
                printable(
                    f"{name}:{line}:{column}: {target}: {d.severity} {d.rule}: {tool}: {d.message}"
                )
            ]
            if f.suggestion is not None:
                block.append("  " + t("change: {change}", change=printable(f.suggestion["change"])))
                if "schema" in f.suggestion:
                    schema = json.dumps(f.suggestion["schema"], ensure_ascii=False)
                    block.append("  " + t("strict schema: {schema}", schema=printable(schema)))
            elif d.hint:
                block.append("  " + t("hint: {hint}", hint=printable(d.hint)))
            out.append("\n".join(block))
    for at, why in judged.skipped:
        out.append(t("{path}: {pointer}: skipped: {why}", path=name, pointer=at, why=why))
    valid = [target for target in targets if judged.valid(target)]
    out.append(
        t(
            "{n} tools: accepted by {accepted} of 6 targets",
            n=len(judged.tools),
            accepted=len(valid),
        )
    )
    return "\n\n".join(out) + "\n"
