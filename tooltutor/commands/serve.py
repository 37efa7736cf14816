"""`tooltutor serve [--host H] [--port N]`: the course in a web browser, through textual-serve.

Each browser tab that opens the page gets its own copy of the app (the same one
`tooltutor` starts in a terminal) with the same progress store, so a learner can switch
between the two. Everything the page loads is served from this machine. The app knows it
is in a browser (`TOOLTUTOR_SERVED=1`) and names the keys a browser leaves to a page
(see `tooltutor.tui.keys`). textual-serve is an optional extra: `pip install
'tooltutor[serve]'`.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shlex
import sys
from pathlib import Path

from tooltutor.errors import UserError
from tooltutor.i18n import t

DEFAULT_PORT = 8000
_TEMPLATES = Path(__file__).resolve().parent.parent / "web"


def add_parser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=t("address to listen on (default: 127.0.0.1, this machine only)"),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=t("port to listen on (default: {port})", port=DEFAULT_PORT),
    )
    parser.set_defaults(run=run)


def app_command(args) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this course,
    this language."""
    words = [sys.executable, "-m", "tooltutor"]
    if args.course:
        words += ["--course", str(Path(args.course).resolve())]
    if getattr(args, "lang", None):
        words += ["--lang", args.lang]
    if getattr(args, "trust", False):
        words.append("--trust")
    return shlex.join(words)


def page_url(host: str, port: int) -> str:
    """The address a browser opens (an IPv6 host in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def run(args) -> int:
    if not 0 < args.port < 65536:
        raise UserError(t("--port must be between 1 and 65535, not {port}", port=args.port))
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UserError(
            t("the browser mode needs textual-serve: pip install 'tooltutor[serve]'")
        ) from None
    from tooltutor.commands._common import load_course_or_fail

    course = load_course_or_fail(args)  # a course that cannot load is reported here
    if not _is_loopback(args.host):
        print(
            t(
                "tooltutor: warning: {host} is reachable from other machines; anyone who "
                "opens the page can use the course and its progress",
                host=args.host,
            ),
            file=sys.stderr,
        )
    from tooltutor.tui.keys import SERVED_ENV

    os.environ[SERVED_ENV] = "1"  # the apps textual-serve starts inherit it
    server = _server_class(Server)(
        app_command(args),
        host=args.host,
        port=args.port,
        title=course.title,
        templates_path=_TEMPLATES,
        statics_path=_static_files(),
    )
    try:
        server.serve()
    except OSError as exc:
        where = page_url(args.host, args.port)
        raise UserError(
            t("cannot listen on {where}: {reason}", where=where, reason=exc.strerror or exc)
        ) from None
    return 0


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _static_files() -> Path:
    """textual-serve's own scripts, styles and fonts (the page is ours, they are its)."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


def page_words() -> dict:
    """The words of the browser page around the terminal (app_index.html), in the
    interface's language, and that language for its `lang` attribute."""
    from tooltutor.i18n import current_language

    return {
        "lang": current_language(),
        "words": {
            "starting": t("starting…"),
            "start": t("Start"),
            "closed": t("The course has closed."),
            "saved": t("Your progress is saved."),
            "reopen": t("Open it again"),
        },
    }


def _server_class(base):
    """textual-serve's server, telling the learner where to look, and refusing the app's
    socket to pages from other sites (a page on the web must not drive the course)."""
    import aiohttp_jinja2
    from aiohttp import web

    class CourseServer(base):
        def initialize_logging(self) -> None:
            super().initialize_logging()
            import logging

            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # one line a file

        async def on_startup(self, app) -> None:
            print(t("The course is at {url}  (Ctrl+C stops it)", url=self.public_url), flush=True)

        @aiohttp_jinja2.template("app_index.html")
        async def handle_index(self, request):
            context = await base.handle_index.__wrapped__(self, request)
            return {**context, **page_words()}

        async def handle_websocket(self, request):
            origin = request.headers.get("Origin")
            if origin is not None and origin.rstrip("/") not in _allowed_origins(self):
                raise web.HTTPForbidden(text="this course only answers its own page")
            return await super().handle_websocket(request)

    return CourseServer


def _allowed_origins(server) -> set[str]:
    origins = {server.public_url.rstrip("/")}
    if _is_loopback(server.host):
        origins |= {page_url(name, server.port) for name in ("localhost", "127.0.0.1", "::1")}
    return origins
