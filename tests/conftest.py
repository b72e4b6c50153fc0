"""Shared test set-up: Hypothesis checks properties, not speed (speed lives in tests/bench/),
so no example has a deadline; a loaded 2-core CI machine must not fail a correct property."""

from hypothesis import settings

settings.register_profile("mahjong", deadline=None)
settings.load_profile("mahjong")
