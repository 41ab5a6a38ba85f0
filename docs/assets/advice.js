/* Exchange advice on the site: the combinations page's "What should I keep?"
 * and the table of discards the Play page's hint shows.
 *
 * Nothing is counted here. The tool sends the reader's version, exchange,
 * hand and cards seen to the site's Python (play-worker.js, the "advise"
 * request), which answers with ambigu_rules.advice.report.advise_report:
 * every discard the version's rule file allows, with how many of the equally
 * likely final hands have each best combination and their mean value, counted
 * exactly over the unseen cards. This script shows that answer as a table,
 * best first (window.ambiguAdvice.table, which the Play page's hint uses too).
 *
 * Python loads when the reader first reaches for the tool (about 19 MB the
 * first time, then from the browser's cache); each answer after that takes a
 * fraction of a second. window.ambiguAdviceMs keeps how long the last answer
 * took from the request to the table, for tools/bench_browser.py.
 *
 * The cards are typed and shown in the page's language's letters (words.js):
 * the hand and the cards seen go to Python in the rule files' letters
 * ("7C VP" typed on a French page is sent as "7H JS"), and the cards of the
 * answer, written "A♠ K♣" by Python, are shown with the page's rank letters
 * ("A♠ R♣" in French).
 *
 * While the reader waits on an answer (Python loading, then counting), a Stop
 * button ends the work as the Play page's does: Worker.terminate() stops that
 * worker's Python however deep it is (play.js says why nothing gentler can),
 * the status says it stopped, and the next Advise loads Python afresh in a new
 * worker (from the browser's cache). Reaching for the form again does not
 * start that load by itself: the reader who stopped it decides when.
 */
