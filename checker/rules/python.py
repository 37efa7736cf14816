"""What running a learner's Python answer can find before any criterion is judged.

These ids are reported by `checker.python_exercise` when the code could not run to the
end, or raised. Each example is an answer to a one-function exercise whose entry is
`answer(client)`; its fix is an answer that runs.
"""

from __future__ import annotations

from checker.rules.record import declare

SANDBOX_DOCS = "https://docs.python.org/3/library/resource.html"
ERRORS_DOCS = "https://docs.python.org/3/tutorial/errors.html"
FIX = 'def answer(client):\n    return "done"\n'

declare(
    "python-syntax",
    api="python",
    scope="exercise",
    doc="""Python can read the file.

    A syntax error (a missing colon, unbalanced brackets, mixed tabs and spaces) stops
    the file from loading at all, so nothing else can be checked. The diagnostic is at
    the line and column Python names.
    """,
    sources=("https://docs.python.org/3/library/exceptions.html#SyntaxError",),
    example='def answer(client)\n    return "done"\n',
    fix=FIX,
)

declare(
    "python-missing-entry",
    api="python",
    scope="exercise",
    doc="""The file defines the function the exercise calls.

    The exercise calls one function by name (its `entry`) with the scripted client. A
    file without it, with a different name, or where the name is not a function cannot
    be run.
    """,
    sources=(ERRORS_DOCS,),
    example='def solve(client):\n    return "done"\n',
    fix=FIX,
)

declare(
    "python-import-error",
    api="python",
    scope="exercise",
    doc="""The file's imports can be found offline.

    The answer runs with the standard library and an offline stand-in for the `anthropic`
    package. Importing anything else (`requests`, `openai`, a module of your own) fails,
    and so does code that raises while the file loads.
    """,
    sources=("https://docs.python.org/3/library/exceptions.html#ImportError",),
    example='import requests\n\n\ndef answer(client):\n    return "done"\n',
    fix='import json\n\n\ndef answer(client):\n    return json.dumps("done")\n',
)

declare(
    "python-timeout",
    api="python",
    scope="exercise",
    doc="""The code finishes within the time limit.

    Each check has a few seconds of wall time; an endless loop (often a loop on
    `stop_reason` that never ends, or a `while True` without a `break`) is stopped, and
    the diagnostic says where it was running and how many model calls it had made.
    """,
    sources=(SANDBOX_DOCS,),
    example="def answer(client):\n    while True:\n        pass\n",
    fix=FIX,
)

declare(
    "python-memory",
    api="python",
    scope="exercise",
    doc="""The code stays within the memory limit.

    The child process has a limit on its address space; code that builds ever larger
    lists or strings is stopped with a `MemoryError`.
    """,
    sources=(SANDBOX_DOCS,),
    example='def answer(client):\n    return "x" * (10**10)\n',
    fix=FIX,
)

declare(
    "python-crashed",
    api="python",
    scope="exercise",
    doc="""The Python process does not die under the code.

    A process killed by a signal (a crash in a C extension, `os.abort()`, a stack
    overflow in C) gives no result to judge.
    """,
    sources=("https://docs.python.org/3/library/faulthandler.html",),
    example="import faulthandler\n\n\ndef answer(client):\n    faulthandler._sigsegv()\n",
    fix=FIX,
)

declare(
    "python-output-flood",
    api="python",
    scope="exercise",
    doc="""The code prints a bounded amount of text.

    Printed output is kept up to a limit and shown with the verdict; code that prints
    without end (a debugging `print` inside an endless loop) is stopped.
    """,
    sources=(SANDBOX_DOCS,),
    example='def answer(client):\n    while True:\n        print("still going")\n',
    fix='def answer(client):\n    print("going")\n    return "done"\n',
)

declare(
    "python-exception",
    api="python",
    scope="exercise",
    doc="""The function returns instead of raising.

    An exception that escapes the entry function ends the run. When it is the scripted
    API's `BadRequestError`, the request the code sent was one the real API would answer
    with HTTP 400, and that request's own diagnostic says why.
    """,
    sources=(ERRORS_DOCS,),
    example='def answer(client):\n    return {}["missing"]\n',
    fix=FIX,
)

declare(
    "python-internal-error",
    api="python",
    scope="exercise",
    doc="""The harness itself failed.

    Reported when tooltutor's own code fails while running an answer. It is never the
    learner's fault, and the verdict says so.
    """,
    untestable="a fault of the harness, which no answer should be able to cause",
)
