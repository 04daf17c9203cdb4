"""Poker-Deluxe games get a TV and phone link (as the dice games have): a token per game,
unguessable and unique. Existing games get one each before the column becomes unique."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

import config.network


def fill_tokens(apps: Any, schema_editor: Any) -> None:
    DeluxeGame = apps.get_model("dealer", "DeluxeGame")
    for game in DeluxeGame.objects.only("pk"):
        game.display_token = config.network.new_token()
        game.save(update_fields=["display_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("dealer", "0016_game_choices_from_the_catalogue"),
    ]

    operations = [
        migrations.AddField(
            model_name="deluxegame",
            name="display_token",
            field=models.CharField(max_length=40, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="deluxegame",
            name="display_token",
            field=models.CharField(default=config.network.new_token, max_length=40, unique=True),
        ),
    ]
