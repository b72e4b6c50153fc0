"""Learn mode: the rules pages of the four rule sets and the glossary, drawn from the page
model of ``mahjong_ui.learn`` (pure Python). Hash routes: ``#learn/<rules>[/<section>]``,
``#learn/glossary[/<term>]``. The route and the catalogues are the only state, in one
``LearnView`` made by ``start`` (its pure part: ``learn.view_state.LearnRoute``), which also
owns the state of the lesson, exercises and glossary views; nothing is read back from the
DOM. Text from the URL is never inserted as HTML (only textContent)."""
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
from ..learn.view_state import LearnRoute
from ..shell import Shell
from ..tasks import spawn
from .learn_blocks import _block


@dataclass
class LearnView:
    """Learn mode's state, made once by ``start``: the shell, the catalogues, the route and
    what is drawn (``LearnRoute``), each part's view state (``lesson``, ``exercises``,
    ``glossary``: made by the part's ``new_view`` the first time it is drawn) and the proxies."""
    shell: Shell
    cats: dict[str, Translator] = field(default_factory=dict)    # by language
    nav: LearnRoute = field(default_factory=LearnRoute)
    parts: dict[str, Any] = field(default_factory=dict)
    proxies: list[Node] = field(default_factory=list)

    def part(self, name: str) -> tuple[Any, Any]:
        """The module ``views.learn_<name>`` (imported when first needed) and its state."""
        module = importlib.import_module(f"mahjong_ui.views.learn_{name}")
        if name not in self.parts:
            self.parts[name] = module.new_view()
        return module, self.parts[name]


# routes (pure): mahjong_ui.learn.routes


# ------------------------------------------------------------------ catalogues
async def _load(view: LearnView, lang: str) -> Translator:
    if lang not in view.cats:
        api = js.window.mahjongShell
        tables = {}
        for domain in DOMAINS:
            data = await api.loadCatalogue(lang, domain)
            tables[domain] = data.to_py()
        view.cats[lang] = translator(lang, tables)
    return view.cats[lang]


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


async def render(view: LearnView) -> None:
    shell = view.shell
    state = view.nav
    settings = shell.settings()
    lang = settings.get("lang", "en")
    root = js.document.getElementById("learn-root")
    try:
        cats = await _load(view, lang)
    except Exception as error:  # logged, and a clear message, never a traceback
        js.console.error(repr(error))
        root.replaceChildren(el("p", shell.t("error.download"), cls="learn-error", role="alert"))
        return
    state.address = str(js.location.hash or "")
    page, target, valid = parse_route(js.location.hash, settings.get("rules", RULE_SET_KEYS[0]))
    state.route = (page, target)
    if page in RULE_SET_KEYS and state.follow(page, settings.get("rules")):
        # a link to another rule set's page: the header's rule set follows it (the settings
        # change that follows needs no redraw)
        select = js.document.getElementById("rules")
        if select:
            select.value = page
            select.dispatchEvent(js.Event.new("change"))
    activity, sub = activity_of(target)
    if activity is not None:
        # a lesson or the exercises of one rule set: their own view modules draw the body
        state.shown = None
        module, part = view.part(activity)
        root.replaceChildren()
        root.appendChild(_nav(cats, page))
        body = el("div", cls="learn-body", data_activity=activity)
        root.appendChild(body)
        module.render(part, cats, page, sub, body, shell)
        root.dataset.rules = page
        root.dataset.lang = lang
        root.dataset.target = target or ""
        root.dataset.ready = "true"
        return
    if state.shown != (page, lang):
        state.shown = (page, lang)
        root.replaceChildren()
        root.appendChild(_nav(cats, page))
        if not valid:
            root.appendChild(el("p", cats.t("learn.route.bad"), cls="learn-error", role="alert",
                                data_testid="learn-error"))
        body = el("div", cls="learn-body")
        if page == "glossary":         # by section, with its search (views.learn_glossary)
            glossary, part = view.part("glossary")
            glossary.render(part, cats, body)
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
        glossary, part = view.part("glossary")
        glossary.reveal(part, target)
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


async def _safe_render(view: LearnView) -> None:
    view.nav.render_due = False          # a change from here on asks for another drawing
    try:
        await render(view)
    except Exception as exc:  # a message in the user's language, not a traceback
        js.console.error(repr(exc))
        view.nav.shown = None
        root = js.document.getElementById("learn-root")
        root.replaceChildren(el("p", view.shell.t("error.engine"), cls="learn-error",
                                role="alert", data_testid="learn-error"))


def _schedule(view: LearnView) -> None:
    """Draw the page soon, once: a link followed in the page changes the address and the
    header's settings together, and a second drawing would take the focus a first one gave."""
    if view.nav.claim_render():
        spawn(_safe_render(view))


def _on_hash(view: LearnView) -> None:
    if str(js.location.hash).startswith(("#learn", "#embed")):
        settings = view.shell.settings()
        if settings.get("mode") != "learn":
            select = js.document.getElementById("mode")
            select.value = "learn"
            select.dispatchEvent(js.Event.new("change"))
        _schedule(view)


def _on_settings(view: LearnView, settings: dict[str, Any]) -> None:
    draw, move = view.nav.settings_changed(settings.get("mode"), settings.get("rules"),
                                           str(js.location.hash or ""), RULE_SET_KEYS)
    if move is not None:
        js.location.hash = move
    if draw:
        _schedule(view)


def start(shell: Shell) -> None:
    view = LearnView(shell)            # learn mode's one state, for the page's life
    view.nav.rules_seen = shell.settings().get("rules")
    view.nav.mode_seen = shell.settings().get("mode")
    root = js.document.getElementById("learn-root")
    root.setAttribute("data-testid", "learn-root")
    proxy = create_proxy(lambda *_args: _on_hash(view))
    view.proxies.append(proxy)
    js.window.addEventListener("hashchange", proxy)
    shell.on_settings(lambda settings: _on_settings(view, settings))
    _on_hash(view)
    _schedule(view)
