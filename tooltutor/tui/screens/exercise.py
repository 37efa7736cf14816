"""The exercise workspace: the task, the editor, and what the checker says."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult, SuspendNotSupported
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Markdown, OptionList, Static, TextArea
from textual.worker import get_current_worker

from tooltutor.course import Exercise
from tooltutor.i18n import N_
from tooltutor.journey import PASSED
from tooltutor.lesson_text import untranslated_note, untranslated_tag
from tooltutor.tui.dialogs.confirm_reset import ConfirmReset
from tooltutor.tui.dialogs.confirm_solution import ConfirmSolution
from tooltutor.tui.dialogs.solution import SolutionDialog
from tooltutor.tui.texts import plain, status_mark, t, translate_bindings
from tooltutor.tui.widgets.exercise.checklist import Checklist
from tooltutor.tui.widgets.exercise.choice_answer import ChoiceAnswer
from tooltutor.tui.widgets.exercise.diagnostics import DiagnosticList
from tooltutor.tui.widgets.exercise.editor import AnswerEditor
from tooltutor.tui.widgets.exercise.hints import HintsPanel
from tooltutor.workspace import (
    DraftAutosave,
    cursor_location,
    draft_conflict_note,
    editor_command,
    next_hint,
    solution_access,
    solution_text,
    starter_text,
    verdict_summary,
)

#: Actions that letters trigger: hidden (and off) while the editor has the keyboard.
LETTER_ACTIONS = {"hint", "solution", "reset", "external_editor", "back", "edit", "zoom", "task"}


class TaskPane(VerticalScroll):
    """The exercise's prompt; focus it to scroll with the arrow keys."""

    ALLOW_MAXIMIZE = True


class ResultsPane(VerticalScroll):
    """The checker's verdict, the hints and, after a pass, the explanation."""

    ALLOW_MAXIMIZE = True


