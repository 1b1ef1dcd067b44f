"""Forms of the staff pages: they parse input, the services decide.

A form here only turns what a browser sends into the plain values a service
takes (``scoring.results.SeatReport``, ``services.ParticipantInput``, keyword
arguments); the rules are checked by the services and ``scoring``. When a
service refuses with a ``DomainError``, ``add_domain_errors`` puts each of its
items on the form field it names, or on the whole form.
"""

from .base import add_domain_errors, random_seed
from .erasure import PlayerEraseForm
from .knockout import KnockoutNextForm, KnockoutStartForm
from .packages import PackageFileForm, PackageForm
from .participants import (
    FederationPlayerForm,
    ParticipantForm,
    ParticipantImportForm,
    PenaltyForm,
    WithdrawForm,
)
from .referees import ExistingUserForm, NewStaffForm
from .results import ResultEntry, ResultForm, live_problems
from .seasons import SeasonForm, SeasonOrganiserForm, SeasonTournamentForm
from .seats import SeatForm, SeatFormSet
from .setup import CharacterForm, DrawForm, TournamentForm, setting_field

__all__ = [
    "CharacterForm",
    "DrawForm",
    "ExistingUserForm",
    "FederationPlayerForm",
    "KnockoutNextForm",
    "KnockoutStartForm",
    "NewStaffForm",
    "PackageFileForm",
    "PackageForm",
    "ParticipantForm",
    "ParticipantImportForm",
    "PenaltyForm",
    "PlayerEraseForm",
    "ResultEntry",
    "ResultForm",
    "SeasonForm",
    "SeasonOrganiserForm",
    "SeasonTournamentForm",
    "SeatForm",
    "SeatFormSet",
    "TournamentForm",
    "WithdrawForm",
    "add_domain_errors",
    "live_problems",
    "random_seed",
    "setting_field",
]
