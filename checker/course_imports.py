"""Course code imports the engine as `checker`, whatever name the engine is installed by.

In a checkout of this repository the engine is the package `checker`; the wheel installs
it as `tooltutor_checker`, so that it can neither shadow nor be shadowed by another
distribution's `checker`. A course's own checks (its `checks/` folder) are written once,
against the documented name: `from checker.checks import check`. When the engine runs
under another name, the modules of a course's `checks/` folder are compiled with those
imports pointed at the engine actually running. Nothing else in the process changes:
an unrelated `checker` package, if the user has one, stays theirs.
"""

from __future__ import annotations

import importlib.machinery
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ast

#: The name course code and the docs use for the engine.
DOCUMENTED_NAME = "checker"
#: The name this engine was imported by: `checker` in a checkout, `tooltutor_checker` installed.
ENGINE_NAME = __name__.partition(".")[0]
#: Course `checks/` folders are imported as packages whose names start with this.
COURSE_PACKAGE_PREFIX = "tooltutor_checks_"


def _renamed(module: str, engine: str) -> str | None:
    """`module` with its leading `checker` replaced by `engine`, or None if it names another."""
    if module == DOCUMENTED_NAME:
        return engine
    if module.startswith(DOCUMENTED_NAME + "."):
        return engine + module[len(DOCUMENTED_NAME) :]
    return None


def engine_module_name(module: str) -> str:
    """`module` as this engine is imported: `checker.sandbox` is `tooltutor_checker.sandbox`
    in the wheel; any other module's name is kept."""
    return _renamed(module, ENGINE_NAME) or module


def point_imports_at(tree: ast.Module, engine: str) -> ast.Module:
    """`tree` with every absolute import of `checker` importing `engine` instead.

    Names bound in the module stay the same: `import checker` binds `checker`, and
    `import checker.checks` still lets the code say `checker.checks.check`.
    """
    import ast

    class Rename(ast.NodeTransformer):
        def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
            if node.level == 0 and node.module:
                renamed = _renamed(node.module, engine)
                if renamed is not None:
                    node.module = renamed
            return node

        def visit_Import(self, node: ast.Import) -> ast.AST | list[ast.AST]:
            statements: list[ast.AST] = []
            kept: list[ast.alias] = []
            for alias in node.names:
                renamed = _renamed(alias.name, engine)
                if renamed is None:
                    kept.append(alias)
                elif alias.asname or alias.name == DOCUMENTED_NAME:
                    kept.append(ast.alias(renamed, alias.asname or DOCUMENTED_NAME))
                else:  # `import checker.checks` binds `checker`: bind it to the engine
                    statements.append(ast.Import([ast.alias(renamed)]))
                    statements.append(
                        ast.parse(
                            f"{DOCUMENTED_NAME} = __import__('sys').modules[{engine!r}]"
                        ).body[0]
                    )
            if kept:
                statements.insert(0, ast.Import(kept))
            for statement in statements:
                for part in ast.walk(statement):
                    ast.copy_location(part, node)
            return statements[0] if len(statements) == 1 else statements

    return ast.fix_missing_locations(Rename().visit(tree))


class _CourseLoader(importlib.machinery.SourceFileLoader):
    """Compiles a course module with its engine imports renamed (and caches no bytecode:
    the same file may be imported by a checkout's engine, whose name differs)."""

    def get_code(self, fullname: str):
        import ast

        path = self.get_filename(fullname)
        source = self.get_data(path)
        tree = ast.parse(source, filename=path)
        tree = point_imports_at(tree, ENGINE_NAME)
        return compile(tree, path, "exec", dont_inherit=True)


class _CourseFinder:
    """Finds the modules of a course's `checks/` package, to be compiled by `_CourseLoader`
    (a meta path finder; not an `importlib.abc` subclass, which would load
    `importlib.resources` and `tempfile` into every marking process)."""

    def find_spec(self, fullname, path, target=None):
        if path is None or not fullname.startswith(COURSE_PACKAGE_PREFIX):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _CourseLoader(fullname, spec.origin)
        return spec


_FINDER = _CourseFinder()


def install() -> None:
    """Point course code's `checker` imports at this engine, if it runs under another name."""
    if ENGINE_NAME != DOCUMENTED_NAME and _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
