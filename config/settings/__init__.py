"""Settings split by environment: base (shared), local (a developer's laptop),
test (pytest) and production (read entirely from the environment)."""
