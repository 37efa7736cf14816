"""An inline question of a lesson: choose an answer, read that answer's feedback."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tooltutor.pages import Check
from tooltutor.tui.texts import inline, plain, t
from tooltutor.tui.widgets.prose import Prose

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class ChoiceList(OptionList, inherit_bindings=False):
    """The choices of a check. Up and down choose, Enter answers; Page Up, Page Down,
    Home and End scroll the page (the list is a few lines), and so do up above the
    first choice and down below the last: the keys that scroll a page work here too."""

    BINDINGS = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    def action_cursor_down(self) -> None:
        if self.highlighted is not None and self.highlighted >= self.option_count - 1:
            self._scroll_page("scroll_down")
        else:
            super().action_cursor_down()

    def action_cursor_up(self) -> None:
        if self.highlighted is not None and self.highlighted <= 0:
            self._scroll_page("scroll_up")
        else:
            super().action_cursor_up()

    def _scroll_page(self, action: str) -> None:
        """Scroll the page around the check (the nearest scrolling container)."""
        for node in self.ancestors:
            if isinstance(node, ScrollableContainer):
                getattr(node, f"action_{action}")()
                return


class InlineCheck(Vertical):
    """The question, its choices (arrows and Enter), and the chosen choice's feedback."""

    @dataclass
    class Answered(Message):
        """The learner chose `index` of the check `check_id`."""

        check_id: str
        index: int
        correct: bool

    def __init__(self, check: Check, answer=None, *, unicode: bool = True) -> None:
        super().__init__(classes="inline-check", id=f"check-{check.id}")
        self.check = check
        self.unicode = unicode
        #: choices tried in this visit, with whether each was right
        self.tried: dict[int, bool] = {}
        self.chosen: int | None = None
        if answer is not None and 0 <= answer.choice_index < len(check.choices):
            self.chosen = answer.choice_index
            self.tried[answer.choice_index] = check.choices[answer.choice_index].correct

    def compose(self) -> ComposeResult:
        check = self.check
        yield Static(
            plain(t("Check {number}", number=check.number), "bold $text-accent"),
            classes="check-title",
        )
        yield Prose(check.prompt, classes="check-prompt")
        if check.why_here:
            yield Static(inline(check.why_here, "italic"), classes="check-why muted")
        if check.multiple:
            yield Static(
                plain(t("More than one answer is right: try each one you think fits.")),
                classes="check-why muted",
            )
        yield ChoiceList(*self._options(), classes="check-choices")
        yield Static(Content(""), classes="check-verdict")
        yield Prose("", classes="check-feedback")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        if self.chosen is not None:
            options.highlighted = self.chosen
            self._show_feedback(self.chosen, earlier=True)
        else:
            self.query_one(".check-feedback").display = False

    def _mark(self, index: int) -> str:
        if index not in self.tried:
            return "  "
        right = self.tried[index]
        if self.unicode:
            return "✔ " if right else "✘ "
        return "+ " if right else "x "

    def _options(self) -> list[Option]:
        return [
            Option(plain(self._mark(i)) + plain(f"{LETTERS[i]}) ") + inline(choice.text), id=str(i))
            for i, choice in enumerate(self.check.choices)
        ]

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        choice = self.check.choices[index]
        self.chosen = index
        self.tried[index] = choice.correct
        options = self.query_one(OptionList)
        for i in range(len(self.check.choices)):
            options.replace_option_prompt_at_index(i, self._options()[i].prompt)
        self._show_feedback(index)
        self.post_message(self.Answered(self.check.id, index, choice.correct))

    def _show_feedback(self, index: int, *, earlier: bool = False) -> None:
        choice = self.check.choices[index]
        mark = (
            ("✔" if choice.correct else "✘") if self.unicode else ("+" if choice.correct else "x")
        )
        word = t("Right.") if choice.correct else t("Not quite.")
        letter = LETTERS[index]
        when = (
            t("Your answer was {letter}). ", letter=letter)
            if earlier
            else t("You chose {letter}). ", letter=letter)
        )
        verdict = self.query_one(".check-verdict", Static)
        verdict.update(
            plain(f"{mark} {word} ", "bold $text-success" if choice.correct else "bold $text-error")
            + plain(when)
        )
        verdict.set_class(choice.correct, "-right")
        verdict.set_class(not choice.correct, "-wrong")
        feedback = self.query_one(".check-feedback", Prose)
        feedback.display = True
        feedback.update_text(choice.feedback)
        if not earlier:
            self.call_after_refresh(self._feedback_in_view)

    def _feedback_in_view(self) -> None:
        """Scroll the page so the verdict and the explanation under it are on the screen
        (the verdict at the top when both are taller than the page)."""
        if not self.is_mounted:
            return
        verdict = self.query_one(".check-verdict", Static)
        self.query_one(".check-feedback", Prose).scroll_visible(animate=False, immediate=True)
        verdict.scroll_visible(animate=False, immediate=True)
