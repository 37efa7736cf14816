"""`python -m tooltutor` runs the command line."""

from tooltutor.cli import main

raise SystemExit(main())
