"""Hash routes of learn mode (pure Python): ``#learn/<rules>[/<section>]``,
``#learn/<rules>/lesson[/<step>]``, ``#learn/<rules>/exercises[/<id>]``,
``#learn/<rules>/scoring/<entry>``, ``#learn/glossary[/<term>]``, ``#embed`` (the authors'
page), each optionally followed by
a query (``?lang=es``) that the page shell reads."""
from __future__ import annotations

from mahjong_engine.rules import RULE_SET_KEYS

from .model import SECTIONS

ACTIVITIES = ("lesson", "exercises")


def route_path(hash_text: str) -> str:
    """The route without its ``#`` and without a query (``?lang=…``)."""
    return str(hash_text or "").lstrip("#").split("?", 1)[0]


def parse_route(hash_text: str, default_rules: str) -> tuple[str, str | None, bool]:
    """('<rules>'|'glossary', section or term or None, valid).

    ``#learn/<rules>/lesson[/<step>]`` and ``#learn/<rules>/exercises[/<id>]`` give the
    target ``lesson`` / ``lesson/<step>`` (``exercises`` likewise); the activity view
    checks the part after the slash. An unknown part after a rule set shows that rule
    set's page (with the "bad route" notice), not the default one."""
    parts = [p for p in route_path(hash_text).split("/") if p]
    if parts[:1] == ["embed"]:          # the authors' page: every embed widget
        return "embed", None, len(parts) == 1
    if not parts or parts[0] != "learn":
        return default_rules, None, True
    if len(parts) == 1:
        return default_rules, None, True
    page = parts[1]
    target = parts[2] if len(parts) > 2 else None
    if page == "glossary":
        return "glossary", target, len(parts) <= 3
    if page not in RULE_SET_KEYS:
        return default_rules, None, False
    if target in ACTIVITIES and len(parts) <= 4:
        return page, "/".join(parts[2:]), True
    if target == "scoring" and len(parts) == 4:
        return page, f"scoring/{parts[3]}", True    # a scoring entry (glossary links)
    if len(parts) > 3 or (target and target not in SECTIONS):
        return page, None, False
    return page, target, True


def activity_of(target: str | None) -> tuple[str | None, str | None]:
    """(``lesson``|``exercises``|None, the part after it or None)."""
    if not target:
        return None, None
    head, _, rest = target.partition("/")
    return (head, rest or None) if head in ACTIVITIES else (None, None)


__all__ = ["ACTIVITIES", "activity_of", "parse_route", "route_path"]
