"""Saved games in the browser (issue 15, items 1-4): a save that is not a table (or any
corrupt one) with a link, two bad saves in turn, an earlier format version, a full storage,
a link that starts another match. A new page for each test, in one context a language, its
origin's storage emptied first (fresh storage)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from site_helpers import (ARTIFACTS, FULL_FROM_THE_START, FULL_STORAGE_JS, SETTLED, catalogue,
                          fresh_storage, human_move, slots, store, stored, wait_engine)

BOOT = 180_000          # ms: this loaded machine may take minutes to boot Pyodide
ROOT = "#play-root"
READY = f"{ROOT}[data-ready=true]"
GAME = "mahjong.table.game"
V1 = Path(__file__).resolve().parents[1] / "unit" / "data" / "table_save_v1.json"
LOCALES = {"pt": "pt-PT", "en": "en-US", "es": "es-ES"}


def t(lang, key, **params):
    text = catalogue(lang, "table")[key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", value)
    return text


@pytest.fixture(scope="module")
def contexts(browser):
    """One context a language for the module (Python's start-up is shared)."""
    made = {}

    def get(lang):
        if lang not in made:
            made[lang] = browser.new_context(locale=LOCALES[lang])
        return made[lang]

    yield get
    for ctx in made.values():
        ctx.close()


@pytest.fixture
def visit(contexts, server):
    """A new page per test, its origin's storage emptied first (a first visit):
    ``visit(address, lang, storage)`` stores ``storage`` in the site's origin (once, before the
    page loads) and opens the table at ``address``."""
    opened = []

    def go(address="#play", lang="en", storage=None, viewport=(1280, 800), full=False):
        page = contexts(lang).new_page()
        opened.append(page)
        page.set_viewport_size(dict(zip(("width", "height"), viewport, strict=True)))
        if full:   # the storage is full from the site's first script on
            page.add_init_script(FULL_FROM_THE_START)
        fresh_storage(page, server)
        page.errors = []
        page.dialogs = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        store(page, server, storage)          # the origin's storage, before the site runs
        page.goto(server.url + address)
        wait_engine(page, timeout=BOOT)
        page.wait_for_selector(READY, timeout=30_000)
        return page

    yield go
    for page in opened:
        page.close()


def game(page):
    raw = stored(page, GAME)
    return raw and json.loads(raw)


def settled(page):
    page.wait_for_function(SETTLED, timeout=30_000)
    return int(page.get_attribute(ROOT, "data-actions"))


def choose_rules(page, rules):
    """The header's rule set (folded behind the menu button on a phone)."""
    toggle = page.locator("#menu-toggle")
    if not page.locator("[data-testid=rules]").is_visible() and toggle.is_visible():
        toggle.click()
    page.select_option("[data-testid=rules]", rules)
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true":
        toggle.click()


# ---------------------------------------------------------------- 1. not a table, with a link
@pytest.mark.parametrize("raw, address, lang", [
    ("[1,2,3]", "#play?rules=cayro&seed=4242", "pt"),
    ("42", "#play?watch=1", "en"),
    ('"x"', "#play?rules=cayro&seed=4242", "es"),
    ("true", "#play?watch=1", "pt"),
    ("{not json", "#play?rules=cayro&seed=4242", "en"),
])
def test_a_save_that_is_not_a_table_is_set_aside_and_the_link_plays(visit, raw, address, lang):
    page = visit(address, lang, {GAME: raw})
    reason = catalogue(lang, "game")["record.corrupted"]
    assert page.text_content("[data-testid=table-message]") == t(lang, "table.set_aside", reason=reason)
    assert [row[1] for row in slots(page, "mahjong.table.aside.")] == [raw]
    if "seed" in address:
        assert (page.get_attribute(ROOT, "data-seed"), page.get_attribute(ROOT, "data-rules")) == \
            ("4242", "cayro")
    else:
        assert page.get_attribute(ROOT, "data-watch") == "true"
    assert game(page)["format"] == 2
    assert not page.errors, page.errors


# ---------------------------------------------------------------- 2. versions and slots
def test_a_second_bad_save_never_overwrites_the_first(visit):
    first = json.loads(V1.read_text(encoding="utf-8"))
    first["format"] = True                 # not version 1: unreadable, set aside
    first_raw = json.dumps(first)
    page = visit("#play?rules=cayro", "en", {GAME: first_raw})
    reason = catalogue("en", "game")["record.bad_version"]
    assert page.text_content("[data-testid=table-message]") == t("en", "table.set_aside", reason=reason)
    page.evaluate(f"localStorage.setItem('{GAME}', '[1,2,3]')")
    page.reload()
    wait_engine(page, timeout=BOOT)
    page.wait_for_selector(READY, timeout=30_000)
    aside = slots(page, "mahjong.table.aside.")
    assert [raw for _, raw in aside] == [first_raw, "[1,2,3]"]
    times = [key.removeprefix("mahjong.table.aside.") for key, _ in aside]
    assert all(len(x) >= 24 and x[4] == "-" and x[10] == "T" for x in times), times
    assert not page.errors, page.errors


def test_a_version_1_save_resumes(visit):
    old = V1.read_text(encoding="utf-8")
    page = visit("#play?rules=cayro", "en", {GAME: old})
    assert page.text_content("[data-testid=table-message]") == t("en", "table.resumed")
    assert page.get_attribute(ROOT, "data-seed") == str(json.loads(old)["seed"])
    actions = human_move(page)
    saved = game(page)
    assert (saved["format"], saved["kind"], saved["seed"]) == (2, "mahjong.table", 4242)
    assert len(saved["current"]) >= actions - 1
    assert slots(page, "mahjong.table.aside.") == []


# ---------------------------------------------------------------- 3. a full storage
def parked(page):
    return {k.removeprefix("mahjong.table.parked."): json.loads(v)
            for k, v in slots(page, "mahjong.table.parked.")}


def test_full_storage_is_told_and_overwrites_nothing(visit):
    page = visit("#play?rules=macau_1988", "pt", viewport=(390, 844))
    human_move(page)
    macau_seed = page.get_attribute(ROOT, "data-seed")
    choose_rules(page, "filipino")                 # a Filipino match, parked in its turn
    page.wait_for_selector(f"{ROOT}[data-rules=filipino]")
    filipino_seed = page.get_attribute(ROOT, "data-seed")
    human_move(page)
    choose_rules(page, "macau_1988")
    page.wait_for_selector(f"{ROOT}[data-seed='{macau_seed}']")
    filipino_parked = stored(page, "mahjong.table.parked.filipino")
    before = stored(page, GAME)

    page.evaluate(FULL_STORAGE_JS)
    moved = human_move(page)
    failed = page.locator("[data-testid=save-failed]")
    failed.wait_for(state="visible")
    assert failed.text_content() == t("pt", "table.save_failed")
    failed.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-save-failed-pt-390.png"))
    assert stored(page, GAME) == before
    # rule sets switched while full: the parked Filipino match resumes and stays parked, the
    # Macau match stays saved as it was (nothing is written over either)
    choose_rules(page, "filipino")
    page.wait_for_selector(f"{ROOT}[data-seed='{filipino_seed}']")
    settled(page)
    assert stored(page, GAME) == before
    assert stored(page, "mahjong.table.parked.filipino") == filipino_parked
    assert "macau_1988" not in parked(page)
    choose_rules(page, "macau_1988")
    page.wait_for_selector(f"{ROOT}[data-seed='{macau_seed}']")
    assert settled(page) >= moved
    assert failed.is_visible()
    # room again: the next save stores both matches as they are now
    page.evaluate("window.__full = false")
    human_move(page)
    page.wait_for_selector("[data-testid=save-failed]", state="detached")
    saved = game(page)
    assert (str(saved["seed"]), saved["rules"]) == (macau_seed, "macau_1988")
    assert len(saved["current"]) >= moved - 1 > len(json.loads(before)["current"])
    assert str(parked(page)["filipino"]["seed"]) == filipino_seed
    assert not page.dialogs and not page.errors, (page.dialogs, page.errors)


def test_a_bad_save_is_kept_while_the_storage_is_full(visit):
    """The bad save cannot be copied aside: it is not overwritten by the new match."""
    page = visit("#play?rules=cayro", "en", {GAME: "42"}, full=True)
    page.locator("[data-testid=save-failed]").wait_for(state="visible")
    human_move(page)
    assert stored(page, GAME) == "42"
    page.evaluate("window.__full = false")
    human_move(page)
    page.wait_for_selector("[data-testid=save-failed]", state="detached")
    assert [raw for _, raw in slots(page, "mahjong.table.aside.")] == ["42"]
    assert game(page)["rules"] == "cayro"


# ---------------------------------------------------------------- 4. a link that starts a match
def test_a_link_keeps_the_match_in_progress(visit):
    page = visit("#play?rules=cayro", "en")
    human_move(page)
    old_seed = page.get_attribute(ROOT, "data-seed")
    old_actions = settled(page)
    page.evaluate("location.hash = '#play?rules=cayro&seed=4242'")
    page.wait_for_selector(f"{ROOT}[data-seed='4242']")
    assert page.text_content("[data-testid=table-message]") == t("en", "table.link_kept")
    kept = slots(page, "mahjong.table.kept.")
    assert len(kept) == 1 and json.loads(kept[0][1])["seed"] == int(old_seed)
    # a new page load of another seed keeps the 4242 match too
    address = page.url.replace("seed=4242", "seed=777")
    page.goto("about:blank")
    page.goto(address)
    wait_engine(page, timeout=BOOT)
    page.wait_for_selector(f"{ROOT}[data-seed='777']", timeout=30_000)
    at_777 = settled(page)
    assert len(slots(page, "mahjong.table.kept.")) == 2
    page.click("[data-action=resume-kept]")
    page.wait_for_selector(f"{ROOT}[data-seed='4242']")
    page.click("[data-action=resume-kept]")
    page.wait_for_selector(f"{ROOT}[data-seed='777']")
    assert settled(page) == at_777           # back where it was put aside
    # the first match is still there, at its position (data-actions counts its saved moves)
    kept = {record["seed"]: record for record in
            (json.loads(raw) for _, raw in slots(page, "mahjong.table.kept."))}
    assert old_actions > 0 and len(kept[int(old_seed)]["current"]) == old_actions
    assert not page.errors, page.errors
