"""`kurtyna regress` (issue 16, under way): what a change of rules or card text did, compared
over paired seeds. So far: the paired statistics (stats.py)."""
