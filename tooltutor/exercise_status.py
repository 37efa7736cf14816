"""An exercise's status in a learner's progress: the words stored, exported and compared.

`passed` once any attempt has passed; `attempted` after failing attempts only; `new`
otherwise. The progress store computes them, everything else compares with these names
(how each is drawn and worded is `tooltutor.journey`'s).
"""

NEW = "new"
ATTEMPTED = "attempted"
PASSED = "passed"

#: Every status, from the first a learner meets to the last.
STATUSES = (NEW, ATTEMPTED, PASSED)
