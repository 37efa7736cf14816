"""`checker.testing`, the test helpers, under the app's name: it lives in the engine so that
the light install (`tooltutor-checker`, docs/linting.md) has it too. This name is that very
module, so every name (the private ones too) is the same object under both."""

import sys

from checker import testing as _engine
from checker.testing import *  # noqa: F403 (its names, for readers and type checkers)

sys.modules[__name__] = _engine
