// The embed widget's hand drawn at once, before Python is up (issue 13): the tiles need no
// engine, only the notation in the address (`hand`/`c`, `m`, `f`, `w`) and our SVG sprite.
// Python (py/mahjong_ui/embed.py) checks the hand and replaces this with the full widget;
// a hand the engine refuses is then shown with its message. Nothing from the address is
// inserted as HTML: elements and attributes only.
const SPRITE = "tiles/tiles.svg";
const SVG = "http://www.w3.org/2000/svg";
const ORDER = "mpszf";

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

function preview() {
  const params = new URLSearchParams(location.search.slice(0, 4000));
  const concealed = tilesOf(params.get("hand") ?? params.get("c")).sort((a, b) => sortKey(a) - sortKey(b));
  const melds = (params.get("m") || "").split(",").filter(Boolean).slice(0, 8)
    .map((code) => tilesOf(code.slice(1)));
  const flowers = tilesOf(params.get("f"));
  if (!concealed.length && !melds.some((m) => m.length)) return;
  const hand = document.createElement("div");
  hand.className = "embed-hand";
  hand.dataset.testid = "embed-preview";
  hand.setAttribute("aria-hidden", "true");   // Python's widget, with tile names, replaces it
  const win = params.get("w") || concealed[concealed.length - 1];
  hand.appendChild(row(concealed, "calc-tiles", win));
  for (const meld of melds) if (meld.length) hand.appendChild(row(meld, "calc-tiles is-meld"));
  if (flowers.length) hand.appendChild(row(flowers, "calc-tiles is-small"));
  const root = document.getElementById("embed-root");
  root.setAttribute("aria-busy", "true");
  root.insertBefore(hand, root.firstChild);
}

preview();
