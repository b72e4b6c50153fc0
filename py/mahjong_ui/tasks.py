"""The page's background tasks (a language loaded, a file read, a view started).

The event loop keeps only a weak reference to a task: one nobody holds may be collected before
it finishes, and an exception it raises is never seen. ``spawn`` keeps each task until it is
done and reports its exception on the browser console (stderr under CPython).
"""
from __future__ import annotations

import asyncio
import sys
from collections.abc import Coroutine
from typing import Any

_running: set[asyncio.Future[Any]] = set()


def spawn(coroutine: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run ``coroutine`` in the background, held until it is done."""
    task = asyncio.ensure_future(coroutine)
    _running.add(task)
    task.add_done_callback(_finished)
    return task


def running() -> int:
    """How many spawned tasks are not done yet."""
    return len(_running)


def _finished(task: asyncio.Future[Any]) -> None:
    _running.discard(task)
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        report(error)


def report(error: BaseException) -> None:
    """An error no caller can show: on the browser console, or stderr under CPython."""
    try:
        import js
    except ImportError:
        print(repr(error), file=sys.stderr)
        return
    js.console.error(repr(error))


__all__ = ["report", "running", "spawn"]
