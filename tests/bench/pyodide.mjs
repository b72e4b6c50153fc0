// Benchmark (not a test): tests/bench/shanten.py under Pyodide in Node, from the vendored
// runtime in dist/vendor/pyodide, with the `mahjong` library copied in from the virtualenv.
//   node tests/bench/pyodide.mjs [--hands N]      (after python3 build.py and the test setup)
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const INDEX = path.join(ROOT, "dist", "vendor", "pyodide") + path.sep;
const args = process.argv.slice(2);
const hands = args.includes("--hands") ? Number(args[args.indexOf("--hands") + 1]) : 20000;

const { loadPyodide } = await import(pathToFileURL(path.join(INDEX, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: INDEX });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");

const venvPython = path.join(ROOT, ".venv", "bin", "python");
const found = spawnSync(venvPython, ["-c", "import mahjong, os; print(os.path.dirname(mahjong.__file__))"], { encoding: "utf-8" });
if (found.status === 0) {
  const copy = (from, to) => {
    pyodide.FS.mkdirTree(to);
    for (const name of readdirSync(from)) {
      const src = path.join(from, name);
      if (statSync(src).isDirectory()) { if (name !== "__pycache__") copy(src, `${to}/${name}`); }
      else if (name.endsWith(".py")) pyodide.FS.writeFile(`${to}/${name}`, readFileSync(src));
    }
  };
  copy(found.stdout.trim(), "/benchlib/mahjong");
}
pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo/tests/bench", "/benchlib"]
import shanten
shanten.main(["--hands", "${hands}"])
`);
