"""How the exercise workspace shares a narrow screen (80x24 and up, panes stacked).

The room goes where the learner's eyes are, in three moods the screen carries as a class:

- `-reading`, when the exercise opens: the task gets the room, the editor as many rows as
  its text (a few), and the task is scrolled so the code it gives to answer (a model's
  reply, a transcript) is on the screen whole, with as much of the text before it as
  fits;
- `-results`, after a check (or when the learner moves into the results): the results
  get the room, the verdict stays at their top, and they open at the first criterion
  not met, its explanation under it;
- `-writing`, once the learner types: the editor gets the room back; the results keep
  a few rows, still at the verdict and the first criterion not met.

Side by side (100 columns and more) the panes keep their places; the scrolling is the
same. The sizes themselves are in `exercise.tcss`.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget

READING, WRITING, RESULTS = "-reading", "-writing", "-results"
MOODS = (READING, WRITING, RESULTS)
#: What the results are scrolled to.
HOME, FAILURE, HINTS = "home", "failure", "hints"


class _PageTurns:
    """Page Up/Down by what shows below the docked heading (the task's title, the
    verdict), less a row to read on from: a full page stepped over the rows under it."""

    def _page_rows(self) -> int:
        docked = sum(
            child.outer_size.height
            for child in self.children
            if child.display and child.styles.dock == "top"
        )
        return max(1, self.scrollable_content_region.height - docked - 1)

    def action_page_down(self) -> None:
        self.scroll_relative(y=self._page_rows(), animate=False)

    def action_page_up(self) -> None:
        self.scroll_relative(y=-self._page_rows(), animate=False)


class TaskPane(_PageTurns, VerticalScroll):
    """The exercise's prompt; focus it to scroll with the arrow keys."""

    ALLOW_MAXIMIZE = True

    def on_resize(self) -> None:
        _resized(self)

    def on_markdown_table_of_contents_updated(self) -> None:
        """The prompt is drawn (Markdown builds its blocks in the background)."""
        self.call_after_refresh(_resized, self)


class ResultsPane(_PageTurns, VerticalScroll):
    """The checker's verdict, the hints and, after a pass, the explanation."""

    ALLOW_MAXIMIZE = True

    def on_resize(self) -> None:
        _resized(self)

    def watch_virtual_size(self) -> None:
        """What it holds was laid out again (a verdict, a hint): scroll to what matters."""
        self.call_after_refresh(_resized, self)


def _resized(pane: Widget) -> None:
    """A pane took its new size: scroll it again to what its mood puts in view."""
    if not pane.is_mounted:
        return
    layout = getattr(pane.screen, "panes", None)
    if isinstance(layout, WorkspaceLayout):
        layout.resized(pane)


