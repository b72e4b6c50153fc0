"""One presenter for score results and hand results (pure Python, no ``js``): the table's
result dialog, the calculator and the exercises word the engine's typed results here, from
the ``result`` catalogue and the rule set's own, instead of re-reading JSON themselves."""
from .result import (FormulaLine, HandView, ItemLine, LoserView, PaymentRow,
                     formula_lines, item_lines, present_hand, present_score, transfer_text)

__all__ = ["FormulaLine", "HandView", "ItemLine", "LoserView", "PaymentRow",
           "formula_lines", "item_lines", "present_hand", "present_score", "transfer_text"]
