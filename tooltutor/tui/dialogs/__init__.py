"""Modal dialogs, one per file."""
