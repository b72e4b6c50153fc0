"""The four documents' keys, for the learn data written per document (lessons, exercises,
glossary terms): each taken from its rule set's own class, never written out here."""
from __future__ import annotations

from mahjong_engine.rules.cayro import Cayro
from mahjong_engine.rules.filipino import Filipino
from mahjong_engine.rules.macau_1988 import Macau1988
from mahjong_engine.rules.serralheiro_2003 import Serralheiro2003

MACAU = Macau1988.key
FILIPINO = Filipino.key
SERRALHEIRO = Serralheiro2003.key
CAYRO = Cayro.key

__all__ = ["CAYRO", "FILIPINO", "MACAU", "SERRALHEIRO"]
