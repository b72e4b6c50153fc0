"""Learn mode's pure-Python logic (no ``js``): the rules-page model built from the engine's
rule-set data and the catalogues, and the glossary across the four documents."""

from ..i18n import Translator
from .model import SECTIONS, build_page, example_hand
from .glossary import build_glossary

__all__ = ["SECTIONS", "Translator", "build_glossary", "build_page", "example_hand"]
