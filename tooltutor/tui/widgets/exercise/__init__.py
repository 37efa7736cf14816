"""Widgets of the exercise workspace."""
