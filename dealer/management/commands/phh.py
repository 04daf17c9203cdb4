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
        export = commands.add_parser(
            "export", help=_("Write a session's finished hands as one .phhs file.")
        )
        export.add_argument("session", type=int, help=_("the session's id (see the admin)"))
        export.add_argument(
            "-o", "--output", type=Path, help=_("the file to write (default: standard output)")
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["subcommand"] == "replay":
            self.replay(options["file"])
        else:
            self.export(options["session"], options["output"])

    def export(self, session_id: int, output: Path | None) -> None:
        """Write the session's hands (every table of it) as PHH."""
        from dealer.poker.models import Hand
        from ledger.models import Session

        if not Session.objects.filter(pk=session_id).exists():
            raise CommandError(_("There is no session %(id)s.") % {"id": session_id})
        hands = Hand.objects.filter(table__session_id=session_id)
        text = hands.phhs()
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s") % {"file": output, "error": error}
            ) from None
        count = hands.exclude(status=Hand.Status.LIVE).count()
        self.stderr.write(
            _("%(count)s hands written to %(file)s") % {"count": count, "file": output}
        )

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
