/* The site's Python, in a Web Worker: Pyodide running ambigu_rules.
 *
 * Loaded when the Play page opens (which asks for "load" at once, so that
 * Python is ready by the time the reader deals) or when the reader runs a
 * worked example. It starts the runtime with the wheels the site ships
 * (../pyodide/, by python-start.js, which may restore a kept copy), installs
 * the versions' tables of every hand (tables/*.table, so numpy is never
 * needed), and answers:
 *
 * - the Play page: "early" (sent as its script runs: Python starts
 *   loading, and nothing is answered; the next request gets the load's
 *   progress; named apart from "start", the Deal, which must be answered),
 *   "load" (Python, and the table of hands of the version
 *   the form shows; answered "ready", with how long each part took),
 *   "new" (a session of a built-in version, or of the rule
 *   file the reader pasted: it is written to the worker's own file system,
 *   validated by the package, and played with the shipped table whose
 *   fingerprint its pack and combinations give, or, for a file that changes
 *   only what combinations are worth, its parent's table with the file's
 *   values: ambigu_rules.play.web_tables), "start" (a deal), "act"
 *   with the index of a choice (and the amount, for an opening or a raise),
 *   "buy" with the seat of a person who buys counters back in between deals,
 *   "save" (a replay file of the deals played, answered "replay": its text
 *   and a file name),
 *   passed to ambigu_rules.play.web.WebTable (whose bots are those "new"
 *   names: expert, heuristic or random; "new" may carry buy_back_agreed,
 *   the table's agreement to buy back where the version leaves it to the
 *   table), and "hint" (the table's hint for
 *   the person to act: the advice at an exchange, the expert's reckoning
 *   at a bet); every answer is the table's state (or hint), or the
 *   package's message refusing;
 * - the combinations page's "What should I keep?": "advise" with a version,
 *   a hand, the cards seen and the exchange, answered with
 *   ambigu_rules.advice.report.advise_report (the version's table installed
 *   first, so numpy is never needed);
 * - a worked example: "doctest" with the page's Python session and the
 *   scenario files it reads; Python's own doctest runs it and answers, for
 *   each example, what it printed and what the page expects.
 *
 * A request may carry an `id` (the Play page numbers its requests): every
 * message sent about it then carries the same `id`. Messages of kind
 * "progress" have a `text` to show and, on the first request, a `phase`:
 * "load" while the runtime and the wheels load, then "run" once Python is
 * ready and works on the request. The Play page gives each phase its own
 * time limit and ends this worker (Worker.terminate()) when one runs out,
 * which stops any Python work, however long (play.js says why). An error
 * after which this Python cannot go on (Pyodide's "fatal error", such as a
 * stack exhausted inside the interpreter) is answered with `fatal: true`,
 * so that the page starts a fresh worker for the next request.
 *
 * No rule is written here.
 */
import { startPython, keep, forget } from "./python-start.js";

let pyodide = null;
let started = null;  // startPython()'s answer: whether this Python was restored from a kept copy
let loading = null;  // the load under way: one for every request that arrives meanwhile
const installed = new Set();

/* How long each part of the load took (ms), for tools/bench_browser.py. */
const timings = {};
function timed(name, since) { timings[name] = Math.round(performance.now() - since); return performance.now(); }

/* The id of the request under way (undefined for a page that sends none). */
let answering;

function post(message) {
  if (answering !== undefined) { message.id = answering; }
  self.postMessage(message);
}

/* A step of the work, for the page to show: `key` names its words in
 * assets/words.js (the page says them in its own language, with `values`),
 * `text` is the English form, for a page without them. */
function progress(key, text, phase, values) {
  const message = { kind: "progress", key, text };
  if (values) { message.values = values; }
  if (phase) { message.phase = phase; }
  if (phase === "load") { loadSaid = { ...message }; }
  post(message);
}

/* The last step of the load said, for a request that comes while it goes on. */
let loadSaid = null;

/* Python, loaded once: it becomes `pyodide` only when the wheels are in and
 * the package imports, so that a load cut short is tried again in full. A
 * request that arrives while Python loads (the Play page asks for the load
 * as soon as it opens, and a Deal may follow at once) waits for the same load.
 * The runtime, the wheels and the tables come from the site over HTTP, so the
 * browser's cache keeps them for the next visit; python-start.js also keeps a
 * copy of Python once the Play page's load is done, and restores it at the
 * next start (the package then needs no import). */
function python() {
  if (pyodide) { return Promise.resolve(pyodide); }
  if (!loading) {
    loading = load().then((py) => { pyodide = py; return py; },
                          (error) => { loading = null; throw error; });
  }
  return loading;
}

