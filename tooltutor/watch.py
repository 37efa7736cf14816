"""`tooltutor watch`: mark the current exercise each time its file is saved, like
`rustlings watch`.

It checks the file once when it starts, then after every save. On a terminal each check
redraws the screen: the task (its Markdown drawn by Rich, wrapped to the terminal), then a
compact result (the first criterion not met and its diagnostics; `f` shows them all), in
colour unless `NO_COLOR` is set. Piped, or with `TERM=dumb`, it is plain text that
scrolls. Events come from two sources into one queue: file changes (watchfiles, or polling
with `--poll` where file events do not arrive) and keys (`r` re-check, `f` full list or
short, `t` task shown or hidden, `h` hint, `n` next exercise not passed yet (after a
pass), `l` list, `q` quit; with no terminal, the same letters followed by Enter). A burst
of writes (editors often write a file several times on save) is marked once: after the
first change, further changes are absorbed until the file has been quiet for `debounce`
seconds.
"""

from __future__ import annotations

import os
import queue
import sys
import textwrap
import time
from pathlib import Path

from tooltutor.course import Course, Exercise
from tooltutor.errors import UserError
from tooltutor.exercise_status import ATTEMPTED, PASSED
from tooltutor.i18n import N_, t, tn
from tooltutor.submit import AnswerDesk
from tooltutor.watch_screen import Screen, compact_diagnostics, fit
from tooltutor.workdir import (
    exercise_file,
    next_exercise,
    next_unfinished,
    open_exercise,
)

#: The keys line, in English (shown with `t`, in the learner's language).
KEYS_HELP = N_("[r] check  [f] full list  [t] task  [h] hint  [n] next  [l] list  [q] quit")


def _asked_at_start(question: str) -> bool:
    """Watch asks the trust question when it starts (`commands.watch`), before its key
    reader owns the terminal; code that changed since is not run until watch is started
    again (or with `--trust`)."""
    raise UserError(
        t(
            "this course holds code of its own and is not trusted yet: review it, then "
            "run the command again with --trust (or set TOOLTUTOR_TRUST=1)"
        )
    )


