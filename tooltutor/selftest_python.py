"""What a Python exercise declares for its runs, checked before any code runs: support code
Python can read, a script of replies the scripted model can play (in every variant), the
`$client`, `$run_tool` and `$support.NAME` markers of `call`, and a tool result for every
tool the script calls. Each problem at its place in the exercise file."""

from __future__ import annotations

import ast
import difflib
import re

from tooltutor.course import Exercise, Problem
from tooltutor.kinds import of as kind_of

MARKERS = ("$client", "$run_tool")
VARIANT_KEYS = ("call", "tool_results", "script")
_SUPPORT = re.compile(r"^\$support\.([A-Za-z_][A-Za-z0-9_]*)(\(\))?$")


def python_problems(exercise: Exercise) -> list[Problem]:
    if not kind_of(exercise).runs_code:  # only code is run against a scripted model
        return []
    out = _support_problems(exercise)
    out += _script_problems(exercise, exercise.script or [], "/script")
    out += _call_problems(exercise, exercise.call or {}, "/call")
    for i, variant in enumerate(exercise.variants or []):
        base = f"/variants/{i}"
        for key in variant:
            if key not in VARIANT_KEYS:
                close = difflib.get_close_matches(key, VARIANT_KEYS, n=1)
                hint = f"did you mean `{close[0]}`? " if close else ""
                out.append(
                    _at(
                        exercise,
                        f"{base}/{key}",
                        f"a variant takes no `{key}` ({hint}a variant overrides "
                        f"{', '.join(f'`{k}`' for k in VARIANT_KEYS)})",
                    )
                )
        if "script" in variant:
            out += _script_problems(exercise, variant["script"], f"{base}/script")
        if isinstance(variant.get("call"), dict):
            out += _call_problems(exercise, variant["call"], f"{base}/call")
        elif "call" in variant:
            out.append(
                _at(exercise, f"{base}/call", "a variant's `call` is a mapping of arguments")
            )
    out += _tool_problems(exercise)
    return out


def _at(exercise: Exercise, pointer: str, message: str, severity: str = "error") -> Problem:
    pos = exercise.position(pointer)
    return Problem(exercise.path, pos.line, pos.column, message, severity)


def _support_problems(exercise: Exercise) -> list[Problem]:
    source = exercise.support
    if not source:
        return []
    try:
        compile(source, "support.py", "exec")
    except SyntaxError as exc:
        # on first use, not at import: tooltutor.selftest_report, textwrap (2 modules)
        from tooltutor.selftest_report import answer_places

        at = answer_places(exercise, "/support")(exc.lineno or 1, exc.offset or 1)
        pos = exercise.position("/support")
        line, column = at if at is not None else (pos.line, pos.column)
        return [
            Problem(
                exercise.path,
                line,
                column,
                f"the support code cannot be read by Python: {exc.msg} (line {exc.lineno} of "
                "`support`)",
            )
        ]
    return []


def _script_problems(exercise: Exercise, script, base: str) -> list[Problem]:
    if not isinstance(script, list) or not script:
        return [_at(exercise, base, "a script is a list of the model's replies, at least one")]
    out = []
    for i, reply in enumerate(script):
        where = f"{base}/{i}"
        if not isinstance(reply, dict):
            out.append(_at(exercise, where, "a reply is a mapping: {stop_reason, content: [...]}"))
            continue
        content = reply.get("content", [])
        if not isinstance(content, list):
            out.append(
                _at(exercise, f"{where}/content", "`content` is a list of blocks ({type: ...})")
            )
            continue
        for j, block in enumerate(content):
            if not isinstance(block, dict) or not isinstance(block.get("type"), str):
                out.append(
                    _at(
                        exercise,
                        f"{where}/content/{j}",
                        "every block of a reply needs its `type` (text, tool_use, thinking...)",
                    )
                )
            elif block["type"] == "tool_use":
                missing = [k for k in ("id", "name", "input") if k not in block]
                if missing:
                    out.append(
                        _at(
                            exercise,
                            f"{where}/content/{j}",
                            f"a tool_use block needs {', '.join(f'`{k}`' for k in missing)}, as "
                            "the API sends it: {type: tool_use, id, name, input}",
                        )
                    )
    return out


def _call_problems(exercise: Exercise, call: dict, base: str) -> list[Problem]:
    out = []
    names = _support_names(exercise.support)
    for key, value in call.items():
        if not isinstance(value, str) or not value.startswith("$"):
            continue
        where = f"{base}/{key}"
        support = _SUPPORT.match(value)
        if value in MARKERS:
            continue
        if support:
            if not exercise.support:
                out.append(
                    _at(
                        exercise,
                        where,
                        f"'{value}' names the support code, but there is no `support`",
                    )
                )
            elif names is not None and support.group(1) not in names:
                close = difflib.get_close_matches(support.group(1), sorted(names), n=1)
                hint = f" (did you mean '$support.{close[0]}'?)" if close else ""
                out.append(_at(exercise, where, f"`support` defines no '{support.group(1)}'{hint}"))
            continue
        options = [*MARKERS, "$support.NAME", "$support.NAME()"]
        close = difflib.get_close_matches(value, options, n=1)
        hint = f"did you mean '{close[0]}'? " if close else ""
        out.append(
            _at(
                exercise,
                where,
                f"'{value}' is no marker ({hint}markers: {', '.join(options)}): the function "
                "would get the text as it is",
                "warning",
            )
        )
    return out


def _support_names(source: str | None) -> set[str] | None:
    """The names the support code defines at its top level (None: it cannot be read)."""
    if not source:
        return set()

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _tool_problems(exercise: Exercise) -> list[Problem]:
    """A tool the script calls that `tool_results` has no answer for."""
    results = set(exercise.tool_results or {})
    for variant in exercise.variants or []:
        if isinstance(variant.get("tool_results"), dict):
            results |= set(variant["tool_results"])
    out = []
    scripts = [("/script", exercise.script or [])]
    scripts += [
        (f"/variants/{i}/script", v["script"])
        for i, v in enumerate(exercise.variants or [])
        if isinstance(v.get("script"), list)
    ]
    seen = set()
    for base, script in scripts:
        for i, reply in enumerate(script if isinstance(script, list) else []):
            content = reply.get("content") if isinstance(reply, dict) else None
            for j, block in enumerate(content if isinstance(content, list) else []):
                name = block.get("name") if isinstance(block, dict) else None
                if block.get("type") != "tool_use" or not isinstance(name, str):
                    continue
                if (
                    name in results
                    or name in seen
                    or reply.get("stop_reason")
                    in (
                        "max_tokens",
                        "model_context_window_exceeded",
                    )
                ):
                    continue
                seen.add(name)
                close = difflib.get_close_matches(name, sorted(results), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                out.append(
                    _at(
                        exercise,
                        f"{base}/{i}/content/{j}/name",
                        f"the script calls '{name}', which `tool_results` has no result for"
                        f"{hint}: run_tool would answer it with an error",
                        "warning",
                    )
                )
    return out
