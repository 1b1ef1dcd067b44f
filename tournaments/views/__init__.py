"""Server-rendered pages: ``public`` (anyone), ``staff`` (referees and organisers)."""
