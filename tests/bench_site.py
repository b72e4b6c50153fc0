"""Start-up benchmark of the built site (run by `python3 build.py bench`; not a test).

Time from navigation start to data-engine="ready" on <html>, in headless Chromium:
- cold: a fresh browser context (empty caches) per run;
- warm: one persistent profile per page (all open at once, runs interleaved), visited once
  (the app's service worker installed and its Pyodide memory snapshot made), then, after the
  site has been idle for 6 s (away on about:blank), navigated to again;
median of N runs each, for the app (index.html) and two bare PyScript pages on the same
vendored runtime, in the same run: bench/bare.html (its config in bench/bare.json) and
bench/floor.html, the start-up floor of issue 31 (its config inline); the targets are against
the floor: cold at most 1.0x, warm at most 0.7x. MAHJONG_BENCH_PACKAGING=1 adds the app with each
packaging of py/ (bench/files/, bench/wheel/).
Also: the longest main-thread task (Long Tasks API) before "ready", cold and warm; bytes served
on a first visit with a fresh persistent profile (counted by the server, the service worker's
precache included), raw and as a static host would serve them with brotli, and the requests
for files no page of the site runs (PyScript's unused plugins, micropip…; target: none);
the app's first contentful paint.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Records the moment <html data-engine> becomes "ready", relative to navigation start, and the
# longest main-thread task seen until then.
READY_PROBE = """
window.__longest = 0;
try {
  new PerformanceObserver((list) => {
    if (window.__readyAt !== undefined) return;
    for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
new MutationObserver((_, obs) => {
  const root = document.documentElement;
  if (root && root.dataset.engine === "ready" && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
    obs.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
"""

PAGES = {
    "app": "",                       # index.html, as published
    "bare": "bench/bare.html",       # bare PyScript page, same runtime, config in a file
    "floor": "bench/floor.html",     # the start-up floor of issue 31: config inline
}
if os.environ.get("MAHJONG_BENCH_PACKAGING"):
    PAGES["app-files"] = "bench/files/"   # packaging: zip unpacked through [files]
    PAGES["app-wheel"] = "bench/wheel/"   # packaging: wheel installed through packages (micropip)
IDLE_MS = 6000                       # the site idle before a warm visit
COLD_TARGET, WARM_TARGET, BROTLI_TARGET = 1.0, 0.7, 3.5e6     # against the floor; bytes brotli
# Files no page of the site runs on a boot (tests/browser/test_requests.py checks the same).
NEVER_RUN = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager", "codemirror",
             "xterm", "pyodide_graph", "toml-", "zip-", "micropip", "packaging",
             "vendor/pyodide/python_stdlib.zip")


def _say(*args) -> None:
    print("[bench]", *args, file=sys.stderr, flush=True)


def _ready_ms(page, url, timeout=120_000):
    page.goto(url)
    page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
    # long-task entries are delivered a little after the task ends
    page.wait_for_timeout(50)
    return page.evaluate("[window.__readyAt, window.__longest]")


def brotli_bytes(dist: Path, paths: list[str]) -> int | None:
    try:
        import brotli
    except ImportError:
        return None
    total, cache = 0, {}
    for path in paths:
        rel = path.lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        if rel not in cache:
            file = dist / rel
            cache[rel] = len(brotli.compress(file.read_bytes(), quality=11)) if file.is_file() else 0
        total += cache[rel]
    return total


def run_bench(dist, runs, make_server, free_port, chromium) -> int:
    from playwright.sync_api import sync_playwright

    counter = {"bytes": 0, "requests": 0, "paths": [], "lock": threading.Lock()}
    server = make_server(dist, free_port(), counter)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results, first_visit = {}, {}
    longest = {name: [] for name in PAGES}
    longest_cold = {name: [] for name in PAGES}
    snapshot_state = []
    t0 = time.time()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=ARGS)
            cold = {name: [] for name in PAGES}
            fcp = []
            for _ in range(runs):            # interleaved, so drift hits every page alike
                for name, path in PAGES.items():
                    ctx = browser.new_context()
                    ctx.add_init_script(READY_PROBE)
                    page = ctx.new_page()
                    ready, long_task = _ready_ms(page, base + path)
                    cold[name].append(ready)
                    _say(f"cold {name}: {ready:.0f} ms")
                    longest_cold[name].append(long_task)
                    if name == "app":
                        fcp.append(page.evaluate(
                            "(performance.getEntriesByName('first-contentful-paint')[0] || {})"
                            ".startTime || null"))
                    ctx.close()
            browser.close()

            # warm: one persistent profile per page, all open at once, runs interleaved
            profiles = {name: tempfile.TemporaryDirectory(prefix="mahjong-bench-") for name in PAGES}
            contexts = {}
            for name, path in PAGES.items():
                ctx = pw.chromium.launch_persistent_context(profiles[name].name,
                                                            executable_path=chromium, args=ARGS)
                ctx.add_init_script(READY_PROBE)
                page = ctx.pages[0] if ctx.pages else ctx.new_page()
                with counter["lock"]:
                    counter["bytes"] = counter["requests"] = 0
                    counter["paths"] = []
                _ready_ms(page, base + path)                      # first visit (not timed)
                _say(f"first visit {name} ready")
                if name == "app":                                 # wait for the precache and the snapshot
                    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
                    page.wait_for_function("navigator.serviceWorker.ready.then(() => true)", timeout=120_000)
                    page.wait_for_function("[undefined, 'saved', 'failed']"
                                           ".includes(document.documentElement.dataset.snapshot)",
                                           timeout=180_000)
                page.wait_for_timeout(500)
                first_visit[name] = (counter["bytes"], counter["requests"],
                                     brotli_bytes(Path(dist), counter["paths"]),
                                     sorted({p for p in counter["paths"] if any(w in p for w in NEVER_RUN)}))
                contexts[name] = (ctx, page)
            warm = {name: [] for name in PAGES}
            for _ in range(runs):
                for name, path in PAGES.items():
                    page = contexts[name][1]
                    page.goto("about:blank")
                    page.wait_for_timeout(IDLE_MS)
                    ready, long_task = _ready_ms(page, base + path)
                    warm[name].append(ready)
                    _say(f"warm {name}: {ready:.0f} ms")
                    longest[name].append(long_task)
                    if name == "app":
                        snapshot_state.append(page.evaluate("document.documentElement.dataset.snapshot"))
            for ctx, _ in contexts.values():
                ctx.close()
            for profile in profiles.values():
                profile.cleanup()
    finally:
        server.shutdown()
        server.server_close()

    med = statistics.median
    print(f"\nStart-up, navigation start -> data-engine=\"ready\" (headless Chromium, median of {runs}, ms)")
    print(f"{'page':<11}{'cold':>9}{'warm':>9}   runs cold / warm")
    for name in PAGES:
        results[name] = (med(cold[name]), med(warm[name]))
        print(f"{name:<11}{results[name][0]:>9.0f}{results[name][1]:>9.0f}   "
              f"{[round(x) for x in cold[name]]} / {[round(x) for x in warm[name]]}")
    print()
    for base_page in ("bare", "floor"):
        cold_ratio = results["app"][0] / results[base_page][0]
        warm_ratio = results["app"][1] / results[base_page][1]
        targets = f" (targets <= {COLD_TARGET} / <= {WARM_TARGET})" if base_page == "floor" else ""
        print(f"ratio app/{base_page}: cold {cold_ratio:.2f}, warm {warm_ratio:.2f}{targets}")
    ratio_cold = results["app"][0] / results["floor"][0]
    ratio_warm = results["app"][1] / results["floor"][1]
    print(f"app warm boots from the memory snapshot: {snapshot_state.count('restored')} "
          f"of {len(snapshot_state)}")
    for name in PAGES:
        print(f"longest main-thread task before ready, {name}: cold median {med(longest_cold[name]):.0f} ms "
              f"(max {max(longest_cold[name]):.0f}), warm median {med(longest[name]):.0f} ms "
              f"(max {max(longest[name]):.0f})")
    if "app-files" in results:
        print(f"packaging of py/: files {results['app-files'][0]:.0f}/{results['app-files'][1]:.0f} ms, "
              f"wheel {results['app-wheel'][0]:.0f}/{results['app-wheel'][1]:.0f} ms (cold/warm)")
    fcp_ok = [x for x in fcp if x]
    if fcp_ok:
        print(f"app first contentful paint: median {med(fcp_ok):.0f} ms "
              f"(engine ready at {results['app'][0]:.0f} ms cold)")
    for name, (size, count, br, never) in first_visit.items():
        br_text = f", brotli {br / 1e6:.2f} MB" if br is not None else " (brotli module missing)"
        never_text = f"; files never run: {', '.join(never) if never else 'none'}" if name == "app" else ""
        print(f"first visit, {name}: {size / 1e6:.2f} MB raw{br_text} in {count} responses "
              f"(server-counted){never_text}")
    app_br, app_never = first_visit["app"][2], first_visit["app"][3]
    met = {"cold": ratio_cold <= COLD_TARGET, "warm": ratio_warm <= WARM_TARGET,
           "bytes": app_br is not None and app_br <= BROTLI_TARGET, "never run": not app_never}
    print("targets: " + ", ".join(f"{k} {'met' if ok else 'MISSED'}" for k, ok in met.items()))
    print(f"({time.time() - t0:.0f} s)")
    return 0 if all(met.values()) else 1
