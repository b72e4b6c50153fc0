"""Keep score of a match played with real tiles (issue 16): the match record, the hand
form and the exports, pure Python over ``mahjong_engine.game.ledger``."""
