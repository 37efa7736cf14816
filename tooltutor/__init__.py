"""tooltutor: a terminal course runner for people who learn to build LLM agents."""

__version__ = "0.1.0"
