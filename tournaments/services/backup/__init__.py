"""Back up one tournament as JSON and restore it into another database.

A backup holds **every row of every model with a foreign-key path to the
tournament** (``graph``: discovered from Django's model graph, not a list of
fields): settings, characters, participants with their PINs, birth dates and
check-ins, draw commitments (used and unused, with seeds and times), the draw,
tables, seats, games, every version of every result with the players'
confirmations and their times, penalties, the knockout, lot draws, the audit
log, and whatever later work adds to that graph. ``graph.EXCLUDED`` names what
is left out and why (the tournament's staff: roles are given on the site
imported into; the PIN throttle's memory). Users appear by user name; on
import, missing users are created inactive (no password), so history keeps its
names without opening a login.

Primary keys are not kept: the import creates new rows and maps old ids to
new ones, in foreign keys and in the JSON lists ``graph.ID_LISTS`` names.
Audit entries keep their before/after snapshots verbatim (they describe the
original database's ids); their ``object_id`` is mapped where the object was
imported. The tournament's identity (``Tournament.uid``) travels with the
backup and is unique in a database, so an import is all or nothing and of
several imports of one file at the same time exactly one makes a copy.

``export`` writes a backup, ``restore`` reads one (``legacy``: format version 1).
"""

from .export import FORMAT, VERSION, export_tournament
from .restore import BackupError, import_tournament

__all__ = ["FORMAT", "VERSION", "BackupError", "export_tournament", "import_tournament"]
