"""Only what the site runs (issue 31): every request of a cold boot, up to the engine's
"ready", is a file the page executes or reads: the runtime (Pyodide's wasm, its JS, its lock
file), the site's own standard-library archive (app/python_stdlib.zip, not Pyodide's whole
one), the engine archive, PyScript's core and the one plugin the site keeps (error); never
PyScript's editor, terminal, game or donkey chunks, its package graph, TOML parser or zip
reader, nor micropip and packaging (only a page that installs something fetches those)."""

from __future__ import annotations

import pytest

from site_helpers import wait_engine

# What a boot of the app or of an embed widget may fetch from vendor/ and app/.
RUNTIME = {
    "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.js", "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/pyodide-lock.json", "app/python_stdlib.zip", "app/mahjong.zip",
}
PYSCRIPT_KEPT = ("vendor/pyscript/core.js", "vendor/pyscript/core.css", "vendor/pyscript/core-",
                 "vendor/pyscript/error-")
NEVER = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager", "codemirror",
         "xterm", "pyodide_graph", "toml-", "zip-", "micropip", "packaging",
         "vendor/pyodide/python_stdlib.zip")


def cold_boot_requests(cold_browser, server, address, ready):
    context = cold_browser.new_context(locale="en-US")
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + address)
        ready(page)
        seen = [url.split("?")[0].split("#")[0].removeprefix(server.url) for url in requests]
        assert errors == []
        return seen
    finally:
        context.close()


def check(seen: list[str]) -> None:
    never = sorted({path for path in seen if any(word in path for word in NEVER)})
    assert never == [], f"fetched on a cold boot, never run: {never}"
    vendor = {path for path in seen if path.startswith(("vendor/", "app/"))}
    unknown = sorted(p for p in vendor - RUNTIME if not p.startswith(PYSCRIPT_KEPT))
    assert unknown == [], f"runtime files no boot needs: {unknown}"
    assert "app/python_stdlib.zip" in seen and "vendor/pyodide/pyodide.asm.wasm" in seen


def test_the_apps_cold_boot_fetches_only_what_it_runs(cold_browser, server):
    seen = cold_boot_requests(cold_browser, server, "#play", wait_engine)
    check(seen)
    assert any(p.startswith("vendor/pyscript/core-") for p in seen)


@pytest.mark.parametrize("address", ["static/embed.html?rules=cayro&hand=567p888s22z&w=6p&lang=en"])
def test_an_embed_widgets_cold_boot_fetches_only_what_it_runs(cold_browser, server, address):
    seen = cold_boot_requests(cold_browser, server, address, lambda page: page.wait_for_function(
        "document.documentElement.dataset.state === 'ready'", timeout=60_000))
    check(seen)
    assert not any(p.startswith("vendor/pyscript/") for p in seen)     # the widget runs no PyScript
