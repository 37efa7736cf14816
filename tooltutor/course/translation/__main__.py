"""`python -m tooltutor.course.translation stamp [COURSE_DIR] LANG` (see `stamp`)."""

import sys

from tooltutor.course.translation.stamp import main

sys.exit(main())