(function () {
  "use strict";

  var words = window.ambiguWords;

  /* Longest wait for one answer once Python is loaded (the load has its own). */
  var ANSWER_LIMIT_MS = 20000;
  var LOAD_LIMIT_MS = 240000;

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* A chance as a percentage: exact 0 and 100 as such, a tiny one as "< 0.1 %". */
  function chance(p) {
    if (p <= 0) { return words("advice.percent", { share: "0" }); }
    if (p >= 1) { return words("advice.percent", { share: "100" }); }
    if (p < 0.001) { return words("advice.below-tenth"); }
    if (p > 0.999) { return words("advice.above-almost"); }
    return words("advice.percent", { share: words.number((100 * p).toFixed(1)) });
  }

  function value(x) { return words.number(x.toFixed(2)); }

  /* Cards of an answer ("9♠ K♠"), with the page's rank letters, or "nothing". */
  function cardsOrNone(text) { return text ? words.shownCards(text) : words("advice.nothing"); }

  /* The sentence that says the best option. */
  function best(data) {
    var top = data.options[0];
    if (!top) { return words("advice.no-option"); }
    return words(top.discard ? "advice.best-discard" : "advice.best-stand",
      { discard: words.shownCards(top.discard), keep: cardsOrNone(top.keep), value: value(top.expected_value) });
  }

  /* The options as a table: each discard, what it keeps, the expected value,
   * then the chance of each final best combination (those that can happen). */
  function table(data) {
    var keys = Object.keys(data.names).concat(["none"]).filter(function (key) {
      return data.options.some(function (option) { return option.counts[key]; });
    });
    var whole = element("div", { class: "advice-answer" });
    whole.appendChild(element("p", { class: "advice-caption" }, words("advice.caption", {
      title: data.title, hand: words.shownCards(data.hand), unseen: data.unseen })));
    var wrap = element("div", { class: "advice-scroll", role: "region", tabindex: "0",
      "aria-label": words("advice.table-label") });
    var grid = element("table", { class: "advice-table" });
    grid.appendChild(element("caption", {}, words("advice.table-label")));
    var head = element("tr");
    [words("advice.discard"), words("advice.keep"), words("advice.expected")].forEach(function (text) {
      head.appendChild(element("th", { scope: "col" }, text));
    });
    keys.forEach(function (key) {
      head.appendChild(element("th", { scope: "col", class: "advice-chance" },
        key === "none" ? words("advice.no-combination") : data.names[key]));
    });
    grid.appendChild(element("thead")).appendChild(head);
    var body = grid.appendChild(element("tbody"));
    data.options.forEach(function (option, index) {
      var row = element("tr", index === 0 ? { class: "advice-best" } : {});
      row.appendChild(element("th", { scope: "row" }, cardsOrNone(option.discard)));
      row.appendChild(element("td", {}, cardsOrNone(option.keep)));
      row.appendChild(element("td", { class: "advice-value" }, value(option.expected_value)));
      keys.forEach(function (key) {
        row.appendChild(element("td", { class: "advice-chance" }, chance(option.combinations[key] || 0)));
      });
      body.appendChild(row);
    });
    wrap.appendChild(grid);
    whole.appendChild(wrap);
    return whole;
  }

  window.ambiguAdvice = { table: table, best: best, chance: chance, value: value };

  /* --- The combinations page's tool ------------------------------------------- */

  function setUp(box) {
    if (box.dataset.ready === "yes") { return; }
    box.dataset.ready = "yes";
    var assets = box.dataset.assets;
    fetch(assets + "tables/index.json").then(function (r) { return r.json(); }).then(function (index) {
      build(box, assets, index.versions);
    }).catch(function (error) {
      box.appendChild(element("p", { class: "advice-status" },
        words("evaluator.unreadable", { error: error.message })));
    });
  }

  var ORDINALS = ["first", "second"];

  function labelled(form, name, text, control, hint) {
    var id = "advice-" + name;
    control.id = id;
    var row = element("p", { class: "advice-field" });
    row.appendChild(element("label", { for: id }, text));
    row.appendChild(control);
    if (hint !== undefined) {
      var note = element("span", { class: "advice-hint", id: id + "-hint" }, hint);
      control.setAttribute("aria-describedby", note.id);
      row.appendChild(note);
    }
    form.appendChild(row);
    return control;
  }

  function build(box, assets, versions) {
    var usable = versions.filter(function (v) { return (v.exchanges || []).length; });
    var form = element("form", { class: "advice-form" });
    var version = labelled(form, "version", words("advice.version"), element("select", { name: "version" }));
    usable.forEach(function (v) { version.appendChild(element("option", { value: v.id }, words.own(v.titles, v.title))); });
    if (usable.some(function (v) { return v.id === "foster"; })) { version.value = "foster"; }
    var exchange = labelled(form, "exchange", words("advice.exchange"), element("select", { name: "exchange" }));
    var hand = labelled(form, "hand", words("advice.hand"),
      element("input", { type: "text", name: "hand", autocomplete: "off", spellcheck: "false" }), "");
    var seen = labelled(form, "seen", words("advice.seen"),
      element("input", { type: "text", name: "seen", autocomplete: "off", spellcheck: "false" }),
      words("advice.seen-hint"));
    var submit = element("button", { type: "submit", class: "md-button md-button--primary" }, words("advice.advise"));
    form.appendChild(submit);
    var status = element("p", { class: "advice-status", id: "advice-status", "aria-live": "polite" });
    /* Shown only while the reader waits on an answer. */
    var stop = element("button", { type: "button", class: "md-button advice-stop", hidden: "",
      "aria-describedby": "advice-status" }, words("play.stop"));
    var results = element("div", { class: "advice-results" });
    [form, status, stop, results].forEach(function (node) { box.appendChild(node); });

    function chosen() { return usable.find(function (v) { return v.id === version.value; }); }

    /* Cards typed in the page's language, in the rule files' letters for Python. A
     * word that reads as no card of the version's pack is sent as the reader wrote
     * it, so that Python's refusal quotes it so. */
    function engineCards(text) {
      var v = chosen();
      var symbols = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
      return text.split(/([\s,]+)/).map(function (word) {
        if (!word || /^[\s,]+$/.test(word)) { return word; }
        var name = words.engineCards(word);
        var suit = symbols[name.slice(-1)] || name.slice(-1).toUpperCase();
        var known = v && v.ranks.indexOf(name.slice(0, -1).toUpperCase()) >= 0 &&
          v.suits.some(function (s) { return s.id === suit; });
        return known ? name : word;
      }).join("");
    }

    /* The exchanges of the version, each with the number of cards it is made on. */
    function fillExchanges() {
      var keep = exchange.value;
      exchange.textContent = "";
      chosen().exchanges.slice(0, 2).forEach(function (rule, place) {
        exchange.appendChild(element("option", { value: ORDINALS[place] },
          words(place ? "advice.second" : "advice.first", { n: rule.hand })));
      });
      if (keep && exchange.querySelector('option[value="' + keep + '"]')) { exchange.value = keep; }
      fillHint();
    }

    function fillHint() {
      var v = chosen();
      var rule = v.exchanges[ORDINALS.indexOf(exchange.value)] || v.exchanges[0];
      // As the page's language types them ("9P 10P" in French).
      var example = (rule.hand === 2 ? [["9", "S"], ["10", "S"]]
        : [["5", "S"], ["5", "H"], ["9", "C"], ["10", "C"]]).map(function (card) {
        return words.typedCard(card[0], card[1]);
      }).join(" ");
      hand.placeholder = words("advice.for-example", { cards: example });
      document.getElementById("advice-hand-hint").textContent = words("advice.hand-hint", { n: rule.hand });
    }

    version.addEventListener("change", function () {
      fillExchanges();
      // The version's table of hands is installed while the reader types the hand.
      if (worker) { worker.postMessage({ kind: "load", version: version.value, id: ++serial }); }
    });
    exchange.addEventListener("change", fillHint);
    fillExchanges();

    /* The site's Python, in its worker: made when the reader first reaches for the tool. */
    var worker = null;
    var ready = false;
    var pending = null;  // {id, sent, timer}
    var serial = 0;
    var stopped = false;  // the reader stopped the work: Python waits for the next Advise

    /* The reader waits on an answer (Stop offered), or no longer does. */
    function waiting(on) {
      var hadFocus = document.activeElement === stop;
      submit.disabled = on;
      stop.hidden = !on;
      if (hadFocus && !on) { submit.focus(); }
    }

    function spawn() {
      worker = new Worker(assets + "play-worker.js", { type: "module" });
      ready = false;
      worker.onmessage = function (event) { receive(event.data); };
      worker.onerror = function (event) { fail(words("play.python-no-start", { error: event.message || "" })); };
      worker.postMessage({ kind: "load", version: version.value, id: ++serial });
    }

    function fail(text) {
      if (pending) { clearTimeout(pending.timer); pending = null; }
      if (worker) { worker.onmessage = worker.onerror = null; worker.terminate(); worker = null; }
      ready = false;
      waiting(false);
      status.textContent = text;
    }

    stop.addEventListener("click", function () {
      if (!pending) { return; }
      stopped = true;
      fail(words("advice.stopped"));
    });

    function arm(ms) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(function () {
        fail(words("play.late", { what: words("advice.job"), limit: Math.round(ms / 1000) + " s" }));
      }, ms);
    }

    function receive(data) {
      if (data.kind === "ready") { ready = true; return; }
      if (!pending) { return; }
      if (data.kind === "progress") {
        // The load's steps (asked on reaching the tool) are said while the reader waits.
        if (data.id === pending.id && data.phase === "run" && !pending.started) {
          pending.started = performance.now();
          arm(ANSWER_LIMIT_MS);
          status.textContent = words("advice.working");  // Python is in: the count begins
        } else if (data.key && data.key !== "worker.working") {
          status.textContent = words(data.key, data.values);
        }
        return;
      }
      if (data.id !== pending.id) {
        if (data.kind === "error") { fail(words("play.python-no-start", { error: data.text })); }
        return;
      }
      clearTimeout(pending.timer);
      var since = pending.started || pending.sent;
      pending = null;
      waiting(false);
      results.textContent = "";
      if (data.kind === "error") {
        status.textContent = words("play.refused", { reason: data.text });
        return;
      }
      ready = true;
      results.appendChild(table(data.advice));
      status.textContent = best(data.advice);
      window.ambiguAdviceMs = Math.round(performance.now() - since);
    }

    function ask() {
      if (pending) { return; }
      if (!worker) {
        try { spawn(); } catch (error) { status.textContent = words("play.python-no-start", { error: error.message || error }); return; }
      }
      stopped = false;
      pending = { id: ++serial, sent: performance.now(), timer: null };
      waiting(true);
      status.textContent = ready ? words("advice.working") : words("play.starting");
      arm(ready ? ANSWER_LIMIT_MS : LOAD_LIMIT_MS);
      worker.postMessage({ kind: "advise", id: pending.id, version: version.value, exchange: exchange.value,
        hand: engineCards(hand.value), seen: engineCards(seen.value), lang: words.language });
    }

    /* Python starts loading as soon as the reader reaches for the tool. */
    form.addEventListener("focusin", function () {
      if (!worker && !stopped && typeof Worker !== "undefined") {
        try { spawn(); } catch (error) { /* said on submit */ }
      }
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); ask(); });
  }

  function start() { document.querySelectorAll(".exchange-advice[data-assets]").forEach(setUp); }

  window.ambiguOnPage(start);
})();
