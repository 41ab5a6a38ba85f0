/* The site's Python, started as fast as the browser allows (for play-worker.js).
 *
 * On top of Pyodide's loadPyodide():
 *
 * - The wheels the site ships (../pyodide/wheels.json) are fetched while the
 *   runtime starts and their files written straight into Python's
 *   site-packages (wheel-files.js), instead of being installed one by one by
 *   Pyodide's package loader. A compiled extension they hold (a .so file) is
 *   linked before Python starts (Emscripten's `dynamicLibraries`), so that it
 *   lies at the same place in memory at every start.
 * - Python kept: once the worker has imported the package and installed the
 *   hand table the page asked for, keep() stores a copy of Python's memory
 *   (Pyodide's memory snapshot) in the browser's Cache Storage. The next
 *   start restores that copy instead of starting the interpreter and
 *   importing the package again: about a second instead of three on a
 *   desktop. The copy is filed under a digest of the wheels' bytes, so a site
 *   rebuilt with other wheels starts afresh and replaces it; Pyodide itself
 *   refuses a copy made by another build of its runtime.
 *
 * Pyodide's snapshots are not a public API in this version (the options
 * `_makeSnapshot` and `_loadSnapshot`): a copy that cannot be restored, or
 * that fails the check made after restoring it (a validation that goes
 * through the compiled extension), is deleted and Python is started the
 * ordinary way in the same call; the worker also deletes it after a fatal
 * error in Python restored from it (forget()). The browser tests
 * (tests/browser/test_play_kept_python.py) fail if a reload stops restoring
 * the copy, or if a damaged copy stops the page from playing.
 *
 * No rule is written here.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { wheelFiles } from "./wheel-files.js";

/* The Cache Storage that holds the copy of Python (one entry at most). */
const KEPT = "ambigu-python";

/* The runtime's folder, as a URL ending in "/". */
const BASE = new URL("../pyodide/", import.meta.url).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/* The wheels: their files (not yet inflated) and the digest of their bytes
 * and of the index of the hand tables (a copy holds the tables it installed). */
async function fetchWheels() {
  const names = await (await fetch(BASE + "wheels.json")).json();
  const tables = fetch(new URL("tables/index.json", import.meta.url)).then((response) => response.arrayBuffer());
  // Each wheel's compiled extensions are inflated as soon as it arrives.
  const wheels = await Promise.all(names.map(async (name) => {
    const response = await fetch(BASE + "wheels/" + name);
    if (!response.ok) { throw new Error("wheels/" + name + ": " + response.status); }
    const buffer = await response.arrayBuffer();
    const files = wheelFiles(buffer);
    files.forEach((file) => { if (file.name.endsWith(".so")) { file.read(); } });
    return { buffer, files };
  }));
  const buffers = [...wheels.map((wheel) => wheel.buffer), await tables];
  const whole = new Uint8Array(buffers.reduce((total, buffer) => total + buffer.byteLength, 0));
  buffers.reduce((at, buffer) => { whole.set(new Uint8Array(buffer), at); return at + buffer.byteLength; }, 0);
  const digest = hex(await crypto.subtle.digest("SHA-256", whole));
  return { files: wheels.flatMap((wheel) => wheel.files), key: new URL("kept-python-" + digest, BASE).href };
}

async function keptCache() {
  try { return await caches.open(KEPT); } catch (error) { return null; }  // no storage: never kept
}

/* The header of a kept copy that says how many bytes it holds. */
const SIZE = "X-Ambigu-Bytes";

/* The kept copy of Python: null when there is none (answered at once), else
 * { bytes, filled }: bytes is an array of the copy's size, filled while the
 * runtime and the wheels load; filled is a promise that it has been, which
 * fails if the copy was not made from these wheels. */
async function keptCopy(wheels) {
  const cache = await keptCache();
  const requests = cache ? await cache.keys() : [];
  if (requests.length !== 1) { return null; }
  const response = await cache.match(requests[0]);
  const size = Number(response && response.headers.get(SIZE));
  if (!(size > 0)) { return null; }
  const bytes = new Uint8Array(size);
  const filled = Promise.all([response.arrayBuffer(), wheels]).then(([buffer, { key }]) => {
    if (requests[0].url !== key) { throw new Error("a copy kept from other wheels"); }
    if (buffer.byteLength !== size) { throw new Error("a copy cut short"); }
    bytes.set(new Uint8Array(buffer));
  });
  filled.catch(() => {});  // awaited in load(), whose failure is handled
  return { bytes, filled };
}

