// Service worker: precaches the whole site, one cache per build, cache-first.
// build.py writes VERSION (a hash of every file's content) and PRECACHE ([path, sha256] pairs,
// relative to this file) below; this source is a template and is not served as is.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const PREFIX = "mahjong-";
const CACHE = PREFIX + VERSION;
const BASE = new URL("./", self.location.href);

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Fetch one file for the precache. The page registers this worker only after it has booted,
// so the files are in the HTTP cache: "force-cache" takes them from there rather than
// downloading the runtime twice. The content is checked against the build's sha256, so a stale
// HTTP-cache entry from an older build is never mixed in: it is fetched again from the network.
async function fetchChecked(url, sha256) {
  for (const mode of ["force-cache", "reload"]) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (response.status !== 200) continue;          // only whole 200 responses are cached
    const body = await response.clone().arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)) === sha256) return response;
  }
  throw new Error(`precache: ${url} missing or not of this build`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const queue = [...PRECACHE];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const url = new URL(item[0], BASE).href;
        if (await cache.match(url)) continue;     // a retried install keeps what it has
        await cache.put(url, await fetchChecked(url, item[1]));
      }
    };
    try {
      await Promise.all([worker(), worker(), worker(), worker()]);
    } catch (err) {
      await caches.delete(CACHE);                   // never keep half a version
      throw err;
    }
    // First install: take over at once (nothing to mix with). Updates wait for the page.
    const old = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
    if (old.length === 0) await self.skipWaiting();
  })());
});

// Each page is served, for as long as it lives, from the cache of the version it loaded: the
// version of a page (and of the workers it starts) is recorded when it is created, in a cache
// of its own (a service worker's memory does not outlive its idle stops). A version's cache is
// deleted only when no page or worker of that version is left. The Pyodide snapshot cache
// ("pyodide-snapshot", pyodide-boot.mjs) is not a version cache and is never deleted here.
const CLIENTS = "mahjong.sw-clients";
const KEEP_ALWAYS = new Set(["pyodide-snapshot", CLIENTS]);
const clientKey = (id) => new URL(`__sw-client__/${encodeURIComponent(id)}`, BASE).href;
const versions = new Map();                       // client id -> version (a memo of CLIENTS)

async function recordVersion(id, version) {
  if (!id) return;
  versions.set(id, version);
  const store = await caches.open(CLIENTS);
  await store.put(clientKey(id), new Response(version));
}

async function versionOf(id) {
  if (!id) return null;
  if (versions.has(id)) return versions.get(id);
  const hit = await (await caches.open(CLIENTS)).match(clientKey(id));
  const version = hit ? await hit.text() : null;
  if (version) versions.set(id, version);
  return version;
}

// Delete the caches of versions no living client uses, and forget the clients that are gone.
async function prune() {
  const alive = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const store = await caches.open(CLIENTS);
  const used = new Set([VERSION]);
  for (const request of await store.keys()) {
    const id = decodeURIComponent(request.url.slice(clientKey("").length));
    if (alive.has(id)) {
      const response = await store.match(request);
      used.add(await response.text());
    } else {
      versions.delete(id);
      await store.delete(request);
    }
  }
  for (const key of await caches.keys()) {
    if (KEEP_ALWAYS.has(key) || !key.startsWith(PREFIX)) continue;
    if (!used.has(key.slice(PREFIX.length))) await caches.delete(key);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // the pages already open were loaded by the version before (or by none): record them so,
    // before this worker takes them over, unless they are recorded already
    const old = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE)
      .map((k) => k.slice(PREFIX.length));
    for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "all" })) {
      if (!(await versionOf(client.id)) && old.length === 1) await recordVersion(client.id, old[0]);
    }
    await prune();
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== BASE.origin || !url.href.startsWith(BASE.href)) return;
  event.respondWith((async () => {
    // a new page (or a worker it starts) gets the version of whoever creates it: the newest
    // for a navigation, its page's for a worker
    let version = await versionOf(event.clientId);
    if (request.mode === "navigate") {
      version = VERSION;
      event.waitUntil(prune());
    } else if (!version) {
      version = VERSION;
    }
    if (event.resultingClientId) event.waitUntil(recordVersion(event.resultingClientId, version));
    let key = url.origin + url.pathname;
    if (request.mode === "navigate" && key.endsWith("/")) key += "index.html";
    if (await caches.has(PREFIX + version)) {
      const hit = await (await caches.open(PREFIX + version)).match(key);
      if (hit) return hit;
      if (version !== VERSION) {
        // a file of the old version that its cache does not hold: only the network has one,
        // and it may be of another version; better an error than mixed versions
        const own = await (await caches.open(CACHE)).match(key);
        if (own) return new Response("", { status: 404, statusText: "Not part of this page's version" });
      }
    } else {
      const hit = await (await caches.open(CACHE)).match(key);
      if (hit) return hit;
    }
    return fetch(request);                            // not part of the site (e.g. bench pages)
  })());
});
