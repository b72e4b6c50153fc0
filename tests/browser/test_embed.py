"""The embed widgets in Chromium (issue 32): an author's page with two hands, a replayed hand
and an exercise (iframes and custom elements) draws every widget's tiles before Python is up,
starts Python once for all of them, and each works (the replay steps, the exercise takes a
wrong and a right answer with the app's feedback); a broken address is told in the frame in
its language; the authors' page (#embed) shows every widget live; the table's replay and the
exercises give the embedding code. No console error, no CSP violation anywhere."""
from __future__ import annotations

import html
import json
import os
import time
from pathlib import Path

import pytest

from site_helpers import ARTIFACTS, catalogue, load, watched_page

from mahjong_ui.embed_examples import EXAMPLE_REPLAY
from mahjong_ui.embed_replay import EmbedReplay
from mahjong_ui.learn import exercises as X

SHOTS = Path(os.environ.get("EMBED_SHOTS") or ARTIFACTS / "embed32")
# every frame reports a CSP violation on the console, where the tests collect errors
CSP_WATCH = ("addEventListener('securitypolicyviolation', (e) => console.error("
             "'CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));")
EXERCISE = ("macau_1988", "score-2")
START = 20


def host_page(server, lang: str, which: str = "four") -> str:
    """An author's page (same server, its own folder) holding the widgets."""
    base = server.url + "static/embed.html"
    script = server.url + "static/js/embed.js"
    tiles = EmbedReplay.open(EXAMPLE_REPLAY, "all", START).preview()
    widgets = {
        "hand": f'<iframe id="w-hand" title="hand" src="{base}?rules=cayro&amp;hand=567p888s22z'
                f'&amp;w=6p&amp;m=c234m,K5555m&amp;score=1&amp;lang={lang}" width="100%" '
                'height="420"></iframe>',
        "hand2": '<mahjong-hand rules="macau_1988" hand="123m456p789s11z777z" w="7z"></mahjong-hand>',
        "replay": f'<mahjong-replay replay="{EXAMPLE_REPLAY}" start="{START}" '
                  f'tiles="{tiles}"></mahjong-replay>',
        "exercise": f'<iframe id="w-exercise" title="exercise" src="{base}?rules={EXERCISE[0]}&amp;'
                    f'exercise={EXERCISE[1]}&amp;lang={lang}" width="100%" height="640"></iframe>',
        "bad-exercise": f'<iframe title="a" src="{base}?rules=macau_1988&amp;exercise=score-99'
                        f'&amp;lang={lang}"></iframe>',
        "bad-replay": '<mahjong-replay replay="r1.eNrLSM3JyQcABiwCFQ"></mahjong-replay>',
        "bad-hand": '<mahjong-exercise rules="cayro" ask="waits" hand="123m4"></mahjong-exercise>',
    }
    names = {"four": ("hand", "hand2", "replay", "exercise"), "one": ("hand",),
             "broken": ("bad-exercise", "bad-replay", "bad-hand")}[which]
    body = "\n".join(widgets[n] for n in names)
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>rules</title>'
            f'<link rel="icon" href="data:,"><script type="module" src="{script}"></script></head>'
            f'<body><h1>Rules</h1>\n{body}\n</body></html>')


@pytest.fixture
def author(browser, server):
    """``open(lang, which, width)``: a fresh context at an author's page; returns the page."""
    made = []

    def open_(lang: str, which: str, width: int = 1280, hold_python: bool = False):
        context, page, errors = watched_page(browser, height=900)
        page.set_viewport_size({"width": width, "height": 900})
        context.add_init_script(CSP_WATCH)
        held = []
        if hold_python:   # the engine archive waits: Python cannot start until released
            context.route("**/app/mahjong.zip", lambda route: held.append(route))
        pages = {}
        context.route(server.url + "author/**", lambda route: route.fulfill(
            status=200, content_type="text/html; charset=utf-8", body=pages[route.request.url]))
        made.append(context)
        page.author_url = server.url + f"author/{which}-{lang}.html"
        pages[page.author_url] = host_page(server, lang, which)
        page.held = held
        page.goto(page.author_url)
        return page, errors

    yield open_
    for context in made:
        context.close()


