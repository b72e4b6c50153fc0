"""Issue 28: ``register()`` checks the hooks a settlement style requires. A rule set
whose ``settlement`` reads a hook the base leaves settling nothing (``settle`` for
``WINNER``: payments; ``score_losing_hand`` and ``settle_transfers`` for
``DIFFERENCES``; ``match_winner`` for ``MARKERS``) must define it, or it would pay 0
and nothing would say so."""
from __future__ import annotations

from collections.abc import Mapping

import pytest

from mahjong_engine.rules import (RULE_SET_KEYS, Options, RuleSet, Settlement, missing_hooks,
                                  register, registered_keys, rule_set_class)
from mahjong_engine.rules.base import SETTLEMENT_HOOKS
from mahjong_engine.rules.cayro import Cayro


def _bare(style: Settlement, **hooks: object) -> type[RuleSet[Options]]:
    attrs: dict[str, object] = {"key": f"test_bare_{style.value}", "settlement": style,
                                "options_class": Options, **hooks}
    return type(f"Bare{style.value.title()}", (RuleSet,), attrs)


def test_every_style_declares_its_hooks() -> None:
    assert set(SETTLEMENT_HOOKS) == set(Settlement)
    assert Settlement.WINNER.required_hooks == ("settle",)
    assert Settlement.DIFFERENCES.required_hooks == ("score_losing_hand", "settle_transfers")
    assert Settlement.MARKERS.required_hooks == ("match_winner",)
    for hooks in SETTLEMENT_HOOKS.values():
        assert all(callable(getattr(RuleSet, hook)) for hook in hooks)


@pytest.mark.parametrize("key", RULE_SET_KEYS)
def test_the_four_documents_define_theirs(key: str) -> None:
    assert missing_hooks(rule_set_class(key)) == ()


@pytest.mark.parametrize("style", list(Settlement))
def test_register_refuses_each_missing_hook(style: Settlement) -> None:
    for hook in style.required_hooks:
        others = {h: (lambda self, *a, **k: None) for h in style.required_hooks if h != hook}
        cls = _bare(style, **others)
        with pytest.raises(ValueError, match=repr(hook)) as caught:
            register(cls)
        assert style.value in str(caught.value) and cls.__name__ in str(caught.value)
        assert cls.key not in registered_keys()


def test_inherited_hooks_count() -> None:
    """A subclass of a rule set that defines the hooks inherits them; one that changes
    its settlement to a style whose hooks it lacks is refused."""
    class Heir(Cayro):
        key = "test_cayro_heir"

    assert missing_hooks(Heir) == ()

    class Switched(Cayro):
        key = "test_cayro_switched"
        settlement = Settlement.MARKERS

    with pytest.raises(ValueError, match="'match_winner'"):
        register(Switched)

    class Markers(Switched):
        def match_winner(self, markers: Mapping[str, int]) -> str | None:
            return None

    assert missing_hooks(Markers) == ()
