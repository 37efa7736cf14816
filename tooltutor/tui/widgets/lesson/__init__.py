"""Widgets of the lesson reader."""
