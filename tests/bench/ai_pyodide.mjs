// Benchmark (not a test): tests/bench/ai.py under Pyodide in Node, from the vendored
// runtime in dist/vendor/pyodide, for the decision times of the computer players.
//   node tests/bench/ai_pyodide.mjs [--hands N] [--rules R ...]   (after python3 build.py)
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const INDEX = path.join(ROOT, "dist", "vendor", "pyodide") + path.sep;
const args = process.argv.slice(2);
const hands = args.includes("--hands") ? Number(args[args.indexOf("--hands") + 1]) : 40;
const rulesAt = args.indexOf("--rules");
const rules = rulesAt >= 0 ? args.slice(rulesAt + 1).filter((a) => !a.startsWith("--")) : [];

const { loadPyodide } = await import(pathToFileURL(path.join(INDEX, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: INDEX });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
const argv = ["--hands", String(hands), "--pairs", "strong:normal"];
if (rules.length) argv.push("--rules", ...rules);
pyodide.globals.set("bench_argv", pyodide.toPy(argv));
pyodide.runPython(`
import sys
sys.dont_write_bytecode = True
sys.path[:0] = ["/repo/py", "/repo/tests/bench"]
import ai
ai.main(list(bench_argv))
`);
