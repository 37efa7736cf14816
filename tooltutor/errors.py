"""Errors the command line turns into a one-line message and an exit code."""


class UserError(Exception):
    """A problem the user can fix (bad argument, unreadable file): exit 2, no traceback."""

    exit_code = 2
