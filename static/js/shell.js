// The page shell: language, rule set and mode choices, boot progress, failure and retry.
// Plain JavaScript so it works before (and without) Python. Python (py/mahjong_ui) talks to
// it through `window.mahjongShell`; it reads no game state from the DOM.
//
// Every URL is computed relative to this module, so any page of the site (index.html,
// later embed.html) at any sub-path can use it.

const LANGS = ["pt", "en", "es"];
const FALLBACK_LANG = "en";
const RULES = ["macau_1988", "filipino", "serralheiro_2003", "cayro"];
const MODES = ["play", "learn", "score"];
const STORE = "mahjong.settings";
const BOOT_TIMEOUT_MS = 120000;
// Files whose arrival is shown in the progress bar (the runtime and our package).
const TRACKED = ["pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "mahjong.zip"];

const I18N_BASE = new URL("../i18n/", import.meta.url);
const PYSCRIPT = new URL("../../vendor/pyscript/core.js", import.meta.url);
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
const stored = readStored();
const settings = {
  lang: LANGS.includes(stored.lang) ? stored.lang : browserLang(),
  rules: RULES.includes(stored.rules) ? stored.rules : RULES[0],
  mode: MODES.includes(stored.mode) ? stored.mode : MODES[0],
};
function save() {
  try { localStorage.setItem(STORE, JSON.stringify(settings)); } catch { /* private mode or full: keep in memory */ }
}

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
let status = { key: "status.loading", params: {} };
function setStatus(key, params = {}) { status = { key, params }; renderStatus(); }
function renderStatus() {
  const params = { ...status.params };
  if (params.rules) params.rules = t(`rules.${params.rules}`);
  $("boot-text").textContent = t(status.key, params);
}
const seen = new Set();
function trackProgress() {
  if (!("PerformanceObserver" in window)) return;
  const update = () => {
    const bar = $("boot-progress");
    bar.value = Math.round((100 * seen.size) / TRACKED.length);
    $("boot-detail").textContent = t("status.progress", { done: seen.size, total: TRACKED.length });
  };
  const observe = (entries) => {
    for (const entry of entries) {
      const name = entry.name.split("?")[0].split("/").pop();
      if (TRACKED.includes(name)) seen.add(name);
    }
    if (root.dataset.engine === "loading") update();
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
  $("boot").hidden = true;
  setStatus("status.ready", { rules: settings.rules });
  registerServiceWorker();
}
window.mahjongShell = Object.freeze({
  langs: LANGS, rules: RULES, modes: MODES,
  settings: () => ({ ...settings }),
  t: (key, params) => t(key, params || {}),
  loadCatalogue,                       // other domains: errors, macau_1988, ...
  onSettings(fn) { listeners.add(fn); return () => listeners.delete(fn); },
  starting() { setStatus("status.starting"); },
  ready,
  fail: (key) => fail(String(key).startsWith("error.") ? key : "error.engine", key),
});

// ---------------------------------------------------------------- controls
async function change(name, value) {
  settings[name] = value;
  save();
  if (name === "lang") {
    try { await loadCatalogue(value); } catch (err) { console.warn(err); }
    translatePage();
  }
  root.dataset.mode = settings.mode;
  root.dataset.rules = settings.rules;
  for (const fn of listeners) {
    try { fn({ ...settings }); } catch (err) { console.error(err); }
  }
}
function bindControls() {
  for (const name of ["lang", "rules", "mode"]) {
    const select = $(name);
    select.value = settings[name];
    select.addEventListener("change", () => change(name, select.value));
  }
  root.dataset.mode = settings.mode;
  root.dataset.rules = settings.rules;
  $("retry").addEventListener("click", () => location.reload());
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
async function start() {
  embeddedCatalogues();
  bindControls();
  try {
    await Promise.all([loadCatalogue(settings.lang), loadCatalogue(FALLBACK_LANG)]);
  } catch (err) { console.warn(err); }
  translatePage();
  trackProgress();

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

  try {
    await import(PYSCRIPT.href);
  } catch (err) {
    fail("error.download", err);
  }
}

start();
