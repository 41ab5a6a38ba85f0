/* The Play page's Python, in a Web Worker: Pyodide running ambigu_rules.
 *
 * Loaded only when the reader starts a game. It loads the runtime and the
 * wheels the site ships (../pyodide/), installs the version's table of every
 * hand (tables/<id>.table, so numpy is never needed), and passes the page's
 * requests to ambigu_rules.play.web.WebTable: "start" a session or a deal,
 * "act" with the index of an action. Every answer is the table's state, as
 * the Python module makes it; no rule is written here.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";

let pyodide = null;
const installed = new Set();

function progress(text) { self.postMessage({ kind: "progress", text }); }

async function python() {
  if (pyodide) { return pyodide; }
  progress("Loading Python (about 10 MB, once)…");
  pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  progress("Loading the interpreter…");
  const wheels = await (await fetch(new URL("../pyodide/wheels.json", import.meta.url))).json();
  await pyodide.loadPackage(wheels.map(w => new URL("../pyodide/wheels/" + w, import.meta.url).href));
  pyodide.runPython("import json\nfrom ambigu_rules.play.web import WebTable\ntable = None");
  return pyodide;
}

async function installTable(py, version, file) {
  if (installed.has(version)) { return; }
  progress("Reading the " + version + " hand table…");
  const bytes = new Uint8Array(await (await fetch(new URL("tables/" + file, import.meta.url))).arrayBuffer());
  py.globals.set("table_bytes", bytes);
  py.globals.set("version_id", version);
  py.runPython(`
from ambigu_rules.hands.evaluator import install_table
from ambigu_rules.load.resolver import load_ruleset
install_table(load_ruleset(version_id), bytes(table_bytes.to_py()))`);
  installed.add(version);
}

self.onmessage = async (event) => {
  const request = event.data;
  try {
    const py = await python();
    if (request.kind === "new") {
      await installTable(py, request.version, request.table);
      py.globals.set("request", py.toPy(request));
      py.runPython("table = WebTable(request['version'], players=int(request['players']), " +
                   "seed=int(request['seed']))");
    }
    const call = request.kind === "act" ? "table.act(" + Number(request.index) + ")" : "table.start()";
    const state = JSON.parse(py.runPython("json.dumps(" + call + ")"));
    self.postMessage({ kind: "state", state });
  } catch (error) {
    self.postMessage({ kind: "error", text: String(error.message || error).split("\n").slice(-2).join(" ") });
  }
};
