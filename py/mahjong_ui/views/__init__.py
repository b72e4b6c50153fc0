"""The page's views, one module per mode: ``table`` (play), ``learn``, ``calculator`` (score).

Each module has ``start(shell)``; it renders into its section of index.html and keeps its
state in Python, never in the DOM.
"""
