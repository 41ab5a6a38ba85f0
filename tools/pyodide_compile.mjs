/* Compiles Python files to bytecode with the site's own Pyodide, under Node.
 *
 * Usage: node tools/pyodide_compile.mjs RUNTIME_DIR SOURCE_DIR
 *
 * RUNTIME_DIR is the folder tools/pyodide_assets.py lays the runtime out in
 * (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json).
 * Every .py file under SOURCE_DIR gets its __pycache__/NAME.cpython-3XX.pyc
 * beside it, written by the interpreter the browser runs (so the bytecode is
 * of its Python version), as an "unchecked hash" pyc (PEP 552): it carries
 * the hash of its source instead of a date, so that the same sources give
 * the same bytes, and Python loads it without reading the source again
 * (tools/pyodide_bytecode.py and its tests check that each pyc's hash is its
 * source's). Code objects are named as if the files were in site-packages,
 * where the page writes them. No network: the runtime is read from disk.
 */
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtime, source] = process.argv.slice(2).map((folder) => path.resolve(folder));
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime + path.sep, stdout: () => {}, stderr: console.error });
py.FS.mkdirTree("/compile");
py.FS.mount(py.FS.filesystems.NODEFS, { root: source }, "/compile");
const ok = py.runPython(`
import compileall, py_compile, site
compileall.compile_dir("/compile", ddir=site.getsitepackages()[0], quiet=1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
process.exit(ok ? 0 : 1);
