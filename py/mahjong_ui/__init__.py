"""Binds the engine (mahjong_engine, pure Python) to the page.

Runs in PyScript only: it imports ``js``/``pyscript``. The page shell (static/js/shell.js)
owns the language, rule-set and mode controls and hands their values over through
``window.mahjongShell``; nothing of game state is read from the DOM.

For now it boots: imports the engine, tells the shell the engine is ready (which sets
``data-engine="ready"`` on ``<html>``) and offers the small API later views build on.
"""

from __future__ import annotations

from .boot import boot, engine_info, shell

__all__ = ["boot", "engine_info", "shell"]
