"""Pages for referees (result entry, open games, penalties) and organisers (running the day)."""
