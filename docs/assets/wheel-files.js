/* The files of a wheel (a zip archive), for python-start.js.
 *
 * A wheel the site ships is read here rather than installed by Pyodide's
 * package loader: its files are written straight into Python's
 * site-packages, which is faster and needs no Python. Only what a wheel
 * uses is read: stored or deflated members, named in the central directory
 * at the end of the archive (no zip64: a wheel here is a few MB).
 *
 * No rule is written here.
 */

/* The time a member was last changed, as the archive says it (its MS-DOS date
 * and time, read as UTC), in ms since 1970. */
function changed(view, entry) {
  const time = view.getUint16(entry + 12, true);
  const date = view.getUint16(entry + 14, true);
  return Date.UTC(1980 + (date >> 9), ((date >> 5) & 15) - 1, date & 31,
                  time >> 11, (time >> 5) & 63, (time & 31) * 2);
}

/* Each member that is a file: { name, time, read } where time is when it was
 * last changed (changed()) and read() answers a promise of its bytes, the
 * same at every call (a deflated member is inflated by the browser's
 * DecompressionStream when first read, so that the members needed first are
 * not inflated behind all the others). */
export function wheelFiles(buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;  // the end-of-central-directory record, found from the end
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) { end--; }
  if (end < 0) { throw new Error("not a zip archive"); }
  const count = view.getUint16(end + 10, true);
  let entry = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(entry, true) !== 0x02014b50) { throw new Error("a damaged zip archive"); }
    const method = view.getUint16(entry + 10, true);
    const time = changed(view, entry);
    const size = view.getUint32(entry + 20, true);
    const nameLength = view.getUint16(entry + 28, true);
    const local = view.getUint32(entry + 42, true);
    const name = names.decode(bytes.subarray(entry + 46, entry + 46 + nameLength));
    entry += 46 + nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    if (name.endsWith("/")) { continue; }  // a folder: made with the files in it
    if (method !== 0 && method !== 8) { throw new Error(name + ": compressed in a way not read here"); }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const packed = bytes.subarray(start, start + size);
    let data = null;
    const read = () => data || (data = method === 0 ? Promise.resolve(packed)
      : new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw")))
        .arrayBuffer().then((inflated) => new Uint8Array(inflated)));
    files.push({ name, time, read });
  }
  return files;
}
