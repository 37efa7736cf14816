"""The exercise workspace: the task, the editor, and what the checker says.

One Textual screen: its key actions, draft saving, checking, hints and solution all act
on the same panes and state. What can stand alone does: the keys and the help text
(`exercise_keys`), the widgets (`tui/widgets/exercise/`), how the panes share the screen
(`exercise_layout`), `$EDITOR` (`tui/external_editor`), the words (`tooltutor.workspace`),
marking (`tooltutor.marking`). Textual binds `@on` handlers and actions to the screen's
class, so splitting it into mixins would hide where a key goes.
"""

from __future__ import annotations

import queue

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Markdown, OptionList, Static, TextArea
from textual.worker import get_current_worker

from tooltutor.course import Exercise
from tooltutor.errors import UserError
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.kinds import of as kind_of
from tooltutor.lesson_text import untranslated_note, untranslated_tag
from tooltutor.pages import units_together
from tooltutor.submit import AnswerDesk
from tooltutor.tui.dialogs.confirm_reset import ConfirmReset
from tooltutor.tui.dialogs.confirm_solution import ConfirmSolution
from tooltutor.tui.dialogs.solution import SolutionDialog
from tooltutor.tui.keys import key, next_keys, palette_in_footer
from tooltutor.tui.screens import exercise_keys
from tooltutor.tui.screens.exercise_layout import ResultsPane, TaskPane, WorkspaceLayout
from tooltutor.tui.texts import adapt_bindings, plain, status_mark, t, tn
from tooltutor.tui.widgets.exercise.checklist import Checklist
from tooltutor.tui.widgets.exercise.choice_answer import ChoiceAnswer
from tooltutor.tui.widgets.exercise.diagnostics import DiagnosticList
from tooltutor.tui.widgets.exercise.editor import AnswerEditor
from tooltutor.tui.widgets.exercise.hints import HintsPanel
from tooltutor.workspace import (
    DraftAutosave,
    checklist_before_check,
    code_blocks,
    cursor_location,
    next_hint,
    solution_access,
    solution_text,
    spoiler_free,
    starter_text,
    verdict_summary,
)

#: Seconds a notice stays under the buttons.
NOTICE_SECONDS = 8


