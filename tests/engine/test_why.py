""""Why not?" (issue 7): for every rule set and every kind of illegal action it has, a real
position on a stacked wall, the reason's key, its parameters and the article of the rule
set's own document; explain_illegal is None exactly for the legal actions of simulated
hands; apply still refuses the illegal ones and changes nothing; every key has its text.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from builders import pung_then_draw_the_fourth
from mahjong_engine.errors import IllegalActionError
from mahjong_engine.game import (Chow, Discard, Draw, Exchange, GameConfig, GameState, Kong,
                                 KongSource, Pass, Pung, Win, explain_illegal)
from mahjong_engine.ai.simple import SimplePlayer
from mahjong_engine.game.scenario import pass_claims, play_through, stacked_state
from mahjong_engine.game.why import KEYS, MALFORMED
from mahjong_engine.notation import parse_tile
from mahjong_engine.tiles import PLAYABLE_KINDS, Tile

RULES = ("macau_1988", "filipino", "serralheiro_2003", "cayro")
ROOT = Path(__file__).resolve().parents[2]
T = parse_tile
MAC, FIL, SER, CAY = RULES

# E discards 3p first: S (next) holds 24p, W holds 33p and waits on 7s, N holds 12p and
# wins on 3p. Filipino hands hold one more set each.
HANDS = ["19m19p19s1234567z3p", "24p567m678m234s5s7z", "33p111m222m444m89s",
         "12p789m456s789s66z"]
EXTRA = ["666p", "777p", "888p", "555p"]


def hands(rules: str, base: list[str]) -> list[str]:
    return [h + x for h, x in zip(base, EXTRA, strict=True)] if rules == FIL else base


def claim_position(rules: str, draws: str = "1z"):
    state = stacked_state(rules, hands(rules, HANDS), draws=draws, exchanges=False)
    state.apply(Discard(0, T("3p")))
    assert state.phase == "claim"
    return state


# ------------------------------------------------------------------ the documents' articles
# Worked out from each document (shared/seeds): the article that makes the action illegal,
# or, where the document is silent, the one that sets the turn order or the principle.
_PT_TURN = "art. 2.º"   # «O banqueiro é sempre o primeiro a descartar uma pedra» and the order
_FIL_DECIDE = "Decidir / Decide"   # "Você pode pegar a peça descartada mais recente somente
#                                    se ela completar um conjunto"
_CAY = "Desarrollo del juego: "
_CAY_TURN = _CAY + "«El Sur tomará una ficha de su muralla y se descartará igualmente»"
_CAY_LAST = _CAY + "«Sólo puede servir para completar juego la última ficha descartada»"
_CAY_TWO = _CAY + "«Cuando un jugador tiene dos fichas para una combinación de tres»"
_CAY_SHAPE = _CAY + "«cuatro grupos de tres fichas y uno de dos»"
_CAY_CLAIM = _CAY + "«reclamando la que ha sido descartada por otro jugador cualquiera»"

CITED = {
    # not your turn: Portaria art. 2.º (order of play); Filipino's turn steps; Serralheiro
    # §8 e («O jogo segue sempre na sequência de compra-descarte, pela mão direita»); Cayro
    "why.not_your_turn": {MAC: _PT_TURN,
                          FIL: "Decidir / Decide; Comprar / Draw; Descartar / Discard",
                          SER: "§8 e", CAY: _CAY_TURN},
    # the player who has his extra tile discards: art. 2.º; "3. Descartar"; §8 e
    "why.draw.already_drawn": {MAC: _PT_TURN, FIL: "Comprar / Draw; Descartar / Discard",
                               SER: "§8 e", CAY: _CAY_TURN},
    # pass answers a discard (Portaria art. 4.º (3)-(6); Serralheiro §8 b, f «nenhum
    # parceiro é obrigado a reclamar»)
    "why.pass.nothing": {MAC: "art. 4.º (3)-(6)", FIL: _FIL_DECIDE, SER: "§8 b, f",
                         CAY: _CAY_CLAIM},
    # only a discard is claimed (art. 4.º (3)-(5) «pedra ... descartada»; Cayro: only the
    # last discard)
    "why.claim.no_discard": {MAC: "art. 4.º (3)-(5)", FIL: _FIL_DECIDE, SER: "§8 b",
                             CAY: _CAY_LAST},
    # «s6 o que está à sua direita a pode aproveitar para fazer uma sequência» (art. 4.º
    # (3)); "Somente o próximo jogador na ordem de turno"; note 8 «O chau só pode ser
    # realizado pelo parceiro imediatamente à direita»; Cayro's exception for 1 to 9
    "why.only_next_may_chow": {MAC: "art. 4.º (3)",
                               FIL: "Chow tem a prioridade mais baixa / Chow has the "
                                    "lowest priority",
                               SER: "§8 b iv; nota 8"},
    "why.chow.not_next_straight": {CAY: _CAY + "«o la del jugador inmediatamente anterior "
                                             "para formar escalera»; «o completara una "
                                             "escalera teniendo las otras ocho fichas en "
                                             "mano»"},
    "why.chow.missing": {MAC: "art. 4.º (3)",
                         FIL: "Decidir / Decide; Chow tem a prioridade mais baixa / Chow "
                              "has the lowest priority",
                         SER: "§8 b iv", CAY: _CAY_TWO},
    "why.chow.discard_not_in_run": {MAC: "art. 4.º (3)",
                                    FIL: "Decidir / Decide; Chow tem a prioridade mais "
                                         "baixa / Chow has the lowest priority",
                                    SER: "§8 b iv", CAY: _CAY_TWO},
    # runs are of numbered tiles 1-9 of one group (art. 1.º (2), art. 3.º; Filipino glossary
    # "Chow - Três peças consecutivas do mesmo naipe"; Serralheiro's 1st category; Cayro)
    "why.chow.not_a_run": {MAC: "art. 1.º (2); art. 3.º", FIL: "Chow (glossário / glossary)",
                           SER: "Regulamentação do Jogo (1ª Categoria); §8 b iv",
                           CAY: _CAY + "«tres fichas de un mismo palo cuyos números sean "
                                       "correlativos»"},
    "why.chow.honour": {MAC: "art. 1.º (2); art. 3.º", FIL: "Chow (glossário / glossary)",
                        SER: "Regulamentação do Jogo (1ª Categoria); §8 b iv",
                        CAY: _CAY + "«tres fichas de un mismo palo cuyos números sean "
                                    "correlativos»"},
    # «Tendo um par na mão» (art. 4.º (4)); "Pong tem a terceira prioridade"; §8 b iii
    "why.pung.need_two": {MAC: "art. 4.º (4)",
                          FIL: "Decidir / Decide; Pong tem a terceira prioridade / Pong "
                               "has third priority",
                          SER: "§8 b iii", CAY: _CAY_TWO},
    "why.only_last_discard": {MAC: "art. 4.º (4), (5)", FIL: _FIL_DECIDE, SER: "§8 b",
                              CAY: _CAY_LAST},
    # «Tendo um trio ou 3 pedras iguais na mão» (art. 4.º (5)); "Kong tem a segunda
    # prioridade"; §8 b ii; «Si un jugador tiene un pung en mano y otro ... la cuarta»
    "why.kong.need_three": {MAC: "art. 4.º (5)",
                            FIL: "Decidir / Decide; Kong tem a segunda prioridade / Kong "
                                 "has second priority",
                            SER: "§8 b ii",
                            CAY: _CAY + "«Si un jugador tiene un pung en mano y otro "
                                        "jugador se descarta de la cuarta ficha»"},
    # the hand is four sets and a pair (art. 3.º; "Mão Vencedora"; Serralheiro's criteria;
    # Cayro «cuatro grupos de tres fichas y uno de dos»)
    "why.not_complete": {MAC: "art. 3.º",
                         FIL: "Mão Vencedora / Winning Hand; Completar uma Mão Vencedora / "
                              "Complete a Winning Hand",
                         SER: "Regulamentação do Jogo; §9 a; Organização de alguns jogos",
                         CAY: _CAY_SHAPE},
    "why.win.not_a_wait": {MAC: "art. 3.º",
                           FIL: "Mão Vencedora / Winning Hand; Puro (glossário / glossary)",
                           SER: "Regulamentação do Jogo; §9 a", CAY: _CAY_SHAPE},
    "why.claim.own_discard": {MAC: "art. 4.º (4)", FIL: _FIL_DECIDE, SER: "§8 b",
                              CAY: _CAY_CLAIM},
    # Portaria art. 8.º (2): who announces a claim and withdraws it is punished
    "why.claim.already_answered": {MAC: "art. 4.º (3)-(6); art. 8.º (2)", FIL: _FIL_DECIDE,
                                   SER: "§8 b, c",
                                   CAY: _CAY + "«Cuando dos jugadores soliciten a un tiempo "
                                               "una ficha»"},
    "why.claims_pending": {MAC: "art. 4.º (3)-(6)", FIL: _FIL_DECIDE, SER: "§8 b, c",
                           CAY: _CAY_CLAIM},
    "why.draw_first": {MAC: _PT_TURN, FIL: "Comprar / Draw; Descartar / Discard",
                       SER: "§8 d, e", CAY: _CAY_TURN},
    # no exchange in three documents: play starts with the banker's discard
    "why.exchange.not_in_rules": {MAC: _PT_TURN,
                                  FIL: "Substituir / Replace; Descartar / Discard",
                                  CAY: _CAY + "«El jugador Este abrirá el juego "
                                              "descartándose de una ficha»"},
    "why.exchange.switched_off": {SER: "§7, nota 5"},   # «As trocas não existem no jogo chinês»
    "why.discard.not_held": {MAC: _PT_TURN, FIL: "Descartar / Discard", SER: "§8 d",
                             CAY: _CAY_TURN},
    # flowers: none in the Portaria (136 tiles, art. 1.º); shown and replaced elsewhere
    "why.discard.bonus_tile": {MAC: "art. 1.º (1), (2)", FIL: "Flowers (glossário / glossary)",
                               SER: "§6 a-c; §8 d; nota 3",
                               CAY: _CAY + "«la cambiará inmediatamente por una ficha, y "
                                           "pasará a exhibirla»"},
    # art. 4.º (5) «kong fechado se a quarta pedra igual for por ele comprada»; §9 a, b
    "why.kong.need_four": {MAC: "art. 4.º (5)", FIL: "Kang (glossário / glossary)",
                           SER: "§9 a, b",
                           CAY: _CAY + "«si teniendo un pung en mano roba la cuarta, exhibirá "
                                       "también el Kong»"},
    "why.kong.no_pung": {MAC: "art. 4.º (5)", FIL: "Kang (glossário / glossary)", SER: "§9 a",
                         CAY: _CAY + "«habiendo formado un trío con un pung robe luego la "
                                     "cuarta»"},
    "why.kong.fourth_not_held": {MAC: "art. 4.º (5)", FIL: "Kang (glossário / glossary)",
                                 SER: "§9 a",
                                 CAY: _CAY + "«habiendo formado un trío con un pung robe "
                                             "luego la cuarta»"},
    # art. 4.º (3) «perde o direito de adquirir outra pedra nessa jogada»; Filipino
    # "2. Comprar. Caso contrário, compre"; Cayro «no podrá tomar nueva ficha de la muralla»
    "why.draw.after_claim": {MAC: "art. 4.º (3), (4)", FIL: "Decidir / Decide; Comprar / Draw",
                             SER: "§8 b, e",
                             CAY: _CAY + "«no podrá tomar nueva ficha de la muralla hasta que "
                                         "le toque de nuevo el turno»"},
    "why.win_after_claim": {MAC: "art. 4.º (3), (4)",
                            FIL: "Mahjong tem a prioridade máxima / Mahjong has the highest "
                                 "priority; Revelar / Reveal; Descartar / Discard",
                            SER: "§8 b, e",
                            CAY: _CAY + "«a menos que el primero consiguiera con esa ficha un "
                                        "Mah-Jong»; «deberá descartarse a su vez»"},
    # the Portaria ends a hand with the first to present a complete hand (art. 3.º); §8 g
    "why.hand_over": {MAC: "art. 3.º",
                      FIL: "Completar uma Mão Vencedora / Complete a Winning Hand; "
                           "Exclamar / Exclaim",
                      SER: "§8 g",
                      CAY: _CAY + "«hasta que algún jugador logre reunir con sus catorce "
                                  "fichas la combinación que le dé Mah-Jong»"},
    # art. 4.º (5) «tem de tirar mais uma pedra do fim da última fila dupla»; §9 a; Cayro
    # «tomará ficha de la muralla muerta»; Filipino only names the kang
    "why.no_replacement": {MAC: "art. 4.º (5)", FIL: "Kang (glossário / glossary)", SER: "§9 a",
                           CAY: _CAY + "«el jugador tomará ficha de la muralla muerta»"},
    "why.wall_empty": {MAC: "art. 4.º (3)-(5)", FIL: _FIL_DECIDE, SER: "§8 g", CAY: _CAY_LAST},
    # art. 3.º: four sets and a pair; Cayro the same; Serralheiro «Pares na Régua»: 7 pairs
    # of one family, one family and honours, or winds and dragons
    "why.win.seven_pairs": {MAC: "art. 3.º", CAY: _CAY_SHAPE},
    "why.win.pairs_one_family": {SER: "Organização de alguns jogos: Pares na Régua"},
    # robbing a kong: «Ch'eong kong» (art. 5.º (2)); Filipino "Rob the Kong"; Serralheiro
    # does not speak of it (§8 b i, a claim to make Mah-Jong); Cayro's «Robar ...» prima
    "why.rob.own_kong": {MAC: "art. 5.º (2)", FIL: "Rob the Kong (glossário / glossary)",
                         SER: "§8 b i",
                         CAY: "Puntuaciones, Primas: «Robar la última ficha descartada a un "
                              "contrincante»"},
    "why.rob.win_only": {MAC: "art. 5.º (2)", FIL: "Rob the Kong (glossário / glossary)",
                         SER: "§8 b i",
                         CAY: "Puntuaciones, Primas: «Robar la última ficha descartada a un "
                              "contrincante»"},
    "why.pass.not_asked": {MAC: "art. 4.º (3)-(6)", FIL: _FIL_DECIDE, SER: "§8 b, f",
                           CAY: _CAY_CLAIM},
    # Serralheiro §7: «O banqueiro dará 2 pedras ao jogador à sua direita recebendo deste 2
    # pedras», then the next pair; «Quando os 4 jogadores tiverem trocado pedras entre si,
    # dar-se-á início ao jogo propriamente dito»
    "why.exchange.first": {SER: "§7 c"},
    "why.exchange.over": {SER: "§7 c; §8 a"},
    "why.exchange.not_your_exchange": {SER: "§7 a, b"},
    "why.exchange.already_given": {SER: "§7 a"},
    "why.exchange.two_tiles": {SER: "§7 a"},
    "why.exchange.not_held": {SER: "§7 a"},
}

# Readings of RULES-READING.md the explanation rests on.
READINGS = {
    "why.only_next_may_chow": "common.turn_order",        # "only that player may chow"
    "why.chow.not_next_straight": "common.turn_order",
    "why.wall_empty": "game.reading.last_discard_win_only",
    "why.rob.win_only": {MAC: "game.reading.robbing_added_kong",
                         FIL: "game.reading.robbing_added_kong",
                         SER: "game.reading.robbing_added_kong", CAY: "cayro.robbing_kong"},
    "why.rob.own_kong": {CAY: "cayro.robbing_kong"},
    "why.not_complete": {SER: "serralheiro_2003.only_listed_forms",
                         CAY: "cayro.four_sets_and_pair"},
    "why.win.seven_pairs": {CAY: "cayro.four_sets_and_pair"},
    "why.exchange.first": "game.reading.exchanges_four",
    "why.exchange.not_your_exchange": "game.reading.exchanges_four",
    "why.no_replacement": {FIL: "common.kong_counts_as_set"},
}


def expect(state, action, key: str, **params) -> None:
    """``action`` is refused for ``key`` with ``params`` and the document's article; apply
    raises and changes nothing."""
    rules = state.rules.key
    reason = explain_illegal(state, action)
    assert reason is not None, action
    reading = READINGS.get(key)
    if isinstance(reading, dict):
        reading = reading.get(rules)
    if reading is not None:
        params["reading"] = reading
    assert (reason.key, reason.params) == (key, params), (action, reason)
    assert reason.citation is not None and reason.citation.document == rules
    assert reason.citation.section == CITED[key][rules], (key, reason.citation)
    assert reason.to_json() == {"key": key, "params": params,
                                "citation": {"document": rules,
                                             "section": CITED[key][rules]}}
    assert state.why_not(action) == key
    before = json.dumps(state.snapshot(), sort_keys=True, default=str)
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert json.dumps(state.snapshot(), sort_keys=True, default=str) == before


# ------------------------------------------------------------------ the banker's first turn

@pytest.mark.parametrize("rules", RULES)
def test_first_turn(rules):
    state = stacked_state(rules, hands(rules, HANDS), exchanges=False)
    held = 17 if rules == FIL else 14
    expect(state, Discard(1, T("2p")), "why.not_your_turn", current=0)
    expect(state, Draw(0), "why.draw.already_drawn", held=held)
    expect(state, Pass(0), "why.pass.nothing")
    expect(state, Pung(0, T("3p")), "why.claim.no_discard")
    expect(state, Chow(0, T("1p")), "why.claim.no_discard")
    expect(state, Discard(0, T("5m")), "why.discard.not_held", tile="5m")
    expect(state, Discard(0, T("1f")), "why.discard.bonus_tile", tile="1f")
    expect(state, Kong(0, T("1z"), KongSource.CONCEALED), "why.kong.need_four", tile="1z",
           held=1)
    expect(state, Kong(0, T("1z"), KongSource.ADDED), "why.kong.no_pung", tile="1z")
    # 19m19p19s1234567z + 3p: the thirteen orphans but for 3p («Sap-sám iu», art. 5.º (3);
    # «Maravilhas»): one tile away. Cayro (sets and a pair only): 13p is the only partial
    # set, shanten 8 - 1 = 7. Filipino: siyete pares with 666p as its set needs a partner
    # for seven of the fourteen singles: seven tiles away, shanten 6 (sets and a pair:
    # 10 - 2 - 1 = 7).
    shanten = {MAC: 0, SER: 0, FIL: 6, CAY: 7}[rules]
    expect(state, Win(0), "why.not_complete", shanten=shanten, away=shanten + 1)
    if rules == SER:
        expect(state, Exchange(0, (T("1m"), T("9m"))), "why.exchange.switched_off")
    else:
        expect(state, Exchange(0, (T("1m"), T("9m"))), "why.exchange.not_in_rules")


# ------------------------------------------------------------------ claims on E's 3p

@pytest.mark.parametrize("rules", RULES)
def test_claims_on_a_discard(rules):
    state = claim_position(rules)
    if rules == CAY:
        expect(state, Chow(3, T("1p")), "why.chow.not_next_straight", discarder=0, next=1)
    else:
        expect(state, Chow(3, T("1p")), "why.only_next_may_chow", discarder=0, next=1)
    expect(state, Chow(1, T("3p")), "why.chow.missing", missing="5p", run="345p")
    expect(state, Chow(1, T("4p")), "why.chow.discard_not_in_run", discard="3p", run="456p")
    expect(state, Chow(1, T("8p")), "why.chow.not_a_run", tile="8p")
    expect(state, Chow(1, T("1z")), "why.chow.honour", tile="1z")
    expect(state, Pung(1, T("3p")), "why.pung.need_two", tile="3p", held=0)
    expect(state, Pung(2, T("4p")), "why.only_last_discard", tile="4p", discard="3p")
    expect(state, Kong(2, T("3p"), KongSource.DISCARD), "why.kong.need_three", tile="3p",
           held=2)
    # W: 33p111m222m444m89s is ready on 7s only (789s); 3p makes 333p and leaves 89s
    expect(state, Win(2), "why.win.not_a_wait", tile="3p", waits="7s")
    # S: 24p567m678m234s5s7z is not ready; with 3p: four sets and two singles
    expect(state, Win(1), "why.not_complete", shanten=0, away=1)
    expect(state, Pass(0), "why.claim.own_discard", tile="3p")
    expect(state, Pung(0, T("3p")), "why.claim.own_discard", tile="3p")
    expect(state, Discard(1, T("2p")), "why.claims_pending", seat=0, tile="3p")
    expect(state, Draw(1), "why.claims_pending", seat=0, tile="3p")
    expect(state, Kong(2, T("1m"), KongSource.CONCEALED), "why.claims_pending", seat=0,
           tile="3p")
    state.apply(Pass(3))
    expect(state, Win(3), "why.claim.already_answered", tile="3p")
    expect(state, Pass(3), "why.claim.already_answered", tile="3p")


@pytest.mark.parametrize("rules", RULES)
def test_pass_not_asked(rules):
    # 1z: only E held one; nobody can use it, but the hand waits on nobody: it moves on.
    # A seat not asked about 3p: E's 3p asks S, W, N; after N's Pass, E is still not asked
    state = claim_position(rules)
    state.apply(Pass(3))
    expect(state, Pass(0), "why.claim.own_discard", tile="3p")
    state.apply(Pass(1))
    state.apply(Pass(2))
    assert state.phase == "draw" and state.current == 1
    expect(state, Pass(1), "why.pass.nothing")
    expect(state, Pung(1, T("3p")), "why.claim.no_discard")
    expect(state, Discard(1, T("2p")), "why.draw_first")
    expect(state, Win(1), "why.draw_first")
    expect(state, Kong(1, T("5m"), KongSource.CONCEALED), "why.draw_first")
    expect(state, Draw(2), "why.not_your_turn", current=1)
    state.apply(Draw(1))   # 1z
    held = 17 if rules == FIL else 14   # 16 dealt (Filipino "Distribuir") + 1
    expect(state, Draw(1), "why.draw.already_drawn", held=held)
    expect(state, Discard(1, T("9p")), "why.discard.not_held", tile="9p")
    expect(state, Kong(1, T("5m"), KongSource.CONCEALED), "why.kong.need_four", tile="5m",
           held=1)
    # 24p567m678m234s5s7z1z: three sets, 24p, three singles: 8 - 6 - 1 = 1 (Filipino: the
    # fourth set 777p, 10 - 8 - 1 = 1); two tiles away (3p and a pair)
    expect(state, Win(1), "why.not_complete", shanten=1, away=2)


@pytest.mark.parametrize("rules", RULES)
def test_after_claiming_for_a_set(rules):
    state = claim_position(rules)
    state.apply(Pass(3))
    state.apply(Pass(1))
    state.apply(Pung(2, T("3p")))
    assert state.phase == "turn" and state.current == 2
    expect(state, Win(2), "why.win_after_claim")
    expect(state, Draw(2), "why.draw.after_claim")
    expect(state, Kong(2, T("3p"), KongSource.ADDED), "why.kong.fourth_not_held", tile="3p")
    expect(state, Kong(2, T("1m"), KongSource.ADDED), "why.kong.no_pung", tile="1m")
    expect(state, Kong(2, T("1m"), KongSource.CONCEALED), "why.kong.need_four", tile="1m",
           held=3)
    expect(state, Chow(3, T("1p")), "why.claim.no_discard")


# ------------------------------------------------------------------ the end of the wall

@pytest.mark.parametrize("rules", RULES)
def test_last_discard_only_for_a_win(rules):
    # S holds 77s; the last tile of the live wall is the fourth 7s, drawn by N, who throws
    # it: W may win on it (789s), S may not pung it any more.
    base = [HANDS[0], "24p567m678m234s77s", HANDS[2], HANDS[3]]
    state = stacked_state(rules, hands(rules, base), last="7s", exchanges=False)
    play_through(state, stop=lambda s: s.phase == "claim" and s.wall.live == 0)
    assert state.phase == "claim" and state.last_discard == (3, T("7s"))
    expect(state, Pung(1, T("7s")), "why.wall_empty")


@pytest.mark.parametrize("rules", RULES)
def test_no_tile_to_replace_a_kong(rules):
    # N holds 777s and draws the fourth as the last tile of the wall
    base = [*HANDS[:3], "12p789m456s777s66z"]
    state = stacked_state(rules, hands(rules, base), last="7s", exchanges=False)
    play_through(state, stop=lambda s: s.phase == "turn" and s.wall.remaining == 0)
    assert state.current == 3 and state.last_drawn == T("7s")
    expect(state, Kong(3, T("7s"), KongSource.CONCEALED), "why.no_replacement")
    state.apply(Discard(3, T("7s")))
    pass_claims(state)
    assert state.ended
    expect(state, Draw(0), "why.hand_over")
    expect(state, Win(3), "why.hand_over")


@pytest.mark.parametrize("rules", (MAC, SER, CAY))
def test_seven_pairs(rules):
    # seven pairs of three families: no win in the Portaria (art. 3.º) or Cayro; in
    # Serralheiro only «Pares na Régua» of one family (with honours) or of honours
    base = ["22p55m99p44p22s88s77z", *HANDS[1:]]
    state = stacked_state(rules, base, exchanges=False)
    key = "why.win.pairs_one_family" if rules == SER else "why.win.seven_pairs"
    expect(state, Win(0), key)


# ------------------------------------------------------------------ robbing a kong
ROB = ["19m19p19s1234567z5p", "55p123m456m789m12s", "222s333s444s666s7s", "46p888m555s999s77z"]
ROB_EXTRA = ["666p", "777p", "888p", "111p"]


@pytest.mark.parametrize("rules", RULES)
def test_robbing_a_kong(rules):
    base = [h + x for h, x in zip(ROB, ROB_EXTRA, strict=True)] if rules == FIL else ROB
    state = stacked_state(rules, base, draws="1z2z3z5p", exchanges=False)
    state.apply(Discard(0, T("5p")))
    pung_then_draw_the_fourth(state)
    state.apply(Kong(1, T("5p"), KongSource.ADDED))
    assert state.phase == "rob" and state.waiting_for() == [3]
    expect(state, Win(1), "why.rob.own_kong", tile="5p")
    expect(state, Pung(2, T("5p")), "why.rob.win_only", seat=1, tile="5p")
    expect(state, Pass(2), "why.pass.not_asked", tile="5p")
    expect(state, Discard(2, T("2s")), "why.claims_pending", seat=1, tile="5p")
    # W: 222s333s444s666s7s waits on 5s (234s×3, 567s, 66s), 7s (77s) and 8s (678s, 66s)
    expect(state, Win(2), "why.win.not_a_wait", tile="5p", waits="578s")


# ------------------------------------------------------------------ Serralheiro's exchanges

def test_exchanges():
    state = stacked_state(SER, HANDS)
    assert state.phase == "exchange"
    expect(state, Exchange(2, (T("1m"), T("2m"))), "why.exchange.not_your_exchange",
           first=0, second=1)
    expect(state, Exchange(0, (T("2m"), T("3m"))), "why.exchange.not_held", tiles="23m")
    expect(state, Exchange(0, (T("1m"),)), "why.exchange.two_tiles", count=1)
    expect(state, Discard(0, T("1z")), "why.exchange.first", first=0, second=1)
    expect(state, Win(0), "why.exchange.first", first=0, second=1)
    state.apply(Exchange(0, (T("1m"), T("9m"))))
    expect(state, Exchange(0, (T("1p"), T("9p"))), "why.exchange.already_given")
    while state.phase == "exchange":
        seat = state.waiting_for()[0]
        state.apply(state.legal_actions(seat)[0])
    expect(state, Exchange(0, (T("1p"), T("9p"))), "why.exchange.over")


# ------------------------------------------------------------------ properties

def _candidates(state, seat: int) -> list:
    """Actions a learner might press: every kind, on the tiles in sight."""
    tiles = set(state.hands[seat])
    if state.last_discard is not None:
        tiles.add(state.last_discard[1])
    if state.kong_tile is not None:
        tiles.add(state.kong_tile)
    out: list = [Draw(seat), Pass(seat), Win(seat), Discard(seat, Tile(PLAYABLE_KINDS))]
    for tile in sorted(tiles):
        out += [Discard(seat, tile), Pung(seat, tile)]
        out += [Kong(seat, tile, source) for source in KongSource]
        out += [Chow(seat, Tile(t)) for t in range(max(0, tile - 2), min(tile, 33) + 1)]
    hand = sorted(state.hands[seat])
    if len(hand) >= 2:
        out.append(Exchange(seat, (hand[0], hand[-1])))
    return out


def _placeholders() -> dict[str, set[str]]:
    data = json.loads((ROOT / "static/i18n/en/game.json").read_text("utf-8"))
    return {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in data.items()}


@pytest.mark.parametrize("rules", RULES)
def test_simulated_positions(rules):
    """In the positions of simulated hands: None exactly for the legal actions; for every
    other candidate a key of KEYS (never the malformed one) with its citation and every
    placeholder of its text among the params; apply refuses it and changes nothing."""
    placeholders = _placeholders()
    rng = random.Random(7)
    positions = 0
    for seed in range(12):
        state = GameState(GameConfig(rules, seed=seed))
        players = [SimplePlayer(state.rules, seed) for _ in range(4)]
        while not state.ended and positions < 400:
            positions += 1
            for seat in range(4):
                legal = state.legal_actions(seat)
                for action in legal:
                    assert explain_illegal(state, action) is None, action
                for action in _candidates(state, seat):
                    if action in legal:
                        continue
                    reason = explain_illegal(state, action)
                    assert reason is not None and reason.key in KEYS, action
                    assert reason.key != MALFORMED, (action, reason)
                    assert reason.citation is not None, (action, reason)
                    assert placeholders[reason.key] <= set(reason.params), reason
            if positions % 25 == 0:   # apply refuses and changes nothing (a sample)
                action = rng.choice([a for s in range(4) for a in _candidates(state, s)
                                     if a not in state.legal_actions(s)])
                before = json.dumps(state.snapshot(), sort_keys=True, default=str)
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                assert json.dumps(state.snapshot(), sort_keys=True, default=str) == before
            seat = state.waiting_for()[0]
            state.apply(players[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert positions >= 300


def test_every_key_in_the_catalogues():
    for lang in ("pt", "en", "es"):
        data = json.loads((ROOT / f"static/i18n/{lang}/game.json").read_text("utf-8"))
        missing = [key for key in KEYS if key not in data]
        assert not missing, (lang, missing)
    for key in CITED:
        assert key in KEYS


def test_every_rule_set_cites_every_key_it_can_give():
    """Each rule set's table holds exactly the keys worked out above from its document."""
    from mahjong_engine.rules import rule_set_class
    for rules in RULES:
        table = rule_set_class(rules).why_citations
        wanted = {key: sections[rules] for key, sections in CITED.items() if rules in sections}
        assert {k: c.section for k, c in table.items()} == wanted, rules
        assert all(c.document == rules for c in table.values())


def test_malformed():
    state = GameState(GameConfig(MAC, seed=1))
    assert explain_illegal(state, Draw(7)).key == MALFORMED
    assert explain_illegal(state, "draw").key == MALFORMED  # type: ignore[arg-type]
