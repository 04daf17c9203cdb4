"""A roster holds a name once, however it is capitalised: "Anna" and "anna" are one name.

Each player gets the key its name is compared by (config.text.name_key); where a host's roster
already holds two players whose names differ only in case or spacing, every row is kept and the
later one is renamed ("anna (2)") so the unique constraint on (host, name key) can be added. A
host can merge the two afterwards if they are one person.
"""

import unicodedata

from django.db import migrations, models

MAX_NAME = 80  # config.limits.MAX_NAME when this was written


def name_key(name):
    """config.text.name_key as it was when this was written (a migration does not change)."""
    return unicodedata.normalize("NFC", " ".join(name.split()).casefold())


def unique_name(name, taken):
    """`name` with the first free " (n)" after it (cut to fit MAX_NAME) whose key is not taken."""
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if name_key(candidate) not in taken:
            return candidate
        n += 1


def fill_name_keys(apps, schema_editor):
    Player = apps.get_model("ledger", "Player")
    players = list(Player.objects.order_by("host_id", "created_at", "pk"))
    # Every name a host's roster holds now: a new name must not become the twin of a later one.
    taken = {}
    for player in players:
        taken.setdefault(player.host_id, set()).add(name_key(player.name))
    seen = {}
    for player in players:
        kept = seen.setdefault(player.host_id, set())
        key = name_key(player.name)
        if key in kept:  # the later twin: renamed, never dropped
            player.name = unique_name(player.name, taken[player.host_id])
            key = name_key(player.name)
            taken[player.host_id].add(key)
        kept.add(key)
        player.name_key = key
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0008_payment_codes"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=240),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_per_host",
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("host", "name_key"), name="player_name_key_unique_per_host"
            ),
        ),
    ]
