// The engine under real Pyodide (Node.js), compared with CPython.
// Loads Pyodide from the vendored runtime built into dist/vendor/pyodide (the npm `pyodide`
// package as the site ships it) with the site's own standard library (dist/app/python_stdlib.zip,
// only the modules py/stdlib-modules.txt lists), mounts the repository with NODEFS, runs
// tests/pyodide/parity.py in both interpreters and compares the JSON results case by case.
//   node tests/pyodide/run.mjs          (after `python3 build.py`; PYTHON selects CPython)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const INDEX = path.join(ROOT, "dist", "vendor", "pyodide") + path.sep;
const STDLIB = path.join(ROOT, "dist", "app", "python_stdlib.zip");
const PYTHON = process.env.PYTHON || "python3";
const t0 = Date.now();

if (!existsSync(path.join(INDEX, "pyodide.mjs"))) {
  console.error(`no vendored Pyodide in ${INDEX}: run python3 build.py first`);
  process.exit(2);
}

// CPython
const cp = spawnSync(PYTHON, [path.join(ROOT, "tests", "pyodide", "parity.py")], {
  env: { ...process.env, PYTHONPATH: path.join(ROOT, "py"), PYTHONDONTWRITEBYTECODE: "1" },
  encoding: "utf-8",
});
if (cp.status !== 0) {
  console.error("CPython parity.py failed:\n" + cp.stderr);
  process.exit(1);
}
const expected = JSON.parse(cp.stdout);

// Pyodide
const { loadPyodide } = await import(pathToFileURL(path.join(INDEX, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: INDEX, stdLibURL: STDLIB, stdout: (s) => console.log("[pyodide]", s), stderr: (s) => console.error("[pyodide]", s) });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
const version = pyodide.runPython("import sys; sys.dont_write_bytecode = True; '%d.%d.%d' % sys.version_info[:3]");
const actual = JSON.parse(pyodide.runPython(`
import sys
sys.path[:0] = ["/repo/tests/pyodide", "/repo/py"]
import parity
parity.main_json()
`));

// compare
let failures = 0, skipped = 0;
const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
for (const name of names) {
  const a = JSON.stringify(expected[name]), b = JSON.stringify(actual[name]);
  const isSkipped = expected[name] && typeof expected[name] === "object" && "skipped" in expected[name];
  if (a !== b) {
    failures++;
    console.log(`FAIL ${name}\n  CPython: ${a.slice(0, 2000)}\n  Pyodide: ${String(b).slice(0, 2000)}`);
  } else if (isSkipped) {
    skipped++;
    console.log(`skip ${name}: ${expected[name].skipped}`);
  } else {
    console.log(`ok   ${name}`);
  }
  for (const side of [expected[name], actual[name]]) {
    if (side && typeof side === "object" && "exception" in side) console.log(`     (raised ${side.exception}: ${side.message})`);
  }
}
const passed = names.length - failures - skipped;
console.log(`pyodide parity (Python ${version} in Node ${process.version}): ${passed} passed, ${skipped} skipped, ${failures} failed in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
process.exit(failures ? 1 : 0);
