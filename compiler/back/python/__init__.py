"""The Python back end: lowers the typed program to the source of an engine package; lower.py is
the entry and lists the parts (expressions.py, statements.py, lasting.py, writers.py, package.py...).
Every string from content enters that source through source.py (literals, comments, docstrings)."""
