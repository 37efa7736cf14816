"""Benchmarks with budgets: run them all with `python3 -m bench` from the repository root."""