class ExerciseScreen(Screen[None]):
    """Solve one exercise: write an answer, check it, learn from the feedback."""

    CSS_PATH = "exercise.tcss"

    HELP = exercise_keys.HELP

    #: Escape is the screen's own key when a pane fills the screen (see `action_back`).
    ESCAPE_TO_MINIMIZE = False

    BINDINGS = exercise_keys.BINDINGS

    def __init__(self, exercise: Exercise) -> None:
        super().__init__()
        adapt_bindings(self)
        self.exercise = exercise
        self.checking = False
        self.passed_now = False
        #: what had focus before a pane was enlarged, to give it back after
        self._focus_before: Widget | None = None
        #: where the task pane was scrolled to, kept while it is enlarged and restored
        self._task_y = 0.0
        self._notice_timer = None
        #: every notice said on this screen, in order (what the learner was told)
        self.notices: list[str] = []
        #: how the panes share a narrow screen (reading, writing, results)
        self.panes = WorkspaceLayout(self)

    # -- building ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        app = self.app
        course, ex = app.course, self.exercise
        #: this exercise's submissions and draft (loaded now: later saves go over it)
        self.desk = AnswerDesk(app.store, course, ex)
        draft = self.desk.draft
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
                    yield Static(
                        plain(t("{key}: whole task", key=key("task_short"))), id="task-tip"
                    )
                yield Markdown(units_together(course.expand(ex.prompt)), id="prompt")
            with Vertical(id="answer"):
                if kind_of(ex).picks_options:
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
                    yield Button(
                        plain(t("Check {key}", key=key("check_short"))),
                        id="check",
                        compact=True,
                        variant="primary",
                    )
                    yield Button(plain(t("Hint h")), id="hint", compact=True)
                    yield Button(plain(t("Solution s")), id="solution", compact=True)
                    yield Button(plain(t("Reset r")), id="reset", compact=True)
                    yield Static(id="check-status", markup=False)
                yield Static(id="notice", markup=False)
            with ResultsPane(id="results"):
                yield Static(id="summary", markup=False)
                yield Static(id="next-step", markup=False)
                yield Static(plain(t("Why this works"), "bold"), id="explanation-title")
                yield Markdown(units_together(course.expand(ex.explanation)), id="explanation")
                yield HintsPanel([course.expand(h) for h in ex.hints], id="hints")
                revealed = app.store.hints_revealed(course.id, ex.id)
                yield Checklist(
                    checklist_before_check(ex, revealed),
                    expand=course.expand,
                    unicode=app.unicode,
                    id="checklist",
                )
                yield DiagnosticList(unicode=app.unicode, id="diagnostics")
                yield Static(id="held-back", markup=False)
        yield Footer(compact=True, show_command_palette=palette_in_footer())

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
        self.query_one("#held-back").display = False
        self.query_one("#notice").display = False
        self.query_one(HintsPanel).show(app.store.hints_revealed(course.id, ex.id))
        self._show_heading()
        self._show_explanation(self.status == PASSED)
        self._show_next_step(self.status == PASSED)
        attempts = app.store.attempts(course.id, ex.id)
        if attempts:
            last = attempts[-1]
            if last.passed:
                self._summary(
                    t("Last check: passed. Press {key} to check again.", key=key("check"))
                )
            else:
                self._summary(
                    t(
                        "Last check: {met} of {total} criteria met. Press {key} to check again.",
                        key=key("check"),
                        met=last.criteria_passed,
                        total=last.criteria_total,
                    )
                )
        else:
            self._summary(t("Not checked yet. Press {key} to check your answer.", key=key("check")))
        app.store.set_position(course.id, ex.lesson, exercise_id=ex.id)
        app.check_store()
        self.answer_widget.focus()
        self.panes.opened()

    @property
    def answer_widget(self) -> AnswerEditor | ChoiceAnswer:
        if kind_of(self.exercise).picks_options:
            return self.query_one(ChoiceAnswer)
        return self.query_one(AnswerEditor)

    @property
    def answer_file(self) -> str:
        """The answer's file name, as `tooltutor start` writes it and as the checker's
        messages name it (a Python exercise's tracebacks, its syntax errors)."""
        return f"{self.exercise.id}{self.exercise.file_suffix}"

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
        words = {PASSED: t("passed"), ATTEMPTED: t("not passed yet"), NEW: t("new")}
        kind = ex.kind
        if kind_of(ex).runs_code:  # the name a traceback or a syntax error gives the answer
            kind = f"{ex.kind} ({self.answer_file})"
        facts = t(
            "level {level} · answer in {kind} · {status}",
            level=ex.level,
            kind=kind,
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

    def _show_next_step(self, show: bool) -> None:
        """After a pass: what comes next, and the key that opens it."""
        line = self.query_one("#next-step", Static)
        line.display = show
        if show:
            line.update(plain(self._next_step_text(), "bold $text-accent"))

    def _next_step_text(self) -> str:
        app, ex = self.app, self.exercise
        step = app.journey.step_after(ex.id)
        lesson = app.course.lesson(ex.lesson)
        where = step.describe(app.course)
        if step.kind == "done":
            return t("You have finished the whole course. Well done!")
        if lesson is None or (step.kind == "exercise" and step.lesson_id == lesson.id):
            return t("Next ({keys}): {where}", keys=next_keys(), where=where)
        progress = app.journey.progress(lesson)
        if progress.finished:
            return t(
                "Lesson {number} complete! Next ({keys}): {where}",
                keys=next_keys(),
                number=lesson.number,
                where=where,
            )
        left = progress.checks_total - progress.checks_answered
        return tn(
            left,
            "Every exercise of Lesson {number} is passed; {n} check on its pages is not "
            "answered yet. Next ({keys}): {where}",
            "Every exercise of Lesson {number} is passed; {n} checks on its pages are not "
            "answered yet. Next ({keys}): {where}",
            keys=next_keys(),
            number=lesson.number,
            where=where,
        )

    def say(self, text: str, severity: str = "information") -> None:
        """A notice under the buttons, for a few seconds: it takes its own line (nothing
        is covered) and it stays on this screen."""
        self.notices.append(text)
        notice = self.query_one("#notice", Static)
        style = {"warning": "$text-warning", "error": "bold $text-error"}.get(severity, "")
        notice.update(plain(text, style))
        notice.display = True
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self._notice_timer = self.set_timer(NOTICE_SECONDS, self._clear_notice)

    def _clear_notice(self) -> None:
        self._notice_timer = None
        if self.is_mounted:
            self.query_one("#notice", Static).display = False

    # -- keys ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Letter keys type in the editor, so their actions are off while it has focus;
        "next" is there only after a pass."""
        if action in exercise_keys.LETTER_ACTIONS and isinstance(self.focused, TextArea):
            return False
        if action in ("next", "next_letter"):
            return self.passed_now or self._passed_before
        return True

    @property
    def _passed_before(self) -> bool:
        cached = getattr(self, "_status_on_open", None)
        if cached is None:
            cached = self._status_on_open = self.status
        return cached == PASSED

    def action_edit(self) -> None:
        """Put the cursor in the editor."""
        if self.maximized is not None:
            self.minimize()
        self.answer_widget.focus()

    def action_task(self) -> None:
        """Show the whole task (from anywhere, the editor too); again, go back to where
        the keyboard was. The task keeps its scroll place both ways."""
        task = self.query_one(TaskPane)
        if self.maximized is task:
            self.minimize()
            return
        if self.maximized is not None:
            self.minimize()
        self.maximize(task)
        task.focus()

    def action_task_letter(self) -> None:
        self.action_task()

    def action_enlarge(self) -> None:
        """Enlarge the editor to the whole screen (from inside it too), or restore it."""
        widget = self.answer_widget
        if self.maximized is widget:
            self.minimize()
            return
        if self.maximized is not None:
            self.minimize()
        self.maximize(widget)
        widget.focus()

    def action_zoom(self) -> None:
        """Enlarge the pane that has the keyboard to the whole screen, or restore it."""
        if self.maximized is not None:
            self.minimize()
        elif self.focused is not None:
            self.maximize(self.focused)

    def pane_of(self, widget: Widget | None) -> Widget | None:
        """The pane that enlarges for `widget`: the task, the editor (for the buttons
        under it too) or the results. Never a button."""
        node = widget
        while isinstance(node, Widget) and node is not self:
            if isinstance(node, (TaskPane, ResultsPane, AnswerEditor, ChoiceAnswer)):
                return node
            if node.id == "answer":
                return self.answer_widget
            node = node.parent
        return None

    def maximize(self, widget: Widget, container: bool = True) -> bool:
        """Enlarge the pane of `widget` (see `pane_of`), remembering what had focus."""
        pane = self.pane_of(widget)
        if pane is None:
            return False
        task = self.query_one(TaskPane)
        if self.maximized is None:
            self._focus_before = self.focused
            self._task_y = task.scroll_y
        self.maximized = pane
        focused = self.focused
        if focused is None or not (focused is pane or pane in focused.ancestors):
            pane.focus()  # the keyboard goes with the pane that fills the screen
        self._task_tip(pane is task)
        if pane is task:
            self.call_after_refresh(self._restore_task_scroll)
        return True

    def _task_tip(self, task_open: bool) -> None:
        """The tip beside the task's title: how to open it, or how to go back."""
        self.set_class(task_open, "-task-open")
        shown = key("task_short")
        if task_open:
            tip = t("{key}: back to the editor · y: copy its code", key=shown)
        else:
            tip = t("{key}: whole task", key=shown)
        self.query_one("#task-tip", Static).update(plain(tip))

    def minimize(self) -> None:
        """Restore the workspace: focus goes back where it was, the task keeps its place."""
        task = self.query_one(TaskPane)
        if self.maximized is task:
            self._task_y = task.scroll_y
        super().minimize()
        self._task_tip(False)
        before, self._focus_before = self._focus_before, None
        if before is not None and before.is_attached and before.display:
            before.focus()
        self.call_after_refresh(self._restore_task_scroll)

    def _restore_task_scroll(self) -> None:
        if self.is_mounted:
            self.query_one(TaskPane).scroll_to(y=self._task_y, animate=False, immediate=True)

    def action_copy_code(self) -> None:
        """Copy a code block of the task to the editor's cursor (a list when the task has
        more than one), then go back to the editor."""
        widget = self.answer_widget
        if not isinstance(widget, AnswerEditor):
            self.say(t("This exercise is answered by choosing, not by writing code."))
            return
        blocks = code_blocks(self.app.course.expand(self.exercise.prompt))
        if not blocks:
            self.say(t("The task has no code block to copy."))
            return

        def chosen(index: int | None) -> None:
            if index is None:
                return
            if self.maximized is not None:
                self.minimize()
            widget.insert_block(blocks[index].text)
            widget.focus()
            self.say(t("Code block {number} copied into the editor.", number=index + 1))

        if len(blocks) == 1:
            chosen(0)
        else:
            from tooltutor.tui.dialogs.code_picker import CodePicker

            self.app.push_screen(CodePicker(blocks), chosen)

    def action_next(self) -> None:
        """After a pass: open the next exercise of the lesson, or what comes after it."""
        if not (self.passed_now or self._passed_before):
            self.say(t("Pass this exercise first; h shows a hint."))
            return
        self.flush_draft()
        step = self.app.journey.step_after(self.exercise.id)
        if step.kind == "exercise" and step.exercise_id:
            self.app.open_exercise(step.exercise_id, replace=self)
        else:
            self.app.open_step(step)

    def action_next_letter(self) -> None:
        self.action_next()

    def action_back(self) -> None:
        """Back to the lesson or the map (the draft is saved); first, restore an
        enlarged pane."""
        if self.maximized is not None:
            self.minimize()
            return
        self.flush_draft()
        self.dismiss()

    # -- drafts --------------------------------------------------------------------------

    @on(TextArea.Changed, "#editor")
    @on(ChoiceAnswer.Changed, "#choices")
    def _typed(self) -> None:
        self.panes.typed()
        delay = self.autosave.changed(self.answer_text)
        if self._draft_timer is not None:
            self._draft_timer.stop()
        self._draft_timer = self.set_timer(delay, self._autosave_tick)

    def _autosave_tick(self) -> None:
        self.autosave.tick()

    def _save_draft(self, text: str) -> None:
        note = self.desk.save_draft(text)
        if note:  # another tooltutor saved this draft meanwhile: it was kept, and so is this
            self.say(note, "warning")
        self.app.check_store()

    def flush_draft(self) -> None:
        """Save the draft now if it changed (leaving, quitting, before a check)."""
        autosave = getattr(self, "autosave", None)
        if autosave is not None:
            autosave.flush()

    def on_screen_suspend(self) -> None:
        self.flush_draft()
        self.app.clear_notifications()  # a notice never follows the learner elsewhere

    def on_unmount(self) -> None:
        self.flush_draft()
        self.app.clear_notifications()

    # -- checking ------------------------------------------------------------------------

    @on(Button.Pressed, "#check")
    def action_check(self) -> None:
        """Submit the answer in the background (the screen stays usable meanwhile): the
        one submission path (`tooltutor.submit`) saves the draft, asks the trust question
        in a dialog when the course's code is not trusted yet, marks and records."""
        if self.checking:
            self.say(t("Still checking your last answer…"))
            return
        text = self.answer_text
        self.autosave.start(text)  # the submission saves it as the draft, through the desk
        self.checking = True
        self.query_one("#check", Button).disabled = True
        self.query_one("#check-status", Static).update(plain(t("Checking…"), "italic"))
        self.query_one(ResultsPane).loading = True
        self.run_check(text)

    @work(thread=True, exclusive=True, group="check")
    def run_check(self, text: str) -> None:
        """Submit `text` (in a thread: Python exercises take seconds)."""
        app, course, ex = self.app, self.app.course, self.exercise
        refused: list[bool] = []

        def ask(question: str) -> bool:
            yes = self._ask_in_dialog(question)
            refused.extend([] if yes else [True])
            return yes

        try:
            submitted = self.desk.submit(
                text,
                filename=self.answer_file,
                ask=ask,
                before_marking=lambda: app.call_from_thread(self._before_marking),
            )
        except UserError as exc:  # not trusted, code it will not run, checks it cannot load
            if refused:
                why = t("Not checked: the course's own code was not trusted.")
                app.call_from_thread(self._not_checked, why, "warning")
            else:
                app.call_from_thread(self._not_checked, str(exc), "error")
            return
        except Exception as exc:  # the checker must never take the app down
            app.call_from_thread(self._check_failed, f"{type(exc).__name__}: {exc}")
            return
        failures = app.store.failures_since_pass(course.id, ex.id)
        if not get_current_worker().is_cancelled:
            app.call_from_thread(self._show_submitted, submitted, failures)

    def _ask_in_dialog(self, question: str) -> bool:
        """The trust question in a dialog, from the checking thread: waits for the answer
        (no, when the screen goes away meanwhile)."""
        from tooltutor.tui.dialogs.confirm_trust import ConfirmTrust

        answers: queue.SimpleQueue = queue.SimpleQueue()
        worker = get_current_worker()
        self.app.call_from_thread(self.app.push_screen, ConfirmTrust(question), answers.put)
        while not worker.is_cancelled:
            try:
                return bool(answers.get(timeout=0.1))
            except queue.Empty:
                continue
        return False

    def _before_marking(self) -> None:
        """Once per app, before learner code first runs: what its sandbox is here."""
        if not kind_of(self.exercise).runs_code or getattr(self.app, "_told_of_sandbox", False):
            return
        from checker.sandbox.contain import note

        self.app._told_of_sandbox = True
        if note():
            self.say(note(), "warning")

    def _not_checked(self, why: str, severity: str) -> None:
        if not self.is_mounted:
            return
        self._check_done()
        self.say(why, severity)

    async def _show_submitted(self, submitted, failures: int) -> None:
        """The verdict, then what the submission has to tell (the store's notice as the
        app tells it, a draft saved by another tooltutor under the buttons)."""
        if not self.is_mounted:
            return
        self.app.check_store(submitted.store_notice)
        await self._show_verdict(submitted.verdict, failures)
        if submitted.draft_note:
            self.say(submitted.draft_note, "warning")

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
        self.say(t("The checker failed: {why}", why=why), "error")

    async def _show_verdict(self, verdict, failures: int) -> None:
        """Show the checklist and diagnostics of a verdict, without spoilers (see
        `workspace.spoiler_free`); after a pass, the explanation and what comes next."""
        if not self.is_mounted:
            return
        app = self.app
        self._check_done()
        app.check_store()
        self._verdict = verdict
        await self._show_feedback()
        summary = verdict_summary(verdict)
        if verdict.passed:
            self.passed_now = True
            self._summary(f"{'✔' if app.unicode else '+'} {summary}", "bold $text-success")
            self._show_explanation(True)
            self._show_next_step(True)
        else:
            line = f"{'✘' if app.unicode else 'x'} {summary}"
            if solution_access(False, failures).state == "confirm":  # a sentence of its own
                line += "\n" + t("The solution is available (s).")
            self._summary(line, "bold $text-error")
        self._show_heading()
        self.refresh_bindings()
        self.panes.checked(verdict.passed)

    async def _show_feedback(self) -> None:
        """The last verdict's checklist and problems, as the hints revealed allow."""
        verdict = getattr(self, "_verdict", None)
        if verdict is None:
            return
        feedback = spoiler_free(self.exercise, verdict, self.query_one(HintsPanel).revealed)
        await self.query_one(Checklist).show(feedback.criteria)
        self.query_one(DiagnosticList).show(feedback.diagnostics)
        held = self.query_one("#held-back", Static)
        note = feedback.note()
        held.display = bool(note)
        held.update(plain(note, "italic $text-muted"))

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
            self.say(t("Every hint is shown already."))
            self.panes.hint_shown()
            return
        panel.show(app.store.reveal_hint(app.course.id, ex.id, index))
        app.check_store()
        self.call_later(self._after_hint)

    async def _after_hint(self) -> None:
        """A hint may reveal a criterion held back; then the hints are put in view."""
        panel = self.query_one(HintsPanel)
        if getattr(self, "_verdict", None) is not None:
            await self._show_feedback()
        else:
            revealed = panel.revealed
            await self.query_one(Checklist).show(checklist_before_check(self.exercise, revealed))
        self.panes.hint_shown()

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
            self.say(access.message)

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
                self.say(t("The editor holds the starter text again."))

        self.app.push_screen(ConfirmReset(), answered)

    def _load(self, text: str) -> None:
        """Replace the answer with `text` and save it as the draft at once."""
        widget = self.answer_widget
        widget.load_text(text)
        self.autosave.changed(text)
        self.autosave.flush()

    def action_external_editor(self) -> None:
        """Edit the answer in $EDITOR (the app is suspended meanwhile)."""
        from tooltutor.tui.external_editor import edit_in_external_editor

        edit_in_external_editor(self)
