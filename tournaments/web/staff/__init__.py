"""Pages for referees (result entry, open games, penalties) and organisers (running the day).

Every page needs a login; a page of one tournament needs a role on *that*
tournament (``access``): a referee page its referees or organisers, an
organiser page its organisers (superusers pass everywhere). The
views are thin: they read with ``tournaments.selectors`` (or a plain query of
one tournament's rows), change things only through ``tournaments.services``
(``actions.run_service``: form → service → message and redirect), and turn a
service's ``DomainError`` into form errors or messages. The URLs are in
``urls`` (namespace ``staff``), the forms in ``tournaments.web.forms``.
"""

from .home import audit, staff_index, tournament_home
from .imports import participants_import, participants_import_template
from .knockout import knockout
from .participants import participant_detail, participants
from .progress import games, progress
from .referees import team
from .results import result, result_check, result_confirm
from .setup import draw, tournament_new, tournament_settings

__all__ = [
    "audit",
    "draw",
    "games",
    "knockout",
    "participant_detail",
    "participants",
    "participants_import",
    "participants_import_template",
    "progress",
    "result",
    "result_check",
    "result_confirm",
    "staff_index",
    "team",
    "tournament_home",
    "tournament_new",
    "tournament_settings",
]
