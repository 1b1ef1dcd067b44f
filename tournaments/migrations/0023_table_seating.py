"""A table's seating: a counter a result names, the time it was made, the seatings replaced.

Tables seated before this migration: a group table's seating time is its
group draw's; a knockout table's is left empty (not known).
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


def group_draw_times(apps, schema_editor):
    Table = apps.get_model("tournaments", "Table")
    GroupDraw = apps.get_model("tournaments", "GroupDraw")
    for draw in GroupDraw.objects.all():
        Table.objects.filter(tournament_id=draw.tournament_id, stage="group").update(
            seated_at=draw.drawn_at
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_season_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="seating",
            field=models.PositiveIntegerField(default=0, verbose_name="seating number"),
        ),
        # Added empty, then given its default for new tables: existing rows must not
        # all get the migration's time.
        migrations.AddField(
            model_name="table",
            name="seated_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="seated"),
        ),
        migrations.AlterField(
            model_name="table",
            name="seated_at",
            field=models.DateTimeField(
                blank=True, default=django.utils.timezone.now, null=True, verbose_name="seated"
            ),
        ),
        migrations.RunPython(group_draw_times, migrations.RunPython.noop),
        migrations.CreateModel(
            name="EarlierSeating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField(verbose_name="seating number")),
                ("seated_at", models.DateTimeField(blank=True, null=True, verbose_name="seated")),
                ("participants", models.JSONField(default=list, verbose_name="participants")),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="earlier_seatings",
                        to="tournaments.table",
                        verbose_name="table",
                    ),
                ),
            ],
            options={
                "verbose_name": "earlier seating",
                "verbose_name_plural": "earlier seatings",
                "ordering": ["table", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("table", "number"), name="unique_earlier_seating"
                    )
                ],
            },
        ),
    ]
