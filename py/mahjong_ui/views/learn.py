"""Learn mode: the rules pages of the four rule sets and the glossary, drawn from the page
model of ``mahjong_ui.learn`` (pure Python). Hash routes: ``#learn/<rules>[/<section>]``,
``#learn/glossary[/<term>]``. The route and the catalogues are the only state; nothing is
read back from the DOM. Text from the URL is never inserted as HTML (only textContent)."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import js
from pyodide.ffi import create_proxy

from mahjong_engine.rules import RULE_SET_KEYS

from ..dom import Node, el
from ..i18n import Translator, translator
from ..learn import build_page
from ..learn.glossary import Link, section_links
from ..learn.routes import activity_of, parse_route
from ..learn.model import DOMAINS
from ..shell import Shell
from ..tasks import spawn
from .learn_blocks import _block


@dataclass
class _LearnState:
    """The route and the catalogues (the only state of learn mode) and what is drawn."""
    shell: Shell | None = None
    cats: dict[str, Translator] = field(default_factory=dict)    # by language
    route: tuple[str, str | None] | None = None
    shown: tuple[str, str] | None = None      # (page, lang) of the page drawn
    rules_seen: str | None = None             # the header's rule set last seen
    syncing: str | None = None                # a rule set whose settings change needs no redraw
    mode_seen: str | None = None              # the mode last seen in the settings
    address: str = ""                         # the address last read (a link not yet read differs)
    render_due: bool = False                  # a drawing is scheduled and not yet started
    proxies: list[Node] = field(default_factory=list)


_state = _LearnState()


def _shell() -> Shell:
    if _state.shell is None:
        raise RuntimeError("learn mode drawn before start()")
    return _state.shell


# routes (pure): mahjong_ui.learn.routes


# ------------------------------------------------------------------ catalogues
async def _load(lang: str) -> Translator:
    if lang not in _state.cats:
        api = js.window.mahjongShell
        tables = {}
        for domain in DOMAINS:
            data = await api.loadCatalogue(lang, domain)
            tables[domain] = data.to_py()
        _state.cats[lang] = translator(lang, tables)
    return _state.cats[lang]


# ------------------------------------------------------------------ rendering
def _nav(cats: Translator, current: str) -> Node:
    nav = el("nav", cls="learn-nav", aria_label=cats.t("learn.nav.label"), data_testid="learn-nav")
    for key in (*RULE_SET_KEYS, "glossary", "embed"):
        label = (cats.t(f"learn.nav.{key}") if key in ("glossary", "embed") else cats.t(f"{key}.name"))
        link = el("a", label, href="#embed" if key == "embed" else f"#learn/{key}", data_route=key)
        if key == current:
            link.setAttribute("aria-current", "page")
        nav.appendChild(link)
    if current in RULE_SET_KEYS:
        sub = el("p", cls="learn-activities", data_testid="learn-activities")
        sub.appendChild(el("span", cats.t("learn.nav.activities") + " ", cls="learn-doc"))
        for i, (route, key) in enumerate(((current, "nav.rules"), (f"{current}/lesson", "nav.lesson"),
                                          (f"{current}/exercises", "nav.exercises"))):
            if i:
                sub.appendChild(js.document.createTextNode(" · "))
            sub.appendChild(el("a", cats.domain("learn").t(key), href=f"#learn/{route}",
                               data_activity=key[4:]))
        nav.appendChild(sub)
    return nav


def _rules_page(cats: Translator, key: str, root: Node) -> None:
    page = build_page(key, cats)
    root.appendChild(el("h2", cats.t("learn.page.title", name=page.title), cls="learn-title",
                        tabindex="-1", id="learn-top"))
    toc = el("nav", cls="learn-toc", aria_label=cats.t("learn.toc.label"), data_testid="learn-toc")
    toc.appendChild(el("h3", cats.t("learn.toc.label")))
    ol = el("ol")
    for section in page.sections:
        li = el("li")
        li.appendChild(el("a", section.title, href=f"#learn/{key}/{section.id}"))
        ol.appendChild(li)
    toc.appendChild(ol)
    root.appendChild(toc)
    for section in page.sections:
        box = el("section", cls="learn-section", id=f"learn-{key}-{section.id}",
                 data_testid="learn-section", data_section=section.id)
        box.appendChild(el("h3", section.title, tabindex="-1"))
        box.appendChild(el("p", section.cite, cls="learn-cite"))
        for block in section.blocks:
            box.appendChild(_block(cats, block, key))
        words = section_links(cats, key, section.id)
        if words:
            box.appendChild(_glossary_links(cats, cats.t("glossary.ui.in_section"), words))
        root.appendChild(box)


def _glossary_links(cats: Translator, label: str, links: list[Link],
                    cls: str = "learn-used") -> Node:
    box = el("p", label + " ", cls=cls)
    for i, link in enumerate(links):
        if i:
            box.appendChild(js.document.createTextNode(" · "))
        box.appendChild(el("a", link.label, href=f"#{link.route}", data_kind=link.kind,
                           data_target=link.target))
    return box


def _scroll(target_id: str | None) -> bool:
    """Focus and show the target (the page's top without one); False when it is missing."""
    node = js.document.getElementById(target_id) if target_id else None
    if not node:                       # None, or JS null when the id is not on the page
        top = js.document.getElementById("learn-top")
        if top and target_id is not None:
            top.focus()
        js.window.scrollTo(0, 0)
        return target_id is None
    heading = node.querySelector("h3") if node.tagName == "SECTION" else node
    (heading or node).focus()
    node.scrollIntoView()
    return True


async def render() -> None:
    shell = _shell()
    settings = shell.settings()
    lang = settings.get("lang", "en")
    root = js.document.getElementById("learn-root")
    try:
        cats = await _load(lang)
    except Exception as error:  # logged, and a clear message, never a traceback
        js.console.error(repr(error))
        root.replaceChildren(el("p", shell.t("error.download"), cls="learn-error", role="alert"))
        return
    _state.address = str(js.location.hash or "")
    page, target, valid = parse_route(js.location.hash, settings.get("rules", RULE_SET_KEYS[0]))
    _state.route = (page, target)
    if page in RULE_SET_KEYS and settings.get("rules") != page:
        # a link to another rule set's page: the header's rule set follows it
        _state.rules_seen = page
        _state.syncing = page          # the settings change that follows needs no redraw
        select = js.document.getElementById("rules")
        if select:
            select.value = page
            select.dispatchEvent(js.Event.new("change"))
    activity, sub = activity_of(target)
    if activity is not None:
        # a lesson or the exercises of one rule set: their own view modules draw the body
        _state.shown = None
        module = importlib.import_module(f"mahjong_ui.views.learn_{activity}")
        root.replaceChildren()
        root.appendChild(_nav(cats, page))
        body = el("div", cls="learn-body", data_activity=activity)
        root.appendChild(body)
        module.render(cats, page, sub, body, shell)
        root.dataset.rules = page
        root.dataset.lang = lang
        root.dataset.target = target or ""
        root.dataset.ready = "true"
        return
    if _state.shown != (page, lang):
        _state.shown = (page, lang)
        root.replaceChildren()
        root.appendChild(_nav(cats, page))
        if not valid:
            root.appendChild(el("p", cats.t("learn.route.bad"), cls="learn-error", role="alert",
                                data_testid="learn-error"))
        body = el("div", cls="learn-body")
        if page == "glossary":         # by section, with its search (views.learn_glossary)
            importlib.import_module("mahjong_ui.views.learn_glossary").render(cats, body)
        elif page == "embed":           # the authors' page (views.learn_embed)
            importlib.import_module("mahjong_ui.views.learn_embed").render(cats, body)
        else:
            _rules_page(cats, page, body)
        root.appendChild(body)
        root.dataset.rules = page
        root.dataset.lang = lang
    else:
        for node in root.querySelectorAll("[data-testid=learn-error]"):
            node.remove()
        if not valid:
            root.insertBefore(el("p", cats.t("learn.route.bad"), cls="learn-error", role="alert",
                                 data_testid="learn-error"), root.children[1])
    if page == "glossary":
        importlib.import_module("mahjong_ui.views.learn_glossary").reveal(target)
    if page in ("glossary", "embed"):
        found = _scroll(f"gloss-{target}" if target else None)
    elif target and target.startswith("scoring/"):
        found = _scroll(f"entry-{target[8:]}")
    else:
        found = _scroll(f"learn-{page}-{target}" if target else None)
    if not found and valid:
        # a glossary term or scoring entry that does not exist: say so, show the page
        root.insertBefore(el("p", cats.t("learn.route.bad"), cls="learn-error", role="alert",
                             data_testid="learn-error"), root.children[1])
    root.dataset.target = target or ""
    root.dataset.ready = "true"


async def _safe_render() -> None:
    _state.render_due = False          # a change from here on asks for another drawing
    try:
        await render()
    except Exception as exc:  # a message in the user's language, not a traceback
        js.console.error(repr(exc))
        _state.shown = None
        root = js.document.getElementById("learn-root")
        root.replaceChildren(el("p", _shell().t("error.engine"), cls="learn-error",
                                role="alert", data_testid="learn-error"))


def _schedule(*_args: object) -> None:
    """Draw the page soon, once: a link followed in the page changes the address and the
    header's settings together, and a second drawing would take the focus a first one gave."""
    if not _state.render_due:
        _state.render_due = True
        spawn(_safe_render())


def _on_hash(*_args: object) -> None:
    if str(js.location.hash).startswith(("#learn", "#embed")):
        settings = _shell().settings()
        if settings.get("mode") != "learn":
            select = js.document.getElementById("mode")
            select.value = "learn"
            select.dispatchEvent(js.Event.new("change"))
        _schedule()


def _on_settings(settings: dict[str, Any]) -> None:
    was_learning = _state.mode_seen == "learn"
    _state.mode_seen = settings.get("mode")
    syncing, _state.syncing = _state.syncing, None
    if syncing == settings.get("rules") or settings.get("mode") != "learn":
        return
    route = _state.route
    rules = settings.get("rules")
    # the header's rule set chosen on a learn page moves the address; a link just followed
    # (the mode switched to learn, or an address not read yet) is read whole instead
    read = was_learning and str(js.location.hash or "") == _state.address
    if read and route and route[0] not in ("glossary", "embed") and route[0] != rules \
            and rules in RULE_SET_KEYS and _state.rules_seen not in (None, rules):
        js.location.hash = f"#learn/{rules}"
    _state.rules_seen = rules
    _schedule()


def start(shell: Shell) -> None:
    _state.shell = shell
    _state.rules_seen = shell.settings().get("rules")
    _state.mode_seen = shell.settings().get("mode")
    root = js.document.getElementById("learn-root")
    root.setAttribute("data-testid", "learn-root")
    proxy = create_proxy(_on_hash)
    _state.proxies.append(proxy)
    js.window.addEventListener("hashchange", proxy)
    shell.on_settings(_on_settings)
    _on_hash()
    _schedule()
