"""URL parameters of the table (pure Python, no ``js``), for demos, rule pages and tests.

Like the calculator's ``#score?…``, the table reads ``#play?…``; a plain query
``?mode=play&…`` is read too. Each value is checked on its own: a value that is not
understood is reported (``table.url_bad``) and its default kept, the others still apply.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from ..rulesets import registered_keys
from .controller import LEVELS
from .render import SPEEDS

HASH = "#play"
LANGS = ("pt", "en", "es")
FLAGS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
MAX_QUERY = 1000
MAX_SEED = 2 ** 31 - 1


@dataclass
class TableParams:
    rules: str | None = None
    lang: str | None = None
    speed: str | None = None
    level: str | None = None
    watch: bool | None = None
    learning: bool | None = None
    seed: int | None = None
    errors: list[tuple[str, str]] = field(default_factory=list)   # (param, value) refused

    @property
    def empty(self) -> bool:
        return all(v is None for v in (self.rules, self.lang, self.speed, self.level,
                                       self.watch, self.learning, self.seed)) and not self.errors


def query_of(hash_text: str, search: str) -> str | None:
    """The table's query in the page address, or None when the address is not for it."""
    if hash_text == HASH or hash_text.startswith(HASH + "?"):
        return hash_text[len(HASH):].lstrip("?")
    query = search.lstrip("?")
    if ("&" + query).find("&mode=play") >= 0:
        return query
    return None


def parse(query: str) -> TableParams:
    out = TableParams()
    if len(query) > MAX_QUERY:
        out.errors.append(("query", query[:20] + "…"))
        return out
    choices = {"rules": registered_keys(), "lang": LANGS, "speed": tuple(SPEEDS), "level": LEVELS}
    for name, value in parse_qsl(query, keep_blank_values=True):
        shown = value[:40]
        if name in choices:
            if value in choices[name]:
                setattr(out, name, value)
            else:
                out.errors.append((name, shown))
        elif name in ("watch", "learn"):
            flag = FLAGS.get(value.lower())
            if flag is None:
                out.errors.append((name, shown))
            else:
                setattr(out, "watch" if name == "watch" else "learning", flag)
        elif name == "seed":
            if value.isdigit() and 1 <= int(value) <= MAX_SEED:
                out.seed = int(value)
            else:
                out.errors.append((name, shown))
        elif name == "mode" and value != "play":
            out.errors.append((name, shown))
        # other names (a host page's own parameters) are left alone
    return out


def wants_new_match(params: TableParams, saved: dict[str, Any] | None) -> bool:
    """Whether the link asks for a match other than the saved one (a reload of the same
    link resumes the game)."""
    if saved is None:
        return True
    if params.watch is not None and bool(saved.get("watch")) != params.watch:
        return True
    if params.learning is not None and bool(saved.get("learning")) != params.learning:
        return True
    return params.seed is not None and saved.get("seed") != params.seed


__all__ = ["HASH", "TableParams", "parse", "query_of", "wants_new_match"]
