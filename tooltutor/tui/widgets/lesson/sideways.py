"""A wide block of a lesson (code, a diagram) that scrolls sideways when it has the focus.

Only left and right are its own keys, and only while there is more to see that way (then
they turn the page, as everywhere else); up, down, Page Up, Page Down, Home and End go on
to the page around it, so the page scrolls with the usual keys wherever the focus is.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import ScrollableContainer


class SidewaysScroll(ScrollableContainer, inherit_bindings=False):
    """Left and right scroll it; every other key is the page's."""

    ALLOW_MAXIMIZE = True

    BINDINGS = [
        Binding("left", "scroll_left", "Scroll left", show=False),
        Binding("right", "scroll_right", "Scroll right", show=False),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Left and right are the page's (turning it) once this way is scrolled to its end."""
        if action == "scroll_left":
            return self.scroll_x > 0
        if action == "scroll_right":
            return self.scroll_x < self.max_scroll_x
        return True
