"""Reads that pages, documents and the API show.

Each selector answers with a fixed number of SQL queries, however many
participants and games a tournament has: aggregates are computed in the
database, rankings in ``scoring.standings`` and ``scoring.knockout``.

Modules by task:

- ``standings``: the group-stage standings (``Standings``, ``StandingRow``);
- ``games``: games, tables and which results count (``GameView``, ``SeatView``);
- ``knockout``: knockout tables, lot draws and the final ranking
  (``KnockoutTableView``, ``LotView``, ``Ranking``);
- ``final_table``: a format's final table, its points and the placement after it
  (``FinalTableView``);
- ``player``: everything one participant's page shows (``PlayerRecord``);
- ``statistics``: wins per side and table size (rules.md §11);
- ``draws``: the published draw commitments (``CommitmentView``) and what the
  draw page shows of the group draw (``DrawOverview``);
- ``hall``: the round clock, calls for a referee, seat corrections (rules.md §12);
- ``tournament``: the tournament's phase (``Phase``, ``tournament_phase``) and
  the characters it allows;
- ``rules``: what the rules engine needs about a stored game (``game_spec``);
- ``overview``: the staff start page's counts (``StaffOverview``);
- ``seating``: who sits where (``Seating``), for the seating page, its PDF
  and the projector;
- ``seatings``: a table's seatings before and after a seat swap (``SeatingChange``);
- ``progress``: the organiser's progress board (``ProgressBoard``);
- ``audit``: the audit log and the names its ids stand for;
- ``seasons``: players across tournaments and the season ranking (``SeasonStanding``);
- ``archive``: a tournament's archive document;
- ``links``: the players each participant of a tournament may be (``LinkSuggestion``);
- ``erasure``: what erasing a player would change (``ErasurePreview``);
- ``time_rule``: a game's time and its time rule (``TimeRule``, ``GameTime``);
- ``packages``: an event package's players not yet linked (rules.md §16);
"""

from tournaments.selectors.audit import AuditNames, GamePlace, audit_entries, audit_names
from tournaments.selectors.draws import (
    CommitmentView,
    DrawOverview,
    PartView,
    draw_commitments,
    draw_overview,
    draw_parts,
    earlier_parts,
    sheriff_positions,
    unused_commitments,
)
from tournaments.selectors.erasure import (
    ErasurePreview,
    archives_holding,
    erasure_names,
    erasure_preview,
)
from tournaments.selectors.final_table import (
    FinalGameView,
    FinalTableView,
    final_table_champion,
    final_table_placement,
    final_table_view,
)
from tournaments.selectors.games import (
    GameView,
    ResultVersion,
    SeatView,
    counting_results,
    current_result,
    current_results,
    game_rounds,
    game_view,
    games_list,
    group_tables,
    result_history,
)
from tournaments.selectors.hall import (
    ClockView,
    SwapOptions,
    call_target,
    calls_of,
    champion_of,
    clock_state,
    clock_view,
    current_stage,
    open_calls,
    seat_corrections,
    swap_options,
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
from tournaments.selectors.links import LinkSuggestion, link_suggestions, same_name
from tournaments.selectors.overview import StaffOverview, staff_overview
from tournaments.selectors.packages import package_players_free, season_packages, season_players
from tournaments.selectors.player import (
    GroupSeat,
    KnockoutStep,
    PenaltyLine,
    PlayerGame,
    PlayerRecord,
    TableMate,
    participants_named,
    player_record,
    registered_name_keys,
)
from tournaments.selectors.progress import (
    STATE_LABELS,
    Cell,
    ProgressBoard,
    ProgressRow,
    awaiting_games,
    game_state,
    progress_board,
)
from tournaments.selectors.rules import allowed_characters, game_spec, seat_reports
from tournaments.selectors.seasons import (
    SeasonResult,
    SeasonRow,
    SeasonStanding,
    SeasonTournamentLine,
    player_birth_dates,
    player_suggestions,
    players_search,
    season_archives,
    season_standing,
)
from tournaments.selectors.seating import (
    SeatedPlayer,
    Seating,
    SeatingTable,
    current_seating,
    group_seating,
)
from tournaments.selectors.seatings import SeatingChange, seating_change, swapped_tables
from tournaments.selectors.standings import StandingRow, Standings, group_standings
from tournaments.selectors.statistics import ruleset_statistics, tournament_statistics
from tournaments.selectors.time_rule import (
    GameTime,
    TimedGame,
    TimeRule,
    current_round_games,
    game_deadline,
    game_time,
    games_time,
    time_limit_of,
    time_rule_name,
    time_rule_of,
    timed_games,
)
from tournaments.selectors.tournament import (
    Phase,
    deals_characters,
    group_stage_drawn,
    tournament_characters,
    tournament_phase,
    with_phase,
)

__all__ = [
    "STATE_LABELS",
    "AuditNames",
    "Cell",
    "ClockView",
    "CommitmentView",
    "DrawOverview",
    "ErasurePreview",
    "FinalGameView",
    "FinalTableView",
    "GamePlace",
    "GameTime",
    "GameView",
    "GroupSeat",
    "KnockoutProgress",
    "KnockoutStep",
    "KnockoutTableView",
    "LinkSuggestion",
    "LotView",
    "PartView",
    "PenaltyLine",
    "Phase",
    "PlayerGame",
    "PlayerRecord",
    "ProgressBoard",
    "ProgressRow",
    "Ranking",
    "RankingRow",
    "ResultVersion",
    "SeasonResult",
    "SeasonRow",
    "SeasonStanding",
    "SeasonTournamentLine",
    "SeatView",
    "SeatedPlayer",
    "Seating",
    "SeatingChange",
    "SeatingTable",
    "StaffOverview",
    "StandingRow",
    "Standings",
    "SwapOptions",
    "TableMate",
    "TimeRule",
    "TimedGame",
    "allowed_characters",
    "archives_holding",
    "audit_entries",
    "audit_names",
    "awaiting_games",
    "call_target",
    "calls_of",
    "champion_of",
    "clock_state",
    "clock_view",
    "counting_results",
    "current_result",
    "current_results",
    "current_round_games",
    "current_seating",
    "current_stage",
    "deals_characters",
    "draw_commitments",
    "draw_overview",
    "draw_parts",
    "earlier_parts",
    "erasure_names",
    "erasure_preview",
    "final_ranking",
    "final_table_champion",
    "final_table_placement",
    "final_table_view",
    "game_deadline",
    "game_rounds",
    "game_spec",
    "game_state",
    "game_time",
    "game_view",
    "games_list",
    "games_time",
    "group_seating",
    "group_stage_drawn",
    "group_standings",
    "group_tables",
    "knockout_progress",
    "knockout_round_advancers",
    "knockout_round_winners",
    "knockout_tables",
    "link_suggestions",
    "lot_draws",
    "open_calls",
    "package_players_free",
    "participants_named",
    "player_birth_dates",
    "player_record",
    "player_suggestions",
    "players_search",
    "progress_board",
    "registered_name_keys",
    "result_history",
    "ruleset_statistics",
    "same_name",
    "season_archives",
    "season_packages",
    "season_players",
    "season_standing",
    "seat_corrections",
    "seat_reports",
    "seating_change",
    "sheriff_positions",
    "staff_overview",
    "swap_options",
    "swapped_tables",
    "time_limit_of",
    "time_rule_name",
    "time_rule_of",
    "timed_games",
    "tournament_characters",
    "tournament_phase",
    "tournament_statistics",
    "unused_commitments",
    "with_phase",
]
