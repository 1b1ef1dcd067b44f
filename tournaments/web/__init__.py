"""Server-rendered pages: ``public`` (anyone) and ``staff`` (referees and organisers)."""
