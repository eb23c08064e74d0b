"""Generic runtime imported by generated engines. It knows no game."""
