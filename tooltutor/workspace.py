"""The exercise workspace's logic, without Textual: drafts, hints, solution, diagnostics.

- `DraftAutosave` saves the editor's text about a second after the last keystroke
  (debounce) and whenever asked to flush (leaving the exercise, quitting), never saving
  the same text twice.
- `draft_conflict_note` is the one line that tells the learner a save met a draft saved
  by another tooltutor (a second window, `watch`), which was kept as it is.
- `solution_access` says when the reference solution may be shown: after a pass, or on
  explicit request (with a confirmation) after `SOLUTION_AFTER_FAILURES` failed checks.
- `cursor_location` maps a diagnostic's 1-based line:column to a 0-based (row, column)
  editor location, clamped to the text.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping

from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)
from tooltutor.course import Course, Exercise
from tooltutor.i18n import t, tn
from tooltutor.kinds import kind_named

#: Seconds after the last keystroke at which the draft is saved.
DRAFT_DELAY_S = 1.0
#: Failed checks (since the last pass) after which the solution may be asked for.
SOLUTION_AFTER_FAILURES = 3


class DraftAutosave:
    """Debounced draft saving: `changed` on every edit, `flush` when leaving.

    `save(text)` is called at most once per distinct text; `due()` tells whether the
    delay since the last change has passed (the screen's timer calls `tick()` then).
    """

    def __init__(
        self,
        save: Callable[[str], None],
        delay: float = DRAFT_DELAY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._save = save
        self.delay = delay
        self._clock = clock
        self._saved: str | None = None
        self._pending: str | None = None
        self._due_at = 0.0

    def start(self, text: str) -> None:
        """The editor now holds `text`, already stored (or the starter): nothing to save."""
        self._saved, self._pending = text, None

    def changed(self, text: str) -> float:
        """The text changed; returns the delay after which `tick()` should run."""
        self._pending = text
        self._due_at = self._clock() + self.delay
        return self.delay

    @property
    def dirty(self) -> bool:
        """Whether there is text not saved yet."""
        return self._pending is not None and self._pending != self._saved

    def due(self) -> bool:
        return self.dirty and self._clock() >= self._due_at

    def tick(self) -> bool:
        """Save if the delay has passed since the last change; True if it saved."""
        return self.flush() if self.due() else False

    def flush(self) -> bool:
        """Save the pending text now (if it differs from the saved one); True if it saved."""
        if not self.dirty:
            self._pending = None
            return False
        text = self._pending
        assert text is not None
        self._save(text)
        self._saved, self._pending = text, None
        return True


def local_time(saved_at: str) -> str:
    """A stored UTC time as the learner's local clock time (HH:MM:SS)."""
    # on first use, not at import: datetime, math (3 modules)
    from datetime import datetime

    try:
        return datetime.fromisoformat(saved_at).astimezone().strftime("%H:%M:%S")
    except (TypeError, ValueError, OverflowError, OSError):
        return str(saved_at)


def draft_conflict_note(conflict) -> str:
    """The learner's one line about a `progress.DraftConflict`."""
    return t(
        "The draft of {id} was saved by another tooltutor at {time} and was left as it is; "
        "your text is kept as a conflict copy (tooltutor start {id} --conflict writes it to "
        "a file).",
        id=conflict.exercise_id,
        time=local_time(conflict.other_saved_at),
    )


class SolutionAccess(NamedTuple):
    """Whether the solution can be shown: `open`, `confirm` (ask first) or `locked`."""

    state: str
    message: str = ""


def solution_access(
    passed: bool, failures_since_pass: int, threshold: int = SOLUTION_AFTER_FAILURES
) -> SolutionAccess:
    """When the solution is offered: after a pass, or after `threshold` failed checks."""
    if passed:
        return SolutionAccess("open")
    if failures_since_pass >= threshold:
        return SolutionAccess(
            "confirm",
            t(
                "You have checked {n} times without passing. Seeing the solution now is "
                "fine, but working it out (with a hint) teaches more. Show the solution?",
                n=failures_since_pass,
            ),
        )
    left = threshold - failures_since_pass
    return SolutionAccess(
        "locked",
        tn(
            left,
            "The solution opens after you pass, or after {n} more failed check. Try a hint "
            "(h) first.",
            "The solution opens after you pass, or after {n} more failed checks. Try a hint "
            "(h) first.",
        ),
    )


def next_hint(revealed: int, total: int) -> int | None:
    """The index of the next hint to reveal, or None when all are shown."""
    return revealed if revealed < total else None


def hints_heading(revealed: int, total: int) -> str:
    if total == 0:
        return t("No hints for this exercise.")
    if revealed >= total:
        return t("Hints: all {total} shown.", total=total)
    return t(
        "Hints: {revealed} of {total} shown. Press h for the next one.",
        revealed=revealed,
        total=total,
    )


def cursor_location(line: int | None, column: int | None, text: str) -> tuple[int, int]:
    """The editor location (0-based row, column) of a 1-based checker line:column.

    Clamped to the text, so a diagnostic about text since edited still lands nearby.
    """
    lines = text.split("\n")
    row = min(max((line or 1) - 1, 0), len(lines) - 1)
    col = min(max((column or 1) - 1, 0), len(lines[row]))
    return row, col


def where(diagnostic) -> str:
    """`3:5` for a diagnostic with a position, else the JSON pointer or `answer`."""
    if diagnostic.line is not None:
        return f"{diagnostic.line}:{diagnostic.column or 1}"
    return diagnostic.path or t("answer")


def verdict_summary(verdict) -> str:
    """One line about a verdict: passed, how many criteria met, or unreadable."""
    total = len(verdict.criteria)
    met = sum(c.passed for c in verdict.criteria)
    if verdict.passed:
        return t("Passed: all {total} criteria met.", total=total)
    if verdict.status == "error":
        first = verdict.diagnostics[0].message if verdict.diagnostics else t("unreadable")
        return t("Not checked: {reason}", reason=first)
    return t("Not yet: {met} of {total} criteria met.", met=met, total=total)


def starter_text(course: Course, exercise: Exercise) -> str:
    return course.expand(exercise.starter)


def solution_text(course: Course, exercise: Exercise) -> str:
    return course.expand(exercise.solution)


def choice_answer(ids: list[str]) -> str:
    """The answer text of a choice exercise: the chosen ids, `a, c`."""
    return ", ".join(ids)


def chosen_ids(text: str) -> list[str]:
    """The ids named in a choice answer (the inverse of `choice_answer`)."""
    return [part.strip().lower() for part in text.replace(";", ",").split(",") if part.strip()]


def editor_command(
    environ: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] | None = None,
) -> tuple[list[str] | None, str]:
    """The command that opens the learner's editor, and a problem to show if none.

    `$EDITOR` (then `$VISUAL`), split like a shell would; `vi` when neither is set.
    `which` finds a program (default: `shutil.which`).
    """
    # on first use, not at import: shlex (1 module)
    import shlex
    import shutil  # here, not at the top: `check` imports this module, and shutil (bz2,
    # lzma...) is a measurable share of its start (python3 -m bench startup)

    which = which or shutil.which
    env = os.environ if environ is None else environ
    for name in ("EDITOR", "VISUAL"):
        value = env.get(name, "").strip()
        if not value:
            continue
        try:
            parts = shlex.split(value)
        except ValueError:
            return None, t("${name} ({value}) cannot be read as a command.", name=name, value=value)
        if parts and which(parts[0]):
            return parts, ""
        return None, t("${name} is {value}, but no such program was found.", name=name, value=value)
    if which("vi"):
        return ["vi"], ""
    return None, t("No editor found: set $EDITOR (for example, EDITOR=nano).")


