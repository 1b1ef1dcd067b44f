"""The site-wide group ``referees`` gives no right since roles are per tournament
(migration 0005): it goes. ``organisers`` stays (its members may create tournaments)."""

from django.db import migrations


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="referees").delete()


def add_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name="referees")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0014_seat_swaps")]

    operations = [migrations.RunPython(remove_group, add_group)]
