"""Shared test set-up: Hypothesis checks properties, not speed (speed lives in tests/bench/),
so no example has a deadline; a loaded 2-core CI machine must not fail a correct property.

Profiles (``HYPOTHESIS_PROFILE`` chooses one; else ``ci`` when ``CI`` is set, as CI services
set it, else ``mahjong``):
- ``mahjong``: Hypothesis's defaults (100 examples a test) without deadlines.
- ``ci``: 50 examples for a test that does not set its own number (those that do keep it: the
  engine's properties and the CLI fuzz chose theirs), the too-slow health check off (a loaded
  machine is slow, not the strategy), no example database (nothing kept between CI runs), and
  a failure printed with the blob that reproduces it (``@reproduce_failure``). Examples stay
  random from run to run, so CI keeps exploring.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("mahjong", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("mahjong"), max_examples=50,
                          suppress_health_check=[HealthCheck.too_slow], database=None,
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI", "").lower() not in ("", "0", "false") else "mahjong"))
