"""The number pad of a counted hand (pure): what a key press makes of the figure typed."""
from __future__ import annotations

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "clear")
MAX_DIGITS = 6          # a value above the limits any table agrees


def press(text: str, key: str) -> str:
    """The figure after pressing ``key``: a digit appended (a leading 0 replaced), ``back``
    takes the last digit off, ``clear`` empties; never more than ``MAX_DIGITS`` digits."""
    text = "".join(c for c in str(text) if c.isascii() and c.isdigit())
    if key == "back":
        return text[:-1]
    if key == "clear":
        return ""
    if len(key) == 1 and key.isascii() and key.isdigit():
        if text == "0":
            text = ""
        return (text + key)[:MAX_DIGITS]
    return text


__all__ = ["KEYS", "MAX_DIGITS", "press"]
