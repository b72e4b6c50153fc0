// The page shell: language, rule set and mode choices, boot progress, failure and retry.
// Plain JavaScript so it works before (and without) Python. Python (py/mahjong_ui) talks to
// it through `window.mahjongShell`; it reads no game state from the DOM.
//
// Every URL is computed relative to this module, so any page of the site (index.html,
// later embed.html) at any sub-path can use it.

const LANGS = ["pt", "en", "es"];
const FALLBACK_LANG = "en";
// The rule sets offered, in order: the options of the rule-set control, which build.py writes
// from the engine's registry (mahjong_engine.rules.registered_keys), so a new one needs no edit here.
const RULES = Array.from(document.querySelectorAll("#rules option"), (option) => option.value);
const MODES = ["play", "learn", "score", "keep"];
const STORE = "mahjong.settings";
const BOOT_TIMEOUT_MS = 120000;
// Files whose arrival is shown in the progress bar (the runtime and our package).
const TRACKED = ["pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "mahjong.zip"];

const I18N_BASE = new URL("../i18n/", import.meta.url);
const PYSCRIPT = new URL("../../vendor/pyscript/core.js", import.meta.url);
const PYTHON_BOOT = new URL("./pyodide-boot.mjs", import.meta.url);
const SERVICE_WORKER = new URL("../../sw.js", import.meta.url);

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
const catalogues = {};          // lang -> {key: string}
const listeners = new Set();    // settings listeners (Python registers one)
let errorKey = null;            // error.* key shown, if any

// ---------------------------------------------------------------- settings (remembered)
function readStored() {
  try { return JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch { return {}; }
}
function browserLang() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return FALLBACK_LANG;
}
// The rule set a first visitor is offered, from the browser's own language (not only the
// three the site is written in): the option listing that language in its data-languages
// (each rule set's Presentation.visitor_languages, written by build.py), else the first.
const OFFERED = Array.from(document.querySelectorAll("#rules option"),
  (option) => [option.value, (option.dataset.languages || "").split(" ").filter(Boolean)]);
export function rulesForLanguage(tag) {
  const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
  const found = OFFERED.find(([, langs]) => langs.includes(base));
  return found ? found[0] : RULES[0];
}
function browserRules() {
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
  return rulesForLanguage(tags[0]);
}
// A link with a route goes straight there (no welcome): #play…, #learn…, #score…, #keep, ?mode=play.
const ROUTE = /^#(play|learn|score|keep|embed)(?=$|[/?])/;
function routeMode() {
  const match = ROUTE.exec(location.hash || "");
  if (match) return match[1] === "embed" ? "learn" : match[1];   // the authors' page is in learn mode
  return /(^|[?&])mode=play(&|$)/.test(location.search || "") ? "play" : null;
}
// The rule set a link names: `#learn/<rules>…`, or `rules=` in a `#play?…` or `#score?…` query.
function addressRules() {
  const hash = location.hash || "";
  const learn = /^#learn\/([a-z0-9_]+)/.exec(hash);
  if (learn) return RULES.includes(learn[1]) ? learn[1] : null;
  if (!/^#(play|score)(?=$|\?)/.test(hash) || !hash.includes("?")) return null;
  const rules = new URLSearchParams(hash.slice(hash.indexOf("?") + 1)).get("rules");
  return RULES.includes(rules) ? rules : null;
}
// A language asked for by the address (`#play?lang=es`, `#learn/cayro?lang=es`).
function addressLang() {
  const hash = location.hash || "";
  const query = hash.includes("?") ? hash.slice(hash.indexOf("?") + 1) : "";
  const lang = new URLSearchParams(query).get("lang");
  return LANGS.includes(lang) ? lang : null;
}
const stored = readStored();
const settings = {
  lang: addressLang() || (LANGS.includes(stored.lang) ? stored.lang : browserLang()),
  rules: RULES.includes(stored.rules) ? stored.rules : browserRules(),
  mode: routeMode() || (MODES.includes(stored.mode) ? stored.mode : MODES[0]),
};
// First visit: nothing remembered (or a welcome left unanswered) and no route in the address.
let welcomeOpen = !routeMode() && (Object.keys(stored).length === 0 || stored.welcomed === false);
let rulesTouched = RULES.includes(stored.rules) && stored.welcomed !== false;
function save() {
  const data = { ...settings, welcomed: !welcomeOpen };
  if (welcomeOpen) data.rulesTouched = rulesTouched;
  try { localStorage.setItem(STORE, JSON.stringify(data)); } catch { /* private mode or full: keep in memory */ }
}
if (welcomeOpen && stored.rulesTouched) rulesTouched = true;

// ---------------------------------------------------------------- i18n
function embeddedCatalogues() {
  // build.py inlines static/i18n/*/ui.json into dist/index.html so the first paint is translated.
  const node = document.getElementById("ui-catalogue");
  if (!node) return;
  try { Object.assign(catalogues, JSON.parse(node.textContent)); } catch { /* fall back to fetch */ }
}
// Each catalogue is fetched once per page, however many views ask for it (at once or later);
// a failed fetch is forgotten so that a later call tries again.
const pending = new Map();     // "lang/domain" -> Promise of the parsed catalogue
async function fetchCatalogue(lang, domain) {
  const response = await fetch(new URL(`${lang}/${domain}.json`, I18N_BASE));
  if (!response.ok) throw new Error(`catalogue ${lang}/${domain}: ${response.status}`);
  return response.json();
}
async function loadCatalogue(lang, domain = "ui") {
  if (domain === "ui" && catalogues[lang]) return catalogues[lang];
  const key = `${lang}/${domain}`;
  if (!pending.has(key)) {
    pending.set(key, fetchCatalogue(lang, domain).catch((err) => { pending.delete(key); throw err; }));
  }
  const data = await pending.get(key);
  if (domain === "ui") catalogues[lang] = data;
  return data;
}
export function t(key, params = {}, lang = settings.lang) {
  const table = catalogues[lang] || catalogues[FALLBACK_LANG] || {};
  const text = table[key] ?? (catalogues[FALLBACK_LANG] || {})[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
function translatePage() {
  root.lang = settings.lang;
  document.title = t("app.title");
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of document.querySelectorAll("[data-i18n-attr]")) {
    // data-i18n-attr="aria-label:key;title:key"
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
  if (errorKey) $("boot-error-text").textContent = t(errorKey);
  renderStatus();
}

// ---------------------------------------------------------------- boot status
// Three stages named in the box (files, engine, table), each with its share of the bar; Play
// pressed before the engine is ready shows them over the table's shape until it is drawn.
let status = { key: "status.loading", params: {} };
const STAGES = { "status.loading": 1, "status.starting": 2, "status.table": 3, "status.ready": 3 };
function setStatus(key, params = {}) { status = { key, params }; renderStatus(); }
function renderStatus() {
  const params = { ...status.params };
  if (params.rules) params.rules = t(`rules.${params.rules}`);
  $("boot-text").textContent = t(status.key, params);
  const stage = STAGES[status.key] || 1, files = { done: seen.size, total: TRACKED.length };
  $("boot-progress").value = stage === 1 ? Math.round((70 * seen.size) / TRACKED.length)
    : root.dataset.table === "drawn" ? 100 : stage === 2 ? 80 : 92;
  $("boot-detail").textContent = stage === 1 ? t("status.progress", files) : t("status.stage", { stage, stages: 3 });
}
const seen = new Set();
function trackProgress() {
  if (!("PerformanceObserver" in window)) return;
  const observe = (entries) => {
    for (const entry of entries) {
      const name = entry.name.split("?")[0].split("/").pop();
      if (TRACKED.includes(name)) seen.add(name);
    }
    if (root.dataset.engine === "loading") renderStatus();
  };
  observe(performance.getEntriesByType("resource"));
  try { new PerformanceObserver((list) => observe(list.getEntries())).observe({ type: "resource", buffered: true }); } catch { /* old browser */ }
}

function fail(key, detail) {
  if (root.dataset.engine === "ready") return;
  if (detail) console.error("mahjong boot:", key, detail);
  errorKey = key;
  root.dataset.engine = "error";
  $("boot").hidden = true;
  $("boot-error-text").textContent = t(key);
  $("boot-error").hidden = false;
  $("retry").focus();
}
function classify(reason) {
  const text = String((reason && (reason.name + " " + reason.message)) || reason || "");
  if (/quota|storage|ENOSPC|no space/i.test(text)) return "error.storage";
  if (/fetch|network|load|download|import|404|failed to/i.test(text)) return "error.download";
  return "error.engine";
}

// ---------------------------------------------------------------- the API Python uses
function ready(info = {}) {
  if (root.dataset.engine === "error") return;
  root.dataset.engine = "ready";
  if (info.version) root.dataset.engineVersion = info.version;
  setStatus(root.dataset.table === "drawn" ? "status.ready" : "status.table", { rules: settings.rules });
  registerServiceWorker();
}
// The table view marks #play-root data-ready once it has drawn: the loading box goes then.
function watchTable() {
  const table = $("play-root");
  const drawn = () => {
    if (!table || !table.hasAttribute("data-ready")) return false;
    root.dataset.table = "drawn";
    if (status.key === "status.table") setStatus("status.ready", { rules: settings.rules });
    return true;
  };
  if (drawn() || !table) return;
  const observer = new MutationObserver(() => { if (drawn()) observer.disconnect(); });
  observer.observe(table, { attributes: true, attributeFilter: ["data-ready"] });
}
window.mahjongShell = Object.freeze({
  langs: LANGS, rules: RULES, modes: MODES,
  settings: () => ({ ...settings }),
  t: (key, params) => t(key, params || {}),
  welcomeOpen: () => welcomeOpen,      // true until the first visitor has chosen what to do
  loadCatalogue,                       // other domains: errors, macau_1988, ...
  onSettings(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  starting() { setStatus("status.starting"); },
  ready,
  fail: (key) => fail(String(key).startsWith("error.") ? key : "error.engine", key),
});

// ---------------------------------------------------------------- controls
async function change(name, value) {
  if (name === "mode" && welcomeOpen) closeWelcome();   // the header's mode is a choice too
  if (name === "rules" && welcomeOpen) rulesTouched = true;
  const extra = name === "lang" && welcomeOpen && !rulesTouched ? { rules: rulesForLanguage(value) } : {};
  await changeAll({ [name]: value, ...extra });
}
// Several choices at once (a link followed in the page: its mode, rule set and language), so
// no view sees the new mode with the old rule set and writes the old state into the address.
async function changeAll(chosen) {
  Object.assign(settings, chosen);
  save();
  if ("lang" in chosen) {
    try { await loadCatalogue(chosen.lang); } catch (err) { console.warn(err); }
    translatePage();
  }
  followAddress();
  syncControls();
  for (const fn of listeners) {
    try { fn({ ...settings }); } catch (err) { console.error(err); }
  }
}
// The address follows the choices: a `lang=` (and the table's `rules=`) in the hash's query
// is rewritten, so a reload or a shared link does not bring back a language left behind.
function followAddress() {
  const hash = location.hash || "";
  const at = hash.indexOf("?");
  if (at < 0) return;
  const query = new URLSearchParams(hash.slice(at + 1));
  let changed = false;
  if (query.has("lang") && query.get("lang") !== settings.lang) { query.set("lang", settings.lang); changed = true; }
  if (hash.startsWith("#play") && query.has("rules") && query.get("rules") !== settings.rules) {
    query.set("rules", settings.rules); changed = true;
  }
  if (changed) history.replaceState(history.state, "", hash.slice(0, at + 1) + query.toString());
}
function syncControls() {
  for (const name of ["lang", "rules", "mode"]) {
    const select = $(name);
    if (select && select.value !== settings[name]) select.value = settings[name];
  }
  root.dataset.mode = settings.mode;
  root.dataset.rules = settings.rules;
  root.dataset.welcome = welcomeOpen ? "open" : "closed";
  const welcome = $("welcome");
  if (!welcome) return;
  welcome.hidden = !welcomeOpen;
  for (const button of welcome.querySelectorAll("[data-welcome-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.welcomeLang === settings.lang));
  }
  for (const input of welcome.querySelectorAll("input[name=welcome-rules]")) {
    input.checked = input.value === settings.rules;
  }
}

// ---------------------------------------------------------------- the welcome (first visit)
function closeWelcome() {
  welcomeOpen = false;
  rulesTouched = true;
}
function chooseFromWelcome(mode) {
  closeWelcome();
  change("mode", mode);
  // Learn opens the lesson of the chosen rule set (the learn view reads the route)
  if (mode === "learn") location.hash = `#learn/${settings.rules}/lesson`;
  const view = document.querySelector(`.view[data-view~="${mode}"]`);
  if (view) { view.setAttribute("tabindex", "-1"); view.focus({ preventScroll: true }); }
}
function bindWelcome() {
  const welcome = $("welcome");
  if (!welcome) return;
  for (const button of welcome.querySelectorAll("[data-welcome-lang]")) {
    button.addEventListener("click", () => change("lang", button.dataset.welcomeLang));
  }
  for (const input of welcome.querySelectorAll("input[name=welcome-rules]")) {
    input.addEventListener("change", () => { if (input.checked) change("rules", input.value); });
  }
  for (const button of welcome.querySelectorAll("[data-choice]")) {
    button.addEventListener("click", () => chooseFromWelcome(button.dataset.choice));
  }
}
function bindControls() {
  // the choices apply on change; the form is never sent (no inline handler: the CSP forbids them)
  $("controls").addEventListener("submit", (event) => event.preventDefault());
  for (const name of ["lang", "rules", "mode"]) {
    const select = $(name);
    select.value = settings[name];
    select.addEventListener("change", () => change(name, select.value));
  }
  bindWelcome();
  syncControls();
  if (welcomeOpen) save();    // remembered as unanswered: a reload shows the welcome again
  $("retry").addEventListener("click", () => location.reload());
  // a link followed later in the same page (`#learn/cayro?lang=es`) may ask for a language
  // a link followed in the page (#keep, #score…) opens its mode, as it does on arrival: the
  // address read whole (mode, rule set, language) and applied at once, before a view redraws
  window.addEventListener("hashchange", () => {
    if (welcomeOpen && routeMode()) { closeWelcome(); save(); syncControls(); }
    const chosen = {};
    const found = { mode: routeMode(), rules: routeMode() ? addressRules() : null, lang: addressLang() };
    for (const [name, value] of Object.entries(found)) {
      if (value && value !== settings[name]) chosen[name] = value;
    }
    if (Object.keys(chosen).length) changeAll(chosen);
  });
  // small screens: the header's choices fold behind a menu button (static/css/shell.css)
  const toggle = $("menu-toggle");
  if (toggle) toggle.addEventListener("click", () => {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    toggle.closest(".topbar").toggleAttribute("data-open", open);
  });
}

// ---------------------------------------------------------------- service worker
// Registered only once the engine is up: by then every file is in the HTTP cache, and the
// worker's precache takes it from there instead of downloading the runtime a second time.
let updateRequested = false;
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  try {
    const reg = await navigator.serviceWorker.register(SERVICE_WORKER);
    const offerUpdate = (worker) => {
      if (!worker || !navigator.serviceWorker.controller) return;   // first install: nothing to replace
      $("update").hidden = false;
      $("update-reload").onclick = () => { updateRequested = true; worker.postMessage("skip-waiting"); };
    };
    if (reg.waiting) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker.addEventListener("statechange", () => { if (worker.state === "installed") offerUpdate(worker); });
    });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (updateRequested) location.reload();   // never swap versions under a running page unasked
    });
  } catch (err) {
    console.warn("service worker not registered:", err);
  }
}

// ---------------------------------------------------------------- start
// Python starts with the page, while the shell draws and PyScript's own module loads:
// PyScript's call for the runtime then takes this start (static/js/pyodide-boot.mjs), so a
// returning visitor's snapshot restore, or a first visit's downloads, begin at once.
// A start that fails (the runtime not downloaded) is told once the shell has its words.
let pythonFailed = null, shellReady = false;
function startPython() {
  if (typeof WebAssembly !== "object") return;
  import(PYTHON_BOOT.href).then((boot) => boot.start()).catch((err) => {
    pythonFailed = err;
    if (shellReady) fail(classify(err), err);
  });
}

async function start() {
  startPython();
  embeddedCatalogues();
  bindControls();
  try {
    await Promise.all([loadCatalogue(settings.lang), loadCatalogue(FALLBACK_LANG)]);
  } catch (err) { console.warn(err); }
  translatePage();
  trackProgress();
  watchTable();

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("error.no_wasm");
    return;
  }
  // Errors before the engine is ready mean Python could not start.
  window.addEventListener("unhandledrejection", (event) => {
    if (root.dataset.engine === "loading") fail(classify(event.reason), event.reason);
  });
  window.addEventListener("error", (event) => {
    if (root.dataset.engine !== "loading") return;
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) fail("error.download", target.src || target.href);
    else if (event.error) fail(classify(event.error), event.error);
  }, true);
  // PyScript reports start-up failures by inserting an error element into the page.
  new MutationObserver(() => {
    if (root.dataset.engine === "loading" && document.querySelector(".py-error, py-error")) {
      fail(classify(document.querySelector(".py-error, py-error").textContent), "pyscript error");
    }
  }).observe(document.body, { childList: true, subtree: true });
  setTimeout(() => { if (root.dataset.engine === "loading") fail("error.timeout"); }, BOOT_TIMEOUT_MS);
  shellReady = true;
  if (pythonFailed) fail(classify(pythonFailed), pythonFailed);

  try {
    await import(PYSCRIPT.href);
  } catch (err) {
    fail("error.download", err);
  }
}

start();
