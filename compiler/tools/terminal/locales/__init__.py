"""The terminal's own words (en.yaml, pl.yaml, cs.yaml): commands, help and messages."""
