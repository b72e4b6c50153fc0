"""Set-up on a fresh machine (issue 15 item 13): build.py checks every tool before it downloads
anything and names each missing one with the Debian package that provides it; a registry
client that fails, a taken port or a bad --port is a message, never a traceback.

Missing tools are simulated with a PATH holding only fake ones and an empty download cache
(MAHJONG_CACHE), or by patching build.py's probes in-process."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build.py"


@pytest.fixture
def build(monkeypatch):
    spec = importlib.util.spec_from_file_location("mahjong_build_setup", BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_tool(folder: Path, name: str, script: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(0o755)


def run_build(tmp_path: Path, *args: str, tools: dict[str, str] | None = None, timeout: int = 120,
              **env: str) -> subprocess.CompletedProcess:
    """build.py in a subprocess on a 'fresh machine': PATH holds only `tools` (fake scripts),
    the download cache is empty, there is no Chromium."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, script in (tools or {}).items():
        fake_tool(bin_dir, name, script)
    full_env = {**os.environ, "PATH": str(bin_dir), "MAHJONG_CACHE": str(tmp_path / "cache"),
                "MAHJONG_DIST": str(tmp_path / "dist"), "CHROMIUM": str(tmp_path / "no-chromium"), **env}
    return subprocess.run([sys.executable, str(BUILD), *args], env=full_env, capture_output=True, text=True,
                          timeout=timeout)


def assert_clean_refusal(done: subprocess.CompletedProcess) -> str:
    assert done.returncode != 0
    assert "Traceback" not in done.stderr + done.stdout
    assert "Error:" not in done.stderr   # FileNotFoundError:, OSError: …
    return done.stderr


NODE_20 = "echo v20.11.0"


@pytest.mark.parametrize("command", ["serve", "build", "test"])
def test_node_without_npm_is_named_before_any_download(tmp_path, command):
    message = assert_clean_refusal(run_build(tmp_path, command, tools={"node": NODE_20}))
    assert "npm, to fetch Pyodide and PyScript (npm pack)" in message
    assert "apt-get install npm" in message
    assert "nothing was downloaded" in message
    assert not (tmp_path / "cache").exists() and not (tmp_path / "dist").exists()
    if command == "test":
        assert "chromium" in message   # every missing tool at once, not one per run
    else:
        assert "chromium" not in message


def test_every_missing_tool_for_the_tests_is_named_at_once(tmp_path):
    # no node, no npm, no apt-get on PATH (so even as root nothing is installed), no Chromium
    message = assert_clean_refusal(run_build(tmp_path, "test"))
    assert "- node, to run the engine under Pyodide" in message
    assert "apt-get install nodejs" in message
    assert "apt-get install -y nodejs npm chromium" in message
    assert not (tmp_path / "cache").exists()


def test_a_node_older_than_pyodide_asks_for_is_named_with_the_minimum(build, tmp_path):
    message = assert_clean_refusal(run_build(tmp_path, "test",
                                             tools={"node": "echo v16.20.2", "npm": "exit 0"}))
    assert f"Node.js {build.NODE_MIN[0]} or newer (found 16.20)" in message
    assert "apt-get install nodejs" in message


def test_node_minimum_is_pyodides_engines_field(build):
    """NODE_MIN follows the `engines` of the pinned pyodide npm package (what run.mjs loads)."""
    entry = next(e for e in build.config()["npm"] if e["name"] == "pyodide")
    unpacked = build.CACHE / "unpacked" / entry["file"].removesuffix(".tgz") / "package" / "package.json"
    tgz = build.CACHE / "npm" / entry["file"]
    if unpacked.exists():
        package = json.loads(unpacked.read_text())
    elif tgz.exists():
        with tarfile.open(tgz) as tar:
            package = json.load(tar.extractfile("package/package.json"))
    else:
        pytest.skip("the pyodide tarball is not cached (run python3 build.py)")
    assert package["engines"]["node"] == ">=" + ".".join(map(str, build.NODE_MIN)) + ".0"


def test_a_failing_registry_client_is_a_message_and_runs_quietly(tmp_path):
    log = tmp_path / "npm-args"
    done = run_build(tmp_path, "build", tools={
        "node": NODE_20, "npm": f'echo "$@" > {log}; echo "npm error network unreachable" >&2; exit 1'})
    message = assert_clean_refusal(done)
    assert "npm error network unreachable" in message               # the client's own reason
    assert "npm pack pyodide@0.29.5 failed (exit 1)" in message
    args = log.read_text().split()
    assert {"--loglevel=error", "--no-fund", "--no-audit"} <= set(args)   # no `npm notice` listing


def test_missing_pip_is_named_before_the_npm_downloads(build, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build, "_pip_python", lambda: None)
    monkeypatch.setattr(build.shutil, "which",
                        lambda name: f"/usr/bin/{name}" if name in ("node", "npm") else None)
    monkeypatch.setattr(build, "node_version", lambda: (18, 20))
    monkeypatch.setattr(build, "fetch_all", lambda: pytest.fail("downloaded before the tools were checked"))
    with pytest.raises(SystemExit) as exit_:
        build.main(["serve"])
    assert "pip, to fetch the micropip and packaging wheels" in str(exit_.value)
    assert "apt-get install python3-pip" in str(exit_.value)


