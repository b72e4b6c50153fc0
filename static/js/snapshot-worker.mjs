// Makes the memory snapshot pyodide-boot.mjs restores (see there), off the main thread.
// Boots a private Pyodide with `_makeSnapshot` (the page's standard-library archive), unpacks the engine archive where PyScript's
// [files] puts it (the working directory), imports the engine and the page's modules that need
// no page, snapshots, stores the bytes.
import { loadPyodide } from "../../vendor/pyodide/pyodide.mjs";
import { withoutStackSwitching } from "./pyodide-boot.mjs";

withoutStackSwitching();   // as the page loads it: a snapshot is of one mode

self.onmessage = async ({ data: { key, indexURL, stdLibURL, archiveURL, cache: cacheName } }) => {
  try {
    const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
    const archive = await (await fetch(archiveURL)).arrayBuffer();
    pyodide.unpackArchive(archive, "zip", { extractDir: "." });
    pyodide.runPython(`
import importlib, pkgutil, sys, mahjong_engine
for info in pkgutil.walk_packages(mahjong_engine.__path__, "mahjong_engine."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)

# The page's own modules that import without a page (nothing of js, pyscript or Pyodide's FFI
# at import time), compiled here once instead of on every visit; a module reaching for the
# page is refused and left for the page to import.
PAGE = ("js", "pyscript", "pyodide.ffi")
def of_page(name):
    return any(name == p or name.startswith(p + ".") for p in PAGE)
class NoPage:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if of_page(name):
            raise ImportError(name + ": the page's")
        return None
saved = {name: sys.modules.pop(name) for name in list(sys.modules) if of_page(name)}
sys.meta_path.insert(0, NoPage)
try:
    import mahjong_ui
    for info in pkgutil.walk_packages(mahjong_ui.__path__, "mahjong_ui.", onerror=lambda name: None):
        try:
            importlib.import_module(info.name)
        except ImportError:
            pass
finally:
    sys.meta_path.remove(NoPage)
    sys.modules.update(saved)
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
