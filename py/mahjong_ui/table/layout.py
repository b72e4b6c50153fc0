"""How each rule set lays out a concealed kong (and a set "made on the rack") on the
table: rule-set data, read from the four documents. Pure Python, no ``js``.

``play_down`` are the positions (0-3) of a concealed kong's tiles lying face down while
the hand is played; ``end_down`` the positions face down when the hand is laid open for
scoring; ``pung_end_down`` the same for a concealed pung on the score sheet. ``reading``
is the catalogue key telling the user how the layout was read (``None`` when the document
says it in so many words); ``citation`` names the article.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KongLayout:
    play_down: tuple[int, ...]
    end_down: tuple[int, ...]
    pung_end_down: tuple[int, ...] = ()
    reading: str | None = None
    citation: str = ""


LAYOUTS: dict[str, KongLayout] = {
    # Portaria 133/88/M, art. 4.º (5) names the «kong» fechado (the fourth tile drawn) but
    # not how it lies: the common reading, the two end tiles turned face down.
    "macau_1988": KongLayout((0, 3), (0, 3), reading="table.reading.kong_ends_down",
                             citation="Portaria n.º 133/88/M, art. 4.º (5)"),
    # The Filipino rules only define the kang («Kang – Quatro peças idênticas»): the same
    # common reading.
    "filipino": KongLayout((0, 3), (0, 3), reading="table.reading.kong_ends_down",
                           citation="Filipino Mahjong, Glossário / Glossary (Kang)"),
    # Serralheiro §9 b: «Os congues ou pongues feitos na régua, quando forem expostos para
    # contabilização do valor da mão, deverão ter as pedras de dentro voltadas para baixo».
    # Until then they stay on the rack (§8 f): face down while the hand is played (reading).
    "serralheiro_2003": KongLayout((0, 1, 2, 3), (1, 2), (1,),
                                   reading="table.reading.kong_rack_until_end",
                                   citation="Serralheiro (2003), §9 b"),
    # Cayro: «si teniendo un pung en mano roba la cuarta, exhibirá también el Kong»: shown
    # face up; it still scores as hidden («Combinaciones ocultas»).
    "cayro": KongLayout((), (), reading="table.reading.kong_shown",
                        citation="Cayro, Desarrollo del juego"),
}
DEFAULT = KongLayout((0, 3), (0, 3), reading="table.reading.kong_ends_down")


def layout(rules: str) -> KongLayout:
    return LAYOUTS.get(rules, DEFAULT)


def face_down(rules: str, kind: str, concealed: bool, index: int, size: int,
              ended: bool) -> bool:
    """Whether tile ``index`` of a set of ``size`` tiles lies face down."""
    if not concealed:
        return False
    rule = layout(rules)
    if kind == "kong" and size == 4:
        return index in (rule.end_down if ended else rule.play_down)
    if kind == "pung" and size == 3 and ended:
        return index in rule.pung_end_down
    return False


__all__ = ["LAYOUTS", "KongLayout", "face_down", "layout"]
