"""Spanish numbers as rules.md §15 writes them: 9.450 (Django's own Spanish formats
group thousands with a no-break space)."""

THOUSAND_SEPARATOR = "."
