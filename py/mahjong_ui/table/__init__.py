"""The table (issue 6): a match against three computer players, or four to watch.

``controller`` is pure Python (no ``js``): the match, the computer players, the render
model and the saved form. ``catalogue`` translates keys from the catalogues the view
loads. ``mahjong_ui.views.table`` binds them to the page.
"""
