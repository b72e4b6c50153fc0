// One script for every Mah-Jong widget on an author's page:
//   <script type="module" src="<this site>/static/js/embed.js"></script>
//   <mahjong-hand rules="cayro" hand="567p888s22z" w="6p" score="1"></mahjong-hand>
//   <mahjong-replay replay="r1.…" start="12" hands="all" controls="1"></mahjong-replay>
//   <mahjong-exercise rules="macau_1988" exercise="score-1"></mahjong-exercise>
// Each element makes the iframe of static/embed.html with its attributes as the address, so
// the widget keeps the site's security policy and offline cache; the frames of one page share
// one Python runtime (static/js/embed-frame.mjs). The frame's height follows its content
// (the frame posts {type: "mahjong-embed-height", height}). Attributes are copied as
// parameters only: nothing is inserted as HTML.
const FRAME = new URL("../embed.html", import.meta.url);
const PARAMS = {
  "mahjong-hand": ["rules", "hand", "c", "w", "m", "f", "win", "seat", "round", "opener", "first",
                   "last", "stake", "score", "lang"],
  "mahjong-replay": ["replay", "start", "hands", "controls", "tiles", "lang"],
  "mahjong-exercise": ["rules", "exercise", "ask", "hand", "w", "m", "f", "win", "seat", "round", "lang"],
};
const HEIGHT = { "mahjong-hand": 200, "mahjong-replay": 560, "mahjong-exercise": 560 };
// the frame's title for screen readers, in the widget's language (static/i18n/*/embed.json)
const TITLE = {
  pt: { "mahjong-hand": "Mão de Mah-Jong", "mahjong-replay": "Mão de Mah-Jong, jogada a jogada",
        "mahjong-exercise": "Exercício de Mah-Jong" },
  en: { "mahjong-hand": "Mah-Jong hand", "mahjong-replay": "Mah-Jong hand, move by move",
        "mahjong-exercise": "Mah-Jong exercise" },
  es: { "mahjong-hand": "Mano de Mah-Jong", "mahjong-replay": "Mano de Mah-Jong, jugada a jugada",
        "mahjong-exercise": "Ejercicio de Mah-Jong" },
};

const frames = new Map();   // contentWindow -> iframe, for the height messages
addEventListener("message", (event) => {
  const data = event.data;
  if (event.origin !== FRAME.origin || !data || data.type !== "mahjong-embed-height") return;
  const frame = frames.get(event.source);
  const height = Number(data.height);
  if (frame && Number.isFinite(height) && height > 0) frame.height = String(Math.ceil(Math.min(height, 5000)) + 2);
});

class MahjongWidget extends HTMLElement {
  static get observedAttributes() { return PARAMS[this.tag]; }

  connectedCallback() { this.draw(); }

  disconnectedCallback() {
    if (this.frame) frames.delete(this.frame.contentWindow);
  }

  attributeChangedCallback() { if (this.frame) this.draw(); }

  src() {
    const tag = this.localName;
    const query = new URLSearchParams();
    for (const name of PARAMS[tag]) {
      const value = this.getAttribute(name);
      if (value !== null && value !== "") query.set(name, value);
    }
    if (!query.has("lang")) {   // the author's page's language, when it is one of ours
      const lang = (this.closest("[lang]")?.getAttribute("lang") || "").slice(0, 2).toLowerCase();
      if (["pt", "en", "es"].includes(lang)) query.set("lang", lang);
    }
    return `${FRAME.href}?${query.toString()}`;
  }

  draw() {
    const tag = this.localName;
    if (this.frame) frames.delete(this.frame.contentWindow);
    const frame = document.createElement("iframe");
    const src = this.src();
    const lang = new URL(src).searchParams.get("lang") || (navigator.language || "").slice(0, 2);
    frame.src = src;
    frame.title = this.getAttribute("title") || (TITLE[lang] || TITLE.en)[tag];
    frame.width = "100%";
    frame.height = String(this.getAttribute("height") || HEIGHT[tag]);
    frame.loading = this.getAttribute("loading") === "lazy" ? "lazy" : "eager";
    frame.style.border = "0";   // CSSOM, not a style attribute: allowed by a strict CSP
    this.replaceChildren(frame);
    this.frame = frame;
    frames.set(frame.contentWindow, frame);
  }
}

for (const tag of Object.keys(PARAMS)) {
  if (!customElements.get(tag)) {
    customElements.define(tag, class extends MahjongWidget { static tag = tag; });
  }
}
