"""The tournament's dealer side: saved structures and the clock bound to a ledger Tournament.

The clock's truth is `ClockState` from `dealer.engine.clock`, stored as instants (the step and
when it ends, or the time left while paused): every reading works it out from `now`, so nothing
drifts and a restart changes nothing. `version` is bumped on every change; the TV display and
the phone remote poll it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config import limits, revision
from config.bounds import length_at_most
from dealer.engine.clock import ClockState, ClockView, level_for_hand, read
from dealer.engine.structure import (
    Level,
    TournamentStructure,
    structure_from_dict,
    structure_to_dict,
)
from dealer.gamelog import polls
from ledger.models import Entry, Finish, Session, Tournament


def _token() -> str:
    import secrets

    return secrets.token_urlsafe(18)


class SavedStructure(models.Model):
    """A host's saved structure (a template): chips, starting stack and steps, as JSON."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_structures"
    )
    name = models.CharField(_("name"), max_length=80)
    data = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["host", "name"], name="one_structure_name_per_host"),
            length_at_most("name", limits.MAX_NAME, "structure_name_length"),
        ]

    def __str__(self) -> str:
        return self.name

    def structure(self) -> TournamentStructure:
        return structure_from_dict(self.data)


class TournamentClock(models.Model):
    """The clock of one tournament: its structure (a copy, so editing a template later changes
    nothing here), the clock state as instants, the TV display's token and the tables."""

    tournament = models.OneToOneField(
        "ledger.Tournament", on_delete=models.CASCADE, related_name="clock"
    )
    data = models.JSONField(_("structure"), default=dict)
    template = models.ForeignKey(
        SavedStructure, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    step = models.PositiveSmallIntegerField(default=0)
    # Running: when the step ends. Paused: the time left in it (null: all of it).
    ends_at = models.DateTimeField(null=True, blank=True)
    remaining = models.DurationField(null=True, blank=True)
    started = models.BooleanField(default=False)
    display_token = models.CharField(max_length=40, unique=True, default=_token)
    # [{"name": "Table 1", "max_seats": 9, "big_blind": 4 or null, "seats": {"3": player pk}}]
    tables = models.JSONField(default=list, blank=True)
    version = models.PositiveBigIntegerField(default=1)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(remaining__isnull=True),
                name="clock_running_or_paused",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(tournament)s: clock") % {"tournament": self.tournament}

    @cached_property
    def structure(self) -> TournamentStructure:
        return structure_from_dict(self.data)

    def set_structure(self, structure: TournamentStructure) -> None:
        self.data = structure_to_dict(structure)
        self.__dict__.pop("structure", None)
        if self.step >= len(structure.steps):
            # The step being played is gone: go to the new last step, with all its time.
            self.step = max(0, len(structure.steps) - 1)
            self.remaining = None
            if self.ends_at is not None:
                self.ends_at = timezone.now() + timedelta(seconds=structure.steps[-1].seconds)

    @property
    def state(self) -> ClockState:
        return ClockState(
            step=self.step, ends_at=self.ends_at, remaining=self.remaining, started=self.started
        )

    def set_state(self, state: ClockState) -> None:
        self.step = state.step
        self.ends_at = state.ends_at
        self.remaining = state.remaining
        self.started = state.started

    def read(self, now: datetime | None = None) -> ClockView:
        """The clock now (or at `now`)."""
        return read(self.state, self.structure, now or timezone.now())

    def level_for_hand(self, now: datetime | None = None) -> Level:
        """The blinds and antes for a hand starting now (during a break: the level after it)."""
        return level_for_hand(self.state, self.structure, now or timezone.now())

    def level_number(self, now: datetime | None = None) -> int:
        """The level being played, from 1 (0 before the start): what the ledger records with
        entries (late registration, rebuy and add-on windows)."""
        return self.read(now).level_number if self.started else 0

    def new_link(self) -> None:
        """A new TV display token (the old link stops working) and a new version, so open
        pages redraw with the new link."""
        polls.forget("clock", self.display_token)
        self.display_token = _token()
        self.version += 1
        TournamentClock.objects.filter(pk=self.pk).update(
            display_token=self.display_token, version=models.F("version") + 1
        )

    def table_session(self) -> Any:
        """The session a table of this tournament belongs to: the tournament's night, whose
        settlement its results join. A tournament on its own is given one now (attached, so
        its tables and its results share one night and no empty session is left over). Call
        inside a transaction: the tournament's row is locked first, so two tables opened at
        once share the session."""

        tournament = Tournament.objects.select_for_update().get(pk=self.tournament_id)
        if tournament.session is not None:
            return tournament.session
        session = Session.objects.create(
            host=tournament.host, name=tournament.name, currency=tournament.currency
        )
        tournament.attach(session)
        # The tournament's pages show its session: an open one is now out of date.
        Tournament.objects.filter(pk=tournament.pk).update(version=models.F("version") + 1)
        self.tournament = tournament
        return session

    @classmethod
    @transaction.atomic
    def use_structure(cls, tournament: Tournament, structure: TournamentStructure) -> None:
        """`tournament`'s clock plays `structure` from now on (a new clock when it has none);
        a new version, so open remotes and displays redraw."""
        clock, _created = cls.objects.select_for_update().get_or_create(tournament=tournament)
        clock.set_structure(structure)
        clock.version += 1
        clock.save()

    def claim(self, version: int) -> None:
        """Take the next version if `version` is still current; Stale if another device
        changed the clock first (nothing is applied)."""
        self.version = revision.claim(TournamentClock, self.pk, version)
        polls.forget("clock", self.display_token)

    @transaction.atomic
    def play(self, state: ClockState, *, version: int) -> None:
        """A press on the remote: the clock's new `state` (from `version`, the one the phone
        saw; Stale if another device pressed first)."""
        # The version is bumped on every change: if it is still the one read, so is the state.
        self.claim(version)
        self.set_state(state)
        self.save(update_fields=["step", "ends_at", "remaining", "started", "version"])

    def poll_key(self, now: datetime | None = None, extra: Any = "") -> str:
        """What a display compares to know whether to redraw: the version, the step being
        played (steps follow by themselves) and `extra` (the ledger's counts)."""
        return f"{self.version}.{self.read(now).step}{extra}"


def minutes_text(delta: timedelta | None) -> str:
    """12:05 (minutes:seconds), or 1:02:05 past an hour; "" for None."""
    if delta is None:
        return ""
    seconds = max(0, int(delta.total_seconds() + 0.999))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"


def clock_row(token: str) -> Any:
    """The clock of a TV link with the ledger's side of its poll key (TournamentClock with
    ledger_e, ledger_em, ledger_f, ledger_fm), or None. One query on the unique token: four
    index ranges on the entries' and bust-outs' tournament key."""

    def query() -> Any:
        clock, entry, finish = (m._meta.db_table for m in (TournamentClock, Entry, Finish))
        # Hand-written SQL on purpose (see dealer.poker.display.table_row); only what the poll
        # key needs is read.
        sql = (
            f"SELECT c.id, c.tournament_id, c.data, c.step, c.ends_at, c.remaining, c.started,"
            f" c.display_token, c.version,"
            f" (SELECT COUNT(*) FROM {entry} WHERE tournament_id = c.tournament_id) AS ledger_e,"
            f" (SELECT MAX(id) FROM {entry} WHERE tournament_id = c.tournament_id) AS ledger_em,"
            f" (SELECT COUNT(*) FROM {finish} WHERE tournament_id = c.tournament_id) AS ledger_f,"
            f" (SELECT MAX(id) FROM {finish} WHERE tournament_id = c.tournament_id) AS ledger_fm"
            f" FROM {clock} c WHERE c.display_token = %s"
        )
        return next(iter(TournamentClock.objects.raw(sql, [token])), None)

    return polls.row("clock", token, query)
