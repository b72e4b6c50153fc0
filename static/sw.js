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

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // A new build replaces the old cache whole.
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
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
    const cache = await caches.open(CACHE);
    let key = url.origin + url.pathname;
    if (request.mode === "navigate" && key.endsWith("/")) key += "index.html";
    const hit = await cache.match(key);
    if (hit) return hit;
    return fetch(request);                            // not part of the site (e.g. bench pages)
  })());
});
