"""Before any child starts: the syntax check, and the plan of each run with its ids.

Run 1 plays the script as the exercise gives it. Every later run gets every id of the
script (`tool_use` ids, message ids) replaced by a fresh random id of the same shape
(`secrets`), mapped everywhere it appears (script, call values, tool results), plus the
exercise's optional `variants`, so an id or value written into the code fails, and
nothing a child sees predicts the next run.
"""

from __future__ import annotations

import ast
import json
import re
import secrets
import warnings
from pathlib import Path
from typing import Any

from checker.i18n import tr
from checker.sandbox.report import SyntaxErrorInfo

#: The engine's own folder (the package `checker`).
ENGINE_DIR = Path(__file__).resolve().parent.parent
#: The folder that holds the engine's package: on the child's sys.path.
PACKAGE_ROOT = ENGINE_DIR.parent
#: the name support code gets in the child's work folder (and as a module: `support`)
SUPPORT_FILE = "support.py"


def find_syntax_error(source: str, filename: str = "solution.py") -> SyntaxErrorInfo | None:
    """Where Python cannot read `source`, or None. Compiling runs none of its code.

    Warnings about the learner's code (`'\\d'` is an invalid escape sequence...) are not
    printed here: they would land on the terminal of `check` or under the TUI.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return SyntaxErrorInfo(
            file=filename,
            line=exc.lineno or 1,
            col=exc.offset or 1,
            message=exc.msg,
            text=(exc.text or "").rstrip("\r\n"),
            end_line=exc.end_lineno,
            end_col=exc.end_offset,
        )
    except ValueError as exc:  # "source code string cannot contain null bytes"
        where = source.find("\0")
        line = source.count("\n", 0, max(where, 0)) + 1
        col = where - source.rfind("\n", 0, max(where, 0)) if where >= 0 else 1
        return SyntaxErrorInfo(file=filename, line=line, col=col, message=str(exc))
    except (MemoryError, RecursionError):
        return SyntaxErrorInfo(
            file=filename, line=1, col=1, message=tr("the code is nested too deeply to read")
        )
    return None


class MalformedExercise(ValueError):
    """The exercise's script, variants or support code cannot be run as written: the
    author's mistake (`validate` reports it), never the learner's."""


def plan_runs(
    call: dict[str, Any],
    script: list[dict[str, Any]],
    tool_results: dict[str, Any],
    *,
    runs: int = 2,
    variants: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The arguments, script and tool results of each run, and each run's id mapping."""
    _check_script(script)
    if runs < 1:
        raise MalformedExercise("runs must be at least 1")
    plans = []
    for index in range(runs):
        run_call = json.loads(json.dumps(call))
        run_script = json.loads(json.dumps(script))
        run_results = json.loads(json.dumps(tool_results))
        variant = (variants or [])[index - 1] if 0 < index <= len(variants or []) else {}
        run_call.update(json.loads(json.dumps(variant.get("call", {}))))
        run_results.update(json.loads(json.dumps(variant.get("tool_results", {}))))
        if "script" in variant:
            run_script = json.loads(json.dumps(variant["script"]))
            _check_script(run_script)
        ids: dict[str, str] = {}
        if index > 0:
            originals = collect_ids(run_script)
            taken = set(originals)
            for old in originals:
                ids[old] = rewrite_id(old, index, taken)
                taken.add(ids[old])
            run_call, run_script, run_results = (
                replace_ids(v, ids) for v in (run_call, run_script, run_results)
            )
        plans.append(
            {"call": run_call, "script": run_script, "tool_results": run_results, "ids": ids}
        )
    return plans


def check_support(support: Any) -> None:
    if not isinstance(support, str):
        raise MalformedExercise("support must be Python source text")
    problem = find_syntax_error(support, "support.py")
    if problem is not None:
        raise MalformedExercise(
            f"support code, line {problem.line}, column {problem.col}: {problem.message}"
        )


def _check_script(script: Any) -> None:
    if not isinstance(script, list):
        raise MalformedExercise("script must be a list of replies")
    for number, reply in enumerate(script, 1):
        if not isinstance(reply, dict) or not isinstance(reply.get("content", []), list):
            raise MalformedExercise(f"script reply {number} must be an object with a content list")
        for block in reply.get("content", []):
            if not isinstance(block, dict) or not isinstance(block.get("type"), str):
                raise MalformedExercise(f"script reply {number}: every content block needs a type")


def collect_ids(script: list[dict[str, Any]]) -> list[str]:
    """Every id the script gives (message ids and block ids, `tool_use` ones above all)."""
    found: list[str] = []
    for reply in script:
        candidates = [reply.get("id")] + [b.get("id") for b in reply.get("content", [])]
        for candidate in candidates:
            if isinstance(candidate, str) and candidate and candidate not in found:
                found.append(candidate)
    return found


_ID_PREFIX = re.compile(r"[a-z]+_(?:01)?")
_DIGITS = "0123456789"
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"


def rewrite_id(old: str, run: int, taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """A fresh random id of the same shape as `old`: `toolu_01Ab3` -> `toolu_01Xq7`.

    The prefix (`toolu_01`, `msg_01`, `call_`) stays; every other letter or digit is replaced
    by a random one of the same kind (`secrets`), so the id still matches the API's pattern
    and no run can predict another's. `run` is kept for callers; it no longer seeds anything.
    """
    match = _ID_PREFIX.match(old)
    prefix = match.group(0) if match else ""
    body = old[len(prefix) :]
    for _ in range(64):
        chars = []
        for char in body:
            for alphabet in (_DIGITS, _UPPER, _LOWER):
                if char in alphabet:
                    char = secrets.choice(alphabet)
                    break
            chars.append(char)
        new = prefix + "".join(chars)
        if new != old and new not in taken:
            return new
    return f"{old}{secrets.token_hex(4)}"


def replace_ids(value: Any, ids: dict[str, str]) -> Any:
    """`value` with every occurrence of each old id (in any string) replaced by the new one."""
    if not ids:
        return value
    pattern = re.compile("|".join(re.escape(k) for k in sorted(ids, key=len, reverse=True)))

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return pattern.sub(lambda m: ids[m.group(0)], item)
        if isinstance(item, list):
            return [walk(v) for v in item]
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        return item

    return walk(value)


def safe_filename(filename: str) -> str:
    name = Path(filename).name
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.py", name):
        return "solution.py"
    return name


def without_key(support: str) -> str:
    """`support` without its top-level `expected` function: the answer key.

    The learner's code imports the support module, and may read its file; the key is only
    for the reference child, so the copy the learner's child gets has that function's
    lines blanked (line numbers stay as they were).
    """
    tree = ast.parse(support)
    lines = support.splitlines(keepends=True)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "expected":
            first = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            for n in range(first, node.end_lineno or node.lineno):
                lines[n] = "\n"
    return "".join(lines)
