"""The answer of a choice exercise: a list of options to tick (Space or Enter)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from textual import on
from textual.message import Message
from textual.widgets import SelectionList
from textual.widgets.selection_list import Selection

from tooltutor.tui.texts import inline, plain
from tooltutor.workspace import choice_answer, chosen_ids


class ChoiceAnswer(SelectionList[str]):
    """The options; the answer is the ids ticked (one only unless `multiple`)."""

    @dataclass
    class Changed(Message):
        """The ticked options changed."""

        choice_answer: ChoiceAnswer

        @property
        def control(self) -> ChoiceAnswer:
            return self.choice_answer

    def __init__(self, choices: list[dict], *, multiple: bool, text: str = "", id=None):
        ticked = set(chosen_ids(text))
        super().__init__(
            *(
                Selection(plain(f"{c['id']}) ") + inline(c["text"]), c["id"], c["id"] in ticked)
                for c in choices
            ),
            id=id,
        )
        self.multiple = multiple

    @property
    def text(self) -> str:
        """The answer as the checker reads it: `a, c`."""
        return choice_answer([str(v) for v in self.selected])

    def load_text(self, text: str) -> None:
        """Tick exactly the options named in `text`."""
        wanted = set(chosen_ids(text))
        with self.prevent(SelectionList.SelectedChanged):
            self.deselect_all()
            for value in wanted:
                with contextlib.suppress(Exception):  # an id no longer among the options
                    self.select(value)
        self.post_message(self.Changed(self))

    @on(SelectionList.SelectionToggled)
    def _single(self, event: SelectionList.SelectionToggled) -> None:
        if not self.multiple and event.selection.value in self.selected:
            with self.prevent(SelectionList.SelectedChanged):
                for value in list(self.selected):
                    if value != event.selection.value:
                        self.deselect(value)

    @on(SelectionList.SelectedChanged)
    def _changed(self, event: SelectionList.SelectedChanged) -> None:
        event.stop()
        self.post_message(self.Changed(self))
