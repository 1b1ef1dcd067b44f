"""Reads that pages, documents and the API show.

Each selector answers with a fixed number of SQL queries, however many
participants and games a tournament has: aggregates are computed in the
database, rankings in ``scoring.standings`` and ``scoring.knockout``.

Modules by task:

- ``standings``: the group-stage standings (``Standings``, ``StandingRow``);
- ``games``: games, tables and which results count (``GameView``, ``SeatView``);
- ``knockout``: knockout tables, lot draws and the final ranking
  (``KnockoutTableView``, ``LotView``, ``Ranking``);
- ``player``: everything one participant's page shows (``PlayerRecord``);
- ``statistics``: wins per side and table size (rules.md §11);
- ``draws``: the published draw commitments (``CommitmentView``);
"""

from tournaments.selectors.draws import CommitmentView, draw_commitments
from tournaments.selectors.games import (
    GameView,
    SeatView,
    counting_or_current_results,
    counting_results,
    current_result,
    game_view,
    games_list,
    group_tables,
)
from tournaments.selectors.knockout import (
    KnockoutProgress,
    KnockoutTableView,
    LotView,
    Ranking,
    RankingRow,
    final_ranking,
    knockout_progress,
    knockout_round_advancers,
    knockout_round_winners,
    knockout_tables,
    lot_draws,
)
from tournaments.selectors.player import (
    GroupSeat,
    KnockoutStep,
    PenaltyLine,
    PlayerGame,
    PlayerRecord,
    TableMate,
    participants_named,
    player_record,
)
from tournaments.selectors.standings import StandingRow, Standings, group_standings
from tournaments.selectors.statistics import ruleset_statistics, tournament_statistics

__all__ = [
    "CommitmentView",
    "GameView",
    "GroupSeat",
    "KnockoutProgress",
    "KnockoutStep",
    "KnockoutTableView",
    "LotView",
    "PenaltyLine",
    "PlayerGame",
    "PlayerRecord",
    "Ranking",
    "RankingRow",
    "SeatView",
    "StandingRow",
    "Standings",
    "TableMate",
    "counting_or_current_results",
    "counting_results",
    "current_result",
    "draw_commitments",
    "final_ranking",
    "game_view",
    "games_list",
    "group_standings",
    "group_tables",
    "knockout_progress",
    "knockout_round_advancers",
    "knockout_round_winners",
    "knockout_tables",
    "lot_draws",
    "participants_named",
    "player_record",
    "ruleset_statistics",
    "tournament_statistics",
]
