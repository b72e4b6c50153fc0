"""Run every case of cases.py and print the results as JSON (under CPython or Pyodide).

    PYTHONPATH=py python3 tests/pyodide/parity.py      # CPython
    node tests/pyodide/run.mjs                          # both, compared
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE, HERE.parents[1] / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import cases  # noqa: E402


def results() -> dict:
    out = {}
    for name, fn in cases.CASES.items():
        try:
            out[name] = fn()
        except Exception as exc:
            out[name] = {"exception": type(exc).__name__, "message": str(exc),
                         "where": traceback.extract_tb(exc.__traceback__)[-1].name}
    return out


def main_json() -> str:
    return json.dumps(results(), sort_keys=True, ensure_ascii=False)


if __name__ == "__main__":
    print(main_json())
