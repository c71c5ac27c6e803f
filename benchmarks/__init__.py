"""Speed figures: run as scripts (`python benchmarks/NAME.py --json`), never as timed tests."""
