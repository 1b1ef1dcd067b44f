"""Pages for referees (result entry, open games, penalties) and organisers (running the day).

Every page needs a login; a referee page needs the "referees" group (or an
organiser), an organiser page the "organisers" group (or a superuser). The
views are thin: they read with ``tournaments.selectors`` (or a plain query of
one tournament's rows), change things only through ``tournaments.services``
(``actions.run_service``: form → service → message and redirect), and turn a
service's ``DomainError`` into form errors or messages. The URLs are in
``urls`` (namespace ``staff``), the forms in ``tournaments.web.forms``.
"""

from .home import audit, staff_index, tournament_home
from .knockout import knockout
from .participants import participant_detail, participants
from .progress import games, progress
from .referees import referees
from .results import result, result_check, result_confirm
from .setup import (
    draw,
    participants_import,
    participants_import_template,
    tournament_new,
    tournament_settings,
)

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
    "referees",
    "result",
    "result_check",
    "result_confirm",
    "staff_index",
    "tournament_home",
    "tournament_new",
    "tournament_settings",
]
