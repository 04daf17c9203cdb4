"""Forms of the live table: every input is parsed and checked here before the models see it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from config import limits
from config.chips import DEFAULT, box, values_for_stakes
from config.forms import ChipValuesField, NameField, chips_field, hidden_number, revision_field
from config.revision import VersionForm
from config.text import isolate
from dealer.engine import ButtonStraddleOrder, Card, HeadsUpCap, StraddleRaise, games, parse_card
from dealer.poker.models import Seat, Table, TableEvent
from ledger import settlement
from ledger.forms import currency_choices
from ledger.models import Player, Session

# The New table form's stakes: blinds 1/2 with the default box of 1, 5, 25 and 100, a chip
# worth one unit of money (as the New session form's "a buy-in of 200 gives 200 chips").
DEFAULT_BLINDS = (1, 2)
DEFAULT_CHIP_VALUES = DEFAULT.values
# The settings of a table the host may change between hands (`TableForm` with an instance),
# logged in the table's history when they change.
EDITABLE_OPTIONS = (
    "dead_button",
    "straddle_raise",
    "button_straddle_order",
    "limit_raises",
    "heads_up_cap",
    "blind_before_ante",
    "royal_over_five",
    "misdeal_until_flop",
    "run_it_twice",
    "bring_in_high",
    "bring_in_tie",
    "first_actor_tie",
    "open_pair",
    "post_dead_small_to_enter",
    "pot_rounding",
)


# The house options' defaults, for a table whose options do not name them.
OPTION_DEFAULTS: dict[str, Any] = {
    "dead_button": True,
    "straddle_raise": StraddleRaise.STRADDLE.value,
    "button_straddle_order": ButtonStraddleOrder.SMALL_BLIND.value,
    "limit_raises": 3,
    "heads_up_cap": HeadsUpCap.UNCAPPED_WHEN_HEADS_UP.value,
    "blind_before_ante": True,
    "bring_in_tie": None,
    "first_actor_tie": "by_position",
    "open_pair": "off",
    "pot_rounding": "exact",
}


def table_options(table: Table) -> dict[str, Any]:
    """The table's house options the form edits, the defaults filled in."""
    return {
        name: table.options.get(name, OPTION_DEFAULTS.get(name, False)) for name in EDITABLE_OPTIONS
    }


