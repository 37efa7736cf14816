"""`checker.pytest_plugin`, the pytest plugin, under the app's name: it lives in the engine
so that the light install (`tooltutor-checker`, docs/linting.md) has it too. This name is
that very module (pytest registers it once, whichever name loads it)."""

import sys

from checker import pytest_plugin as _engine

sys.modules[__name__] = _engine