# -- no spoilers: criteria that name the mistakes to find -------------------------------


def criterion_id(spec: Mapping) -> str:
    """A criterion's id: its `id`, else its check's name (`checker.check_registry`'s rule)."""
    # on first use, not at import: checker.criterion_id (2 modules)
    from checker.criterion_id import criterion_id as engine_criterion_id

    return str(engine_criterion_id(spec))


def reveal_hint(spec: Mapping) -> int | None:
    """The (1-based) hint that reveals what a criterion holds back, if it names one."""
    number = spec.get("revealed_by_hint")
    return int(number) if isinstance(number, int) and number > 0 else None


def keeps_secret(spec: Mapping) -> bool:
    """Whether the criterion holds anything back at all (`hidden_label` or
    `revealed_by_hint`)."""
    return bool(spec.get("hidden_label")) or reveal_hint(spec) is not None


def hint_reveals(spec: Mapping, hints_revealed: int) -> bool:
    """Whether the hint that reveals this criterion has been shown."""
    number = reveal_hint(spec)
    return number is not None and hints_revealed >= number


def held_back(spec: Mapping, passed: bool | None, hints_revealed: int) -> bool:
    """Whether a criterion's label and message are held back now: it has a
    `hidden_label`, has not passed, and the hint that reveals it is not shown yet."""
    return bool(spec.get("hidden_label")) and not passed and not hint_reveals(spec, hints_revealed)


