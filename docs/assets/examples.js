/* Worked examples: run a page's Python session in the browser.
 *
 * Each "Run it yourself" block gets a button. Pressing it sends the session
 * (the very text the test suite runs as a doctest) and the scenario files it
 * reads to the site's Python worker (play-worker.js: Pyodide running
 * ambigu_rules), which runs it with Python's doctest; beside each line of
 * the session the page then shows what the page expects and whether the
 * interpreter printed it. Python loads only when a button is pressed.
 */
(function () {
  "use strict";

  /* Every label in the page's language (assets/words.js, loaded first). */
  var words = window.ambiguWords;

  var here = document.currentScript ? document.currentScript.src : location.href;
  var worker = null;
  var waiting = null;

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function python(message, status) {
    if (!worker) {
      worker = new Worker(new URL("play-worker.js", here), { type: "module" });
      worker.onmessage = function (event) {
        var data = event.data;
        if (data.kind === "progress") {
          waiting.status.textContent = data.key ? words(data.key, data.values) : data.text;
          return;
        }
        var done = waiting;
        waiting = null;
        done.resolve(data);
      };
      worker.onerror = function (event) {
        if (waiting) { waiting.resolve({ kind: "error", text: event.message || words("examples.no-python") }); }
      };
    }
    return new Promise(function (resolve) {
      waiting = { resolve: resolve, status: status };
      worker.postMessage(message);
    });
  }

  function scenarios(text) {
    var found = [];
    var pattern = /play\("(docs\/examples\/scenarios\/[^"]+\.ya?ml)"\)/g;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      if (found.indexOf(match[1]) < 0) { found.push(match[1]); }
    }
    return Promise.all(found.map(function (path) {
      var url = new URL("../" + path.replace(/^docs\//, ""), here);
      return fetch(url).then(function (r) { return r.text(); }).then(function (text) {
        return [path, text];
      });
    })).then(function (pairs) {
      var files = {};
      pairs.forEach(function (pair) { files[pair[0]] = pair[1]; });
      return files;
    });
  }

  function show(box, results) {
    box.textContent = "";
    var failed = results.filter(function (r) { return !r.ok; }).length;
    box.appendChild(element("p", { class: failed ? "run-failed" : "run-passed" }, failed
      ? words.count(failed, "examples.failed-one", "examples.failed", { failed: failed, lines: results.length })
      : words.count(results.length, "examples.passed-one", "examples.passed", { lines: results.length })));
    var table = element("table", { class: "run-results" });
    var head = table.appendChild(element("thead")).appendChild(element("tr"));
    [words("examples.python"), words("examples.expected"), words("examples.printed")].forEach(function (t) {
      head.appendChild(element("th", {}, t));
    });
    var body = table.appendChild(element("tbody"));
    results.forEach(function (r) {
      var row = body.appendChild(element("tr", { class: r.ok ? "ok" : "failed" }));
      row.appendChild(element("td")).appendChild(element("code", {}, r.source.trim()));
      row.appendChild(element("td")).appendChild(element("pre", {}, r.want));
      row.appendChild(element("td")).appendChild(element("pre", {}, r.ok ? words("examples.same") : r.report));
    });
    box.appendChild(table);
  }

  function setUp(details) {
    if (details.dataset.ready === "yes") { return; }
    var code = details.querySelector(".highlight code");
    if (!code) { return; }
    details.dataset.ready = "yes";
    var button = element("button", { type: "button", class: "md-button run-button" },
      words("examples.run"));
    var box = element("div", { class: "run-output", "aria-live": "polite" });
    details.appendChild(button);
    details.appendChild(box);
    button.addEventListener("click", function () {
      if (waiting) {
        box.textContent = words("examples.busy");
        return;
      }
      button.disabled = true;
      var status = element("p", {}, words("examples.starting"));
      box.textContent = "";
      box.appendChild(status);
      var text = code.textContent;
      scenarios(text).then(function (files) {
        return python({ kind: "doctest", text: text, files: files }, status);
      }).then(function (answer) {
        button.disabled = false;
        if (answer.kind === "doctest") { show(box, answer.results); }
        else { status.textContent = words("examples.could-not-run", { error: answer.text }); }
      });
    });
  }

  function start() {
    document.querySelectorAll("details").forEach(function (details) {
      var summary = details.querySelector("summary");
      if (summary && summary.textContent.trim() === words("examples.run-it-yourself")) { setUp(details); }
    });
  }

  window.ambiguOnPage(start);
})();
