// Makes the memory snapshot pyodide-boot.mjs restores (see there), off the main thread.
// Boots a private Pyodide with `_makeSnapshot` (the page's standard-library archive), unpacks the engine archive where PyScript's
// [files] puts it (the working directory), imports the engine, snapshots, stores the bytes.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";

self.onmessage = async ({ data: { key, indexURL, stdLibURL, archiveURL, cache: cacheName } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
    const archive = await (await fetch(archiveURL)).arrayBuffer();
    pyodide.unpackArchive(archive, "zip", { extractDir: "." });
    pyodide.runPython(`
import importlib, pkgutil, mahjong_engine
for info in pkgutil.walk_packages(mahjong_engine.__path__, "mahjong_engine."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
`);
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(cacheName);
    for (const old of await cache.keys()) await cache.delete(old);   // one snapshot at a time
    await cache.put(key, new Response(snapshot, { headers: { "content-type": "application/octet-stream" } }));
    self.postMessage({ ok: true, bytes: snapshot.length });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
