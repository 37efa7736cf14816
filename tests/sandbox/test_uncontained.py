"""Where no containment is possible: the note says what is missing, and learner code
never runs as root (it becomes nobody, or it is refused unless TOOLTUTOR_ALLOW_ROOT=1).

And where containment is possible without bubblewrap (Linux with user namespaces, or
root), the README's two commands give it: the in-house sandbox is chosen.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from checker.sandbox import contain, run_python

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX users and namespaces")


@pytest.fixture
def sandbox_choice(monkeypatch):
    def choose(value: str | None) -> contain.Containment:
        if value is None:
            monkeypatch.delenv("TOOLTUTOR_SANDBOX", raising=False)
        else:
            monkeypatch.setenv("TOOLTUTOR_SANDBOX", value)
        contain.current.cache_clear()
        contain.interpreter_paths.cache_clear()
        return contain.current()

    yield choose
    contain.current.cache_clear()


def _namespaces_work_here() -> bool:
    """What `unshare -Urn true` says (root needs no user namespace)."""
    if not sys.platform.startswith("linux") or shutil.which("unshare") is None:
        return False
    words = ["unshare", "-mpf", "true"] if os.geteuid() == 0 else ["unshare", "-Urnmpf", "true"]
    return subprocess.run(words, capture_output=True).returncode == 0


@pytest.mark.skipif(not _namespaces_work_here(), reason="no namespaces on this machine")
def test_linux_with_namespaces_is_contained_without_bubblewrap(sandbox_choice, monkeypatch):
    monkeypatch.setenv("PATH", "/nonexistent")  # no bwrap to be found
    box = sandbox_choice(None)
    assert box.kind == "namespaces" and box.contained
    assert contain.note() == ""


def test_without_containment_the_note_says_what_is_missing_and_what_it_means(sandbox_choice):
    box = sandbox_choice("none")
    assert not box.contained
    text = contain.note()
    assert "TOOLTUTOR_SANDBOX=none" in text
    assert "not contained by the operating system" in text
    assert "time, memory" in text and "docs/security.md" in text


@posix_only
def test_root_without_containment_never_runs_learner_code_as_root(sandbox_choice, monkeypatch):
    if os.geteuid() != 0:
        pytest.skip("only meaningful as root")
    sandbox_choice("none")
    monkeypatch.delenv("TOOLTUTOR_ALLOW_ROOT", raising=False)
    report = run_python(
        "import os\n\ndef who():\n    return [os.getuid(), os.geteuid()]\n",
        entry="who",
        call={},
        script=[],
        tool_results={},
        runs=1,
        validator=None,
    )
    if contain.child_uid() == contain.NOBODY:
        assert report.status == "ok", report.reason
        assert report.runs[0].returned == [contain.NOBODY, contain.NOBODY]
        assert "nobody" in contain.note()
    else:  # nobody cannot read this Python: refused, with the way to opt in
        assert report.status == "internal-error" and not report.runs
        assert "TOOLTUTOR_ALLOW_ROOT=1" in report.reason
        monkeypatch.setenv("TOOLTUTOR_ALLOW_ROOT", "1")
        allowed = run_python(
            "import os\n\ndef who():\n    return os.geteuid()\n",
            entry="who",
            call={},
            script=[],
            tool_results={},
            runs=1,
            validator=None,
        )
        assert allowed.status == "ok" and allowed.runs[0].returned == 0


def test_an_unknown_choice_is_an_error(sandbox_choice):
    with pytest.raises(RuntimeError, match="TOOLTUTOR_SANDBOX=jail"):
        sandbox_choice("jail")
