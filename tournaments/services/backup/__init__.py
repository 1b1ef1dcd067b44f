"""Back up one tournament as JSON and restore it into another database.

The export holds everything a tournament is: settings, expansion characters,
participants, the draw, tables and seats, games, *every* version of every
result, penalties, the knockout, lot draws and the audit log. Users appear by
username; on import, missing users are created inactive (no password), so
history keeps its names without opening a login.

Primary keys are not kept: the import creates new rows and maps participant
ids inside the knockout's seeding list, pick orders and lot draws. Audit
entries keep their before/after snapshots verbatim (they describe the
original database's ids); their ``object_id`` is mapped where the object was
imported.

``export`` writes a backup, ``restore`` reads one.
"""

from .export import FORMAT, VERSION, export_tournament
from .restore import BackupError, import_tournament

__all__ = ["FORMAT", "VERSION", "BackupError", "export_tournament", "import_tournament"]