async function load() {
  progress("worker.loading-python", "Loading Python (about 19 MB the first time)…", "load");
  started = await startPython(timings);
  const py = started.py;
  if (!started.restored) {
    const now = performance.now();
    progress("worker.loading-interpreter", "Loading the interpreter…", "load");
    py.runPython(IMPORTS);
    timed("imports", now);
  } else {
    timings.imports = 0;
    // The tables the kept Python had installed are there still.
    JSON.parse(py.runPython("json.dumps(sorted(installed_tables))")).forEach((file) => installed.add(file));
  }
  return py;
}

/* What every request needs, imported before a copy of Python is kept. */
const IMPORTS = "import json\nfrom ambigu_rules.play.web import WebTable, reply, table_rules\n" +
  "from ambigu_rules.play.web_tables import table_needs, revalue_table\n" +
  "from ambigu_rules.advice.report import advise_report\n" +
  "from ambigu_rules.words.lang import lang_of\n" +
  "table = None\ninstalled_tables = set()";

async function installTable(py, version, file, quiet) {
  if (installed.has(file)) { return; }
  if (!quiet) {
    progress("worker.reading-table", "Reading the " + version + " hand table…", undefined, { version });
  }
  const bytes = new Uint8Array(await (await fetch(new URL("tables/" + file, import.meta.url))).arrayBuffer());
  py.globals.set("table_bytes", bytes);
  py.globals.set("version_id", version);
  py.globals.set("table_file", file);
  py.runPython(`
from ambigu_rules.hands.evaluator import install_table
from ambigu_rules.load.resolver import load_ruleset
install_table(load_ruleset(version_id), bytes(table_bytes.to_py()))
installed_tables.add(table_file)
del table_bytes`);
  installed.add(file);
}

const DOCTEST = `
import doctest, json, os

class Recorder(doctest.DocTestRunner):
    """Python's doctest runner, keeping each example's outcome."""

    def __init__(self):
        super().__init__(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        self.outcomes = {}

    def report_success(self, out, test, example, got):
        self.outcomes[id(example)] = (True, got)

    def report_failure(self, out, test, example, got):
        self.outcomes[id(example)] = (False, got)

    def report_unexpected_exception(self, out, test, example, exc_info):
        self.outcomes[id(example)] = (False, doctest._exception_traceback(exc_info))

def run_session(text, files):
    for path, content in files.items():
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
    test = doctest.DocTestParser().get_doctest(text, {}, "example", "example", 0)
    runner = Recorder()
    runner.run(test, out=lambda text: None)
    results = []
    for example in test.examples:
        ok, got = runner.outcomes.get(id(example), (False, "not run"))
        results.append({"source": example.source, "want": example.want, "ok": ok,
                        "report": got})
    return json.dumps(results)
`;

let pasted = 0;

/* The reader's rule file, in a new folder each time (the package caches a
 * file while it is unchanged), made the working folder so that messages
 * name it your-rules.yaml. */
function writeRules(py, text) {
  pasted += 1;
  const folder = "/home/pyodide/pasted-" + pasted;
  py.FS.mkdirTree(folder);
  py.FS.writeFile(folder + "/your-rules.yaml", text);
  py.FS.chdir(folder);
  return "your-rules.yaml";
}

async function installAllTables(py) {
  const index = await (await fetch(new URL("tables/index.json", import.meta.url))).json();
  for (const version of index.versions) {
    await installTable(py, version.id, version.table);
  }
}

/* A file of the runtime that cannot be fetched can make Pyodide reject a
 * promise that nothing awaits, and loadPyodide() then never settles (the
 * start watches the runtime's fetches for the same reason: python-start.js):
 * without this, the request under way would wait for its time limit instead
 * of being answered. */
self.addEventListener("unhandledrejection", (event) => {
  if (pyodide) { return; }
  event.preventDefault();
  const reason = event.reason;
  post({ kind: "error", text: String((reason && reason.message) || reason) });
});

/* One request at a time, in the order they come: a Deal sent while the load
 * the page asked for on opening is under way is answered after it. */
let queue = Promise.resolve();
self.onmessage = (event) => {
  if (event.data && event.data.kind === "early") {
    // Sent by the Play page as its script runs, before its form is built: the
    // load begins, answered to the request that comes next (see handle).
    python().catch(() => {});
    return;
  }
  queue = queue.then(() => handle(event.data));
};

