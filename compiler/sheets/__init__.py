"""Print-and-play card sheets and reference sheets (HTML and PDF)."""

