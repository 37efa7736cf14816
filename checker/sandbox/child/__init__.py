"""The child side: what runs in the process that holds the learner's code (stdlib only)."""
