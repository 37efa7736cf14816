"""Widgets of the tooltutor TUI, grouped by the screen region they belong to."""
