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

from tooltutor.commands._common import add_trust_option, load_course_or_fail
from tooltutor.errors import UserError
from tooltutor.i18n import N_, current_language, t

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

    add_trust_option(parser)
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
        # on first use, not at import: textual_serve, aiohappyeyeballs, aiohttp, ... (335 modules)
        from textual_serve.server import Server
    except ImportError:
        raise UserError(
            t("the browser mode needs textual-serve: pip install 'tooltutor[serve]'")
        ) from None

    course = load_course_or_fail(args)  # a course that cannot load is reported here
    # on first use, not at import: tooltutor.trust, tooltutor.kinds, ast, ... (26 modules)
    from tooltutor.trust import ensure_trusted

    # asked here, on the terminal that started the server, before any tab runs its code
    ensure_trusted(course, assume=getattr(args, "trust", False))
    if not _is_loopback(args.host):
        print(
            t(
                "tooltutor: warning: {host} is reachable from other machines; anyone who "
                "opens the page can use the course and its progress",
                host=args.host,
            ),
            file=sys.stderr,
        )
    # on first use, not at import: tooltutor.tui, ast, collections, contextlib, ... (18 modules)
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
    # on first use, not at import: textual_serve (1 module)
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


def page_words() -> dict:
    """The words of the browser page around the terminal (app_index.html), in the
    interface's language, and that language for its `lang` attribute."""
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
    """textual-serve's server, opened only with this launch's key.

    The printed address carries a key drawn for this launch (`?token=`); the page it opens
    connects its socket at `/ws/<key>`. A page request without the key, or a socket
    without the key or without an `Origin` of this server, is refused: another site's
    page cannot drive the course, and neither can another process or user of this
    machine that was not shown the address. Every response forbids framing (clickjacking).
    """
    # on first use, not at import: hmac, secrets, base64, binascii, ... (15 modules)
    import hmac
    import secrets

    # on first use, not at import: aiohttp_jinja2, aiohttp, aiohappyeyeballs, ... (270 modules)
    import aiohttp_jinja2
    from aiohttp import web

    class CourseServer(base):
        token = secrets.token_urlsafe(24)

        def initialize_logging(self) -> None:
            super().initialize_logging()
            # on first use, not at import: logging, atexit, collections, ... (14 modules)
            import logging

            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # one line a file

        async def _make_app(self):
            app = await super()._make_app()
            app.router.add_get("/ws/{token}", self.handle_websocket, name="course-websocket")
            app.on_response_prepare.append(_no_framing)
            return app

        async def on_startup(self, app) -> None:
            # on first use, not at import: asyncio, array, ast, atexit, ... (80 modules)
            import asyncio

            app["announce"] = asyncio.get_running_loop().create_task(self._announce())

        async def _announce(self) -> None:
            """Print the address once the server answers on it (startup comes first)."""
            # on first use, not at import: asyncio, array, ast, atexit, ... (80 modules)
            import asyncio

            for _ in range(200):
                try:
                    _reader, writer = await asyncio.open_connection(self.host, self.port)
                except OSError:
                    await asyncio.sleep(0.05)
                    continue
                writer.close()
                break
            url = f"{self.public_url}/?token={self.token}"
            print(t("The course is at {url}  (Ctrl+C stops it)", url=url), flush=True)

        def _has_key(self, given: str | None) -> bool:
            return hmac.compare_digest((given or "").encode(), self.token.encode())

        async def handle_index(self, request):
            if not self._has_key(request.query.get("token")):
                raise web.HTTPForbidden(text=t(REFUSED_PAGE))
            context = await base.handle_index.__wrapped__(self, request)
            context["app_websocket_url"] += f"/{self.token}"
            return aiohttp_jinja2.render_template(
                "app_index.html", request, {**context, **page_words()}
            )

        async def handle_websocket(self, request):
            origin = request.headers.get("Origin")
            if not self._has_key(request.match_info.get("token")):
                raise web.HTTPForbidden(text="this course answers only its own page")
            if origin is None or origin.rstrip("/") not in _allowed_origins(self):
                raise web.HTTPForbidden(text="this course answers only its own page")
            return await super().handle_websocket(request)

    return CourseServer


#: what a page request without this launch's key is told
REFUSED_PAGE = N_(
    "Open the address that `tooltutor serve` printed: it holds this launch's key, which "
    "keeps other sites and other users of this machine out of your course."
)


async def _no_framing(request, response) -> None:
    """No page of another site may frame the course (clickjacking)."""
    response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers["Referrer-Policy"] = "no-referrer"


def _allowed_origins(server) -> set[str]:
    origins = {server.public_url.rstrip("/")}
    if _is_loopback(server.host):
        origins |= {page_url(name, server.port) for name in ("localhost", "127.0.0.1", "::1")}
    return origins
