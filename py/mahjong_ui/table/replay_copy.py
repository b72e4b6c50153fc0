"""A replay's link with its Copy button and the told result (pure Python, no ``js``):
the page copies through the Clipboard API, else selects the link's text for the visitor
to copy (``views/table_history.py``); what happened is said beside the button."""
from __future__ import annotations

from ..i18n import Translator
from .parts import a

# what became of a press on Copy -> the catalogue key that tells it
TOLD = {"copied": "replay.copied", "selected": "replay.copy_selected"}


def copy_html(cat: Translator, link: str, copied: str | None = None) -> str:
    told = TOLD.get(copied or "")
    result = (f'<span class="replay-copied" data-testid="replay-copied" data-result="{a(copied or "")}" '
              f'role="status">{a(cat.t(told)) if told else ""}</span>')
    return (f'<span class="replay-linkbox"><input class="replay-link" id="replay-link" '
            f'data-testid="replay-link" readonly value="{a(link)}" aria-label="{a(cat.t("replay.link"))}">'
            f'<button type="button" class="btn" data-action="replay-copy" data-testid="replay-copy">'
            f'{a(cat.t("replay.copy"))}</button></span>{result}')


__all__ = ["TOLD", "copy_html"]
