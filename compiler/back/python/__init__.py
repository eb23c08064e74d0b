"""The Python back end: lowers the typed program to the source of an engine package (lower.py);
every string from content enters that source through source.py (literals, comments, docstrings)."""
