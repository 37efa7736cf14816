"""`tooltutor watch`: mark the current exercise each time its file is saved.

Plain scrolling output, so it works in any terminal and over ssh. Events come from two
sources into one queue: file changes (watchfiles, or polling with `--poll` where file
events do not arrive) and keys (`r` re-check, `h` hint, `n` next after a pass, `l` list,
`q` quit; with no terminal, the same letters followed by Enter). A burst of writes (editors
often write a file several times on save) is marked once: after the first change, further
changes are absorbed until the file has been quiet for `debounce` seconds.
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tooltutor.course import Course, Exercise
from tooltutor.i18n import N_, t
from tooltutor.workdir import answer_text, exercise_file, next_exercise, set_current

#: The keys line, in English (shown with `t`, in the learner's language).
KEYS_HELP = N_("keys: [r] check again  [h] hint  [n] next (after a pass)  [l] list  [q] quit")


@dataclass
class Event:
    kind: str  # "change" | "key" | "stop"
    value: str = ""


class PollWatcher(threading.Thread):
    """Watches one file by polling its size and modification time (works everywhere)."""

    def __init__(self, path_of: Callable[[], Path], events: queue.Queue, interval: float = 0.2):
        super().__init__(daemon=True)
        self.path_of = path_of
        self.events = events
        self.interval = interval
        self.stopped = threading.Event()

    def _stamp(self):
        try:
            stat = self.path_of().stat()
        except OSError:
            return None
        return stat.st_mtime_ns, stat.st_size

    def run(self) -> None:
        last = self._stamp()
        while not self.stopped.wait(self.interval):
            stamp = self._stamp()
            if stamp != last:
                last = stamp
                self.events.put(Event("change"))


class EventWatcher(threading.Thread):
    """Watches the work folder with OS file events (watchfiles)."""

    def __init__(self, folder: Path, path_of: Callable[[], Path], events: queue.Queue):
        super().__init__(daemon=True)
        self.folder = folder
        self.path_of = path_of
        self.events = events
        self.stopped = threading.Event()

    def run(self) -> None:
        from watchfiles import watch

        for changes in watch(self.folder, stop_event=self.stopped, debounce=50, step=20):
            target = str(self.path_of().resolve())
            if any(str(Path(p).resolve()) == target for _, p in changes):
                self.events.put(Event("change"))


def read_keys(events: queue.Queue, stream=None) -> None:
    """Put each key pressed (or each line typed, without a terminal) on `events`."""
    stream = stream or sys.stdin
    try:
        import termios
        import tty

        fd = stream.fileno()
        interactive = stream.isatty()
    except (ImportError, AttributeError, ValueError, OSError):
        interactive = False
    if interactive:
        old = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            while True:
                ch = stream.read(1)
                if not ch:
                    break
                events.put(Event("key", ch.lower()))
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)
    else:
        for line in stream:
            for ch in line.strip().lower()[:1]:
                events.put(Event("key", ch))
    events.put(Event("key", "q"))


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
    ):
        self.course = course
        self.exercise = exercise
        self.workdir = workdir
        self.store = store
        self.out = out or sys.stdout
        self.debounce = debounce
        self.events: queue.Queue = queue.Queue()
        self.passed = False
        self.checks = 0
        use_course = getattr(store, "use_course", None)
        if use_course is not None:  # progress keyed by this course's folder, not its id alone
            use_course(course)
        self._load_draft_base()

    def _load_draft_base(self) -> None:
        """Load the draft once, so that saving the file's text over it is compare-and-swap:
        a draft another tooltutor saved since is not overwritten (see `progress`)."""
        load = getattr(self.store, "load_draft", None)
        if load is not None:
            load(self.course.id, self.exercise.id)

    @property
    def path(self) -> Path:
        return exercise_file(self.workdir, self.exercise)

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        self.introduce()
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

    def check(self) -> None:
        """Mark the file once, record the attempt and the draft, print the verdict."""
        from tooltutor.errors import UserError
        from tooltutor.marking import mark_answer
        from tooltutor.submission import FileTooBig, max_file_bytes, read_answer_file, too_big
        from tooltutor.verdict_text import format_verdict

        path = self.path
        limit = max_file_bytes()
        if not os.path.lexists(path):
            self.say(
                "\n"
                + t(
                    "{path} is gone. Recreate it with: tooltutor start {id} --dir {workdir} "
                    "--force",
                    path=path,
                    id=self.exercise.id,
                    workdir=self.workdir,
                )
            )
            return
        try:
            # Checked before it is read: a FIFO or a device in its place is refused, never
            # waited on, and a file over the limit is not read at all.
            raw = read_answer_file(path, limit, pipes=False)
        except FileTooBig as exc:
            self.say(f"\n{exc}")
            return
        except UserError as exc:
            self.say(f"\ncannot read: {exc}")
            return
        if len(raw) > limit:  # it grew while it was read
            self.say(f"\n{too_big(str(path), limit)}")
            return
        text = raw.decode("utf-8", errors="replace")
        answer = answer_text(self.exercise, text)
        now = time.strftime("%H:%M:%S")
        self.say("\n" + t("--- check {number} at {time} ---", number=self.checks + 1, time=now))
        payload = answer if self.exercise.kind == "choice" else raw
        verdict = mark_answer(self.course, self.exercise, payload)
        self.checks += 1
        conflict = self.store.save_draft(self.course.id, self.exercise.id, text)
        self.store.record_attempt(
            self.course.id,
            self.exercise.id,
            passed=verdict.passed,
            criteria_passed=sum(c.passed for c in verdict.criteria),
            criteria_total=len(verdict.criteria),
            submission=text,
            lesson_id=self.exercise.lesson,
        )
        self.passed = verdict.passed
        self.say(format_verdict(self.exercise, verdict, text, str(path), stream=self.out).rstrip())
        if verdict.passed:
            self.say("")
            self.say(self.course.expand(self.exercise.explanation).rstrip())
            self.say("\n" + t("Press [n] for the next exercise."))
        notice = self.store.take_notice() if hasattr(self.store, "take_notice") else None
        if notice:
            self.say(t("note: {notice}", notice=notice))
        if conflict is not None and getattr(conflict, "first", False):
            from tooltutor.workspace import draft_conflict_note

            self.say(t("note: {notice}", notice=draft_conflict_note(conflict)))
        self.say(t(KEYS_HELP))

    def introduce(self) -> None:
        """The exercise's prompt and what will be checked, before the first save."""
        self.say(f"\n{self.exercise.title}  ({self.exercise.id})\n")
        self.say(self.course.expand(self.exercise.prompt).rstrip())
        self.say("\n" + t("What is checked:"))
        for criterion in self.exercise.criteria:
            self.say(f"  - {self.course.expand(criterion['label'])}")
        self.say("\n" + t("Watching {path}: save it in your editor to check it.", path=self.path))
        self.say(t(KEYS_HELP))

    def on_key(self, key: str) -> str | None:
        if key == "q":
            return "quit"
        if key == "r":
            self.check()
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
        shown = self.store.hints_revealed(self.course.id, self.exercise.id)
        hints = self.exercise.hints
        if shown >= len(hints):
            self.say("\n" + t("No more hints: all {total} are shown above.", total=len(hints)))
            for number, hint in enumerate(hints, 1):
                self.say(t("Hint {number}: {hint}", number=number, hint=self.course.expand(hint)))
            return
        self.store.reveal_hint(self.course.id, self.exercise.id, shown)
        hint = self.course.expand(hints[shown])
        self.say(
            "\n"
            + t("Hint {number} of {total}: {hint}", number=shown + 1, total=len(hints), hint=hint)
        )

    def list(self) -> None:
        statuses = self.store.statuses(self.course.id)
        marks = {"passed": "[x]", "attempted": "[~]"}
        for lesson in self.course.lessons:
            self.say(f"\n{lesson.number}. {lesson.title}")
            for ex in lesson.exercise_items:
                here = t("  <- you are here") if ex.id == self.exercise.id else ""
                self.say(f"   {marks.get(statuses.get(ex.id), '[ ]')} {ex.id}{here}")

    def next(self) -> None:
        if not self.passed:
            self.say("\n" + t("Pass this exercise first; [h] shows a hint."))
            return
        following = next_exercise(self.course, self.exercise)
        if following is None:
            self.say("\n" + t("That was the last exercise of the course. Well done!"))
            return
        self.exercise = following
        self.passed = False
        self._load_draft_base()
        path = self.path
        if not path.exists():
            from tooltutor.workdir import initial_text

            draft = self.store.load_draft(self.course.id, following.id)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(
                initial_text(following, draft.text if draft else None),
                encoding="utf-8",
                errors="surrogatepass",
            )
        set_current(self.workdir, following.id)
        self.introduce()
