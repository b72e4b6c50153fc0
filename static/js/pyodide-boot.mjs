// PyScript's `interpreter` (pyscript.toml) points here: a thin wrapper around Pyodide's
// loadPyodide that starts Python from a memory snapshot when this browser has one.
//
// First visit: a normal start; once the page is ready and idle, a worker boots a second
// Pyodide, imports the engine (and the page's modules that need no page), makes a memory
// snapshot (Pyodide's private `_makeSnapshot` API) and keeps it in the Cache API
// ("pyodide-snapshot"), keyed by the runtime version, the standard library's digest and a
// hash of the engine archive. Nothing more is downloaded: the worker reuses cached files.
// Later visits: `loadPyodide({_loadSnapshot})`, with the engine already imported.
// A snapshot that is missing, of another runtime/engine or corrupt falls back to a normal start
// (and is deleted), so it can never leave a blank page. Known limit (pyodide#6254): a snapshot
// larger than the runtime's initial heap cannot be restored (RangeError): that too falls back.
//
// Python's standard library is the site's own archive (app/python_stdlib.zip, Pyodide's
// `stdLibURL`): only the modules the engine, the page and the runtime import (build.py,
// py/stdlib-modules.txt). A snapshot holds zipimport's table of that archive, so the snapshot
// key carries its digest (STDLIB_DIGEST, written by build.py).
//
// The start begins as early as the page asks (`start()`, called by static/js/shell.js while
// PyScript's own module still loads): PyScript's later call to `loadPyodide` gets that same
// start, its stdout/stderr handlers forwarded to.
import { loadPyodide as plainLoad, version } from "../../vendor/pyodide/pyodide.mjs";

export { version };

export const SNAPSHOT_CACHE = "pyodide-snapshot";
const INDEX_URL = new URL("../../vendor/pyodide/", import.meta.url).href;
const ARCHIVE_URL = new URL("../../app/mahjong.zip", import.meta.url).href;
const STDLIB_URL = new URL("../../app/python_stdlib.zip", import.meta.url).href;
const STDLIB_DIGEST = "";
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url);
const KEY_BASE = new URL("../../__pyodide-snapshot__/", import.meta.url).href;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Key of the snapshot that fits this runtime and this engine archive.
async function snapshotKey() {
  const response = await fetch(ARCHIVE_URL);         // preloaded by the page: no extra trip
  if (!response.ok) throw new Error(`archive ${response.status}`);
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return `${KEY_BASE}${version}-nojspi-${STDLIB_DIGEST}-${hex(digest).slice(0, 24)}`;
}

async function readSnapshot(key) {
  if (!("caches" in self)) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const hit = await cache.match(key);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

async function anySnapshot() {
  if (!("caches" in self) || !(await caches.has(SNAPSHOT_CACHE))) return false;
  return (await (await caches.open(SNAPSHOT_CACHE)).keys()).length > 0;
}

async function dropSnapshots() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing to drop */ }
}

// Pyodide 0.29's snapshot layout (pyodide.asm.js makeSnapshot/restoreSnapshot): a 48-byte
// header (magic, offset of the heap, length of a JSON part, build id), the JSON, the heap.
// Pyodide aborts rather than rejects on some bad snapshots, so check the shape first.
const SNAPSHOT_MAGIC = 1886286592;
const HEADER_BYTES = 48;
function plausibleSnapshot(bytes) {
  if (bytes.byteLength < HEADER_BYTES || bytes.byteLength % 4) return false;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_BYTES / 4);
  const [magic, heapAt, jsonLength] = words;
  if (magic !== SNAPSHOT_MAGIC || heapAt > bytes.byteLength || HEADER_BYTES + jsonLength > heapAt) return false;
  try {
    JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_BYTES, HEADER_BYTES + jsonLength)));
  } catch { return false; }
  return true;
}

