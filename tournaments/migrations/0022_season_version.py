from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0021_rate_counts"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="version",
            field=models.PositiveIntegerField(default=0, editable=False, verbose_name="version"),
        ),
    ]