class ExerciseScreen(Screen[None]):
    """Solve one exercise: write an answer, check it, learn from the feedback."""

    CSS_PATH = "exercise.tcss"

    HELP = N_("""\
**Solving an exercise.** Write your answer in the editor (Tab indents; Escape leaves
the editor, Tab or i goes back in). Ctrl+R (or F5, or the Check button) marks it: the
criteria show as a checklist, and each problem the checker found is listed under it;
select one with the arrow keys and press Enter to put the editor's cursor on it.
h reveals the next hint. The solution opens after a pass, or after three failed checks
if you confirm. r resets the editor to the starter text; e opens your answer in your
own editor ($EDITOR). m enlarges the focused pane (m again restores it). Your draft is
saved as you type and when you leave.
""")

    BINDINGS = [
        Binding("ctrl+r,f5", "check", "Check", priority=True, tooltip="Mark your answer."),
        Binding("h", "hint", "Hint", tooltip="Reveal the next hint."),
        Binding("s", "solution", "Solution", tooltip="Show the solution (after a pass)."),
        Binding("r", "reset", "Reset", tooltip="Put the starter text back in the editor."),
        Binding("e", "external_editor", "Editor", tooltip="Edit your answer in $EDITOR."),
        Binding("i", "edit", "Edit", show=False, tooltip="Put the cursor in the editor."),
        Binding("t", "task", "Task", tooltip="Read the whole task (Escape comes back)."),
        Binding(
            "m", "zoom", "Enlarge", show=False, tooltip="Enlarge the focused pane, or restore it."
        ),
        Binding("escape", "back", "Back", tooltip="Back to where you came from."),
    ]

    def __init__(self, exercise: Exercise) -> None:
        super().__init__()
        translate_bindings(self)
        self.exercise = exercise
        self.checking = False
        self.passed_now = False

    # -- building ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        app = self.app
        course, ex = app.course, self.exercise
        draft = app.store.load_draft(course.id, ex.id)
        self.initial_text = draft.text if draft is not None else starter_text(course, ex)
        yield Header(icon="")
        yield Static(id="ex-heading", markup=False)
        note = untranslated_note(course, ex)
        if note:
            yield Static(plain(note, "italic $text-warning"), id="untranslated-note")
        with Vertical(id="workspace"):
            with TaskPane(id="task"):
                with Horizontal(id="task-top"):
                    yield Static(plain(course.expand(ex.title), "bold"), id="task-title")
                    yield Static(plain(t("t: whole task")), id="task-tip")
                yield Markdown(course.expand(ex.prompt), id="prompt")
            with Vertical(id="answer"):
                if ex.kind == "choice":
                    yield ChoiceAnswer(
                        [{**c, "text": course.expand(c["text"])} for c in ex.choices or []],
                        multiple=ex.multiple,
                        text=self.initial_text,
                        id="choices",
                    )
                else:
                    yield AnswerEditor(
                        self.initial_text, ex.kind, cursor_blink=app.cursor_blink, id="editor"
                    )
                with Horizontal(id="actions", classes="buttons"):
                    yield Button(plain(t("Check ^R")), id="check", compact=True, variant="primary")
                    yield Button(plain(t("Hint h")), id="hint", compact=True)
                    yield Button(plain(t("Solution s")), id="solution", compact=True)
                    yield Button(plain(t("Reset r")), id="reset", compact=True)
                    yield Static(id="check-status", markup=False)
            with ResultsPane(id="results"):
                yield Static(id="summary", markup=False)
                yield Checklist(
                    [course.expand(c["label"]) for c in ex.criteria],
                    unicode=app.unicode,
                    id="checklist",
                )
                yield DiagnosticList(unicode=app.unicode, id="diagnostics")
                yield HintsPanel([course.expand(h) for h in ex.hints], id="hints")
                yield Static(plain(t("Why this works"), "bold"), id="explanation-title")
                yield Markdown(course.expand(ex.explanation), id="explanation")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        app = self.app
        course, ex = app.course, self.exercise
        self.sub_title = course.expand(ex.title)
        tag = untranslated_tag(course, ex)
        if tag:
            self.sub_title += f" {tag}"
        self.autosave = DraftAutosave(self._save_draft)
        self.autosave.start(self.initial_text)
        self._draft_timer = None
        self.query_one(DiagnosticList).display = False
        self.query_one(HintsPanel).show(app.store.hints_revealed(course.id, ex.id))
        self._show_heading()
        self._show_explanation(self.status == PASSED)
        attempts = app.store.attempts(course.id, ex.id)
        if attempts:
            last = attempts[-1]
            if last.passed:
                self._summary(t("Last check: passed. Press Ctrl+R to check again."))
            else:
                self._summary(
                    t(
                        "Last check: {met} of {total} criteria met. Press Ctrl+R to check again.",
                        met=last.criteria_passed,
                        total=last.criteria_total,
                    )
                )
        else:
            self._summary(t("Not checked yet. Press Ctrl+R (or F5) to check your answer."))
        app.store.set_position(course.id, ex.lesson, exercise_id=ex.id)
        app.check_store()
        self.answer_widget.focus()

    @property
    def answer_widget(self) -> AnswerEditor | ChoiceAnswer:
        if self.exercise.kind == "choice":
            return self.query_one(ChoiceAnswer)
        return self.query_one(AnswerEditor)

    @property
    def answer_text(self) -> str:
        return self.answer_widget.text

    @property
    def status(self) -> str:
        app = self.app
        return app.store.exercise_status(app.course.id, self.exercise.id)

    def _show_heading(self) -> None:
        app, ex = self.app, self.exercise
        lesson = app.course.lesson(ex.lesson)
        where = ""
        if lesson is not None:
            ids = [e.id for e in lesson.exercise_items]
            number = ids.index(ex.id) + 1 if ex.id in ids else 0
            where = t(
                "Lesson {lesson} · exercise {number} of {total} · ",
                lesson=lesson.number,
                number=number,
                total=len(ids),
            )
        status = self.status
        words = {"passed": t("passed"), "attempted": t("not passed yet"), "new": t("new")}
        facts = t(
            "level {level} · answer in {kind} · {status}",
            level=ex.level,
            kind=ex.kind,
            status=words[status],
        )
        self.query_one("#ex-heading", Static).update(
            status_mark(status, app.unicode) + plain(f" {where}{facts}")
        )

    def _summary(self, text: str, style: str = "") -> None:
        self.query_one("#summary", Static).update(plain(text, style))

    def _show_explanation(self, show: bool) -> None:
        self.query_one("#explanation-title").display = show
        self.query_one("#explanation").display = show

    # -- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Letter keys type in the editor, so their actions are off while it has focus."""
        return not (action in LETTER_ACTIONS and isinstance(self.focused, TextArea))

    def action_edit(self) -> None:
        """Put the cursor in the editor."""
        self.answer_widget.focus()

    def action_task(self) -> None:
        """Show the task on the whole screen; Escape brings the workspace back."""
        task = self.query_one(TaskPane)
        task.focus()
        self.maximize(task)

    def action_zoom(self) -> None:
        """Enlarge the focused pane to the whole screen, or restore it."""
        if self.maximized is not None:
            self.minimize()
        elif self.focused is not None:
            self.maximize(self.focused)

    def action_back(self) -> None:
        """Back to the lesson or the map (the draft is saved)."""
        if self.maximized is not None:
            self.minimize()
            return
        self.flush_draft()
        self.dismiss()

    # -- drafts --------------------------------------------------------------------------

    @on(TextArea.Changed, "#editor")
    @on(ChoiceAnswer.Changed, "#choices")
    def _typed(self) -> None:
        delay = self.autosave.changed(self.answer_text)
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft_timer = self.set_timer(delay, self._autosave_tick)

    def _autosave_tick(self) -> None:
        self.autosave.tick()

    def _save_draft(self, text: str) -> None:
        app = self.app
        conflict = app.store.save_draft(app.course.id, self.exercise.id, text)
        if conflict is not None and getattr(conflict, "first", False):
            # Another tooltutor saved this draft meanwhile: it was kept, and so is this text.
            self.notify(
                draft_conflict_note(conflict),
                title=t("Progress"),
                severity="warning",
                timeout=15,
                markup=False,
            )
        app.check_store()

    def flush_draft(self) -> None:
        """Save the draft now if it changed (leaving, quitting, before a check)."""
        autosave = getattr(self, "autosave", None)
        if autosave is not None:
            autosave.flush()

    def on_screen_suspend(self) -> None:
        self.flush_draft()

    def on_unmount(self) -> None:
        self.flush_draft()

    # -- checking ------------------------------------------------------------------------

    @on(Button.Pressed, "#check")
    def action_check(self) -> None:
        """Mark the answer in the background (the screen stays usable meanwhile)."""
        if self.checking:
            self.notify(t("Still checking your last answer…"), markup=False)
            return
        self.flush_draft()
        from tooltutor import trust

        if trust.runs_code(self.app.course, self.exercise) and not trust.is_trusted(
            self.app.course
        ):
            from tooltutor.tui.dialogs.confirm_trust import ConfirmTrust

            self.app.push_screen(ConfirmTrust(trust.question(self.app.course)), self._trusted)
            return
        self._start_check()

    def _trusted(self, yes: bool | None) -> None:
        """The learner's answer to the trust question: remember it and check, or do not."""
        from tooltutor import trust

        if not yes:
            self.notify(t("Not checked: the course's own code was not trusted."), markup=False)
            return
        trust.trust(self.app.course)
        self._start_check()

    def _start_check(self) -> None:
        if self.exercise.kind == "python" and not getattr(self.app, "_told_of_sandbox", False):
            from checker.sandbox.contain import note

            self.app._told_of_sandbox = True
            if note():
                self.notify(note(), markup=False, severity="warning")
        self.checking = True
        self.query_one("#check", Button).disabled = True
        self.query_one("#check-status", Static).update(plain(t("Checking…"), "italic"))
        self.query_one(ResultsPane).loading = True
        self.run_check(self.answer_text)

    @work(thread=True, exclusive=True, group="check")
    def run_check(self, text: str) -> None:
        """Mark `text` and record the attempt (in a thread: Python exercises take seconds)."""
        from tooltutor.workspace import mark_answer

        app, course, ex = self.app, self.app.course, self.exercise
        try:
            verdict = mark_answer(course, ex, text)
        except Exception as exc:  # the checker must never take the app down
            app.call_from_thread(self._check_failed, f"{type(exc).__name__}: {exc}")
            return
        app.store.record_attempt(
            course.id,
            ex.id,
            passed=verdict.passed,
            criteria_passed=sum(c.passed for c in verdict.criteria),
            criteria_total=len(verdict.criteria),
            submission=text,
            lesson_id=ex.lesson,
        )
        failures = app.store.failures_since_pass(course.id, ex.id)
        if not get_current_worker().is_cancelled:
            app.call_from_thread(self._show_verdict, verdict, failures)

    def _check_done(self) -> None:
        self.checking = False
        self.query_one("#check", Button).disabled = False
        self.query_one("#check-status", Static).update(plain(""))
        self.query_one(ResultsPane).loading = False

    def _check_failed(self, why: str) -> None:
        if not self.is_mounted:
            return
        self._check_done()
        self._summary(t("This answer could not be marked: {why}", why=why), "bold $text-error")
        self.notify(t("The checker failed: {why}", why=why), severity="error", markup=False)

    async def _show_verdict(self, verdict, failures: int) -> None:
        """Show the checklist and diagnostics of a verdict."""
        if not self.is_mounted:
            return
        app = self.app
        self._check_done()
        app.check_store()
        await self.query_one(Checklist).show(verdict.criteria, app.course.expand)
        self.query_one(DiagnosticList).show(verdict.diagnostics)
        summary = verdict_summary(verdict)
        if verdict.passed:
            self.passed_now = True
            self._summary(f"{'✔' if app.unicode else '+'} {summary}", "bold $text-success")
            self._show_explanation(True)
            self.notify(t("Passed! Read why it works below; s shows the solution."), markup=False)
        else:
            extra = ""
            if solution_access(False, failures).state == "confirm":
                extra = " " + t("The solution is available (s).")
            elif verdict.diagnostics:
                extra = " " + t("Enter on a problem below jumps to it.")
            self._summary(f"{'✘' if app.unicode else 'x'} {summary}{extra}", "bold $text-error")
        self._show_heading()
        self.query_one(ResultsPane).scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#diagnostics")
    def _jump(self, event: OptionList.OptionSelected) -> None:
        """Put the editor's cursor where the selected problem is."""
        diagnostics = self.query_one(DiagnosticList).diagnostics
        diagnostic = diagnostics[event.option_index]
        widget = self.answer_widget
        if isinstance(widget, AnswerEditor):
            widget.cursor_location = cursor_location(
                diagnostic.line, diagnostic.column, widget.text
            )
            widget.scroll_cursor_visible(center=True)
        widget.focus()

    # -- hints, solution, reset, $EDITOR -------------------------------------------------

    @on(Button.Pressed, "#hint")
    def action_hint(self) -> None:
        """Reveal the next hint."""
        app, ex = self.app, self.exercise
        panel = self.query_one(HintsPanel)
        index = next_hint(panel.revealed, len(ex.hints))
        if index is None:
            self.notify(t("Every hint is shown already."), markup=False)
            return
        panel.show(app.store.reveal_hint(app.course.id, ex.id, index))
        app.check_store()
        self.query_one(ResultsPane).scroll_to_widget(panel, animate=False, top=True)

    @on(Button.Pressed, "#solution")
    def action_solution(self) -> None:
        """Show the solution: after a pass; after three failed checks, with a confirmation."""
        app, ex = self.app, self.exercise
        failures = app.store.failures_since_pass(app.course.id, ex.id)
        access = solution_access(self.passed_now or self.status == PASSED, failures)
        if access.state == "open":
            self._show_solution()
        elif access.state == "confirm":

            def answered(yes: bool | None) -> None:
                if yes:
                    self._show_solution()

            app.push_screen(ConfirmSolution(access.message), answered)
        else:
            self.notify(access.message, title=t("Not yet"), markup=False)

    def _show_solution(self) -> None:
        app, ex = self.app, self.exercise
        app.store.mark_solution_viewed(app.course.id, ex.id)
        app.check_store()
        app.push_screen(
            SolutionDialog(app.course.expand(ex.title), solution_text(app.course, ex), ex.kind)
        )

    @on(Button.Pressed, "#reset")
    def action_reset(self) -> None:
        """Put the starter text back in the editor, after a confirmation."""

        def answered(yes: bool | None) -> None:
            if yes:
                self._load(starter_text(self.app.course, self.exercise))
                self.notify(t("The editor holds the starter text again."), markup=False)

        self.app.push_screen(ConfirmReset(), answered)

    def _load(self, text: str) -> None:
        """Replace the answer with `text` and save it as the draft at once."""
        widget = self.answer_widget
        widget.load_text(text)
        self.autosave.changed(text)
        self.autosave.flush()

    def action_external_editor(self) -> None:
        """Edit the answer in $EDITOR (the app is suspended meanwhile)."""
        command, problem = editor_command()
        if command is None:
            self.notify(problem, severity="warning", markup=False)
            return
        self.flush_draft()
        handle, name = tempfile.mkstemp(
            prefix=f"{self.exercise.id}-", suffix=self.exercise.file_suffix
        )
        path = Path(name)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                f.write(self.answer_text)
            try:
                with self.app.suspend():
                    result = subprocess.run([*command, str(path)], check=False)
            except SuspendNotSupported:
                self.notify(t("This terminal cannot hand over to another editor."), markup=False)
                return
            except OSError as exc:
                self.notify(
                    t(
                        "Could not start {command}: {reason}",
                        command=command[0],
                        reason=exc.strerror or exc,
                    ),
                    severity="error",
                    markup=False,
                )
                return
            text = path.read_text(encoding="utf-8", errors="replace")
        finally:
            path.unlink(missing_ok=True)
        if result.returncode != 0:
            self.notify(
                t(
                    "{command} exited with status {status}.",
                    command=command[0],
                    status=result.returncode,
                ),
                markup=False,
            )
        if text != self.answer_text:
            self._load(text)
            self.notify(t("Your answer was loaded from the editor and saved."), markup=False)
        self.answer_widget.focus()
