// The embed frame (static/embed.html): draws the widget's tiles at once, then has Python draw
// the widget (py/mahjong_ui/embed_frame.py).
//
// Frames of one site in one page run on one thread, so each starting its own Python would
// queue up behind the others. The first frame starts the runtime (from the site's memory
// snapshot when this browser has one, static/js/pyodide-boot.mjs) and keeps the promise on its
// window; the frames beside it find that promise (same origin, reachable through
// `parent.frames` whatever the parent's origin) and are drawn by the same Python. A frame whose
// runtime cannot be had starts its own. Nothing from the address is inserted as HTML.
const SPRITE = "static/tiles/tiles.svg";     // the page's <base> is the site root
const SVG = "http://www.w3.org/2000/svg";
const ORDER = "mpszf";
const KEY = "mahjongEmbedRuntime";

// ------------------------------------------------------------------ before Python
function tilesOf(notation) {
  const out = [];
  let digits = "";
  for (const ch of String(notation || "").slice(0, 400)) {
    if (ch >= "1" && ch <= "9") digits += ch;
    else if (ORDER.includes(ch) && digits) { for (const d of digits) out.push(d + ch); digits = ""; }
    else if (ch !== " ") return [];   // not notation: leave it to Python's message
  }
  return digits ? [] : out;
}

const sortKey = (t) => ORDER.indexOf(t[1]) * 10 + Number(t[0]);
const sorted = (tiles) => [...tiles].sort((a, b) => sortKey(a) - sortKey(b));

function row(tiles, cls, win) {
  const span = document.createElement("span");
  span.className = cls;
  for (const code of tiles) {
    const tile = document.createElement("span");
    tile.className = "calc-tile" + (code === win ? " is-win" : "");
    tile.dataset.tile = code;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 60 80");
    svg.setAttribute("class", "calc-tile-face");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `${SPRITE}#t-${code}`);
    svg.appendChild(use);
    tile.appendChild(svg);
    span.appendChild(tile);
  }
  return span;
}

function show(rows, kind) {
  // Python may have drawn the widget already (a runtime shared with a frame drawn before)
  if (document.documentElement.dataset.state !== "loading" || !rows.some((r) => r.tiles.length)) return;
  const box = document.createElement("div");
  box.className = "embed-hand embed-preview";
  box.dataset.testid = "embed-preview";
  box.dataset.widget = kind;
  box.setAttribute("aria-hidden", "true");   // Python's widget, with tile names, replaces it
  for (const r of rows) if (r.tiles.length) box.appendChild(row(r.tiles, r.cls, r.win));
  const root = document.getElementById("embed-root");
  root.setAttribute("aria-busy", "true");
  root.insertBefore(box, root.firstChild);
}

function handRows(params, concealedName) {
  const concealed = sorted(tilesOf(params.get(concealedName) ?? params.get("c")));
  const melds = (params.get("m") || "").split(",").filter(Boolean).slice(0, 8).map((code) => tilesOf(code.slice(1)));
  const win = params.get("w") || concealed[concealed.length - 1];
  return [{ tiles: concealed, cls: "calc-tiles", win },
          ...melds.map((m) => ({ tiles: m, cls: "calc-tiles is-meld" })),
          { tiles: tilesOf(params.get("f")), cls: "calc-tiles is-small" }];
}

async function preview(params) {
  if (params.has("replay")) {
    // the bottom seat's tiles at the first move shown: the site's embed code carries them
    show([{ tiles: sorted(tilesOf(params.get("tiles"))), cls: "calc-tiles" }], "replay");
  } else if (params.has("exercise") || params.has("ask")) {
    if (params.has("ask")) { show(handRows(params, "hand"), "exercise"); return; }
    let [rules, id] = [params.get("rules") || "", params.get("exercise") || ""];
    if (!rules && id.includes("/")) [rules, id] = id.split("/", 2);
    try {
      const data = await (await fetch("static/embed-exercises.json")).json();
      const found = data[rules] && data[rules][id];
      if (found) show(found.map((n, i) => ({ tiles: tilesOf(n), cls: i ? "calc-tiles is-meld" : "calc-tiles" })), "exercise");
    } catch { /* no preview: Python draws it */ }
  } else {
    show(handRows(params, "hand"), "hand");
  }
}

// ------------------------------------------------------------------ one runtime for the page
function siblingRuntime() {
  let frames;
  try { frames = window.parent.frames; } catch { return null; }
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (frame === window) continue;
    try {
      if (frame.location.origin === location.origin && frame[KEY]) return frame[KEY];
    } catch { /* another site's frame */ }
  }
  return null;
}

async function startRuntime() {
  const { loadPyodide } = await import("./pyodide-boot.mjs");
  const archive = fetch(new URL("../../app/mahjong.zip", import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`archive ${r.status}`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide();
  pyodide.unpackArchive(await archive, "zip", { extractDir: "." });
  const frameModule = pyodide.pyimport("mahjong_ui.embed_frame");
  return { mount: (doc, win) => frameModule.mount(doc, win) };
}

function runtime() {
  const shared = siblingRuntime();
  if (shared) {
    document.documentElement.dataset.runtime = "shared";
    return shared.catch(() => own());
  }
  return own();
}

function own() {
  document.documentElement.dataset.runtime = "own";
  const started = startRuntime();
  window[KEY] = started;     // before any await: the next frame to run finds it
  keepOffline();
  return started;
}

// The site's service worker, as the app registers it, once this frame's widget is drawn and the
// page is idle: a frame on another site has storage of its own, and its own offline copy.
function keepOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const root = document.documentElement;
  const register = () => {
    const later = self.requestIdleCallback || ((fn) => setTimeout(fn, 500));
    later(() => navigator.serviceWorker.register(new URL("../../sw.js", import.meta.url))
      .catch((err) => console.warn("embed: service worker not registered", err)), { timeout: 5000 });
  };
  const observer = new MutationObserver(() => {
    if (root.dataset.state !== "loading") { observer.disconnect(); register(); }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
}

function fail() {
  const root = document.getElementById("embed-root");
  const p = document.createElement("p");
  p.className = "calc-error";
  p.setAttribute("role", "alert");
  p.dataset.testid = "embed-error";
  // the page's own words, in its language (the runtime that would translate is missing)
  const words = document.getElementById("embed-failed").dataset;
  const lang = [params.get("lang"), ...(navigator.languages || [])].map((l) => String(l || "").slice(0, 2))
    .find((l) => ["pt", "en", "es"].includes(l)) || "en";
  p.textContent = words[lang];
  root.replaceChildren(p);
  document.documentElement.dataset.state = "error";
}

// Python (which may run in a sibling frame) tells the height through this frame's own
// function, so that the parent sees this frame as the message's source.
window.mahjongEmbedHeight = (height) => {
  if (window.parent !== window) window.parent.postMessage({ type: "mahjong-embed-height", height }, "*");
  document.documentElement.dataset.height = String(height);
};

const params = new URLSearchParams(location.search.slice(0, 20000));
const started = runtime();     // at once: the runtime and the preview go side by side
preview(params).finally(() => {
  document.documentElement.dataset.preview = "drawn";
  if (document.documentElement.dataset.state === "loading") {   // the frame fits the tiles meanwhile
    window.mahjongEmbedHeight(Math.ceil(document.getElementById("embed-root").getBoundingClientRect().height));
  }
});
started.then((rt) => { performance.mark("embed:runtime"); return rt.mount(document, window); }).catch((err) => {
  console.warn("embed: Python could not start", err);
  fail();
});