/* Deletes the copy of Python, if any. */
export async function forget() {
  const cache = await keptCache();
  if (cache) {
    for (const request of await cache.keys()) { await cache.delete(request); }
  }
}

/* Python's site-packages, from the runtime's lock file ("python": "3.14.2"). */
function sitePackages(lock) {
  const [major, minor] = lock.info.python.split(".");
  return "/lib/python" + major + "." + minor + "/site-packages/";
}

/* loadPyodide(), with the wheels' compiled extensions linked first and, when
 * `copy` (keptCopy()'s answer) is given, Python's memory restored from it.
 * The runtime is made (its code fetched and compiled) while the wheels come:
 * only the runtime's instance waits for them, since the extensions are linked
 * as it is received (Emscripten's `dynamicLibraries`, read then). Answers
 * { py, folder } (folder: site-packages). */
async function load(runtime, lock, wheels, copy) {
  const libraries = {};  // path in site-packages -> URL of its bytes
  const createPyodideModule = async (settings) => {
    const [{ default: create }, folder] = await Promise.all([runtime, lock.then(sitePackages)]);
    const linked = [];  // the runtime links these paths when its instance is received
    const ready = wheels.then(async ({ files }) => {
      for (const file of files) {
        if (file.name.endsWith(".so")) {
          libraries[folder + file.name] = URL.createObjectURL(new Blob([await file.read()]));
          linked.push(folder + file.name);
        }
      }
      // The other files, inflated while Python starts (a restored one needs no bytecode).
      files.forEach((file) => { if (!(copy && isBytecode(file))) { file.read(); } });
    });
    settings.dynamicLibraries = linked;
    const locate = settings.locateFile;
    settings.locateFile = (path) => libraries[path] || locate(path);
    const instantiate = settings.instantiateWasm;
    if (typeof instantiate === "function") {
      settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, made) => {
        ready.then(() => receive(instance, made), () => {});  // a failure is thrown below
      });
    } else {
      await ready;  // the runtime instantiates itself: the libraries must be named first
    }
    const making = create(settings);
    making.catch(() => {});  // awaited below, once the wheels are in
    await ready;  // the wheels could not be had: thrown here, the module is never answered
    const module = await making;
    // The runtime's memory starts smaller than the copy: grown (by asking
    // for a block that does not fit) before Pyodide writes the copy over it.
    if (copy) {
      if (module.HEAP8.length < copy.bytes.length) { module._malloc(copy.bytes.length); }
      await copy.filled;  // Pyodide restores the copy once this module is answered
    }
    return module;
  };
  const options = { indexURL: BASE, createPyodideModule };
  if (copy) { options._loadSnapshot = copy.bytes; } else { options._makeSnapshot = true; }
  const py = await loadPyodide(options);
  for (const url of Object.values(libraries)) { URL.revokeObjectURL(url); }
  return { py, folder: sitePackages(await lock) };
}

/* A wheel's member that is bytecode (tools/pyodide_bytecode.py compiles the
 * wheels' modules with this runtime when the site is built, so that the first
 * start imports them without compiling them). A Python restored from a kept
 * copy has imported them already: it is given their sources only. */
function isBytecode(file) {
  return file.name.includes("/__pycache__/");
}

/* Writes the wheels' files into site-packages, each dated as its wheel dates
 * it: a restored Python then finds the files it read before the copy was made
 * unchanged (the package keeps a version's rules while its rule files keep
 * their dates), where the time of writing would have made them all new.
 * `restored`: Python comes from a kept copy (its bytecode is left out). */
async function unpack(py, folder, wheels, restored) {
  const made = new Set();
  for (const file of wheels.files) {
    if (restored && isBytecode(file)) { continue; }
    const path = folder + file.name;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(parent)) { py.FS.mkdirTree(parent); made.add(parent); }
    py.FS.writeFile(path, await file.read());
    py.FS.utime(path, file.time, file.time);
  }
  py.runPython("import importlib\nimportlib.invalidate_caches()");
}

