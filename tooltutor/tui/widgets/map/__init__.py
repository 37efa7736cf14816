"""Widgets of the course map."""
