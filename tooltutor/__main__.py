"""`python -m tooltutor` runs the command line."""

from tooltutor.cli import script

raise SystemExit(script())