class WatchSession:
    """The watch loop: marks, records, and answers keys. Output goes to `out`."""

    def __init__(
        self,
        course: Course,
        exercise: Exercise,
        workdir: Path,
        store,
        out=None,
        debounce: float = 0.3,
        assume_trust: bool = False,
    ):
        self.course = course
        self.exercise = exercise
        self.workdir = workdir
        self.store = store
        self.out = out or sys.stdout
        self.screen = Screen(self.out)
        self.debounce = debounce
        self.events: queue.Queue = queue.Queue()
        self.passed = False
        self.checks = 0
        self.full = False  # the full list of criteria and diagnostics, or the first one
        self.show_task = True  # the task above each result (on a terminal)
        self.last: tuple | None = None  # (verdict, text, time) of the last check
        self.notes: list[str] = []
        self.assume_trust = assume_trust  # `--trust`: code changed meanwhile is trusted too
        self._open_desk()

    def _open_desk(self) -> None:
        """Open the exercise's submissions: the draft is loaded now, so that saving the
        file's text over it is compare-and-swap: a draft another tooltutor saved since is
        not overwritten (see `tooltutor.submit`)."""
        self.desk = AnswerDesk(self.store, self.course, self.exercise)

    @property
    def path(self) -> Path:
        return exercise_file(self.workdir, self.exercise)

    def say(self, text: str = "") -> None:
        self.screen.line(text)

    def run(self) -> int:
        self.introduce()
        self.check(first=True)
        while True:
            event = self.events.get()
            if event.kind == "stop":
                return 0
            if event.kind == "change":
                self._settle()
                self.check()
            elif event.kind == "key" and self.on_key(event.value) == "quit":
                return 0

    def _settle(self) -> None:
        """Absorb the rest of a burst of changes; put back a key that arrives meanwhile."""
        deadline = time.monotonic() + self.debounce
        held = []
        while True:
            timeout = deadline - time.monotonic()
            if timeout <= 0:
                break
            try:
                event = self.events.get(timeout=timeout)
            except queue.Empty:
                break
            if event.kind == "change":
                deadline = time.monotonic() + self.debounce
            else:
                held.append(event)
        for event in held:
            self.events.put(event)

    # -- checking

    def _read(self) -> bytes | None:
        """The file's bytes, or None after saying why it cannot be marked."""
        # on first use, not at import: tooltutor.submission, tooltutor.bounded_read (2 modules)
        from tooltutor.submission import FileTooBig, read_answer

        path = self.path
        problem = None
        if not os.path.lexists(path):
            problem = t(
                "{path} is gone. Recreate it with: tooltutor start {id} --dir {workdir} --force",
                path=path,
                id=self.exercise.id,
                workdir=self.workdir,
            )
        else:
            try:
                # Checked before it is read: a FIFO or a device in its place is refused,
                # never waited on, and a file over the limit is not read at all.
                return read_answer(path, pipes=False)
            except FileTooBig as exc:  # also when it grew while it was read
                problem = str(exc)
            except UserError as exc:
                problem = t("cannot read: {problem}", problem=exc)
        self._cannot_mark(problem)
        return None

    def _cannot_mark(self, problem: str) -> None:
        """Say why the file was not marked, in place of a result."""
        self.last = None
        if self.screen.terminal:
            self.screen.clear()
            self._header()
        self.say("\n" + problem)
        self.say(t(KEYS_HELP))

    def check(self, first: bool = False) -> None:
        """Mark the file once, record the attempt and the draft, show the verdict.

        The `first` check, when watch starts or moves to an exercise, records nothing
        unless it passes (an untouched starter is not an attempt) and keeps the draft as
        it is.
        """
        raw = self._read()
        if raw is None:
            return
        if self.screen.terminal:  # a Python exercise takes a few seconds
            self.screen.line(t("Checking {path}...", path=self.path), style="dim")
        try:
            submitted = self.desk.submit(
                raw,
                filename=str(self.path),
                only_a_pass=first,
                keep_draft=not first,
                assume_trust=self.assume_trust,
                ask=_asked_at_start,
            )
        except UserError as exc:  # the course's code not trusted, or its checks broken
            self._cannot_mark(str(exc))
            return
        self.checks += 1
        self.notes = submitted.notices
        self.passed = submitted.verdict.passed
        self.last = (submitted.verdict, submitted.text, time.strftime("%H:%M:%S"))
        self.show()

    def show(self) -> None:
        """The last check. On a terminal, a new screen: the task at the top, the result,
        the hints shown so far, and at the bottom (in view however long the task is)
        the progress, the file and the keys. Plain, the result below what was said."""
        if self.last is None:
            return
        verdict, text, when = self.last
        screen = self.screen
        stamp = t("check {number} at {time}", number=self.checks, time=when)
        if screen.terminal:
            screen.clear()
            self._header()
            if self.show_task:
                self.say()
                screen.markdown(self.course.expand(self.exercise.prompt))
            self.say()
        else:
            self.say()
            screen.rule(stamp)
        self._result(verdict, text, stamp if screen.terminal else "")
        self._hints_shown()
        for note in self.notes:
            self.say(t("note: {notice}", notice=note))
        self._footer()

    def _header(self) -> None:
        lesson = self.course.lesson(self.exercise.lesson)
        where = (
            t("Lesson {number}, {title}", number=lesson.number, title=lesson.title)
            if lesson
            else self.exercise.lesson
        )
        self.screen.line(f"{self.exercise.title}  ({self.exercise.id})", style="bold")
        self.screen.line(where, style="dim")

    def _footer(self) -> None:
        """Where things are, and the keys: the last lines, so always on the screen."""
        if self.screen.terminal:
            self.say()
            progress = self._progress()
            if progress:
                self.screen.line(progress, style="dim")
            self.screen.line(
                t("Watching {path}; save it to check it.", path=self.path), style="dim"
            )
        self.screen.line(t(KEYS_HELP), style="bold" if self.screen.terminal else None)

    def _progress(self) -> str:
        statuses = getattr(self.store, "statuses", None)
        if statuses is None or not self.course.lessons:
            return ""
        known = statuses(self.course.id)
        order = [ex.id for lesson in self.course.lessons for ex in lesson.exercise_items]
        done = sum(known.get(i) == PASSED for i in order)
        bar = 30
        filled = round(bar * done / len(order)) if order else 0
        marks = ("#", "-") if not self.screen.terminal else ("█", "░")
        drawn = marks[0] * filled + marks[1] * (bar - filled)
        return t(
            "Progress: {bar} {done}/{total} exercises passed",
            bar=drawn,
            done=done,
            total=len(order),
        )

    def _result(self, verdict, text: str, stamp: str = "") -> None:
        # on first use, not at import: tooltutor.verdict_text (1 module)
        from tooltutor.verdict_text import alike_once, format_verdict, marks, result_line

        if not verdict.passed:
            verdict, held = self._spoiler_free(verdict)
            verdict = verdict._replace(diagnostics=alike_once(verdict.diagnostics))
        screen = self.screen
        width = screen.width
        met = sum(c.passed for c in verdict.criteria)
        total = len(verdict.criteria)
        ok, ko = marks(screen.raw)
        if verdict.passed:
            screen.line(
                f"{ok} " + result_line(verdict) + f"  ({stamp})" * bool(stamp),
                style="bold green",
            )
            self.say()
            screen.markdown(self.course.expand(self.exercise.explanation))
            self.say()
            screen.line(t("Press [n] for the next exercise."), style="bold")
            return
        if self.full:
            full = format_verdict(self.exercise, verdict, text, str(self.path), stream=screen.raw)
            screen.verbatim(fit(full.rstrip(), width))
            if held:
                screen.line(held, style="dim")
            screen.line(t("[f] shows the first problem only."), style="dim")
            return
        screen.line(
            f"{ko} " + result_line(verdict) + f"  ({stamp})" * bool(stamp),
            style="bold red",
        )
        failing, shown = compact_diagnostics(verdict)
        if failing is not None:
            self.say()
            screen.line(f"{ko} {failing.label}", style="bold")
            if failing.message:
                screen.line(
                    textwrap.fill(
                        failing.message,
                        max(20, width - 4),
                        initial_indent="    ",
                        subsequent_indent="    ",
                        break_long_words=False,
                        break_on_hyphens=False,
                    )
                )
        if shown:
            # on first use, not at import: checker.report, unicodedata (2 modules)
            from checker.report import format_human

            blocks = format_human(shown, text, str(self.path)).rstrip().split("\n\n")[:-1]
            self.say()
            screen.verbatim(fit("\n\n".join(blocks), width), style="yellow")
        more_criteria = total - met - (failing is not None)
        more_problems = len(verdict.diagnostics) - len(shown)
        if more_criteria or more_problems:
            parts = []
            if more_criteria:
                parts.append(
                    tn(more_criteria, "{n} more criterion not met", "{n} more criteria not met")
                )
            if more_problems:
                parts.append(tn(more_problems, "{n} more problem", "{n} more problems"))
            self.say()
            screen.line(t("{what}: [f] shows the full list.", what=", ".join(parts)), style="dim")
        if held:
            screen.line(held, style="dim")

    def _spoiler_free(self, verdict):
        """(the verdict with what the hints give held back, the note saying so)."""
        # on first use, not at import: tooltutor.workspace (1 module)
        from tooltutor.workspace import spoiler_free_verdict

        revealed = getattr(self.store, "hints_revealed", None)
        shown = revealed(self.course.id, self.exercise.id) if revealed else 0
        return spoiler_free_verdict(self.exercise, verdict, shown, "[h]")

    def _hints_shown(self) -> None:
        revealed = getattr(self.store, "hints_revealed", None)
        if revealed is None or not self.exercise.hints or not self.screen.terminal:
            return
        shown = min(revealed(self.course.id, self.exercise.id), len(self.exercise.hints))
        for number, hint in enumerate(self.exercise.hints[:shown], 1):
            self.say()
            self.screen.markdown(
                self.course.expand(
                    t(
                        "Hint {number} of {total}: {hint}",
                        number=number,
                        total=len(self.exercise.hints),
                        hint=hint,
                    )
                )
            )

    def introduce(self) -> None:
        """The exercise's prompt and what will be checked, before the first check."""
        if self.screen.terminal:
            return  # the first check draws the screen, task included
        self.say(f"\n{self.exercise.title}  ({self.exercise.id})\n")
        self.screen.markdown(self.course.expand(self.exercise.prompt))
        self.say("\n" + t("What is checked:"))
        for criterion in self.exercise.criteria:
            self.say(f"  - {self.course.expand(criterion['label'])}")
        self.say("\n" + t("Watching {path}: save it in your editor to check it.", path=self.path))
        self.say(t(KEYS_HELP))

    # -- keys

    def on_key(self, key: str) -> str | None:
        if key == "q":
            return "quit"
        if key == "r":
            self.check()
        elif key == "f":
            self.full = not self.full
            self.show() if self.last else self.say(t(KEYS_HELP))
        elif key == "t":
            self.show_task = not self.show_task
            if self.screen.terminal and self.last:
                self.show()
            else:
                self.say()
                self.screen.markdown(self.course.expand(self.exercise.prompt))
        elif key == "h":
            self.hint()
        elif key == "l":
            self.list()
        elif key == "n":
            self.next()
        elif key.strip():
            self.say(t(KEYS_HELP))
        return None

    def hint(self) -> None:
        """Reveal the next hint: on a terminal the screen is drawn again with every hint
        shown so far; plain, the new one is printed."""
        # on first use, not at import: tooltutor.hints (1 module)
        from tooltutor.hints import reveal_next_hint

        texts, note = reveal_next_hint(self.store, self.course, self.exercise)
        if self.screen.terminal and self.last is not None:
            self.show()
        elif not note:
            self.say()
            self.screen.markdown(texts[-1])
        else:
            for text in texts:
                self.say()
                self.screen.markdown(text)
        if note:
            self.say("\n" + note)

    def list(self) -> None:
        """Every lesson with its exercises' ids and marks. On a terminal too short for
        all of it, the other lessons take a line each (their marks in a row), so the
        top of the list never scrolls away."""
        for line in self.list_lines(self.screen.height):
            self.say(line)

    def list_lines(self, height: int | None) -> list[str]:
        statuses = self.store.statuses(self.course.id)
        marks = {PASSED: "[x]", ATTEMPTED: "[~]"}

        def mark(ex) -> str:
            return marks.get(statuses.get(ex.id), "[ ]")

        full, short = [""], [""]
        for lesson in self.course.lessons:
            heading = f"{lesson.number}. {lesson.title}"
            items = []
            for ex in lesson.exercise_items:
                here = t("  <- you are here") if ex.id == self.exercise.id else ""
                items.append(f"   {mark(ex)} {ex.id}{here}")
            full += [heading, *items]
            if lesson.id == self.exercise.lesson:
                short += [heading, *items]
            else:
                short.append(f"{heading}  {''.join(mark(ex) for ex in lesson.exercise_items)}")
        if height is None or len(full) + 2 <= height:
            return full
        return short

    def next(self) -> None:
        """After a pass: the next exercise not passed yet, checked once at once."""
        if not self.passed:
            self.say("\n" + t("Pass this exercise first; [h] shows a hint."))
            return
        statuses = getattr(self.store, "statuses", None)
        if statuses is not None:
            following = next_unfinished(self.course, statuses(self.course.id), self.exercise)
        else:
            following = next_exercise(self.course, self.exercise)
        if following is None:
            self.say("\n" + t("You have passed every exercise of the course. Well done!"))
            return
        self.exercise = following
        self.passed = False
        self.full = False
        self.last = None
        self._open_desk()
        open_exercise(self.workdir, following, self.store, self.course)
        self.introduce()
        self.check(first=True)
