"""Computer opponents and hints (issue 5): tile efficiency, hand value per rule set,
defence, the players of each level on the game's Player interface, and structured hints.

Pure standard-library Python; every random choice comes from a seeded ``random.Random``.
"""
from __future__ import annotations
