"""The lesson reader: one page at a time (objectives, each section, recap)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tooltutor.course import Lesson
from tooltutor.exercise_status import NEW, PASSED
from tooltutor.i18n import N_
from tooltutor.lesson_text import untranslated_note, untranslated_tag
from tooltutor.pages import RECAP, lesson_pages, page_heading
from tooltutor.tui.keys import palette_in_footer
from tooltutor.tui.texts import adapt_bindings, plain, status_mark, t
from tooltutor.tui.widgets.lesson.inline_check import InlineCheck
from tooltutor.tui.widgets.lesson.page_view import PageBody, PageView, page_widgets, recap_sources
from tooltutor.tui.widgets.lesson.try_it import TryIt, TryItButton


class LessonScreen(Screen[None]):
    """Read a lesson page by page and answer its inline checks."""

    CSS_PATH = "lesson.tcss"

    HELP = N_("""\
**Reading a lesson.** Each page is one section. Right (or n) turns to the next page,
left (or p) to the previous one; up, down, Page Up and Page Down scroll the page.
Tab reaches the inline checks: choose an answer with the arrow keys and Enter to read
its feedback (your answer is saved). Tab also reaches wide code blocks and diagrams;
there, left and right scroll sideways. A page that teaches what an exercise practises
offers it ("Try it now"): x opens it, and Escape brings you back to the page. The last
page has the recap, every source, and the lesson's exercises (x opens the next one);
right there goes on to what comes next.
""")

    BINDINGS = [
        Binding("right,n", "next_page", "Next", tooltip=N_("Turn to the next page.")),
        Binding("left,p", "previous_page", "Previous", tooltip=N_("Turn to the previous page.")),
        Binding("x", "exercise", "Exercise", tooltip=N_("Open the lesson's next exercise.")),
        Binding("escape", "back", "Map", tooltip=N_("Back to the course map.")),
    ]

    def __init__(self, lesson: Lesson, page: int = 0) -> None:
        super().__init__()
        adapt_bindings(self)
        self.lesson = lesson
        self.pages = []
        self.page_index = page
        self._bodies: dict[int, PageBody] = {}

    def compose(self) -> ComposeResult:
        yield Header(icon="")
        yield Static(id="page-heading", markup=False)
        note = untranslated_note(self.app.course, self.lesson)
        if note:
            yield Static(plain(note, "italic $text-warning"), id="untranslated-note")
        yield PageView(id="page")
        with Horizontal(id="page-nav"):
            back, forward = ("◀", "▶") if self.app.unicode else ("<", ">")
            yield Button(plain(f"{back} {t('Previous')}"), id="previous", compact=True)
            yield Static(id="page-count", markup=False)
            yield Button(plain(f"{t('Next')} {forward}"), id="next", compact=True)
        yield Footer(show_command_palette=palette_in_footer())

    async def on_mount(self) -> None:
        app = self.app
        self.sub_title = t(
            "Lesson {number}: {title}", number=self.lesson.number, title=self.lesson.title
        )
        tag = untranslated_tag(app.course, self.lesson)
        if tag:
            self.sub_title += f" {tag}"
        self.pages = lesson_pages(app.course, self.lesson)
        await self.show_page(self.page_index)

    async def show_page(self, index: int) -> None:
        """Show page `index` (clamped) and remember it as the learner's position.

        A page's widgets are built the first time it is shown and kept (hidden) after,
        so going back to a page only swaps which one is displayed.
        """
        with self.app.batch_update():
            await self._show_page(index)

    async def _show_page(self, index: int) -> None:
        app = self.app
        index = max(0, min(index, len(self.pages) - 1))
        view = self.query_one(PageView)
        body = await self._page_body(index)
        for child in view.children:
            child.display = child is body
        self.page_index = index
        view.scroll_home(animate=False, immediate=True)
        page = self.pages[index]
        total = len(self.pages)
        self.query_one("#page-heading", Static).update(plain(page_heading(page)))
        self.query_one("#page-count", Static).update(
            plain(t("page {number} of {total}", number=index + 1, total=total))
        )
        self.query_one("#previous", Button).disabled = index == 0
        self._next_label(index == total - 1)
        if not self._focus_is_on(body):
            view.focus()  # the keys scroll the new page at once, not a hidden check
        app.store.set_position(app.course.id, self.lesson.id, section=index)
        app.check_store()

    def _focus_is_on(self, body: PageBody) -> bool:
        """Whether the focused widget is shown with `body`: in it, or outside the page
        (the page buttons), rather than on a page that is now hidden."""
        focused = self.focused
        if focused is None or not focused.display or focused.disabled:
            return False
        for node in focused.ancestors_with_self:
            if isinstance(node, PageBody):
                return node is body
        return True

    @property
    def focus_chain(self):
        """Tab order: the page, then its inline checks, then its code blocks and
        diagrams, then the rest (Textual's order is by place on the screen, which would
        put a code block above a check first)."""
        chain = super().focus_chain
        in_check = [w for w in chain if any(isinstance(a, InlineCheck) for a in w.ancestors)]
        if not in_check:
            return chain
        rest = [w for w in chain if w not in in_check]
        views = [i for i, w in enumerate(rest) if isinstance(w, PageView)]
        at = views[0] + 1 if views else 0
        return rest[:at] + in_check + rest[at:]

    async def _page_body(self, index: int) -> PageBody:
        """The (cached) container of page `index`, built and mounted hidden if new."""
        view = self.query_one(PageView)
        existing = self._bodies.get(index)
        if existing is not None:
            return existing
        body = PageBody(*self._page_widgets(index))
        body.display = False
        self._bodies[index] = body
        await view.mount(body)
        return body

    def _page_widgets(self, index: int) -> list:
        app = self.app
        page = self.pages[index]
        answers = app.journey.answers(self.lesson) if page.check_ids else {}
        width = max(40, min(self.size.width - 6, 96))
        recap = page.kind == RECAP
        widgets = page_widgets(
            page, answers, unicode=app.unicode, diagram_width=width, with_sources=not recap
        )
        if recap:
            widgets += self._recap_extras()
            if page.sources:
                widgets.append(recap_sources(page.sources))
        return widgets

    def _recap_extras(self) -> list:
        """How many checks are answered, and the exercises of the lesson (Enter opens one)."""
        app = self.app
        progress = app.journey.progress(self.lesson)
        extras: list = []
        if progress.checks_total:
            extras.append(
                Static(
                    plain(
                        t(
                            "Checks answered: {done} of {total}",
                            done=progress.checks_answered,
                            total=progress.checks_total,
                        )
                    ),
                    classes="checks-summary",
                )
            )
        items = self.lesson.exercise_items
        if not items:
            return extras
        statuses = progress.statuses
        options = [
            Option(
                status_mark(statuses.get(ex.id, NEW), app.unicode) + plain(f" {ex.title}"),
                id=ex.id,
            )
            for ex in items
        ]
        return extras + [
            Static(plain(t("Exercises (Enter opens one)"), "bold"), classes="exercises-title"),
            OptionList(*options, id="lesson-exercises"),
        ]

    def _next_label(self, last: bool) -> None:
        """The Next button: the next page, or on the last page the next thing to do
        (the lesson's next exercise, the next lesson)."""
        forward = "▶" if self.app.unicode else ">"
        button = self.query_one("#next", Button)
        if not last:
            next_word = t("Next")
            button.label = plain(f"{next_word} {forward}")
            return
        step = self.app.journey.step_after_lesson(self.lesson)
        if step.kind == "exercise":
            words = t("Exercise")
        elif step.kind == "lesson" and step.lesson_id == self.lesson.id:
            words = t("Check left")
        elif step.kind == "lesson":
            lesson = self.app.course.lesson(step.lesson_id or "")
            words = t("Lesson {number}", number=lesson.number if lesson else "?")
        else:
            words = t("Course map")
        button.label = plain(f"{words} {forward}")

    async def action_next_page(self) -> None:
        """Turn to the next page; on the last one, go on to the next thing to do."""
        if self.page_index < len(self.pages) - 1:
            await self.show_page(self.page_index + 1)
            return
        step = self.app.journey.step_after_lesson(self.lesson)
        if step.kind == "exercise" and step.exercise_id:
            self.app.open_exercise(step.exercise_id, on_top=True)
        elif step.kind == "lesson" and step.lesson_id == self.lesson.id:
            self.notify(t("A check of this lesson is not answered yet: here it is."))
            await self.show_page(step.page)
        elif step.kind == "lesson":
            self.app.open_step(step)
        else:
            self.app.open_step(step)  # says the course is finished
            self.dismiss()

    async def action_previous_page(self) -> None:
        """Turn to the previous page."""
        if self.page_index > 0:
            await self.show_page(self.page_index - 1)

    def action_exercise(self) -> None:
        """Open the exercise this page offers to try now (the first not passed yet). On a
        page without an offer, the latest one offered before it not passed yet; on the
        last page, the lesson's next exercise. One whose page is still ahead opens with
        a note of the page that teaches it."""
        journey, course = self.app.journey, self.app.course
        offered = [i for i in self.pages[self.page_index].try_ids if course.exercise(i)]
        if offered:
            exercise_id = next((i for i in offered if journey.status(i) != PASSED), offered[0])
        elif self.page_index == len(self.pages) - 1:
            exercise_id = journey.next_exercise(self.lesson)
        else:
            before = [i for page in self.pages[: self.page_index] for i in page.try_ids]
            taught = [i for i in before if course.exercise(i) and journey.status(i) != PASSED]
            exercise_id = taught[-1] if taught else journey.next_exercise(self.lesson)
            ahead = self._offer_page(exercise_id)
            if exercise_id and not taught and ahead is not None and ahead > self.page_index:
                title = course.exercise(exercise_id).title
                self.notify(
                    t(
                        "“{title}” is taught on page {page} of this lesson.",
                        title=title,
                        page=ahead + 1,
                    ),
                    markup=False,
                )
        if exercise_id is None:
            self.notify(t("This lesson has no exercises."), markup=False)
        else:
            self.app.open_exercise(exercise_id, on_top=True)

    def _offer_page(self, exercise_id: str | None) -> int | None:
        """The index of the first page that offers `exercise_id` to try now, if any."""
        return next((n for n, page in enumerate(self.pages) if exercise_id in page.try_ids), None)

    def action_back(self) -> None:
        """Back to the course map."""
        self.dismiss()

    @on(Button.Pressed, "#next")
    async def _next(self) -> None:
        await self.action_next_page()

    @on(Button.Pressed, "#previous")
    async def _previous(self) -> None:
        await self.action_previous_page()

    @on(InlineCheck.Answered)
    def _answered(self, event: InlineCheck.Answered) -> None:
        app = self.app
        app.store.answer_check(
            app.course.id, self.lesson.id, event.check_id, event.index, event.correct
        )
        app.check_store()

    @on(Button.Pressed, ".try-it-button")
    def _try_it(self, event: Button.Pressed) -> None:
        if isinstance(event.button, TryItButton):
            self.app.open_exercise(event.button.exercise_id, on_top=True)

    @on(OptionList.OptionSelected, "#lesson-exercises")
    def _open_exercise(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.open_exercise(event.option.id, on_top=True)

    def on_screen_resume(self) -> None:
        """Back from an exercise: this page is where the learner is again, and the
        exercise's mark on the recap page may have changed."""
        if not self.pages:
            return
        app = self.app
        app.store.set_position(app.course.id, self.lesson.id, section=self.page_index)
        self._next_label(self.page_index == len(self.pages) - 1)
        for offer in self.query(TryIt):
            offer.refresh_status()
        if self.pages[self.page_index].kind == RECAP:
            self.call_later(self._rebuild, self.page_index)

    async def _rebuild(self, index: int) -> None:
        body = self._bodies.pop(index, None)
        if body is not None:
            await body.remove()
        await self.show_page(index)