class WorkspaceLayout:
    """The mood of an exercise screen, and the scrolling that goes with each."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.mood = READING
        #: what the results open at: the top, the first failure, or the hints
        self.results_at = HOME

    def set(self, mood: str) -> None:
        """Take `mood` (one of `MOODS`)."""
        self.mood = mood
        for name in MOODS:
            self.screen.set_class(name == mood, name)

    # -- the three moments ----------------------------------------------------------------

    def opened(self) -> None:
        """The exercise has just opened: read the task, its reply in view."""
        self.set(READING)
        self.screen.call_after_refresh(self.reply_in_view)

    def typed(self) -> None:
        """The learner typed: the editor gets its room back."""
        if self.mood != WRITING:
            self.set(WRITING)

    def checked(self, passed: bool) -> None:
        """A verdict is shown: the results get the room, at what matters first."""
        self.results_at = HOME if passed else FAILURE
        self.set(RESULTS)
        self.screen.call_after_refresh(self.results_in_view)

    def hint_shown(self) -> None:
        """A hint was revealed (or asked for when all are shown): the hints in view."""
        self.results_at = HINTS
        self.screen.call_after_refresh(self.results_in_view)

    def resized(self, pane: Widget) -> None:
        """`pane` has a new size (a new mood, a resized terminal): what its mood puts in
        view is put there again, unless the learner is reading it with the keyboard."""
        if pane.has_focus_within or self.screen.maximized is not None:
            return
        if isinstance(pane, TaskPane) and self.mood == READING:
            self.reply_in_view()
        elif isinstance(pane, ResultsPane):
            self.results_in_view()

    def results_in_view(self) -> None:
        """The results at what matters now: the first failure after a failed check, the
        hints after a hint, else their top."""
        if self.results_at == FAILURE:
            self.failure_in_view()
        elif self.results_at == HINTS:
            results = self.screen.query_one(ResultsPane)
            top_in_view(results, self.screen.query_one("#hints"))
        else:
            self.results_home()

    def focused(self, widget: Widget | None) -> None:
        """The keyboard moved: into the results, they get the room to be read."""
        results = self.screen.query_one(ResultsPane)
        inside = widget is not None and (widget is results or results in widget.ancestors)
        if inside and self.mood != RESULTS:
            self.set(RESULTS)

    # -- scrolling ---------------------------------------------------------------------------

    def reply_in_view(self) -> None:
        """Scroll the task so the code it gives to answer (its first code block of three
        lines or more, in its first half: a model's reply, a transcript) is whole on the
        screen, with as many whole paragraphs before it as fit. A task without one (its
        code only an example of the shape, at the end) stays at its top, and nothing
        moves when the whole task fits."""
        task = self.screen.query_one(TaskPane)
        if task.max_scroll_y == 0:
            return
        prompt = self.screen.query_one("#prompt")
        half = content_y(task, prompt) + prompt.virtual_region.height / 2
        fences = [
            fence
            for fence in task.query("MarkdownFence")
            if fence.virtual_region.height >= 3 and content_y(task, fence) < half
        ]
        if not fences:
            return
        fence = fences[0]
        docked, height = window(task)
        top = content_y(task, fence)
        bottom = top + fence.virtual_region.height
        starts = [0] + [content_y(task, block) for block in fence.parent.children]
        fitting = [y for y in starts if bottom - y <= height - docked and y <= top]
        y = min(fitting) if fitting else top
        task.scroll_to(y=max(0, y - docked), animate=False, immediate=True)

    def results_home(self) -> None:
        self.screen.query_one(ResultsPane).scroll_home(animate=False, immediate=True)

    def failure_in_view(self) -> None:
        """Scroll the results to the first criterion not met (its explanation under
        it), else to the first problem listed; the verdict stays above them."""
        # on first use, not at import: tooltutor.tui, platformdirs, rich, textual, ... (70 modules)
        from tooltutor.tui.widgets.exercise.checklist import Checklist

        screen = self.screen
        results = screen.query_one(ResultsPane)
        target = screen.query_one(Checklist).first_failure()
        if target is None:
            diagnostics = screen.query_one("#diagnostics")
            target = diagnostics if diagnostics.display else None
        if target is None:
            results.scroll_home(animate=False, immediate=True)
            return
        end_in_view(results, target)


def content_y(pane: Widget, widget: Widget) -> int:
    """Where `widget` (inside the scrolling `pane`) starts in the pane's content, from
    the layout alone (so it holds while a scroll is still being drawn)."""
    y = widget.virtual_region.y
    while widget.parent is not pane and isinstance(widget.parent, Widget):
        container = widget.parent
        y += (
            container.styles.margin.top
            + container.styles.border.spacing.top
            + container.virtual_region_with_margin.y
        )
        widget = container
    return y


def window(pane: Widget) -> tuple[int, int]:
    """(rows docked at the top of `pane`, rows it shows): what scrolls shows under the
    docked rows."""
    docked = sum(
        child.outer_size.height
        for child in pane.children
        if child.display and child.styles.dock == "top"
    )
    return docked, pane.scrollable_content_region.height


def top_in_view(pane: Widget, widget: Widget) -> None:
    """Scroll `pane` so `widget` (inside it) starts on its first row under what is docked."""
    docked, _ = window(pane)
    pane.scroll_to(y=max(0, content_y(pane, widget) - docked), animate=False, immediate=True)


def end_in_view(pane: Widget, widget: Widget) -> None:
    """Scroll `pane` so `widget` (inside it) ends on its last row, with as much as fits
    before it on the screen; its top stays in view when it is taller than the pane."""
    docked, height = window(pane)
    top = content_y(pane, widget)
    bottom = top + widget.virtual_region.height
    pane.scroll_to(y=max(0, min(top - docked, bottom - height)), animate=False, immediate=True)
