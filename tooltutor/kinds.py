"""The exercise kinds (`json`, `python`, `choice`): everything the app does differently
for each, in one table (`KINDS`).

A kind says what its answer file is called (`suffix`), how the editor and the solution
dialog highlight it (`language`) and indent it (`indent`, `block_openers`), whether the
learner's answer runs as code (`runs_code`: the sandbox note; the course's exercise code
needs trust), whether it is answered by picking options (`picks_options`: a list of
choices in the TUI), and, as methods, what its file holds (`file_text`), what of that text
the checker reads (`answer_text`, `payload`) and what is kept as the draft
(`draft_text`). The checker's side of a kind is its marker, `checker.exercise.MARKERS`;
`tooltutor new exercise KIND` writes its template (`tooltutor.scaffold`); its fields are
validated by `tooltutor/course/schemas/exercise.schema.json`. docs/architecture.md lists
the files a new kind touches.

No Textual, no checker: the course model and the marking path read it.
"""

from __future__ import annotations

from tooltutor.i18n import t


class ExerciseKind:
    """One exercise kind: a plain text answer, its whole file read and kept. (A plain
    class, not a dataclass: the table is built on every start of `list` and `check`.)"""

    __slots__ = (
        "name",
        "suffix",
        "language",
        "indent",
        "block_openers",
        "runs_code",
        "picks_options",
        "own_keys",
    )

    def __init__(
        self,
        name: str,
        suffix: str,
        *,
        language: str | None = None,
        indent: int = 4,
        block_openers: tuple[str, ...] = (),
        runs_code: bool = False,
        picks_options: bool = False,
        own_keys: tuple[str, ...] = (),
    ) -> None:
        #: the `kind:` of an exercise file
        self.name = name
        #: the answer file's ending, as `tooltutor start` writes it and messages name it
        self.suffix = suffix
        #: the editor's and the solution dialog's highlighting (None: plain text)
        self.language = language
        #: spaces one level of indentation takes in the editor
        self.indent = indent
        #: line endings after which Enter indents one level more
        self.block_openers = block_openers
        #: the learner's answer runs as code (in the sandbox; the course's code is trusted)
        self.runs_code = runs_code
        #: answered by picking options (a list in the TUI, a file of comments outside it)
        self.picks_options = picks_options
        #: the exercise file's keys that only this kind reads (`validate` warns of them
        #: in an exercise of another kind; the editor's schema offers them here alone)
        self.own_keys = own_keys

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"

    def file_text(self, exercise, draft: str | None) -> str:
        """What a new answer file holds: the saved draft if there is one, else the starter."""
        if draft is not None and draft.strip():
            return draft
        return exercise.starter

    def answer_text(self, exercise, text: str) -> str:
        """The answer in a file's `text` as the checker reads it."""
        return text

    def draft_text(self, exercise, text: str) -> str:
        """What is kept as the draft of a file's `text`."""
        return text

    def payload(self, exercise, answer: str | bytes, text: str) -> str | bytes:
        """What the checker marks of `answer` (the bytes as saved, or the editor's text;
        `text` is it decoded): the bytes themselves, so the checker sees their encoding."""
        return answer


class ChoiceKind(ExerciseKind):
    """A multiple-choice exercise: outside the TUI, a text file whose `#` lines are the
    title, the options and how to answer, with the chosen ids below them."""

    def file_text(self, exercise, draft: str | None) -> str:
        """The options as comments, the answer (the draft's, else the starter's) below;
        also when the draft holds the answer alone (as the TUI saves it)."""
        answer = self.answer_text(exercise, draft or "").strip() or exercise.starter.strip()
        return choice_starter(exercise, answer)

    def answer_text(self, exercise, text: str) -> str:
        return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))

    def draft_text(self, exercise, text: str) -> str:
        return self.answer_text(exercise, text).strip()

    def payload(self, exercise, answer: str | bytes, text: str) -> str | bytes:
        return self.answer_text(exercise, text)


#: Every exercise kind, by the name exercise files give it.
KINDS: dict[str, ExerciseKind] = {
    kind.name: kind
    for kind in (
        ExerciseKind("json", ".json", language="json", indent=2, block_openers=("{", "[")),
        ExerciseKind(
            "python",
            ".py",
            language="python",
            block_openers=(":",),
            runs_code=True,
            own_keys=("entry", "call", "script", "tool_results", "variants", "support"),
        ),
        ChoiceKind("choice", ".txt", picks_options=True, own_keys=("choices", "multiple")),
    )
}

#: What an unknown kind is read as (the course loader reports the exercise itself).
_PLAIN = ExerciseKind("text", ".txt")


def kind_named(name: str) -> ExerciseKind:
    """The kind called `name` (an unknown one is plain text: its exercise is reported)."""
    return KINDS.get(name, _PLAIN)


def of(exercise) -> ExerciseKind:
    """The kind of `exercise`."""
    return kind_named(exercise.kind)


def names() -> tuple[str, ...]:
    """The kinds' names, in the table's order (`tooltutor new exercise KIND`)."""
    return tuple(KINDS)


def choice_example(exercise) -> str:
    """An answer written as the checker reads it, made of the exercise's own option ids."""
    ids = [str(c["id"]) for c in exercise.choices or []] or ["1", "2"]
    if exercise.multiple and len(ids) > 1:
        return f"{ids[0]}, {ids[1]}"
    return ids[0]


def choice_starter(exercise, answer: str | None = None) -> str:
    """A choice exercise as a text file: the options as comments, the answer below them."""
    if exercise.multiple:
        how = t(
            "Write the ids of your answers on the next line, separated by commas, e.g. {example}",
            example=choice_example(exercise),
        )
    else:
        how = t(
            "Write the id of your answer on the next line, e.g. {example}",
            example=choice_example(exercise),
        )
    lines = [f"# {exercise.title}", "#"]
    lines += [f"# {c['id']}) {c['text']}" for c in exercise.choices or []]
    lines += ["#", f"# {how}", ""]
    answer = exercise.starter if answer is None else answer
    return "\n".join(lines) + answer + ("\n" if answer and not answer.endswith("\n") else "")
