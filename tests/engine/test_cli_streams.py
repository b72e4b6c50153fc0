"""Issue 30, item 3: the command line when its output cannot be written (a full disk,
simulated with /dev/full) or when standard input or output is closed: no traceback, a
line on standard error and a clear exit status (74 when the output is lost, 2 when the
input is refused)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
HAND = json.dumps({"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
                   "melds": [{"kind": "chow", "tiles": "234m"},
                             {"kind": "pung", "tiles": "555m"}]}).encode()
FULL = Path("/dev/full")


def run(args: list[str], stdin, stdout, data: bytes | None = None
        ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mahjong_engine", *args], input=data,
                          stdin=stdin if data is None else None, stdout=stdout,
                          stderr=subprocess.PIPE, env=ENV, cwd=ROOT, timeout=120)


def closed(args: list[str], close: str, data: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run with file descriptor 0 or 1 closed, as ``<&-`` / ``>&-`` in a shell do."""
    redirect = {"stdin": "<&-", "stdout": ">&-"}[close]
    command = " ".join([sys.executable, "-m", "mahjong_engine", *args, redirect])
    return subprocess.run(["/bin/sh", "-c", command], input=data if close == "stdout" else None,
                          stdin=None if close == "stdout" else subprocess.DEVNULL,
                          capture_output=True, env=ENV, cwd=ROOT, timeout=120)


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args, data", [(["score"], HAND), (["shanten"], b"123456789m1234p\n"),
                                        (["score"], b"[" * 100)])
def test_full_disk_is_told_on_stderr(args, data):
    with FULL.open("wb") as sink:
        proc = run(args, None, sink, data)
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 74
    assert b"could not be written" in proc.stderr


def test_closed_stdout_is_told_on_stderr():
    proc = closed(["score"], "stdout", HAND)
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 74
    assert b"standard output is closed" in proc.stderr


@pytest.mark.parametrize("args", [["score"], ["match"], ["shanten"]])
def test_closed_stdin_is_a_keyed_refusal(args):
    proc = closed(args, "stdin")
    assert b"Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["key"] == "input.closed"


def test_closed_stdin_with_a_file_argument_still_works(tmp_path):
    path = tmp_path / "hand.json"
    path.write_bytes(HAND)
    proc = closed(["score", str(path)], "stdin")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total"] == 26
