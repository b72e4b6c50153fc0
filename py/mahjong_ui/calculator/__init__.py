"""Score calculator logic without the browser: state, URL format, scoring and i18n rendering.

Nothing here imports ``js``; ``mahjong_ui.views.calculator`` and ``mahjong_ui.embed`` bind it
to the page.
"""