def test_missing_venv_is_named_for_the_tests(build, monkeypatch, tmp_path):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build, "VENV", tmp_path / "no-venv")
    monkeypatch.setattr(build, "CHROMIUM", str(Path(sys.executable)))       # present
    monkeypatch.setattr(build.shutil, "which",
                        lambda name: f"/usr/bin/{name}" if name in ("node", "npm") else None)
    monkeypatch.setattr(build, "node_version", lambda: (18, 20))
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(build.importlib.util, "find_spec",
                        lambda name, *a: None if name == "ensurepip" else real_find_spec(name, *a))
    missing = build.missing_tools("test")
    assert [(m.tool, m.packages) for m in missing] == [("python3 -m venv", ("python3-venv",))]


def test_debian_12_node_and_npm_are_enough(build, monkeypatch, tmp_path):
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")      # a first build: npm and pip needed
    monkeypatch.setattr(build, "CHROMIUM", str(Path(sys.executable)))
    monkeypatch.setattr(build.shutil, "which",
                        lambda name: f"/usr/bin/{name}" if name in ("node", "npm") else None)
    monkeypatch.setattr(build, "node_version", lambda: (18, 20))   # Debian 12: nodejs 18.20.4, npm 9.2.0
    monkeypatch.setattr(build, "_pip_python", lambda: sys.executable)
    for command in ("build", "serve", "test", "bench"):
        assert build.missing_tools(command) == [], command


def test_tests_as_root_install_what_is_missing_with_apt_get(build, monkeypatch, tmp_path):
    chromium = tmp_path / "chromium"
    installed = []

    def apt_install(*packages):
        installed.extend(packages)
        chromium.write_text("")

    monkeypatch.setattr(build, "CHROMIUM", str(chromium))
    monkeypatch.setattr(build, "missing_downloads", lambda: {"npm": [], "pip": []})
    monkeypatch.setattr(build, "node_version", lambda: (18, 20))
    monkeypatch.setattr(build.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(build, "_apt_install", apt_install)
    monkeypatch.setattr(build.os, "geteuid", lambda: 0)
    build.check_tools("test")
    assert installed == ["chromium"]

    # not root: nothing is installed, the command to run is named (with sudo)
    chromium.unlink()
    installed.clear()
    monkeypatch.setattr(build.os, "geteuid", lambda: 1000)
    with pytest.raises(SystemExit) as exit_:
        build.check_tools("test")
    assert installed == []
    assert "sudo apt-get install chromium" in str(exit_.value)
    # serve never installs system packages, even as root
    monkeypatch.setattr(build.os, "geteuid", lambda: 0)
    monkeypatch.setattr(build, "missing_downloads", lambda: {"npm": ["x.tgz"], "pip": []})
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    monkeypatch.setattr(build, "node_version", lambda: None)
    with pytest.raises(SystemExit) as exit_:
        build.check_tools("serve")
    assert installed == []
    assert "apt-get install nodejs npm" in str(exit_.value)


def listening_socket(port: int = 0) -> socket.socket:
    sock = socket.socket()
    sock.bind(("127.0.0.1", port))
    sock.listen()
    return sock


def test_serve_on_a_taken_port_moves_to_the_next_free_one(tmp_path):
    taken = listening_socket()
    port = taken.getsockname()[1]
    env = {**os.environ, "MAHJONG_DIST": str(tmp_path / "dist"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, str(BUILD), "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        deadline = time.time() + 300
        while time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if line.startswith("Serving"):
                break
        output = "".join(lines)
        assert "Traceback" not in output
        assert f"port {port} is in use: serving on" in output
        served = int(output.rsplit("127.0.0.1:", 1)[1].split("/")[0])
        assert served != port
        with urllib.request.urlopen(f"http://127.0.0.1:{served}/index.html", timeout=10) as response:
            assert b"Content-Security-Policy" in response.read()
    finally:
        proc.terminate()
        proc.wait(10)
        taken.close()


def test_serve_with_every_port_taken_is_a_message_before_the_build(build, monkeypatch):
    taken = listening_socket()
    port = taken.getsockname()[1]
    monkeypatch.setattr(build, "PORT_TRIES", 1)
    monkeypatch.setattr(build, "build", lambda **kw: pytest.fail("built before the port was checked"))
    try:
        with pytest.raises(SystemExit) as exit_:
            build.serve(port)
    finally:
        taken.close()
    assert str(exit_.value) == f"build.py serve: port {port} in use; choose another with --port N"


@pytest.mark.parametrize("port", ["abc", "70000", "-1"])
def test_a_bad_port_is_a_usage_message(tmp_path, port):
    done = run_build(tmp_path, "serve", "--port", port)
    assert done.returncode == 2
    assert "not a port number" in done.stderr or "expected one argument" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_build_without_node_names_it(build, monkeypatch, tmp_path):
    """Every build compiles the standard library under Pyodide in Node (build.compile_archive)."""
    monkeypatch.setattr(build, "missing_downloads", lambda: {"npm": [], "pip": []})
    monkeypatch.setattr(build, "node_version", lambda: None)
    for command in ("build", "serve", "bench"):
        missing = build.missing_tools(command)
        assert [(m.tool, m.packages) for m in missing if m.tool == "node"] == [("node", ("nodejs",))], command
        assert "bytecode" in missing[0].why