class TableForm(forms.ModelForm):
    """A new table: the game, the stakes, the seats, the chips and the house options. With an
    `instance`, the same form edits a table between hands: its session and tournament stay
    (those fields are left out) and the page's `version` must be the table's."""

    name = NameField(label=_("Name"))

    session = forms.ModelChoiceField(
        queryset=Session.objects.none(),
        required=False,
        label=_("Session"),
        empty_label=_("Start a new session tonight"),
    )
    clock = forms.ModelChoiceField(
        queryset=Table._meta.get_field("clock").related_model.objects.none(),
        required=False,
        label=_("Tournament"),
        empty_label=_("None: a cash game"),
        help_text=_(
            "A tournament table takes its blinds and antes from the tournament clock's level"
            " when each hand starts."
        ),
    )
    currency = forms.ChoiceField(choices=currency_choices, initial="SEK", label=_("Currency"))
    chip_value = forms.DecimalField(
        min_value=Decimal("0.01"),
        max_value=limits.MAX_MONEY_MAJOR,
        max_digits=10,
        decimal_places=2,
        initial=100,
        label=_("Money per 100 chips"),
        help_text=_(
            "For a new session: what 100 chips cost, e.g. 100 for one a chip, 50 for 0.50 a chip."
        ),
    )
    chip_values = ChipValuesField(
        label=_("Chip values"),
        initial=", ".join(str(v) for v in DEFAULT_CHIP_VALUES),
        help_text=_(
            "The denominations in the box, smallest first, separated by commas. Left as they"
            " are, they follow the blinds (5/10: 5, 25, 100, 500)."
        ),
    )
    dead_button = forms.BooleanField(
        required=False, initial=True, label=_("Dead button (off: moving button)")
    )
    straddle_raise = forms.ChoiceField(
        choices=[
            (StraddleRaise.STRADDLE.value, _("A straddle is a new big blind: raise to twice it")),
            (StraddleRaise.BIG_BLIND.value, _("Raise by one big blind over a straddle")),
        ],
        label=_("Minimum raise over a straddle"),
    )
    button_straddle_order = forms.ChoiceField(
        choices=[
            (ButtonStraddleOrder.SMALL_BLIND.value, _("Small blind acts first, straddler last")),
            (ButtonStraddleOrder.UNDER_THE_GUN.value, _("Under the gun acts first")),
        ],
        label=_("Button straddle"),
    )
    limit_raises = forms.TypedChoiceField(
        choices=[(3, _("Bet and 3 raises")), (4, _("Bet and 4 raises"))],
        coerce=int,
        label=_("Fixed-limit raise cap"),
    )
    heads_up_cap = forms.ChoiceField(
        choices=[
            (HeadsUpCap.UNCAPPED_WHEN_HEADS_UP.value, _("No cap once two players are left")),
            (HeadsUpCap.UNCAPPED_IF_BEGAN_HEADS_UP.value, _("No cap if the round began heads-up")),
            (HeadsUpCap.ALWAYS_CAPPED.value, _("Always capped")),
        ],
        label=_("Raise cap heads-up"),
    )
    blind_before_ante = forms.BooleanField(
        required=False, initial=True, label=_("A short big blind pays the blind before the ante")
    )
    royal_over_five = forms.BooleanField(
        required=False, label=_("With the joker: a royal flush beats five of a kind")
    )
    bring_in_high = forms.BooleanField(
        required=False, label=_("Stud: the highest up card brings in (the old rule)")
    )
    bring_in_tie = forms.ChoiceField(
        required=False,
        choices=[
            ("", _("By the game: five-card stud by seat, seven-card stud by suit")),
            ("by_position", _("The first left of the button")),
            ("by_suit", _("By suit: clubs, diamonds, hearts, spades")),
        ],
        label=_("Stud: equal up cards for the bring-in"),
    )
    first_actor_tie = forms.ChoiceField(
        required=False,
        choices=[
            ("by_position", _("The first left of the button")),
            ("by_suit", _("By suit: clubs, diamonds, hearts, spades")),
        ],
        label=_("Stud: equal boards, who speaks first"),
    )
    open_pair = forms.ChoiceField(
        required=False,
        choices=[
            ("off", _("Off: the small bet")),
            ("first_speaker", _("The first to speak may open for the big bet with an open pair")),
            ("anyone", _("Anyone opening may bet the big bet while an open pair shows")),
            (
                "cash_game",
                _(
                    "As in a cash game: small or big, and after a small bet raises of either"
                    " until a big raise"
                ),
            ),
        ],
        label=_("Stud: an open pair in the second round"),
    )
    misdeal_until_flop = forms.BooleanField(
        required=False,
        label=_("A misdeal may be called until the flop (else only before the first action)"),
    )
    run_it_twice = forms.BooleanField(
        required=False,
        label=_("Run it twice when the all-in players agree (hold'em and Omaha)"),
    )
    post_dead_small_to_enter = forms.BooleanField(
        required=False,
        label=_(
            "A new player between the button and the small blind may post the big blind and a"
            " dead small blind to play at once"
        ),
        help_text=_("Off: they wait until the button passes. Needs the dead button."),
    )
    pot_rounding = forms.ChoiceField(
        choices=[
            ("exact", _("The exact pot")),
            ("smallest_chip", _("Rounded up to the next smallest chip")),
            ("small_blind", _("Rounded up to the next small blind")),
        ],
        initial="exact",
        required=False,
        label=_("Pot-limit: the largest raise"),
        help_text=_(
            "Some rooms round a pot-sized raise up, so that it is made with the chips on the"
            " table (stud: the small bet stands for the small blind)."
        ),
    )

    class Meta:
        model = Table
        fields = [
            "name",
            "game",
            "small_blind",
            "big_blind",
            "ante",
            "ante_mode",
            "straddles_allowed",
            "small_bet",
            "big_bet",
            "draw_mode",
            "max_bet",
            "max_bet_late",
            "round_cap",
            "open_min",
            "at_least_largest",
            "joker",
            "bring_in",
            "stud_betting",
            "fixed_buy_in",
            "min_buy_in",
            "max_buy_in",
            "max_seats",
        ]
        help_texts = {
            "small_blind": _(
                "Five-card draw: the minimum (the ante; the straddle is twice it). 32/33-card"
                " poker: the agreed bet."
            ),
            "max_bet": _("Draw games: the largest bet or raise."),
            "max_bet_late": _("Five-card draw: a higher max after the draw (0: the same)."),
            "round_cap": _("The most one player may put in during one betting round (0: no cap)."),
            "open_min": _(
                "Jackpots: the smallest opening bet; a suitable amount is half to all of the"
                " antes' sum."
            ),
            "joker": _("Five-card draw: 53 cards; 32/33-card poker: 33 cards."),
            "small_bet": _("Stud: X, the bet in the first two rounds (and the opening)."),
            "big_bet": _("Stud: Y, the bet in the last rounds; normally twice X."),
            "bring_in": _("Stud: what the lowest up card posts; normally X."),
            "fixed_buy_in": _(
                "Chips every player buys in for when sitting down (0: any amount). Rebuys are free."
            ),
            "min_buy_in": _(
                "Cash games: the fewest chips to sit down with, or to rebuy with after going"
                " broke (0: no minimum)."
            ),
            "max_buy_in": _(
                "Cash games: the most chips to sit down with; a top-up (between hands) goes up"
                " to it (0: no maximum)."
            ),
        }

    def __init__(self, *args: Any, host: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host = host
        self.editing = self.instance.pk is not None
        self.fields["session"].queryset = Session.objects.filter(
            host=host, state=Session.State.OPEN
        )
        self.fields["max_seats"].widget = forms.NumberInput(attrs={"min": 2, "max": 10})
        self.fields["small_blind"].label = _("Small blind (draw games: the minimum)")
        self.fields["ante"].label = _("Ante (chips)")
        self.fields["ante_mode"].label = _("Who pays the ante")
        # The draw games' fields: optional (0 means none), so a hold'em table never sees them.
        for name in (
            "max_bet",
            "max_bet_late",
            "round_cap",
            "open_min",
            "draw_mode",
            "bring_in",
            "fixed_buy_in",
            "min_buy_in",
            "max_buy_in",
            "stud_betting",
        ):
            self.fields[name].required = False
        # Stud has no blinds (the small and big bet stand in) and antes from everyone.
        for name in ("small_blind", "big_blind", "ante_mode"):
            self.fields[name].required = False
        clocks = self.fields["clock"].queryset.model.objects.filter(tournament__host=host)
        self.fields["clock"].queryset = clocks.select_related("tournament")
        for field in self.fields.values():
            if isinstance(field, forms.BooleanField):
                # A big box inside its label (in dealer/templates/: the form renderer
                # reads app templates).
                field.template_name = "dealer/_check_field.html"
        if self.editing:
            # What the edit changes, as it is before the form touches the instance.
            self.before = table_settings(self.instance)
            self._edit_fields()
        else:
            self.fields["small_blind"].initial, self.fields["big_blind"].initial = DEFAULT_BLINDS

    def _edit_fields(self) -> None:
        """Editing: the session, tournament and money stay; the form starts from the table."""
        for name in ("session", "clock", "currency", "chip_value"):
            del self.fields[name]
        self.fields["version"] = revision_field()
        table = self.instance
        self.initial["version"] = table.version
        self.initial["chip_values"] = ", ".join(str(int(c["value"])) for c in table.chips)
        for name, value in table_options(table).items():
            self.initial[name] = "" if value is None else value

    def game_specs(self) -> dict[str, dict[str, Any]]:
        """What the form's script needs of each game of the catalogue: the fields it uses and
        its betting structure (the page's one "table-games" JSON block)."""
        return {
            spec.game.value: {"fields": list(spec.fields), "betting": spec.betting.value}
            for spec in games.GAMES.values()
        }

    def clean_max_seats(self) -> int:
        seats = self.cleaned_data["max_seats"]
        if not 2 <= seats <= 10:
            raise ValidationError(_("A table has 2 to 10 seats."))
        return seats

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.editing:  # the table's own session and tournament
            data["session"], data["clock"] = self.instance.session, self.instance.clock
        self._clean_game(data)
        small, big = data.get("small_blind"), data.get("big_blind")
        if small is not None and big is not None:
            if small <= 0:
                self.add_error("small_blind", _("The small blind must be at least 1."))
            elif big < small:
                self.add_error("big_blind", _("The big blind cannot be smaller than the small."))
        value, code, clock = data.get("chip_value"), data.get("currency"), data.get("clock")
        new_session = not data.get("session") and not (clock and clock.tournament.session_id)
        if value is not None and code and new_session:
            exponent = settlement.currency(code).exponent
            if value != value.quantize(Decimal(1).scaleb(-exponent)):
                self.add_error(
                    "chip_value",
                    _("%(code)s has %(n)s decimals: round the money per 100 chips.")
                    % {"code": code, "n": exponent},
                )
        chips = self._derived_chips(data)
        if chips and small and small % chips[0]:
            self.add_error(
                "small_blind",
                _("The small blind must be made with the chips: a multiple of %(chip)s.")
                % {"chip": chips[0]},
            )
        return data

    def _derived_chips(self, data: dict[str, Any]) -> tuple[int, ...] | None:
        """The chip values, derived from the stakes when the host left them alone: a new
        table's default box follows the blinds; an edited table keeps its chips unless they
        cannot make the new stakes."""
        chips = data.get("chip_values")
        if not chips or self.errors:
            return chips
        stakes = stake_amounts(data)
        if self.editing:
            current = tuple(int(c["value"]) for c in self.instance.chips)
            untouched = chips == current
            unit = current[0] if current else 1
            if untouched and any(s % unit for s in stakes if s):
                chips = values_for_stakes(*stakes)
        elif chips == DEFAULT_CHIP_VALUES:
            chips = values_for_stakes(*stakes)
        data["chip_values"] = chips
        return chips

    def _clean_game(self, data: dict[str, Any]) -> None:
        """The stakes the game's forced bets need, and the players it is played by (its spec in
        the catalogue, dealer.engine.games.GAMES)."""
        for name in (
            "max_bet",
            "max_bet_late",
            "round_cap",
            "open_min",
            "bring_in",
            "fixed_buy_in",
            "min_buy_in",
            "max_buy_in",
        ):
            data[name] = data.get(name) or 0
        self._clean_buy_in(data)
        data["draw_mode"] = data.get("draw_mode") or Table.DrawMode.STRADDLE
        if not data.get("game"):
            return  # not a game of the catalogue: the field says so
        spec = games.GAMES[games.Game(data["game"])]
        if data.get("clock") and not spec.tournament:
            self.add_error("clock", _("Tournament tables play hold'em or Omaha."))
        if not spec.uses("joker"):
            data["joker"] = False  # the joker belongs to the draw games' decks
        clean_stakes = {
            games.ForcedBets.BLINDS: self._clean_blinds,
            games.ForcedBets.ANTE_AND_STRADDLE: self._clean_draw,
            games.ForcedBets.AGREED_BET: self._clean_draw,
            games.ForcedBets.ANTE_AND_BRING_IN: self._clean_stud,
        }[spec.forced_bets]
        if clean_stakes(data, spec):
            self._clean_players(data, spec)

    def _clean_players(self, data: dict[str, Any], spec: games.GameSpec) -> None:
        """No more seats than the game deals to."""
        fewest, most = games.players(spec.game, games.DrawMode(data["draw_mode"]))
        seats = data.get("max_seats")
        if seats is not None and seats > most:
            self.add_error(
                "max_seats",
                _("%(game)s is played by %(fewest)s to %(most)s players: at most %(most)s seats.")
                % {"game": Table.Game(spec.game).label, "fewest": fewest, "most": most},
            )

    def _clean_blinds(self, data: dict[str, Any], spec: games.GameSpec) -> bool:
        """A small and a big blind, and who pays the ante."""
        if data.get("small_blind") is None:
            self.add_error("small_blind", _("Enter the small blind."))
        if data.get("big_blind") is None:
            self.add_error("big_blind", _("Enter the big blind."))
        data["ante_mode"] = data.get("ante_mode") or Table.AnteMode.NONE
        return True

    def _clean_draw(self, data: dict[str, Any], spec: games.GameSpec) -> bool:
        """The draw games' limits: the minimum (seed 000) or the agreed bet (seed 003), the max,
        the cap per round and seed 000's jackpot opening. False when the minimum is missing."""
        small = data.get("small_blind")
        if small is None:
            self.add_error("small_blind", _("Enter the small blind."))
        if data.get("big_blind") is None:
            data["big_blind"] = small or 0  # set below from the minimum
        data["ante_mode"] = data.get("ante_mode") or Table.AnteMode.NONE
        if not small:
            return False
        data["big_blind"] = draw_big_blind(spec, small)
        data["ante"], data["ante_mode"] = 0, Table.AnteMode.NONE
        most = data.get("max_bet") or 0
        if most < small:
            self.add_error(
                "max_bet",
                _("The max must be at least the minimum (%(min)s).") % {"min": small},
            )
        late = data.get("max_bet_late") or 0
        if late and late < most:
            self.add_error("max_bet_late", _("The max after the draw cannot be below the max."))
        cap = data.get("round_cap") or 0
        if cap and cap < max(most, 2 * data["big_blind"]):
            self.add_error(
                "round_cap",
                _("A cap per round must allow at least an opening and one max bet (%(n)s).")
                % {"n": max(most, 2 * data["big_blind"])},
            )
        jackpots = spec.jackpots and data["draw_mode"] in (
            Table.DrawMode.JACKPOTS,
            Table.DrawMode.SPECIAL_JACKPOTS,
        )
        opening = data.get("open_min") or 0
        if jackpots and not small <= opening <= max(most, small):
            self.add_error(
                "open_min",
                _("Jackpots: the smallest opening is from the minimum (%(min)s) to the max.")
                % {"min": small},
            )
        return True

    def _clean_buy_in(self, data: dict[str, Any]) -> None:
        """The buy-in range: minimum up to maximum, for a cash game, not beside a fixed
        buy-in; and posting both blinds to enter needs the dead button."""
        low, high = data["min_buy_in"], data["max_buy_in"]
        if high and low > high:
            self.add_error(
                "max_buy_in",
                _("The maximum buy-in cannot be below the minimum (%(min)s).") % {"min": low},
            )
        elif (low or high) and data["fixed_buy_in"]:
            self.add_error(
                "fixed_buy_in",
                _("Set either what everyone buys in for or a buy-in range, not both."),
            )
        elif (low or high) and data.get("clock"):
            self.add_error(
                "max_buy_in",
                _("A tournament table has no buy-in range: the tournament sets the stacks."),
            )
        if data.get("post_dead_small_to_enter") and not data.get("dead_button"):
            self.add_error(
                "post_dead_small_to_enter",
                _(
                    "Posting a dead small blind to enter needs the dead button (with a moving"
                    " button the blinds would pay twice)."
                ),
            )
        data["pot_rounding"] = data.get("pot_rounding") or "exact"

    def _clean_stud(self, data: dict[str, Any], spec: games.GameSpec) -> bool:
        """Seed 004's straight limit: X and Y, the bring-in (normally X), an optional ante.
        False when X or Y is wrong."""
        small, big = data.get("small_bet") or 0, data.get("big_bet") or 0
        if small < 1:
            self.add_error("small_bet", _("Stud needs the small bet X (at least 1)."))
            return False
        big = big or 2 * small
        if big < small:
            self.add_error("big_bet", _("The big bet Y cannot be smaller than the small bet X."))
            return False
        data["small_bet"], data["big_bet"] = small, big
        data["stud_betting"] = data.get("stud_betting") or Table.StudBetting.LIMIT
        data["small_blind"], data["big_blind"] = small, big  # (no blinds: the table's stakes)
        bring_in = data["bring_in"] or small
        if bring_in > small:
            self.add_error(
                "bring_in", _("The bring-in is at most the small bet X (%(x)s).") % {"x": small}
            )
        data["bring_in"] = bring_in
        data["ante_mode"] = Table.AnteMode.EACH if data.get("ante") else Table.AnteMode.NONE
        data["straddles_allowed"] = False
        return True

    def save(self, commit: bool = True) -> Table:  # noqa: FBT001, FBT002 - Django's signature
        table = super().save(commit=False)
        data = self.cleaned_data
        if not self.editing:
            table.host = self.host
            table.clock = data["clock"]
            if table.clock is not None:  # the tournament's night (no empty cash session)
                table.session = data["session"] or table.clock.table_session()
            else:
                table.session = data["session"] or self._new_session(data)
            # A table joins a night that is still being played (checked under the session's
            # lock: a settle a moment before refuses it).
            table.session.hold(Session.State.OPEN)
        # The default box's colours and counts for the values typed; an edited table keeps the
        # chips it had of a value it keeps.
        kept = {int(c["value"]): c for c in table.chips} if self.editing else {}
        table.chips = [
            dict(kept[chip.value]) if chip.value in kept else chip.data()
            for chip in box(data["chip_values"])
        ]
        table.options = {
            **(table.options if self.editing else {}),
            **{name: data[name] for name in EDITABLE_OPTIONS},
            "bring_in_tie": data["bring_in_tie"] or None,
            "first_actor_tie": data["first_actor_tie"] or "by_position",
            "open_pair": data["open_pair"] or "off",
        }
        if table.spec.forced_bets in DRAW_BLINDS:
            table.big_blind = draw_big_blind(table.spec, table.small_blind)
        if commit:
            table.save()
        return table

    def create(self) -> Table:
        """The new table (and a cash game's new session) in one transaction: a session settled
        a moment before refuses it (ValidationError) and nothing is created."""
        with transaction.atomic():
            return self.save()

    def save_edit(self, *, by: Any) -> None:
        """Save an edited table's settings between hands, in one transaction with the claim of
        the version its page showed, and log what changed in the table's history. Raises Stale
        or ValidationError, and then nothing is saved."""
        table = self.instance
        with transaction.atomic():
            table.claim_for_play(self.cleaned_data["version"])
            table.check_between_hands()
            self._check_edit()
            self.save()
            after = table_settings(table)
            changes = [
                [name, self.before.get(name), value]
                for name, value in after.items()
                if self.before.get(name) != value
            ]
            if changes:
                TableEvent.log(table, TableEvent.Kind.EDITED, by, changes=changes)

    def _check_edit(self) -> None:
        """Refuse (ValidationError) settings the table's seats or carried pot cannot take."""
        table = self.instance
        taken = [n for n in table.seats.values_list("number", flat=True) if n > table.max_seats]
        if taken:
            raise ValidationError(
                _("Seat %(seat)s is taken: move that player before the table has fewer seats.")
                % {"seat": max(taken)}
            )
        if table.game != self.before["game"] and table.carried_pot():
            raise ValidationError(
                _("A pot is carried to the next deal: play it out before changing the game.")
            )

    def _new_session(self, data: dict[str, Any]) -> Session:
        # Money per 100 chips in major units → an exact rate in minor units per chip.
        minor_per_major = settlement.currency(data["currency"]).minor_per_major
        minor = int(data["chip_value"] * minor_per_major)  # exact: clean() checked decimals
        return Session.objects.create(
            host=self.host,
            name=data["name"],
            currency=data["currency"],
            rate_minor=minor,
            rate_chips=100,
        )


# The New table form's stakes, the amounts the chips must make.
STAKES = ("small_blind", "big_blind", "small_bet", "big_bet", "bring_in", "ante")
# The draw games' big blind follows from the minimum (seed 000's straddle, seed 003's agreed bet).
DRAW_BLINDS = {games.ForcedBets.ANTE_AND_STRADDLE: 2, games.ForcedBets.AGREED_BET: 1}


def draw_big_blind(spec: games.GameSpec, small: int) -> int:
    """Seed 000: "nästa spelare medsols sätter två gånger minimibeloppet"; seed 003 has no
    blinds (the agreed bet is both amounts)."""
    return DRAW_BLINDS[spec.forced_bets] * small


def stake_amounts(data: dict[str, Any]) -> list[int]:
    """The amounts a table's chips must make: the stakes its game uses (an ante only when
    somebody pays it). `static/js/table_form.js` does the same as the host types."""
    game = data.get("game")
    if not game:
        return []
    spec = games.GAMES[games.Game(game)]
    used = [name for name in STAKES if spec.uses(name)]
    if spec.uses("ante_mode") and data.get("ante_mode") in (None, "", Table.AnteMode.NONE):
        used.remove("ante")
    return [data.get(name) or 0 for name in used]


class CloseTableForm(VersionForm):
    """Closing a table cashes everyone out: the host ticks that they mean it."""

    confirm = forms.BooleanField(
        label=_("Yes, close it: everyone leaves with their chips"),
        error_messages={
            "required": _("Tick “Yes, close it” to close the table: nothing was changed.")
        },
    )


class SeatPlayerForm(VersionForm):
    """Seat a player from the roster or a new one, with their buy-in."""

    seat = forms.TypedChoiceField(coerce=int, label=_("Seat"))
    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=_("Player from your roster"),
        empty_label=_("Choose a player"),
        error_messages={
            "invalid_choice": _(
                "That player already sits at a table (leave it first) or is not on your roster."
            )
        },
    )
    new_player = NameField(required=False, label=_("or a new player"))
    chips = chips_field(_("Buy-in (chips)"))
    method = forms.ChoiceField(
        choices=[("cash", _("paid in cash")), ("credit", _("on credit"))], label=_("Payment")
    )
    post_now = forms.BooleanField(
        required=False, label=_("Post a big blind and play now (else wait for the big blind)")
    )

    def __init__(self, *args: Any, table: Table, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        taken = set(table.seats.values_list("number", flat=True))
        self.fields["seat"].choices = [
            (n, str(n)) for n in range(1, table.max_seats + 1) if n not in taken
        ]
        if table.closed_at is not None:  # a closed table seats nobody: no seat offered
            self.fields["seat"].choices = []
            self.fields["seat"].error_messages["invalid_choice"] = _(
                "This table is closed: it deals and seats nobody."
            )
        if not table.rules().has_blinds:
            del self.fields["post_now"]  # no blinds to post or wait for: everyone is dealt in
        elif table.seating_rules().post_dead_small_to_enter:
            self.fields["post_now"].help_text = _(
                "Between the button and the small blind: the big blind and a dead small blind."
            )
        if table.clock_id is not None:
            # Tournament chips are paid for in the tournament: nothing to pay here.
            del self.fields["method"]
            self.fields["chips"].label = _("Tournament chips")
            self.fields["chips"].initial = table.clock.tournament.starting_chips
        if table.fixed_buy_in:
            self.fields["chips"].initial = table.fixed_buy_in
            self.fields["chips"].help_text = _(
                "Everyone buys in for %(n)s chips at this table."
            ) % {"n": table.fixed_buy_in}
        elif table.clock_id is None and (table.min_buy_in or table.max_buy_in):
            self.fields["chips"].initial = table.max_buy_in or table.min_buy_in
            self.fields["chips"].help_text = buy_in_range_text(table)
        elif table.clock_id is None:  # a usual cash-game buy-in: 100 big blinds
            self.fields["chips"].initial = min(100 * table.big_blind, limits.MAX_CHIPS)
        # Players sitting at any table are not offered: a player sits at one table at a time.
        seated = Seat.objects.values_list("player_id", flat=True)
        self.fields["player"].queryset = Player.objects.filter(host=table.host).exclude(
            pk__in=seated
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        fixed = self.table.fixed_buy_in
        if fixed and data.get("chips") is not None and data["chips"] != fixed:
            self.add_error(
                "chips",
                _("Everyone buys in for %(n)s chips at this table.") % {"n": fixed},
            )
        elif data.get("chips") is not None:
            try:
                self.table.check_buy_in(data["chips"])
            except ValidationError as error:
                self.add_error("chips", error)
        player, name = data.get("player"), (data.get("new_player") or "").strip()
        if player is None and not name:
            raise ValidationError(_("Choose a player from the roster or type a new name."))
        if player is not None and name:
            raise ValidationError(_("Choose a player or type a new name, not both."))
        if name and Player.objects.named(self.table.host, name) is not None:
            self.add_error(
                "new_player", _("%(name)s is already on your roster.") % {"name": isolate(name)}
            )
        data["new_player"] = name
        return data


def buy_in_range_text(table: Table) -> str:
    """The table's buy-in range in words ("" when it has none)."""
    low, high = table.min_buy_in, table.max_buy_in
    if low and high:
        return _("Buy-in from %(min)s to %(max)s chips at this table.") % {"min": low, "max": high}
    if low:
        return _("Buy-in of at least %(min)s chips at this table.") % {"min": low}
    if high:
        return _("Buy-in of at most %(max)s chips at this table.") % {"max": high}
    return ""


class SeatForm(VersionForm):
    """A change to one seat: the player the device showed in it (the seating panel is not
    redrawn on every tap, and its version is the table's latest, so the seat's player is what
    tells a tap meant for Bo from one that would land on Dora, who sat down since), and for a
    toggle the state wanted (ToggleForm: a second device may have toggled it already)."""

    player = hidden_number(1)


class ToggleForm(SeatForm):
    """Sit out or back in, post now or wait: `to` is the state the button asks for."""

    to = forms.TypedChoiceField(coerce=int, choices=[(0, "0"), (1, "1")])


class ChipsForm(SeatForm):
    """A rebuy or top-up between hands, or chips taken off when leaving."""

    chips = chips_field(_("Chips"))
    method = forms.ChoiceField(
        choices=[("cash", _("paid in cash")), ("credit", _("on credit"))],
        required=False,
        label=_("Payment"),
    )


class ActionForm(VersionForm):
    """A player's action: what it is, the amount for bets and raises, and the table's
    revision the device showed."""

    KINDS = [
        "fold",
        "check",
        "call",
        "raise",
        "open",  # jackpots: a bet that claims openers
        "all_in",
        "bring_in",
        "deal",
        "misdeal",
        "draw",  # draw games: `cards` is how many the player takes
        "openers_shown",
        "false_opener",
        "muck",  # at the showdown: `player` gives up the hand
        "run_twice",  # the all-in players agree to run the rest of the board twice
    ]

    hand = hidden_number(1)
    kind = forms.ChoiceField(choices=[(k, k) for k in KINDS])
    amount = chips_field(_("Amount"), min_value=0, maximum=limits.MAX_STACK, required=False)
    cards = forms.TypedChoiceField(
        coerce=int, choices=[(n, str(n)) for n in range(6)], required=False, empty_value=None
    )
    split_openers = forms.BooleanField(required=False)
    player = forms.TypedChoiceField(
        coerce=int, choices=[(p, str(p)) for p in range(23)], required=False, empty_value=None
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind = data.get("kind")
        if kind in ("raise", "open") and data.get("amount") is None:
            self.add_error("amount", _("Enter the amount to bet or raise to."))
        if kind == "draw" and data.get("cards") is None:
            self.add_error("cards", _("Tap how many cards the player takes (0 to 5)."))
        if kind == "muck" and data.get("player") is None:
            self.add_error("player", _("Tap the player who mucks."))
        return data


class DealForm(VersionForm):
    """Stud: the dealer dealt the next street. `up` holds each player's new up card in position
    order ("" for a player out of the hand, or for every player when no cards are entered);
    or `first_actor` names who brings in or speaks first (the dealer's tap instead of cards)."""

    hand = hidden_number(1)
    first_actor = forms.TypedChoiceField(
        coerce=int, choices=[(p, str(p)) for p in range(23)], required=False, empty_value=None
    )
    # One value per player (the page sends them all, in position order).
    up = forms.Field(required=False, widget=forms.MultipleHiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        texts = data.get("up") or []
        if isinstance(texts, str):
            texts = [texts]
        if len(texts) > 23 or any(len(t) > 8 for t in texts):
            raise ValidationError(_("Enter one up card per player, e.g. Qh or 10s."))
        cards: list[Card | None] = []
        for text in texts:
            card = card_from_text(text)
            if card is None:
                cards.append(None)
                continue
            if card.is_joker:
                raise ValidationError(_("Stud is played without the joker."))
            cards.append(card)
        data["up_cards"] = tuple(cards) if any(cards) else ()
        if data["up_cards"] and data.get("first_actor") is not None:
            raise ValidationError(_("Enter the up cards or tap who acts first, not both."))
        return data


def card_from_text(text: str) -> Card | None:
    """One card typed or tapped on the card picker ("Qh", "10s", "Jk" the joker); None when the
    field is empty. Whether the card is in the game's deck is the engine's to say."""
    text = text.strip()
    if not text:
        return None
    try:
        return parse_card(text)
    except ValueError:
        raise ValidationError(
            _(
                "%(text)s is not a card: write the rank (2–10, J, Q, K, A) and the suit"
                " (c, d, h, s), e.g. Qh or 10s."
            )
            % {"text": isolate(text)}
        ) from None


class ShowForm(VersionForm):
    """At the showdown (or when the betting is over and the all-in players turn their cards
    up): the board as it lies (`kind` "board"), or the cards one player shows (`kind` "show",
    `player`), tapped on the card picker. Every field of the form must hold a card: the page
    offers as many as the game wants, and the engine checks the count, the deck and that no
    card is seen twice."""

    hand = hidden_number(1)
    kind = forms.ChoiceField(choices=[("board", "board"), ("show", "show")])
    player = forms.TypedChoiceField(
        coerce=int, choices=[(p, str(p)) for p in range(23)], required=False, empty_value=None
    )
    # The second board when the hand is run twice (0: the first or only board).
    run = forms.TypedChoiceField(
        coerce=int, choices=[(0, "0"), (1, "1")], required=False, empty_value=0
    )
    card = forms.Field(required=False, widget=forms.MultipleHiddenInput)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        texts = data.get("card") or []
        if isinstance(texts, str):
            texts = [texts]
        if len(texts) > 8 or any(len(t) > 8 for t in texts):
            raise ValidationError(_("A hand or a board has at most 8 cards."))
        cards = [card_from_text(text) for text in texts]
        if not texts or None in cards:
            raise ValidationError(_("Tap every card first: a field is still empty."))
        data["cards"] = tuple(cards)
        if data.get("kind") == "show" and data.get("player") is None:
            raise ValidationError(_("Tap the player who shows."))
        return data


class AwardForm(VersionForm):
    """The dealer names the winners of the next pot."""

    hand = hidden_number(1)
    pot = hidden_number(0, 100)
    winners = forms.TypedMultipleChoiceField(
        coerce=int,
        choices=[(p, p) for p in range(23)],
        label=_("Winners"),
        error_messages={"required": _("Tap the winner or winners.")},
    )
    # High-low: who takes the low half, or nobody has a qualifying low.
    low_winners = forms.TypedMultipleChoiceField(
        coerce=int, choices=[(p, p) for p in range(23)], required=False
    )
    no_low = forms.BooleanField(required=False)
    # Stud, a split pot: who has the highest card by suit (when no cards were entered).
    odd_chip = forms.TypedChoiceField(
        coerce=int, choices=[(p, p) for p in range(23)], required=False, empty_value=None
    )

    def clean_winners(self) -> list[int]:
        winners = self.cleaned_data["winners"]
        if len(set(winners)) != len(winners):
            raise ValidationError(_("Tap each winner once."))
        return winners

    def clean_low_winners(self) -> list[int]:
        winners = self.cleaned_data["low_winners"]
        if len(set(winners)) != len(winners):
            raise ValidationError(_("Tap each winner once."))
        return winners


class UndoForm(VersionForm):
    hand = hidden_number(1)


class CoDealerForm(forms.Form):
    """A co-dealer: an account that may run this host's table."""

    username = forms.CharField(
        max_length=limits.MAX_USERNAME,
        label=_("Username"),
        validators=[UnicodeUsernameValidator()],
    )
    password = forms.CharField(
        widget=forms.PasswordInput,
        max_length=128,
        label=_("Password"),
        help_text=_("The new account's password: give it to them."),
    )


class MoveForm(VersionForm):
    """Move a player with their chips to another table of the same night, between hands."""

    seat = forms.TypedChoiceField(coerce=int, label=_("Player"))
    to_table = forms.ModelChoiceField(
        queryset=Table.objects.none(),
        label=_("To the table"),
        empty_label=_("Choose a table"),
        error_messages={"invalid_choice": _("Choose one of your tables.")},
    )
    to_seat = forms.TypedChoiceField(
        coerce=int, choices=[(n, str(n)) for n in range(1, 11)], label=_("Seat there")
    )

    def __init__(self, *args: Any, table: Table, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["seat"].choices = [
            (seat.number, f"{seat.number}. {seat.player} ({seat.stack})")
            for seat in table.seats.select_related("player")
        ]
        # Any of the user's tables is accepted here (the move says why one cannot take the
        # player); the list offers the other open cash tables of the same night.
        tables = Table.objects.for_user(user).exclude(pk=table.pk)
        self.fields["to_table"].queryset = tables
        offered = tables.filter(session=table.session, clock=None).open().order_by("name")
        self.fields["to_table"].widget.choices = [
            ("", _("Choose a table")),
            *((t.pk, f"{t.name} ({t.stakes_label()})") for t in offered),
        ]


def table_settings(table: Table) -> dict[str, Any]:
    """What the edit form changes, as it is now (to log what an edit changed)."""
    values = {name: getattr(table, name) for name in TableForm.Meta.fields}
    values["chip_values"] = ", ".join(str(int(c["value"])) for c in table.chips)
    values.update(table_options(table))
    return values