def notes_held_back(spec: Mapping, passed: bool | None, hints_revealed: int) -> bool:
    """Whether the reasons its problems carry (a diagnostic's hint: the per-item notes of
    a classification, the fix of a bug) are held back now. They come with the hint that
    `revealed_by_hint` names; a criterion without one shows them once it passes."""
    if not keeps_secret(spec):
        return False
    if reveal_hint(spec) is not None:
        return not hint_reveals(spec, hints_revealed)
    return not passed


def shown_label(spec: Mapping, label: str, passed: bool | None, hints_revealed: int) -> str:
    """The checklist line of a criterion: its label, or its neutral `hidden_label` until
    it passes or its hint is shown (`passed` is None before any check)."""
    hidden = spec.get("hidden_label")
    if not hidden:
        return label
    if passed:
        return t("{hidden}: found and fixed — {label}", hidden=hidden, label=label)
    if hint_reveals(spec, hints_revealed):
        return t("{hidden}: {label}", hidden=hidden, label=label)
    if passed is None:
        return str(hidden)
    return t("{hidden}: not found yet", hidden=hidden)


class ShownCriterion(NamedTuple):
    """One line of the checklist as the learner sees it."""

    label: str
    #: None before any check
    passed: bool | None
    message: str = ""
    #: the label or the message stands for something held back
    secret: bool = False


class Feedback(NamedTuple):
    """A verdict as shown without spoilers: the checklist, the problems listed, and how
    many problems are held back (they would name a mistake the learner is to find)."""

    criteria: list[ShownCriterion]
    diagnostics: list
    #: problems left out
    held_back: int = 0
    #: criteria shown under their neutral label
    hidden: int = 0
    #: the first hint that reveals one of them (None: only fixing them does)
    hint: int | None = None

    def note(self, hint_key: str = "h") -> str:
        """The one line that says what is held back, and how to get it ("" if nothing);
        `hint_key` is what shows a hint where the line is read (a key, a command)."""
        parts = []
        if self.hidden:
            if self.hint is None:
                parts.append(t("The mistakes still to find are named once you fix them."))
            else:
                parts.append(
                    t(
                        "The mistakes still to find are named once you fix them, or with "
                        "hint {number} ({key}).",
                        number=self.hint,
                        key=hint_key,
                    )
                )
        if self.held_back:
            parts.append(
                tn(
                    self.held_back,
                    "{n} problem the checker found is held back: it would name one.",
                    "{n} problems the checker found are held back: they would name them.",
                )
            )
        return " ".join(parts)


def checklist_before_check(exercise: Exercise, hints_revealed: int) -> list[ShownCriterion]:
    """The criteria before any check: hidden ones under their neutral label."""
    return [
        ShownCriterion(
            shown_label(spec, spec["label"], None, hints_revealed),
            None,
            secret=held_back(spec, None, hints_revealed),
        )
        for spec in exercise.criteria
    ]


def spoiler_free_verdict(exercise: Exercise, verdict, hints_revealed: int, hint_key: str):
    """(the verdict as the command line shows it, the note on what is held back): the same
    spoiler-free view as the TUI's (`spoiler_free`), as a verdict `format_verdict` prints;
    `hint_key` is what shows a hint there."""
    # on first use, not at import: checker.diagnostics, checker.i18n, ... (13 modules)
    from checker.diagnostics import Criterion

    feedback = spoiler_free(exercise, verdict, hints_revealed, hint_key)
    criteria = [
        Criterion(shown.label, original.passed, shown.message, original.id)
        for shown, original in zip(feedback.criteria, verdict.criteria)
    ]
    return verdict._replace(criteria=criteria, diagnostics=feedback.diagnostics), feedback.note(
        hint_key
    )


