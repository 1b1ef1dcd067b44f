# The character deal uses the draw's lot algorithm (issue 20); every game
# records the algorithm of its deal. Games that existed were dealt with the
# deal's own earlier shuffle and keep it; new games use the current one.

import django.db.models

import tournaments.models.commitments
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_remove_referees_group"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="deal_algorithm",
            field=django.db.models.JSONField(
                default=tournaments.models.commitments.legacy_deal_algorithm,
                verbose_name="deal algorithm",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="deal_algorithm",
            field=django.db.models.JSONField(
                default=tournaments.models.commitments.current_deal_algorithm,
                verbose_name="deal algorithm",
            ),
        ),
    ]
