"""Output serializers that several API areas share.

Words used here:

- A **seat** (``SeatOutput``) is who sits at a position of a table: the draw,
  the games and the knockout tables all show their seats this way.
- A **result seat** (``ResultSeatOutput``) is one line of a recorded result:
  the seat as the referee entered it (role, character, lives, who eliminated
  the player, the final duel) and what the result made of it (won, bounty).
  It is the one shape in which the API answers a result's seats.
- A **result** (``ResultOutput``) is one version of a game's result with its
  result seats in position order.

The class names are the OpenAPI component names (``schema.py``).
"""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Result, ResultSeat

from .fields import WinnerField

__all__ = ["ResultOutput", "ResultSeatOutput", "SeatOutput"]


class SeatOutput(serializers.Serializer):
    """Who sits at a position of a table."""

    position = serializers.IntegerField()
    participant = serializers.IntegerField(source="participant_id")
    name = serializers.CharField(source="participant.name")


class ResultSeatOutput(serializers.Serializer):
    position = serializers.IntegerField()
    participant = serializers.IntegerField(source="participant_id")
    role = serializers.SerializerMethodField()
    character = serializers.SerializerMethodField()
    lives = serializers.IntegerField(allow_null=True)
    eliminated_by = serializers.IntegerField(allow_null=True)
    final_duel = serializers.BooleanField()
    last_three = serializers.BooleanField()
    won = serializers.BooleanField()
    bounty = serializers.IntegerField(allow_null=True)

    def get_role(self, obj: ResultSeat) -> str | None:
        return obj.role or None

    def get_character(self, obj: ResultSeat) -> str | None:
        return obj.character or None


class ResultOutput(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    version = serializers.IntegerField()
    winner = WinnerField()
    signed = serializers.BooleanField()
    reason = serializers.CharField()
    recorded_at = serializers.DateTimeField()
    recorded_by = serializers.CharField(source="recorded_by.get_username")
    confirmed = serializers.SerializerMethodField()
    player_confirmations = serializers.SerializerMethodField(
        help_text="Positions whose players confirmed this version with their PIN."
    )
    counts = serializers.SerializerMethodField(
        help_text="Whether this version counts (for standings and the knockout)."
    )
    # ``ResultSeat`` is ordered by position: prefetched or not, the seats come in order.
    seats = ResultSeatOutput(many=True)

    def get_confirmed(self, obj: Result) -> bool:
        return obj.confirmed_by_id is not None

    def get_player_confirmations(self, obj: Result) -> list[int]:
        return obj.player_confirmations()

    def get_counts(self, obj: Result) -> bool:
        return obj.counts(double_check=obj.game.tournament.config.double_check)