async function handle(request) {
  answering = request.id;
  if (loading && !pyodide && loadSaid) { post({ ...loadSaid }); }  // a load begun by "early"
  try {
    const py = await python();
    if (request.kind === "load") {
      // Asked as the Play page opens: Python, then the table of the version
      // the form shows, so that the first Deal finds both ready.
      if (request.version) {
        const since = performance.now();
        const index = await (await fetch(new URL("tables/index.json", import.meta.url))).json();
        const version = index.versions.find(v => v.id === request.version);
        if (version) { await installTable(py, version.id, version.table, true); }
        timed("table", since);
      }
      post({ kind: "ready", timings });
      // Python as it is now (the package imported, the table installed) is
      // kept for the next visit, before any table is seated.
      keep(started);
      return;
    }
    progress("worker.working", "Working…", "run");
    if (request.kind === "doctest") {
      await installAllTables(py);
      progress("worker.running-session", "Running the session…");
      py.runPython(DOCTEST);
      py.globals.set("session_text", request.text);
      py.globals.set("session_files", py.toPy(request.files));
      const results = JSON.parse(py.runPython("run_session(session_text, session_files)"));
      post({ kind: "doctest", results });
      return;
    }
    if (request.kind === "advise") {
      const index = await (await fetch(new URL("tables/index.json", import.meta.url))).json();
      const version = index.versions.find(v => v.id === request.version);
      if (version) { await installTable(py, version.id, version.table, true); }
      py.globals.set("request", py.toPy(request));
      post(JSON.parse(py.runPython(
        "reply(lambda: advise_report(str(request['version']), str(request['hand']), " +
        "str(request.get('seen', '')), str(request.get('exchange', 'first')), " +
        "lang_of(str(request.get('lang', 'en'))).code), 'advice')")));
      return;
    }
    if (request.kind === "hint") {
      post(JSON.parse(py.runPython("reply(lambda: table.hint(), 'hint')")));
      return;
    }
    if (request.kind === "save") {
      // The deals played to their end, as a replay file (WebTable.save).
      post(JSON.parse(py.runPython("reply(lambda: table.save(), 'replay')")));
      return;
    }
    let since = performance.now();
    if (request.kind === "new") {
      const variant = request.rules === undefined ? request.version : writeRules(py, request.rules);
      py.globals.set("variant", variant);
      const needs = JSON.parse(py.runPython("reply(lambda: table_needs(variant), 'table')"));
      if (needs.kind === "error") { post(needs); return; }
      const index = await (await fetch(new URL("tables/index.json", import.meta.url))).json();
      const shipped = index.versions.find(v => v.rules === needs.table.rules);
      const parent = needs.table.revalue && index.versions.find(v => v.rules === needs.table.revalue);
      if (shipped) {
        await installTable(py, shipped.id, shipped.table);
      } else if (parent) {
        // A file that changes only what combinations are worth: its parent's
        // table, each hand's value read again from the file (web_tables.py).
        await installTable(py, parent.id, parent.table);
        py.runPython("revalue_table(variant)");
      }
      // The rules are in (a pasted file has passed its check) with their table:
      // what takes time from here is the deal, the bots playing up to a person's turn.
      progress("worker.dealing", "Dealing…");
      py.globals.set("request", py.toPy(request));
      const made = JSON.parse(py.runPython(
        "def seat():\n" +
        "    global table\n" +
        "    table = WebTable(variant, players=int(request['players']), " +
        "seed=int(request['seed']), people=int(request['people']), " +
        "banks=int(request.get('banks', 50)), " +
        "lang=str(request.get('lang', 'en')), bots=str(request.get('bots', 'expert')), " +
        "buy_back_agreed=request.get('buy_back_agreed') is True)\n" +
        "    return {}\n" +
        "reply(seat)"));
      if (made.kind === "error") { post(made); return; }
      since = timed("seat", since);
    }
    if (request.kind === "act") {
      py.globals.set("act_index", Number(request.index));
      py.globals.set("act_amount", request.amount === undefined ? null : Number(request.amount));
    }
    if (request.kind === "buy") {
      py.globals.set("buy_seat", Number(request.seat));
    }
    const call = request.kind === "act" ? "table.act(act_index, act_amount)"
      : request.kind === "buy" ? "table.buy(buy_seat)" : "table.start()";
    const answer = JSON.parse(py.runPython("reply(lambda: " + call + ")"));
    if (request.kind === "new") { timed("deal", since); answer.timings = timings; }
    post(answer);
  } catch (error) {
    const message = { kind: "error", text: String(error.message || error).split("\n").slice(-2).join(" ") };
    if (error && error.pyodide_fatal_error) {
      message.fatal = true;
      if (started && started.restored) { await forget(); }  // never restored again
    }
    post(message);
  }
}
