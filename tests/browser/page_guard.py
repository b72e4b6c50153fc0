"""A page that a test module's tests share, made again when its Chromium renderer crashed.

About one browser test in 200 ends with "Target crashed" / "Page crashed" (a renderer dies).
A test with a page of its own is then simply run again (``build.py test``: pytest-rerunfailures,
``--only-rerun``); a page shared by a module would stay dead for every later test of the module
and for the rerun. So every module-scoped page is a ``SharedPage``: the fixture's
``module_page(make, set_up)`` gives it out, and before each test (conftest.py's autouse
``renew_crashed_pages``, so before a rerun too) a page whose renderer crashed, that was closed,
or whose set-up failed is thrown away with its context and made again: ``make`` (a new context
and page, with the module's options and init scripts), then each ``set_up`` step (storage, the
address the module's tests start from), as the first time.

A ``SharedPage`` stands for its current page: attribute access goes to it (``shared.goto``,
``shared.context``), so a test uses it as the page. It is never made again in the middle of a
test (that test fails with the crash, which is what reruns it). Playwright calls that take a
page as an argument need the page itself: ``live(page)``.

What the crashes are (Chromium 156's dumps in ~/.config/chromium/Crash Reports/pending, read
on 2026-11-27): all 65 not made on purpose are one fault, SIGSEGV (SEGV_ACCERR) on a renderer's
main thread in a loop that scans memory word by word from the stack pointer (a conservative
stack scan), 5-21 KB up a stack that is not the thread's own (a WebAssembly secondary stack:
Pyodide runs on one through JS Promise Integration), whose end the scan overruns by 8,048
bytes. A Chromium bug, not memory or /dev/shm; no launch flag here turns it off. Since then the
site loads Pyodide without stack switching (static/js/pyodide-boot.mjs withoutStackSwitching),
which should end them; the guard stays for any other renderer crash.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

# make(errors) -> a new page in a new context of its own; its page errors go to ``errors``
Make = Callable[[list[str]], Page]
SetUp = Callable[[Page], None]

_IN_USE: list[SharedPage] = []


class SharedPage:
    """A module's page, made on first use and made again (``renew_if_crashed``) when dead.

    ``errors`` is the one list of page errors for the module, kept across pages; ``made``
    counts the pages made (2 or more: the renderer crashed at least once)."""

    def __init__(self, make: Make, set_up: SetUp | None = None) -> None:
        self._make = make
        self._set_ups: list[SetUp] = [set_up] if set_up else []
        self._page: Page | None = None
        self._done = 0              # set-up steps run on the current page
        self._crashed = self._broken = False
        self.errors: list[str] = []
        self.made = 0

    def also_set_up(self, step: SetUp) -> None:
        """One more set-up step, run on the current page at its next use and on every page
        made after it."""
        self._set_ups.append(step)

    @property
    def page(self) -> Page:
        """The current page (made, and set up, at first use)."""
        if self._page is None:
            self._new_page()
        if self._done < len(self._set_ups):
            self._run_set_ups()
        assert self._page is not None
        return self._page

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):        # the holder's own (and what Playwright looks for)
            raise AttributeError(name)
        return getattr(self.page, name)

    def dead(self) -> bool:
        """Its renderer crashed (the page's "crash" event, or a call failing with it), it was
        closed, or its set-up did not finish."""
        page = self._page
        if page is None:
            return False
        if self._crashed or self._broken or page.is_closed():
            return True
        try:
            page.evaluate("1")          # also delivers a "crash" event still on its way
        except PlaywrightError:
            return True
        return self._crashed

    def renew_if_crashed(self) -> bool:
        """Make the page again if it is dead; True when it was."""
        if not self.dead():
            return False
        self._new_page()
        self._run_set_ups()
        return True

    def _new_page(self) -> None:
        self.close()
        self._crashed = self._broken = False
        self._done = 0
        page = self._make(self.errors)
        page.on("crash", lambda _page: self._on_crash())
        self._page = page
        self.made += 1

    def _on_crash(self) -> None:
        self._crashed = True

    def _run_set_ups(self) -> None:
        assert self._page is not None
        while self._done < len(self._set_ups):
            self._broken = True         # until the step returns
            self._set_ups[self._done](self._page)
            self._broken = False
            self._done += 1

    def close(self) -> None:
        if self._page is not None:
            with suppress(PlaywrightError):     # its browser may be gone already
                self._page.context.close()
            self._page = None


@contextmanager
def module_page(make: Make, set_up: SetUp | None = None) -> Iterator[SharedPage]:
    """A ``SharedPage`` for a module-scoped fixture (``with module_page(...) as page: yield
    page``), watched by ``renew_crashed_pages`` until the fixture ends."""
    shared = SharedPage(make, set_up)
    _IN_USE.append(shared)
    try:
        yield shared
    finally:
        _IN_USE.remove(shared)
        shared.close()


def renew_crashed_pages() -> list[SharedPage]:
    """Every shared page in use whose renderer crashed, made again; the ones that were."""
    return [shared for shared in list(_IN_USE) if shared.renew_if_crashed()]


def live(page: Page | SharedPage) -> Page:
    """The page itself, for a Playwright call that takes a page as an argument."""
    return page.page if isinstance(page, SharedPage) else page
