"""The calculator's presenter (pure Python, no ``js``): the state of the hand being entered
and the refusals in, a typed ``LiveModel`` out: every word of the parts that follow the hand
(the tiles, the set being built, the winning tile, the sets, the messages, the headings of
the result and of the comparison). ``views.calculator_form`` paints it; nothing here reads
the page."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from mahjong_engine import format_tiles, parse_tile

from ..i18n import Translator
from ..names import rules_name, tile_name
from ..rulesets import registered_keys
from .model import CalcError, CalcState
from .text import error_text


@dataclass(frozen=True)
class TileButton:
    """A tile of the hand (or of the set being built) as a button that takes it away."""
    index: int
    notation: str
    label: str
    is_win: bool = False


@dataclass(frozen=True)
class MeldLine:
    """One declared set: its kind and whether exposed, its tiles, the label of its ×."""
    index: int
    code: str
    title: str
    tiles: str
    remove_label: str


@dataclass
class LiveModel:
    """Everything the calculator draws again after each change."""
    messages: list[str] = field(default_factory=list)          # the address's, the palette's
    field_errors: dict[str, str] = field(default_factory=dict)  # text field -> why refused ("": fine)
    meld_error: str = ""
    concealed_text: str = ""
    flowers_text: str = ""
    hand_note: str = ""                    # said when the hand is empty
    hand: list[TileButton] = field(default_factory=list)
    flowers: list[TileButton] = field(default_factory=list)
    pending_note: str = ""                 # said when the set being built is empty
    pending: list[TileButton] = field(default_factory=list)
    win_choices: list[tuple[str, str]] = field(default_factory=list)   # (notation, label)
    win: str = ""
    melds_note: str = ""                   # said when no set is declared
    melds: list[MeldLine] = field(default_factory=list)
    result_title: str = ""
    compare_label: str = ""
    compare_pressed: bool = False
    compare_title: str = ""
    compared: list[tuple[str, str]] = field(default_factory=list)      # (rule set, its name)


def concealed_text(state: CalcState) -> str:
    return format_tiles(parse_tile(x) for x in state.concealed)


def _hand(tr: Translator, state: CalcState, win: str | None) -> list[TileButton]:
    out, marked = [], False
    for index, notation in enumerate(state.concealed):
        is_win = (notation == win and not marked
                  and index == max(i for i, x in enumerate(state.concealed) if x == win))
        marked = marked or is_win
        label = tr.t("hand.remove", tile=tile_name(tr, notation))
        out.append(TileButton(index, notation, label + (f" ({tr.t('hand.winning')})" if is_win else ""),
                              is_win))
    return out


def present_live(tr: Translator, state: CalcState, errors: Mapping[str, CalcError],
                 notice: Sequence[CalcError], fields: Iterable[str]) -> LiveModel:
    """The calculator's live parts for ``state``; ``tr`` is bound to the calculator's domain,
    ``fields`` the text fields drawn (their refusals are worded)."""
    t, rules = tr.t, state.rules
    win = state.effective_win_tile()
    model = LiveModel(
        messages=[error_text(tr, error, rules) for error in notice],
        field_errors={name: error_text(tr, errors[name], rules) if name in errors else ""
                      for name in fields},
        meld_error=error_text(tr, errors["meld"], rules) if "meld" in errors else "",
        concealed_text=concealed_text(state), flowers_text="".join(state.flowers),
        hand_note="" if state.concealed or state.flowers else t("hand.empty"),
        hand=_hand(tr, state, win),
        flowers=[TileButton(i, n, t("hand.remove", tile=tile_name(tr, n)))
                 for i, n in enumerate(state.flowers)],
        pending_note="" if state.pending else t("build.empty"),
        pending=[TileButton(i, n, t("build.remove", tile=tile_name(tr, n)))
                 for i, n in enumerate(state.pending)],
        win_choices=[(n, f"{n} · {tile_name(tr, n)}") for n in dict.fromkeys(state.concealed)],
        win=win or "",
        melds_note="" if state.melds else t("meld.none"),
        result_title=t("result.rules", rules=rules_name(tr, rules)),
        compare_label=t("compare.hide") if state.compare else t("compare.show"),
        compare_pressed=state.compare,
        compare_title=t("compare.label") if state.compare else "",
        compared=[(key, rules_name(tr, key)) for key in registered_keys()] if state.compare else [])
    for index, meld in enumerate(state.melds):
        tag = t("meld.concealed_tag") if meld.concealed else t("meld.exposed_tag")
        model.melds.append(MeldLine(index, meld.code, f"{t('meld.kind.' + meld.kind)} ({tag})",
                                    meld.tiles, t("meld.remove", meld=meld.tiles)))
    return model


def embed_code(base: str, state: CalcState, lang: str, title: str) -> str:
    """The ``<iframe>`` that shows this hand and its score on another page."""
    src = f"{base}static/embed.html?{state.to_query()}&lang={lang}&score=1"
    title = title.replace('"', "&quot;")
    return (f'<iframe src="{src.replace("&", "&amp;")}" title="{title}" width="100%" height="360" '
            f'style="border:0" loading="lazy"></iframe>')


__all__ = ["LiveModel", "MeldLine", "TileButton", "concealed_text", "embed_code", "present_live"]
