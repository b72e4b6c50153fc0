"""The Content-Security-Policy (build.py's CSP, issue 15 item 14): every HTML page of dist/
carries it as its first tag after the charset, no page has an inline handler or a style
attribute, an inline block the browser runs is allowed by its hash only; the markup Python
writes into the page (the table) has no style attribute either."""

from __future__ import annotations

import base64
import hashlib
import os
import re
from pathlib import Path

import pytest

from builders import build_module

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("MAHJONG_DIST") or ROOT / "dist")
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


@pytest.fixture(scope="module")
def build():
    module = build_module()
    if not (DIST / "sw.js").exists():
        module.build(quiet=True)
    return module


def sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def directives(policy: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def test_every_page_of_dist_carries_the_policy(build):
    pages = sorted(DIST.rglob("*.html"))
    assert {"index.html", "static/embed.html", "static/examples/micropip.html"} <= \
        {p.relative_to(DIST).as_posix() for p in pages}
    for path in pages:
        html = path.read_text(encoding="utf-8")
        metas = META.findall(html)
        assert len(metas) == 1, path
        policy = directives(metas[0])
        assert policy["default-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'self'"]
        assert policy["script-src"][:3] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
        assert "'unsafe-inline'" not in metas[0] and "*" not in metas[0] and "data:" not in metas[0]
        # first in <head>: nothing before it that the policy must govern
        head = html[:html.index(metas[0])]
        assert not re.search(r"<(script|style|link)\b", head, re.I), path
        assert build.inline_attributes(html) == [], path
        assert not re.search(r"""<[a-z][^>]*\son[a-z]+\s*=""", build._INLINE_BLOCK.sub("", html), re.I), path


def test_inline_blocks_are_allowed_by_hash_only(build):
    for path in sorted(DIST.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        policy = directives(META.search(html).group(1))
        for tag, attrs, body in build._INLINE_BLOCK.findall(html):
            if tag == "style":
                assert sha(body) in policy["style-src"], path
            elif "src=" not in attrs and not re.search(r'type="(py|application/json)"', attrs):
                assert sha(body) in policy["script-src"], path


def test_policy_hashes_what_runs_and_nothing_else(build):
    page = ('<!doctype html><html><head><meta charset="utf-8"><title>t</title>'
            '<style>p { color: red }</style><script type="module">import "./a.js";</script>'
            '<script>var a = 1;</script><script type="py">print(1)</script>'
            '<script type="application/json" id="c">{"a": 1}</script><script src="./x.js"></script>'
            '</head><body></body></html>')
    out = build.add_csp(page)
    policy = directives(META.search(out).group(1))
    assert policy["style-src"] == ["'self'", sha("p { color: red }")]
    assert policy["script-src"][3:] == [sha('import "./a.js";'), sha("var a = 1;")]
    assert out.index("Content-Security-Policy") < out.index("<title>")


@pytest.mark.parametrize("markup, found", [
    ('<form onsubmit="return false">', ["onsubmit"]),
    ('<img src=x OnError=alert(1)>', ["onerror"]),
    ('<div class="a" style="--hand-n: 14">', ["style"]),
    ('<div data-style="x" aria-label="turn onward=off" data-on="1">', []),
    ('<script type="py">document.body.onclick = f  # onclick="x"</script>', []),
    ('<!-- <a onclick="x"> -->', []),
])
def test_inline_attributes_are_found(build, markup, found):
    assert build.inline_attributes(markup) == found


def test_a_page_the_policy_would_break_stops_the_build(build, tmp_path):
    (tmp_path / "a.html").write_text(
        '<!doctype html><meta charset="utf-8"><form onsubmit="return false"></form>')
    with pytest.raises(SystemExit, match=r"a\.html: inline onsubmit"):
        build.apply_csp(tmp_path)
    (tmp_path / "a.html").write_text('<!doctype html><script src="x.js"></script><meta charset="utf-8">')
    with pytest.raises(SystemExit, match="charset"):
        build.apply_csp(tmp_path)
    (tmp_path / "a.html").write_text('<!doctype html><meta charset="utf-8">'
                                     '<meta http-equiv="Content-Security-Policy" content="default-src *">')
    with pytest.raises(SystemExit, match="its own CSP"):
        build.apply_csp(tmp_path)


def test_the_table_markup_has_no_inline_style(build):
    from test_table_controller import catalogues

    from mahjong_ui.table.catalogue import table_domains
    from mahjong_ui.table.controller import TableController
    from mahjong_ui.table.render import ViewState, render

    for rules in ("macau_1988", "filipino", "serralheiro_2003", "cayro"):
        controller = TableController(rules, seed=2)
        cat = catalogues("en")
        cat.domains = table_domains(rules)
        html = render(cat, controller.model(), ViewState())
        assert build.inline_attributes(html) == [], rules
        n = re.search(r'data-testid="hand"[^>]*data-hand-n="(\d+)"', html).group(1)
        # table.css sets --hand-n for every count a hand can have (Filipino: 16 + the drawn tile)
        assert f'.tbl-hand[data-hand-n="{n}"] {{ --hand-n: {n}; }}' in \
            (ROOT / "static/css/table.css").read_text()
