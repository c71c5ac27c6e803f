"""Speed figures: run as scripts (`python -m benchmarks.NAME --json`), never as timed tests."""