/* After restoring: a fresh seed for Python's shared random numbers (the copy
 * holds the state of the visit that made it), then a validation through the
 * compiled extension, which fails if it was not linked where the copy expects. */
const CHECK = `
import random
random.seed()
from pydantic import TypeAdapter
if TypeAdapter(list[int]).validate_python(["1", 2]) != [1, 2]:
    raise RuntimeError("the restored Python does not validate")
`;

/* Python from `copy` (or started afresh when it is null), with the wheels'
 * files in site-packages; the time of each part in `timings` (ms). */
async function start(runtime, lock, wheels, copy, timings, since) {
  const started = await load(runtime, lock, wheels, copy);
  timings.runtime = Math.round(performance.now() - since);
  const now = performance.now();
  await unpack(started.py, started.folder, await wheels, Boolean(copy));
  if (copy) { started.py.runPython(CHECK); }
  timings.wheels = Math.round(performance.now() - now);
  started.restored = Boolean(copy);
  timings.restored = copy ? 1 : 0;
  started.key = (await wheels).key;
  return started;
}

/* Pyodide fetches the files of its runtime itself. When one cannot be had,
 * loadPyodide() may log the error and never settle: it does so when the
 * failure comes after it has begun to wait for the file, as the WebAssembly
 * binary often does. While Python starts, the worker's fetch is watched: a
 * file of the runtime that fails, or is answered with an HTTP error, fails
 * the start at once. Answers { failed, stop }: `failed` rejects with the
 * first such failure; stop() gives the worker its own fetch back. */
function watchRuntimeFetches() {
  const native = globalThis.fetch;
  let fail;
  const failed = new Promise((resolve, reject) => { fail = reject; });
  failed.catch(() => {});  // raced in startPython()
  globalThis.fetch = function (resource, init) {
    const url = String(resource instanceof Request ? resource.url : resource);
    const answer = native.call(globalThis, resource, init);
    if (url.startsWith(BASE)) {
      answer.then((response) => {
        if (!response.ok) { fail(new Error(url.slice(BASE.length) + ": HTTP " + response.status)); }
      }, fail);
    }
    return answer;
  };
  return { failed, stop: () => { globalThis.fetch = native; } };
}

/* Python with the wheels' files in site-packages: { py, restored, key }.
 * When restored is true it comes from a kept copy, which had imported the
 * package already. A file of the runtime that cannot be fetched fails it at
 * once (watchRuntimeFetches). */
export async function startPython(timings) {
  const watch = watchRuntimeFetches();
  try {
    return await Promise.race([startWatched(timings), watch.failed]);
  } finally {
    watch.stop();
  }
}

async function startWatched(timings) {
  const since = performance.now();
  const runtime = import(BASE + "pyodide.asm.mjs");
  const lock = fetch(BASE + "pyodide-lock.json").then((response) => response.json());
  const wheels = fetchWheels();
  wheels.catch(() => {});  // awaited below; a failure is reported there
  const copy = await keptCopy(wheels);
  if (copy) {
    try {
      return await start(runtime, lock, wheels, copy, timings, since);
    } catch (error) {
      console.warn("The kept copy of Python could not be restored; starting afresh:", error);
      await forget();
    }
  }
  return start(runtime, lock, wheels, null, timings, since);
}

/* Makes a copy of `started`'s Python now and stores it for the next start,
 * in the background (once per worker, and never from Python that was itself
 * restored). Nothing that goes wrong here stops the page: the next start is
 * then the ordinary one. */
export function keep(started) {
  if (started.restored || started.kept) { return; }
  started.kept = true;
  let copy;
  try {
    copy = started.py.makeMemorySnapshot();
  } catch (error) {
    console.warn("Python could not be kept for the next visit:", error);
    return;
  }
  (async () => {
    const cache = await keptCache();
    if (!cache) { return; }
    await forget();
    await cache.put(started.key, new Response(copy, {
      headers: { "Content-Type": "application/octet-stream", [SIZE]: String(copy.length) } }));
  })().catch((error) => console.warn("Python could not be kept for the next visit:", error));
}
