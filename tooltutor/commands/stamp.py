"""`tooltutor stamp LANG [--dir DIR]`: mark a translation as made from the source's current
text (every overlay's `source_hash`), once it is brought up to date."""

from __future__ import annotations

from tooltutor.commands.parser import HelpFormatter
from tooltutor.errors import UserError
from tooltutor.i18n import t


def add_parser(parser) -> None:
    # on first use, not at import: tooltutor.commands (1 module)
    from tooltutor.commands.validate import global_options_epilog

    parser.formatter_class = HelpFormatter
    parser.epilog = global_options_epilog()
    parser.description = t(
        "Set the source_hash of every overlay of LANG to the hash of its source's current "
        "text: do it after bringing the translation up to date. Only the source_hash line "
        "of each file changes."
    )
    parser.add_argument("lang", metavar="LANG", help=t("the language tag, like pt-BR"))
    parser.add_argument(
        "--dir",
        dest="course_dir",
        metavar="DIR",
        help=t("the course folder (default: --course, else .)"),
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    # on first use, not at import: pathlib, errno, fnmatch, ipaddress, ... (7 modules)
    from pathlib import Path

    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (50 modules)
    from tooltutor.course.model import display_path
    from tooltutor.course.translation.stamp import stamp

    root = Path(args.course_dir or args.course or ".")
    if not (root / "course.yaml").is_file():
        raise UserError(
            t(
                "{root}: no course.yaml here; give the course folder with --dir",
                root=display_path(root),
            )
        )
    return stamp(root, args.lang)
