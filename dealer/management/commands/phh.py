"""`manage.py phh replay FILE`: replay PHH hand histories through Pott's engine.

Prints each hand back in PHH with `finishing_stacks` and `winnings` as the engine computes them;
a hand that cannot be replayed stops the command with a message naming the hand and the action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from dealer.engine.phh import PhhError, mismatches, parse_phh, replay_text, write_phhs


class Command(BaseCommand):
    help = _("Read and write poker hand histories in the PHH standard (see docs/phh.md).")

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="subcommand", required=True)
        replay = commands.add_parser(
            "replay",
            help=_("Replay a .phh or .phhs file and print it with Pott's finishing stacks."),
        )
        replay.add_argument("file", type=Path, help=_("a .phh (one hand) or .phhs file"))

    def handle(self, *args: Any, **options: Any) -> None:
        if options["subcommand"] == "replay":
            self.replay(options["file"])

    def replay(self, path: Path) -> None:
        """Print every hand of `path` back in PHH; notes on differences go to stderr."""
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            message = _("Cannot read %(file)s: %(error)s") % {"file": path, "error": error}
            raise CommandError(message) from None
        try:
            hands = parse_phh(text)
        except PhhError as error:
            raise CommandError(f"{path}: {error}") from None
        if len(hands) == 1 and path.suffix != ".phhs":
            self.stdout.write(replay_text(hands[0]), ending="")
        else:
            self.stdout.write(write_phhs(hands), ending="")
        for hand in hands:
            for note in mismatches(hand):
                self.stderr.write(note)