def widget_frames(page, count: int, timeout: float = 30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        frames = [f for f in page.frames if "embed.html" in f.url]
        if len(frames) == count:
            return frames
        page.wait_for_timeout(100)
    raise AssertionError(f"{count} widget frames expected, found {[f.url for f in page.frames]}")


def state(frame) -> str:
    return frame.evaluate("document.documentElement.dataset.state")


def all_settled(page, frames, timeout_ms: int = 120_000) -> None:
    for frame in frames:
        frame.wait_for_function("document.documentElement.dataset.state !== 'loading'", timeout=timeout_ms)


def by_widget(frames) -> dict[str, list]:
    out: dict[str, list] = {}
    for frame in frames:
        url = frame.url
        kind = "replay" if "replay=" in url else "exercise" if "exercise=" in url or "ask=" in url else "hand"
        out.setdefault(kind, []).append(frame)
    return out


# The replay's board (the table's, a size container): its box, its square's, and its face-up
# tiles' (the others' backs overlap by design), each pair of which may touch but not overlap.
BOARD_JS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height }; };
  const board = document.querySelector('.embed-replay .tbl-board');
  const tiles = [...board.querySelectorAll('.tile:not(.back)')].map(box);
  const overlaps = [];
  tiles.forEach((a, i) => tiles.slice(i + 1).forEach((b) => {
    const x = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const y = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    if (x > 1 && y > 1) overlaps.push([a, b]);
  }));
  return { board: box(board), square: box(board.querySelector('.tbl-sq')), tiles, overlaps };
}"""


def assert_board_drawn(frame, width: int) -> None:
    """The replay's board has a height that follows the frame's width (a square at most as
    tall as wide, or the portrait board at most 12rem taller than wide), holds its square, and
    its tiles have a size, lie inside it and do not overlap."""
    m = frame.evaluate(BOARD_JS)
    board, square = m["board"], m["square"]
    assert board["w"] > 0.85 * width, (width, board)
    assert min(board["w"], 320) <= board["h"] <= board["w"] + 192, (width, board)
    assert square["w"] <= board["w"] + 3 and square["h"] <= board["h"] + 1, (width, board, square)
    assert len(m["tiles"]) >= 40, (width, len(m["tiles"]))
    assert min(t["w"] for t in m["tiles"]) >= 14, (width, min(t["w"] for t in m["tiles"]))
    right, bottom = board["x"] + board["w"], board["y"] + board["h"]
    outside = [t for t in m["tiles"] if t["x"] < board["x"] - 3 or t["y"] < board["y"] - 1
               or t["x"] + t["w"] > right + 3 or t["y"] + t["h"] > bottom + 1]
    assert outside == [], (width, board, outside)
    assert m["overlaps"] == [], (width, m["overlaps"][:3])


@pytest.mark.parametrize("width,lang", [(390, "pt"), (1280, "en"), (390, "es")])
def test_an_authors_page_with_four_widgets(author, width, lang):
    page, errors = author(lang, "four", width, hold_python=True)
    frames = widget_frames(page, 4)
    # before Python: every widget's tiles, drawn by the frame's script alone
    for frame in frames:
        frame.wait_for_selector("[data-testid=embed-preview] [data-tile]", timeout=30_000)
        assert state(frame) == "loading"
    assert page.held, "the engine archive was asked for"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"four-before-python-{width}-{lang}.png"), full_page=True)
    for route in page.held:
        route.continue_()
    page.unroute("**/app/mahjong.zip")
    all_settled(page, frames)
    assert [state(f) for f in frames] == ["ready"] * 4
    # one Python start for the page: one frame started it, the others were drawn by it
    runtimes = sorted(f.evaluate("document.documentElement.dataset.runtime") for f in frames)
    assert runtimes == ["own", "shared", "shared", "shared"]
    kinds = by_widget(frames)
    for hand in kinds["hand"]:
        assert hand.locator("[data-testid=embed-hand] [data-tile]").count() >= 14
        assert hand.evaluate("document.documentElement.lang") == lang
    words = catalogue(lang, "embed")
    # the replay: the move line in the page's language, steps forward and back
    replay = kinds["replay"][0]
    box = replay.locator("[data-testid=embed-replay]")
    assert box.get_attribute("data-step") == str(START)
    assert_board_drawn(replay, page.evaluate("document.querySelector('mahjong-replay').clientWidth"))
    assert replay.locator("[data-testid=embed-replay-status]").inner_text() == \
        words["replay.status"].format(step=START, steps=box.get_attribute("data-steps"))
    before = replay.locator("[data-testid=embed-move]").inner_text()
    replay.click("[data-testid=embed-forward]")
    assert replay.locator("[data-testid=embed-replay]").get_attribute("data-step") == str(START + 1)
    assert replay.locator("[data-testid=embed-move]").inner_text() != before
    replay.click("[data-testid=embed-back]")
    replay.click("[data-testid=embed-back]")
    assert replay.locator("[data-testid=embed-replay]").get_attribute("data-step") == str(START - 1)
    replay.click("[data-testid=embed-last]")
    assert replay.locator("[data-testid=embed-replay-result]").count() == 1
    # the exercise: a wrong answer, then the right one, with the app's feedback and citation
    exercise = kinds["exercise"][0]
    right = str(X.answer(*EXERCISE)["total"])
    wrong = str((int(right) + 1) % 3)
    exercise.click(f"[data-testid=exercise-controls] [data-answer='{wrong}']")
    assert exercise.locator("[data-testid=feedback]").get_attribute("data-correct") == "false"
    exercise.click(f"[data-testid=exercise-controls] [data-answer='{right}']")
    feedback = exercise.locator("[data-testid=feedback]")
    assert feedback.get_attribute("data-correct") == "true"
    assert feedback.locator("[data-testid=score-items] tbody tr").count() >= 1
    assert feedback.locator(".learn-cite").count() == 1
    assert exercise.evaluate("document.documentElement.lang") == lang
    # the elements' frames follow the height their widget posts
    for tag, frame in (("mahjong-replay", replay), ("mahjong-hand", kinds["hand"][1])):
        page.wait_for_function(
            "([tag, h]) => document.querySelector(tag + ' iframe').height === String(h + 2)",
            arg=[tag, int(frame.evaluate("document.documentElement.dataset.height"))], timeout=10_000)
    page.screenshot(path=str(SHOTS / f"four-{width}-{lang}.png"), full_page=True)
    assert errors == []


def test_the_replays_board_is_drawn_at_every_width(browser, server):
    """The widget's board at the widths an author embeds it, on the widget's own page (its
    viewport resized, not reloaded), at a move and at the end (test_an_authors_page_with_four_
    widgets checks it in an author's page, where the frame's height follows the widget)."""
    context, page, errors = watched_page(browser, height=900)
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        page.goto(server.url + f"static/embed.html?replay={EXAMPLE_REPLAY}&start={START}&lang=en")
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=120_000)
        for width, height in ((360, 640), (390, 844), (600, 800), (844, 390), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            assert_board_drawn(page, width)
        page.click("[data-testid=embed-last]")      # the end: every hand and the result
        assert_board_drawn(page, 1280)
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert_board_drawn(page, 390)
        assert errors == []
    finally:
        context.close()


DONE_AT = ("performance.timeOrigin + performance.getEntriesByName('embed:done')[0].startTime")


def _time_to_ready(page, url: str, count: int) -> float:
    """Seconds from the author's page's start to the last of its widgets drawn, as the browser
    clocks them (each frame marks ``embed:done``), not as the test's polling sees them."""
    page.goto(url)
    frames = widget_frames(page, count)
    all_settled(page, frames)
    assert all(state(f) == "ready" for f in frames)
    start = page.evaluate("performance.timeOrigin")
    return max(f.evaluate(DONE_AT) for f in frames) / 1000 - start / 1000


