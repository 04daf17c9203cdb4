"""Template filters every template has without `{% load %}` (TEMPLATES' "builtins" in
config/settings.py): how a name someone typed is shown. See config/text.py."""

from __future__ import annotations

from django import template

from config import text

register = template.Library()

# {{ player.name|bdi }}: a name on its own, in a <bdi> element.
register.filter("bdi", text.bdi)
# {% blocktranslate with name=player.name|isolate %}: a name in a sentence, or where no element
# can go (a window title, an SVG text).
register.filter("isolate", text.isolate)
