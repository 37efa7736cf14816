"""The tooltutor Textual app: a course map, and from there lessons and exercises.

`TutorApp(course, store)` is all the state there is: the loaded course and the progress
store (tests pass a fixture course and a store in a temporary folder; `build_app` does
the same for the command line). The interface speaks the course's language (`lang`
overrides it), and lessons or exercises not (fully) translated are marked. Screens are
imported when first opened, so a cold start shows the map without loading the reader, the
editor or the checker.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button

from tooltutor.course import Course, load_course
from tooltutor.i18n import N_, set_language
from tooltutor.journey import Journey, LessonProgress, Step
from tooltutor.pages import can_draw_unicode
from tooltutor.tui.control_filter import ControlCharacterFilter
from tooltutor.tui.palette import CourseCommands
from tooltutor.tui.screens.course_map import CourseMapScreen
from tooltutor.tui.texts import adapt_bindings, t

_CONTROL_FILTER = ControlCharacterFilter()


class TutorApp(App[None]):
    """Read lessons and solve exercises, marked offline."""

    #: The map's styles load at start; every other screen brings its own `CSS_PATH`,
    #: parsed the first time it opens, which keeps the cold start short.
    CSS_PATH = ["app.tcss", "screens/course_map.tcss"]
    TITLE = "tooltutor"
    COMMANDS = App.COMMANDS | {CourseCommands}
    #: Screens get the class `-narrow` below 100 columns (panes stack), `-medium` up to 119
    #: (side by side, the task as wide as the editor) and `-wide` from 120.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-medium"), (120, "-wide")]
    BINDINGS = [
        Binding("f1,f2", "help", "Help", tooltip=N_("Show the keys of this screen.")),
        Binding(
            "question_mark", "help", "Help", show=False, tooltip=N_("Show the keys of this screen.")
        ),
        Binding("q", "quit", "Quit", tooltip=N_("Quit; your drafts are saved.")),
        Binding(
            "slash",
            "go_to",
            "Go to",
            show=False,
            tooltip=N_("Jump to any lesson or exercise."),
        ),
    ]

    def __init__(
        self,
        course: Course,
        store,
        *,
        lang: str | None = None,
        unicode: bool | None = None,
        cursor_blink: bool = True,
    ) -> None:
        #: the language of the interface: the course's (what it was loaded in) by default
        self.lang = set_language(lang or course.lang)
        super().__init__()
        adapt_bindings(self)
        self.course = course
        self.store = store
        use_course = getattr(store, "use_course", None)
        if use_course is not None:  # progress keyed by this course's folder, not its id alone
            use_course(course)
        self.journey = Journey(course, store)
        #: whether box-drawing characters and marks like ✔ can be drawn
        self.unicode = can_draw_unicode() if unicode is None else unicode
        #: editors blink their cursor (tests turn it off for stable screenshots)
        self.cursor_blink = cursor_blink

    def get_line_filters(self):
        """Textual's filters, then one that keeps control characters in course text or a
        draft from reaching the terminal (see `control_filter`)."""
        return [*super().get_line_filters(), _CONTROL_FILTER]

    def get_system_commands(self, screen: Screen):
        """Textual's own palette commands (theme, keys, quit...), in the interface's
        language. "Maximize" is left out when a button has the focus: nothing ever
        maximises a button (the exercise screen enlarges the pane around it instead)."""
        # a screen with `pane_of` (the exercise) enlarges the button's pane instead
        on_button = isinstance(screen.focused, Button) and not hasattr(screen, "pane_of")
        for command in super().get_system_commands(screen):
            if on_button and command.title == "Maximize":
                continue
            yield command._replace(title=t(command.title), help=t(command.help))

    def get_default_screen(self) -> Screen:
        return self.sized(CourseMapScreen())

    def sized(self, screen: Screen) -> Screen:
        """`screen` with its breakpoint class (`-narrow`, `-medium`, `-wide`) for the
        terminal's width already set: Textual sets it on the first resize, after a first
        frame drawn in the wide layout, which a small terminal would show for a moment."""
        width = self.size.width
        if width:
            found = screen._get_breakpoint_classes(width, self.HORIZONTAL_BREAKPOINTS)
            classes = {name: name in found for _, name in self.HORIZONTAL_BREAKPOINTS}
            screen.update_classes(classes, animate=False)
        return screen

    def push_screen(self, screen, *args, **kwargs):
        if isinstance(screen, Screen):
            self.sized(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        if isinstance(screen, Screen):
            self.sized(screen)
        return super().switch_screen(screen)

    def on_mount(self) -> None:
        self.check_store()

    # -- progress ------------------------------------------------------------------------

    def journey_progress(self) -> dict[str, LessonProgress]:
        """Progress of every lesson, read in one pass."""
        statuses = self.journey.statuses()
        return {le.id: self.journey.progress(le, statuses) for le in self.course.lessons}

    def check_store(self, notice: str | None = None) -> None:
        """Tell the learner, once, about a fault of the progress store (`notice`: one a
        submission already took from it)."""
        notice = notice or self.store.take_notice()
        if notice:
            self.notify(notice, title=t("Progress"), severity="warning", timeout=12, markup=False)

    # -- navigation ----------------------------------------------------------------------

    def open_lesson(self, lesson_id: str, page: int | None = None) -> None:
        """Show a lesson at `page` (default: where the learner last was, else the start)."""
        # on first use, not at import: tooltutor.tui, linkify_it, markdown_it, ... (103 modules)
        from tooltutor.tui.screens.lesson import LessonScreen

        lesson = self.course.lesson(lesson_id)
        if lesson is None:
            return
        if page is None:
            position = self.store.position(self.course.id)
            same = position is not None and position.lesson_id == lesson_id
            page = position.section if same and position.section is not None else 0
        self._show(LessonScreen(lesson, page=page))

    def open_exercise(
        self, exercise_id: str, *, on_top: bool = False, replace: Screen | None = None
    ) -> None:
        """Show an exercise's workspace; `on_top` keeps the current screen under it, so
        Escape returns there (the lesson reader does this); `replace` (the screen on top)
        puts it in that screen's place, keeping what is under it (the next exercise)."""
        # on first use, not at import: tooltutor.tui, linkify_it, markdown_it, ... (150 modules)
        from tooltutor.tui.screens.exercise import ExerciseScreen

        exercise = self.course.exercise(exercise_id)
        if exercise is None:
            return
        if replace is not None and replace is self.screen and len(self.screen_stack) > 1:
            self.clear_notifications()
            self.switch_screen(ExerciseScreen(exercise))
        else:
            self._show(ExerciseScreen(exercise), on_top=on_top)

    def open_step(self, step: Step) -> None:
        """Open a step of the journey (what "Continue" found)."""
        if step.kind == "lesson" and step.lesson_id:
            self.open_lesson(step.lesson_id, step.page)
        elif step.kind == "exercise" and step.exercise_id:
            self.open_exercise(step.exercise_id)
        else:
            self.notify(t("You have finished every lesson and exercise. Well done!"))

    def _show(self, screen: Screen, *, on_top: bool = False) -> None:
        """Push `screen` over the map (or over the current screen when `on_top`)."""
        self.clear_notifications()  # a notice belongs to the screen it was given on
        if not on_top:
            while len(self.screen_stack) > 1:
                self.pop_screen()
        self.push_screen(screen)

    def jump(self, kind: str, key: str) -> None:
        """Go to a lesson or an exercise from anywhere (the command palette)."""
        if kind == "continue":
            self.open_step(self.journey.resume_step())
        elif kind == "lesson":
            self.open_lesson(key)
        else:
            self.open_exercise(key)

    # -- actions -------------------------------------------------------------------------

    def action_help(self) -> None:
        """Show the keys of the current screen and how the course works."""
        # on first use, not at import: tooltutor.tui, linkify_it, markdown_it, ... (94 modules)
        from tooltutor.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_go_to(self) -> None:
        """Open the command palette (its own key, Ctrl+P, prints in a browser)."""
        self.action_command_palette()

    async def action_quit(self) -> None:
        """Save every open draft, then quit."""
        self.flush_drafts()
        self.exit()

    def flush_drafts(self) -> None:
        for screen in self.screen_stack:
            flush = getattr(screen, "flush_draft", None)
            if flush is not None:
                flush()


def build_app(course_dir=None, store_path=None, lang=None, **options) -> TutorApp:
    """A `TutorApp` on the course in `course_dir` (default: bundled), in `lang` (default:
    its own language), and a store."""
    # on first use, not at import: tooltutor.progress, sqlite3 (12 modules)
    from tooltutor.progress import open_store

    return TutorApp(load_course(course_dir, lang), open_store(store_path), **options)