def test_four_widgets_share_one_runtime_start(author, server, capsys):
    """Same context (same caches), alternating: a page with one widget, a page with four."""
    page, errors = author("en", "one")
    pages = {"one": page.author_url, "four": server.url + "author/four-en.html"}
    page.context.unroute(server.url + "author/**")
    bodies = {pages["one"]: host_page(server, "en", "one"), pages["four"]: host_page(server, "en", "four")}
    page.context.route(server.url + "author/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=bodies[route.request.url]))
    # a first visit fills the caches; its background work (the memory snapshot, the offline
    # copy) is let finish, so that it does not run during one measure and not the other
    _time_to_ready(page, pages["one"], 1)
    leader = widget_frames(page, 1)[0]
    leader.wait_for_function("['saved', 'failed', 'restored']"
                             ".includes(document.documentElement.dataset.snapshot)", timeout=120_000)
    leader.evaluate("navigator.serviceWorker.ready.then(() => true)")
    _time_to_ready(page, pages["four"], 4)
    times: dict[str, list[float]] = {"one": [], "four": []}
    for name in ("one", "four", "one", "four", "one", "four"):
        times[name].append(_time_to_ready(page, pages[name], 1 if name == "one" else 4))
    one, four = min(times["one"]), min(times["four"])
    with capsys.disabled():
        print(f"\nembed timing: one widget {times['one']} s, four widgets {times['four']} s")
    (SHOTS / "timing.json").parent.mkdir(parents=True, exist_ok=True)
    (SHOTS / "timing.json").write_text(json.dumps(times))
    # The target is four within 1.5 x one (measured 0.99-1.41 here, best of three, on
    # a quiet to busy machine; the figures are printed above). Speed targets are benchmarks,
    # not timed tests (DEVELOPERS.md): what this asserts is the sharing itself, which a page
    # whose frames each started Python on the one thread they share would break (about 4 x).
    assert four <= 2.5 * one, times
    assert errors == []


@pytest.mark.parametrize("lang", ["pt", "en", "es"])
def test_a_broken_address_is_told_in_the_frame(author, lang):
    page, errors = author(lang, "broken", 390)
    frames = widget_frames(page, 3)
    all_settled(page, frames)
    words = catalogue(lang, "embed")
    game = catalogue(lang, "game")
    expected = {
        "exercise=score-99": words["error.unknown_exercise"].format(value="score-99"),
        "replay=": words["error.bad_replay"].format(reason_text=game["replay.damaged"]),
        "ask=waits": words["error.bad_hand"].format(value="123m4"),
    }
    for frame in frames:
        assert state(frame) == "error"
        message = frame.locator("[data-testid=embed-error]")
        assert message.locator(".embed-problem-title").inner_text() == words["error.title"]
        text = message.inner_text()
        assert any(key in frame.url and value in text for key, value in expected.items()), (frame.url, text)
    if lang == "pt":
        page.screenshot(path=str(SHOTS / "broken-390-pt.png"), full_page=True)
    assert errors == []


@pytest.mark.parametrize("width,lang", [(1280, "es"), (390, "pt")])
def test_the_authors_page_shows_every_widget_working(browser, server, width, lang):
    context, page, errors = watched_page(browser, height=900)
    page.set_viewport_size({"width": width, "height": 900})
    context.add_init_script(CSP_WATCH)
    try:
        load(page, server.url + f"#embed?lang={lang}", "[data-testid=embed-page]")
        docs = page.locator("[data-testid=embed-doc]")
        assert sorted(set(docs.nth(i).get_attribute("data-widget") for i in range(docs.count()))) == \
            ["exercise", "hand", "replay"]
        examples = page.locator("[data-testid=embed-example]")
        assert examples.count() == docs.count() == 4
        frames = widget_frames(page, 5, timeout=60)       # four examples and a broken address
        all_settled(page, frames)
        for frame in frames:
            broken = "score-99" in frame.url
            assert state(frame) == ("error" if broken else "ready"), frame.url
            assert frame.evaluate("document.documentElement.lang") == lang
            if not broken:
                assert frame.locator("[data-tile], svg.learn-tile").count() >= 13
        # each example's code names the same widget as the example
        for i in range(docs.count()):
            code = docs.nth(i).locator("[data-testid=embed-code-iframe]").input_value()
            element = docs.nth(i).locator("[data-testid=embed-code-element]").input_value()
            assert code.startswith("<iframe src=\"" + server.url + "static/embed.html?")
            assert "<script type=\"module\" src=\"" + server.url + "static/js/embed.js\"></script>" in element
        assert page.locator("text=" + catalogue(lang, "embed")["citations"]).count() >= 1
        page.screenshot(path=str(SHOTS / f"authors-{width}-{lang}.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


def test_the_replay_and_the_exercises_give_their_embed_code(browser, server):
    context, page, errors = watched_page(browser, height=900)
    context.add_init_script(CSP_WATCH)
    try:
        load(page, server.url + "#learn/macau_1988/exercises/score-2", "[data-testid=exercise]")
        page.click("[data-testid=exercise-embed] summary")
        code = page.locator("[data-testid=exercise-embed-code]").input_value()
        assert "static/embed.html?rules=macau_1988&amp;exercise=score-2" in code
        assert '<mahjong-exercise rules="macau_1988" exercise="score-2"></mahjong-exercise>' in code
        page.evaluate(f"location.hash = '#play/replay/{EXAMPLE_REPLAY}'")
        page.wait_for_selector("[data-testid=replay-status]", timeout=30_000)
        page.click("[data-action=replay-forward]")
        page.click("[data-testid=replay-embed]")
        code = page.locator("[data-testid=replay-embed-code]").input_value()
        assert "static/embed.html?replay=" + EXAMPLE_REPLAY + "&amp;start=1&amp;tiles=" in code
        assert html.unescape(code).count("<mahjong-replay replay=\"" + EXAMPLE_REPLAY) == 1
        page.screenshot(path=str(SHOTS / "table-embed-code.png"))
        assert errors == []
    finally:
        context.close()
