"""The two roles of the software are Django groups: organisers and referees."""

from django.db import migrations


def add_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ("organisers", "referees"):
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_base_characters"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(add_groups, migrations.RunPython.noop)]
