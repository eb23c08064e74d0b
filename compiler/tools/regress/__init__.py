"""`kurtyna regress`: what a change of rules, card text or the compiler did, compared over the
rulebook scenarios, paired seeded games, outcomes and texts (command.py is the verb; the map of
the modules is in docs/regress.md)."""
