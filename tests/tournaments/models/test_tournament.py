"""The tournament model: its ruleset choices and its settings."""

from __future__ import annotations

from django.utils import translation

from scoring.rulesets import Role, Ruleset, Side
from tournaments.models import RulesetChoice, Tournament
from tournaments.preferences import TournamentConfig


def test_ruleset_choices_are_the_rulesets_values_and_labels():
    assert Tournament.RulesetChoice is RulesetChoice
    assert RulesetChoice.values == [r.value for r in Ruleset]
    assert [str(label) for _, label in RulesetChoice.choices] == [str(r.label) for r in Ruleset]
    assert Tournament.RulesetChoice.BANG == Ruleset.BANG == "bang"


def test_ruleset_display_is_translated():
    tournament = Tournament(name="T", ruleset=Ruleset.SHOWDOWN.value)
    with translation.override("de"):
        assert tournament.get_ruleset_display() == str(Ruleset.SHOWDOWN.label)


def test_config_is_the_typed_effective_settings():
    tournament = Tournament(name="T", settings={"max_participants": 40, "double_check": True})
    config = tournament.config
    assert isinstance(config, TournamentConfig)
    assert config.max_participants == 40
    assert config.double_check is True
    assert config.tougher_sheriff is False
    assert config.knockout_field_size is None
    # The German keys of rules.md §4 name cells of the format's points table (§14).
    assert config.format.points[5][Side.LAW][Role.SHERIFF] == config.bounty_sheriff_5 == 2500
    assert tournament.settings == {"max_participants": 40, "double_check": True}
