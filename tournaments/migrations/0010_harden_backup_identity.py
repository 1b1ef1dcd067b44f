"""Each tournament gets an identity (``uid``) that backups carry; unique, so an import is one copy."""

import uuid

from django.db import migrations, models


def give_identities(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.filter(uid__isnull=True).only("pk"):
        tournament.uid = uuid.uuid4()
        tournament.save(update_fields=["uid"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_harden_throttles")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identity"),
        ),
        migrations.RunPython(give_identities, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identity"
            ),
        ),
    ]