// A restore that neither succeeds nor fails in this time is given up for a normal start.
const RESTORE_TIMEOUT_MS = 20000;
function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("snapshot restore timed out")), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function whenReady(callback) {
  const root = document.documentElement;
  const check = () => {
    // the app sets data-engine, an embed widget data-state
    if (root.dataset.engine !== "ready" && root.dataset.state !== "ready") return false;
    // after the first view is drawn and the page is idle: never compete with the boot
    const later = self.requestIdleCallback || ((fn) => setTimeout(fn, 500));
    later(() => callback(), { timeout: 3000 });
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(root, { attributes: true, attributeFilter: ["data-engine", "data-state"] });
}

// Test switch (tests/browser/conftest.py): a browser test that is not about snapshots
// defines `self.mahjongTestNoSnapshotWorker = true` before the page's first script (Playwright's
// add_init_script), so no second Pyodide competes with the test for the CPU; the page boots as
// it would (from a snapshot when one is cached). Nothing in the site sets it: a visitor never
// meets it.
const snapshotWorkerOff = () => self.mahjongTestNoSnapshotWorker === true;

function makeSnapshotLater(key) {
  if (typeof Worker === "undefined" || !("caches" in self)) return;
  if (snapshotWorkerOff()) { document.documentElement.dataset.snapshotWorker = "off"; return; }
  whenReady(async () => {
    // Several pages (e.g. embed widgets) may finish at once: one of them makes the snapshot.
    if (await readSnapshot(key).catch(() => null)) { document.documentElement.dataset.snapshot = "saved"; return; }
    if (navigator.locks) {
      await navigator.locks.request("pyodide-snapshot", { ifAvailable: true }, async (lock) => {
        if (lock && !(await readSnapshot(key).catch(() => null))) await runSnapshotWorker(key);
      });
    } else {
      await runSnapshotWorker(key);
    }
  });
}

function runSnapshotWorker(key) {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, { type: "module", name: "pyodide-snapshot" });
    const done = (state) => {
      document.documentElement.dataset.snapshot = state;
      worker.terminate();
      resolve();
    };
    worker.onmessage = ({ data }) => {
      if (data && data.bytes) document.documentElement.dataset.snapshotBytes = String(data.bytes);
      done(data && data.ok ? "saved" : "failed");
    };
    worker.onerror = () => done("failed");
    worker.postMessage({ key, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, archiveURL: ARCHIVE_URL,
                         cache: SNAPSHOT_CACHE });
  });
}

// Python's output goes to whoever asked for the runtime last (PyScript, once it has called
// loadPyodide); before that, to the console.
const output = { stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };
const OUTPUT_OPTIONS = {
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
};
let started = null;

// Start Python now (once a page): the page's first call, before PyScript asks.
export function start() {
  if (!started) started = boot({});
  return started;
}

// PyScript's call (pyscript.toml `interpreter`), or the embed frame's: the start already under
// way, if any, else a new one. Only the output handlers of a later call are taken (PyScript
// passes stdout, stderr and an indexURL, which is ours).
export function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...rest } = options;
  if (stdout) output.stdout = stdout;
  if (stderr) output.stderr = stderr;
  if (!started) started = boot(rest);
  else if (Object.keys(rest).length) console.warn("pyodide-boot: options after the start are ignored", Object.keys(rest));
  return started;
}

// Pyodide 0.29.5 switches stacks (JSPI: WebAssembly.Suspending, on by default in Chrome since
// 137) when it finds them. In Chromium 156 that crashed renderers now and then: every crash dump
// of our browser tests faulted at one instruction, scanning a stack that was not the thread's own
// (tests/browser/page_guard.py); Pyodide has such reports open (pyodide#5702, #6106) and fixed a
// stack-switching leak only in 314.0.0. The site never suspends Python (no run_sync), so Pyodide
// is loaded without it, here and in the snapshot worker alike (a snapshot is of one mode).
export function withoutStackSwitching() {
  for (const name of ["Suspending", "Suspender"]) {
    if (name in WebAssembly) {
      try { delete WebAssembly[name]; } catch { /* not configurable: Pyodide will use it */ }
    }
  }
  return !("Suspending" in WebAssembly) && !("Suspender" in WebAssembly);
}

// Performance marks for `build.py bench` and the browser's profiler.
const mark = (name) => { try { performance.mark(`mahjong:${name}`); } catch { /* no marks */ } };

async function boot(options) {
  mark("runtime-start");
  const root = document.documentElement;
  root.dataset.stackSwitching = withoutStackSwitching() ? "off" : "on";
  const opts = { ...options, ...OUTPUT_OPTIONS, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  // A first visit (no snapshot kept at all) starts at once, the key reckoned meanwhile.
  const keyed = snapshotKey();
  keyed.catch((err) => console.warn("pyodide snapshot: not used", err));
  let bytes = null;
  try {
    if (await anySnapshot()) bytes = await readSnapshot(await keyed);
  } catch { /* warned above */ }
  if (bytes && !plausibleSnapshot(bytes)) {
    console.warn("pyodide snapshot: not a snapshot, starting normally");
    bytes = null;
    await dropSnapshots();
  }
  if (bytes) {
    try {
      const pyodide = await withTimeout(plainLoad({ ...opts, _loadSnapshot: bytes }), RESTORE_TIMEOUT_MS);
      // the snapshot must hold a working interpreter with the engine imported; its random
      // state is the snapshot's, the same on every visit: drawn afresh (new deals, new seeds)
      pyodide.runPython("import random, sys; assert 'mahjong_engine' in sys.modules; random.seed()");
      root.dataset.snapshot = "restored";
      mark("runtime-restored");
      return pyodide;
    } catch (err) {
      console.warn("pyodide snapshot: restore failed, starting normally", err);
      await dropSnapshots();
    }
  }
  const pyodide = await plainLoad(opts);
  root.dataset.snapshot = "none";
  mark("runtime-loaded");
  keyed.then(makeSnapshotLater, () => {});
  return pyodide;
}
