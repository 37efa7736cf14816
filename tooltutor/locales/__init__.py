"""Message tables of the interface, one module per language (see tooltutor/i18n.py)."""
