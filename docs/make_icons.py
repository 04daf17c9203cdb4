"""Draws Pott's PNG icons and favicon from static/icons/pott.svg with the system Chromium (no
image library needed): `.venv/bin/python docs/make_icons.py` after changing the SVG."""

from __future__ import annotations

import struct
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT = "#17613d"


def main() -> None:
    svg = (ICONS / "pott.svg").read_text()
    small: dict[int, bytes] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for size, name, maskable in [
            (512, "pott-512.png", False),
            (192, "pott-192.png", False),
            (180, "apple-touch-icon.png", False),
            (512, "pott-maskable-512.png", True),
            (32, "", False),
            (16, "", False),
        ]:
            page = browser.new_page(viewport={"width": size, "height": size})
            # Maskable: the mark inside the middle 80% (the safe zone), felt to the edges.
            inner = int(size * 0.8) if maskable else size
            mark = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
            background = FELT if maskable else "transparent"
            page.set_content(
                f'<body style="margin:0"><div style="width:{size}px;height:{size}px;'
                f"background:{background};display:flex;align-items:center;"
                f'justify-content:center">{mark}</div></body>'
            )
            clip = {"x": 0, "y": 0, "width": size, "height": size}
            data = page.screenshot(omit_background=not maskable, clip=clip)
            if name:
                (ICONS / name).write_bytes(data)
            else:
                small[size] = data
            page.close()
        browser.close()
    # favicon.ico: an ICO file holding PNG images, which every current browser reads.
    images = [(16, small[16]), (32, small[32])]
    entries, offset = b"", 6 + 16 * len(images)
    for size, data in images:
        entries += struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    header = struct.pack("<HHH", 0, 1, len(images))
    (ICONS / "favicon.ico").write_bytes(header + entries + b"".join(d for _, d in images))


if __name__ == "__main__":
    main()
