"""Tile art (static/tiles/): 42 faces + the back + the sprite, self-contained SVG with no fonts,
no text, no scripts, no outside references; and the committed files are exactly what
static/tiles/generate.py writes.

The screenshot of the preview page (tests/artifacts/tiles-preview.png), for a person to look at,
is made by the last test when Playwright and Chromium are available; it is skipped otherwise."""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "static" / "tiles"
ARTIFACTS = ROOT / "tests" / "artifacts"
SVG_NS = "{http://www.w3.org/2000/svg}"

FACES = ([f"{n}{s}" for s in "mps" for n in range(1, 10)]
         + [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 9)])
NAMES = [*FACES, "back"]
MAX_BYTES = 4096


def test_forty_two_faces():
    assert len(FACES) == 42 and len(set(FACES)) == 42


@pytest.mark.parametrize("name", NAMES)
def test_tile_file_is_clean_svg(name):
    path = TILES / f"{name}.svg"
    data = path.read_bytes()
    assert len(data) <= MAX_BYTES, f"{name}.svg is {len(data)} bytes"
    root = ET.fromstring(data)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 60 80"
    assert_clean(data.decode("utf-8"), root)


def assert_clean(text: str, root: ET.Element):
    lowered = text.lower()
    for forbidden in ("<text", "font", "<script", 'href="http', "<image", "<foreignobject",
                      "url(", "@import"):
        assert forbidden not in lowered, forbidden
    for element in root.iter():
        assert element.tag.removeprefix(SVG_NS) not in ("text", "tspan", "script", "style"), element.tag
        for attribute in element.attrib:
            local = attribute.rsplit("}", 1)[-1].lower()
            assert not local.startswith("on"), f"event handler {attribute}"
            assert "href" not in local, f"reference {attribute}"


def test_sprite_has_one_symbol_per_tile():
    text = (TILES / "tiles.svg").read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert_clean(text, root)
    symbols = root.findall(f"{SVG_NS}symbol")
    assert [s.get("id") for s in symbols] == [f"t-{name}" for name in NAMES]
    for symbol in symbols:
        assert symbol.get("viewBox") == "0 0 60 80"


def test_sprite_symbols_draw_what_the_files_draw():
    text = (TILES / "tiles.svg").read_text(encoding="utf-8")
    for name in NAMES:
        inner = re.fullmatch(r'<svg [^>]*>(.*)</svg>\n', (TILES / f"{name}.svg").read_text(encoding="utf-8"),
                             re.S).group(1)
        assert f'<symbol id="t-{name}" viewBox="0 0 60 80">{inner}</symbol>' in text


def test_generator_reproduces_committed_files(tmp_path):
    subprocess.run([sys.executable, str(TILES / "generate.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted([f"{name}.svg" for name in NAMES] + ["tiles.svg", "preview.html"])
    for name in written:
        assert (tmp_path / name).read_bytes() == (TILES / name).read_bytes(), \
            f"{name} differs: rerun generate.py"


def test_preview_uses_the_sprite_for_every_tile():
    html = (TILES / "preview.html").read_text(encoding="utf-8")
    for name in NAMES:
        assert html.count(f'href="tiles.svg#t-{name}"') == 3, name
    assert "<script" not in html.lower()


def test_preview_screenshot():
    """Renders preview.html in headless Chromium to tests/artifacts/tiles-preview.png."""
    playwright = pytest.importorskip("playwright.sync_api")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        pytest.skip("no Chromium at /usr/bin/chromium")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(TILES))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with playwright.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(chromium),
                                         args=["--headless", "--no-sandbox", "--disable-gpu",
                                               "--disable-quic", "--no-first-run",
                                               "--disable-background-networking",
                                               "--disable-component-update",
                                               "--disable-sync"])
            try:
                page = browser.new_page(viewport={"width": 900, "height": 600})
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/preview.html")
                page.wait_for_load_state("load")
                # every <use> resolved: the sprite's symbols give each tile its size and content
                drawn = page.evaluate("""() => [...document.querySelectorAll('use')]
                    .filter(u => u.getBBox().width > 50).length""")
                assert drawn == 3 * len(NAMES)
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "tiles-preview.png"), full_page=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
