"""No text of the site depends on the visitor's fonts: every CJK character in the catalogues,
the page and mahjong_ui is in the shipped subset (static/fonts/cjk.woff2) and in the
stylesheet's unicode-range. New CJK text fails here until `static/fonts/subset.py` is rerun."""
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("cjk_subset", ROOT / "static" / "fonts" / "subset.py")
subset = importlib.util.module_from_spec(spec)
spec.loader.exec_module(subset)


def test_the_site_quotes_cjk_words():
    chars = subset.used_characters()
    assert {"麻", "將", "碰", "槓"} <= chars       # the glossary's and the Filipino text's words


def test_every_cjk_character_is_in_the_shipped_font():
    from fontTools.ttLib import TTFont    # tests/requirements.txt: fonttools[woff]

    font = TTFont(str(subset.FONT))
    assert font.flavor == "woff2"
    covered = {chr(code) for code in font.getBestCmap()}
    missing = subset.used_characters() - covered
    assert not missing, \
        f"CJK characters without a glyph: {''.join(sorted(missing))}; run static/fonts/subset.py"
    assert subset.FONT.stat().st_size < 50_000


def test_the_stylesheet_offers_the_font_for_exactly_those_characters():
    css = subset.CSS.read_text(encoding="utf-8")
    ranges = {chr(int(h, 16)) for h in re.findall(r"U\+([0-9A-F]{4,5})", css)}
    assert ranges == subset.used_characters()
    assert f'"{subset.FAMILY}"' in (ROOT / "static" / "css" / "shell.css").read_text(encoding="utf-8")
    assert "static/css/fonts.css" in (ROOT / "index.html").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in (ROOT / "static" / "fonts" / "OFL.txt").read_text()


def test_the_tile_art_draws_its_characters():
    """The tiles' characters are paths, not text: no font needed (static/tiles/generate.py)."""
    sprite = (ROOT / "static" / "tiles" / "tiles.svg").read_text(encoding="utf-8")
    assert "<text" not in sprite and not subset.CJK.search(sprite)
