"""The Kurtyna compiler: front/ (content -> typed model), back/ (engines, text, catalogs, sheets),
tools/ (one module per verb), pipeline.py and cli.py; map and import rules: docs/design.md."""
