"""The 16 characters of the BANG! base game, from fixtures/characters.json.

The fixture is read as plain JSON (not ``loaddata``) so that this migration
keeps working when the model changes later.
"""

import json
from pathlib import Path

from django.db import migrations

FIXTURE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "characters.json"


def base_characters():
    return [row["fields"] for row in json.loads(FIXTURE.read_text(encoding="utf-8"))]


def add_characters(apps, schema_editor):
    Character = apps.get_model("tournaments", "Character")
    for fields in base_characters():
        Character.objects.update_or_create(
            tournament=None, name=fields["name"], defaults={"life_points": fields["life_points"]}
        )


def remove_characters(apps, schema_editor):
    Character = apps.get_model("tournaments", "Character")
    names = [fields["name"] for fields in base_characters()]
    Character.objects.filter(tournament=None, name__in=names).delete()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [migrations.RunPython(add_characters, remove_characters)]