def spoiler_free(exercise: Exercise, verdict, hints_revealed: int, hint_key: str = "h") -> Feedback:
    """A verdict with what the hints exist to give held back (see docs/course-format.md,
    "No spoilers"): a criterion with a `hidden_label` keeps it, and no message, until it
    passes or hint `revealed_by_hint` is shown; while it does, the messages of the
    criteria and the problems of the checker rules it lists in `also_hides` are held back
    too (they would name it). A criterion's own problems lose their reason (the
    diagnostic's hint) until its hint is shown: "which items are wrong", not why;
    `hint_key` is what shows a hint where the verdict is read (a key, a command)."""
    specs = {criterion_id(spec): spec for spec in exercise.criteria}
    results = {criterion.id: criterion.passed for criterion in verdict.criteria}
    secret_ids: set[str] = set()  # criteria whose message is held back
    secret_rules: set[str] = set()  # rules whose problems are left out
    note_rules: dict[str, Mapping] = {}  # rules whose problems lose their reason
    for cid, spec in specs.items():
        passed = results.get(cid)
        if held_back(spec, passed, hints_revealed):
            secret_ids.add(cid)
            secret_rules.add(cid)
            for other in spec.get("also_hides") or []:
                secret_ids.add(str(other))
                secret_rules.add(str(other))
        if notes_held_back(spec, passed, hints_revealed):
            note_rules[cid] = spec
    shown = []
    for criterion in verdict.criteria:
        spec = specs.get(criterion.id, {})
        label = shown_label(spec, criterion.label, criterion.passed, hints_revealed)
        message = criterion.message
        secret = False
        if not criterion.passed and criterion.id in secret_ids:
            secret = True
            if held_back(spec, criterion.passed, hints_revealed):
                message = ""  # the label says "not found yet"; `Feedback.note` says more
            else:  # its message would name a mistake still to be found
                message = t("Held back for now: it would name a mistake you are to find.")
        shown.append(ShownCriterion(label, criterion.passed, message, secret))
    diagnostics, left_out = [], 0
    for diagnostic in verdict.diagnostics:
        rule = getattr(diagnostic, "rule", "")
        if rule in secret_rules:
            left_out += 1
            continue
        if rule in note_rules:
            number = reveal_hint(note_rules[rule])
            if diagnostic.hint:
                reason = (
                    t("Hint {number} ({key}) gives the reason.", number=number, key=hint_key)
                    if number is not None
                    else ""
                )
                diagnostic = diagnostic._replace(hint=reason)
        diagnostics.append(diagnostic)
    hidden = [
        specs[cid] for cid in specs if held_back(specs[cid], results.get(cid), hints_revealed)
    ]
    numbers = [reveal_hint(spec) for spec in hidden if reveal_hint(spec) is not None]
    return Feedback(shown, diagnostics, left_out, len(hidden), min(numbers, default=None))


# -- the task's code blocks, to copy into the editor ------------------------------------

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<lang>[^\s`]*)[^\n]*\n"
    r"(?P<body>.*?)"
    r"^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)


class CodeBlock(NamedTuple):
    """A fenced code block of a task: its language and its text."""

    lang: str
    text: str

    @property
    def preview(self) -> str:
        """Its first line that is not blank, for a list to choose from."""
        return next((line.strip() for line in self.text.splitlines() if line.strip()), "")

    @property
    def lines(self) -> int:
        return len(self.text.splitlines())


def code_blocks(markdown: str) -> list[CodeBlock]:
    """The fenced code blocks of a task's Markdown, in order."""
    blocks = []
    for match in _FENCE.finditer(markdown):
        indent = match.group("indent")
        body = match.group("body")
        if indent:
            body = "".join(
                line[len(indent) :] if line.startswith(indent) else line
                for line in body.splitlines(keepends=True)
            )
        blocks.append(CodeBlock(match.group("lang"), body.rstrip("\n")))
    return blocks


def indented_for(text: str, line_before_cursor: str) -> str:
    """`text` to insert where the cursor stands after `line_before_cursor`: when only
    spaces stand before the cursor, every later line gets the same indentation."""
    if line_before_cursor.strip():
        return text
    lines = text.split("\n")
    return "\n".join(
        [lines[0], *(line_before_cursor + line if line else line for line in lines[1:])]
    )


def new_line_indent(line_before_cursor: str, kind: str, indent_width: int) -> str:
    """What Enter inserts after the newline: the indentation of the line, one level more
    after a line that opens a block (`:` in Python, `{` or `[` in JSON)."""
    indent = line_before_cursor[: len(line_before_cursor) - len(line_before_cursor.lstrip())]
    stripped = line_before_cursor.rstrip()
    opens = kind_named(kind).block_openers
    if stripped and opens and stripped.endswith(opens):
        indent += " " * indent_width
    return indent
