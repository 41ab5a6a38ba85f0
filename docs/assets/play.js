/* The Play page: a form, then the table, driven by the Python in play-worker.js.
 *
 * The page shows what the worker answers (ambigu_rules.play.web.WebTable's
 * state): seats, counters, bets, cards, the pool, the step under way with a
 * link to its rule, the actions as buttons, and what happened. It decides
 * nothing about the game.
 *
 * The page asks Python one thing at a time, and every request has a time
 * limit (see "Python's time limits" below): while it runs, the page says what
 * it is doing and offers a Stop button; on the limit or on Stop it ends the
 * worker, says so in one sentence, and the next request starts a fresh one.
 */
(function () {
  "use strict";

  /* --- Python's time limits ---------------------------------------------------
   *
   * Python in the worker cannot be interrupted from here: Pyodide's interrupt
   * buffer needs a SharedArrayBuffer, which needs the site served
   * cross-origin isolated (COOP/COEP headers) that a plain static host does
   * not send. So a request that runs too long, or that the reader stops, ends
   * with Worker.terminate(), which stops the Python of that worker however
   * deep it is in its work; the Python session of the table goes with it, and
   * the next request loads Python afresh in a new worker (from the browser's
   * cache: seconds, not the first download).
   *
   * - PYTHON_LIMIT_MS (20 s) is for the Python work of one request: checking a
   *   pasted rule file, seating a table, playing a move and the bots' turns
   *   after it, or a whole deal of bots. Measured in Chromium on a 2-core
   *   desktop, each takes 0.1 to 1.5 s (the most: the first request, which
   *   installs a hand table; a pasted copy of a whole 28 KB built-in file,
   *   1.1 s); a slow phone runs Pyodide some five times slower, so a real
   *   request stays well inside 20 s, while a reader waiting on a runaway
   *   one is told what happened before they give up on the page. (Only a
   *   file near the 1 MiB limit of a rule file, 8 s here, could pass 20 s on
   *   a slow phone: it is then stopped with the same sentence.)
   * - LOAD_LIMIT_MS (240 s) is for a worker's first load of Python: the
   *   runtime and the wheels are about 16 MB, close to three minutes on a
   *   poor mobile connection (100 KB/s) when the host does not compress
   *   them, and starting the interpreter took 13 s on that desktop, more on
   *   a slow phone. Once Python is loaded (the worker says so: a progress
   *   message of phase "run") the request's own 20 s begin.
   *
   * A test shortens either limit without any control on the page: a
   * Playwright init script (context.add_init_script) sets
   * window.AMBIGU_PYTHON_TIME_LIMIT_MS or window.AMBIGU_PYTHON_LOAD_LIMIT_MS
   * (milliseconds) before this script runs. They are read at each request,
   * so a test may change them between requests; anything but a positive
   * number means the defaults. (tests/browser/test_play_page_time_limit.py)
   */
  var PYTHON_LIMIT_MS = 20000;
  var LOAD_LIMIT_MS = 240000;

  function limit(name, otherwise) {
    var value = Number(window[name]);
    return isFinite(value) && value > 0 ? value : otherwise;
  }

  function duration(ms) {
    return ms >= 1000 ? Math.round(ms / 100) / 10 + " s" : Math.round(ms) + " ms";
  }

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function setUp(box) {
    if (box.dataset.ready === "yes") { return; }
    box.dataset.ready = "yes";
    var assets = box.dataset.assets;
    fetch(assets + "tables/index.json").then(function (r) { return r.json(); })
      .then(function (index) { build(box, assets, index.versions); })
      .catch(function () {
        box.appendChild(element("p", {}, "The tables of hands could not be read."));
      });
  }

  var OWN = "own";

  function option(value, text, selected) {
    var node = element("option", { value: value }, text);
    if (selected) { node.selected = true; }
    return node;
  }

  /* The "who plays" choices for a table of `players` seats: people first, then bots. */
  function fillPeople(select, players) {
    var keep = Math.min(Number(select.value || 1), players);
    select.textContent = "";
    for (var n = 0; n <= players; n++) {
      var text = n === 0 ? "only bots (watch)" : n === 1 ? "you and " + (players - 1) + " bots"
        : n + " people taking turns" + (n < players ? ", " + (players - n) + " bots" : "");
      select.appendChild(option(String(n), text, n === keep));
    }
  }

  /* The box where a reader pastes a rule file of their own, with house variants to start from. */
  function ownRules(box, assets) {
    var examples = (box.dataset.examples || "").split(",").filter(Boolean);
    var field = element("fieldset", { class: "play-own", hidden: "" });
    field.appendChild(element("legend", {}, "Your own rule file"));
    var text = element("textarea", { name: "rules", rows: "14", spellcheck: "false", wrap: "off",
      "aria-label": "Your rule file (YAML)" });
    var starters = element("p", { class: "play-starters" }, "Start from a house variant: ");
    examples.forEach(function (name) {
      var button = element("button", { type: "button", class: "md-button play-starter" }, name);
      button.addEventListener("click", function () { load(name); });
      starters.appendChild(button);
    });
    function load(name) {
      fetch(assets + "../variants/" + name + ".yaml").then(function (r) { return r.text(); })
        .then(function (yaml) { text.value = yaml; });
    }
    field.appendChild(starters);
    field.appendChild(text);
    field.appendChild(element("p", { class: "play-own-note" }, box.dataset.ownNote || ""));
    return { field: field, text: text, first: function () {
      if (!text.value && examples.length) { load(examples[0]); }
    } };
  }

  function build(box, assets, versions) {
    var current = null;
    var form = element("form", { class: "play-form" });
    var choice = element("select", { name: "version", "aria-label": "Version" });
    versions.forEach(function (v) { choice.appendChild(option(v.id, v.title)); });
    choice.appendChild(option(OWN, "Your own rule file…"));
    /* play/?v=foster (a version page's link) preselects that version; any other id is ignored. */
    var asked = new URLSearchParams(window.location.search).get("v");
    if (asked && versions.some(function (v) { return v.id === asked; })) { choice.value = asked; }
    var players = element("select", { name: "players", "aria-label": "Players" });
    [2, 3, 4, 5, 6].forEach(function (n) { players.appendChild(option(String(n), n + " players", n === 4)); });
    var people = element("select", { name: "people", "aria-label": "Who plays" });
    fillPeople(people, 4);
    players.addEventListener("change", function () { fillPeople(people, Number(players.value)); });
    var deal = element("button", { type: "submit", class: "md-button md-button--primary" }, "Deal");
    var own = ownRules(box, assets);
    choice.addEventListener("change", function () {
      own.field.hidden = choice.value !== OWN;
      if (choice.value === OWN) { own.first(); }
    });
    [choice, players, people, deal].forEach(function (node) { form.appendChild(node); });
    form.appendChild(own.field);
    /* What became of the last request (refused, stopped), then what is under way. */
    var status = element("p", { class: "play-status", "aria-live": "polite" });
    var busy = element("div", { class: "play-busy" });
    var spinner = element("span", { class: "play-spinner", "aria-hidden": "true", hidden: "" });
    var busyText = element("span", { class: "play-busy-text", id: "play-busy-text", "aria-live": "polite" });
    var stop = element("button", { type: "button", class: "md-button play-stop", hidden: "",
      "aria-describedby": "play-busy-text" }, "Stop");
    [spinner, busyText, stop].forEach(function (node) { busy.appendChild(node); });
    var table = element("div", { class: "play-area" });
    var log = element("ol", { class: "play-log", "aria-label": "What happened" });
    [form, status, busy, table, log].forEach(function (node) { box.appendChild(node); });

    /* --- The Python worker: one request at a time, each under its limit ------ */

    var worker = null;   // made at the first request, and again after one is ended
    var ready = false;   // whether this worker has loaded Python
    var running = null;  // the request under way: {message, label, timer, superseded}
    var waiting = null;  // a Deal pressed while a request was under way: sent next
    var serial = 0;
    var doing = "";      // what the busy line says is under way

    function say(text, kind) {
      status.className = "play-status" + (kind ? " " + kind : "");
      status.textContent = text;
    }

    /* The table's controls, while Python works on a move (a second click
     * would name a choice of a state about to change). */
    function lock(locked) {
      table.querySelectorAll("button, input").forEach(function (node) { node.disabled = locked; });
    }

    function working(text) {
      doing = text;
      busyText.textContent = text + (waiting ? " Then your new deal." : "");
      busy.classList.add("on");
      spinner.hidden = stop.hidden = false;
    }

    function idle() {
      var hadFocus = document.activeElement === stop;
      busy.classList.remove("on");
      spinner.hidden = stop.hidden = true;
      busyText.textContent = "";
      lock(false);
      if (hadFocus) { deal.focus(); }
    }

    /* A request from the reader: "new" (Deal) is sent behind the one under
     * way, whose answer is then dropped, since the table it was for is
     * replaced; a move or "Next deal" is only asked of an idle worker. */
    function ask(message, label) {
      var job = { message: message, label: label, timer: null, superseded: false };
      if (running) {
        if (message.kind !== "new") { return; }
        running.superseded = true;
        waiting = job;
        say("");
        working(doing);
        return;
      }
      say("");
      run(job);
    }

    function run(job) {
      running = job;
      job.message.id = ++serial;
      if (!worker) {
        try {
          var made = new Worker(assets + "play-worker.js", { type: "module" });
        } catch (error) {
          end(job, "Python could not start here (" + (error.message || error) + ").", "play-refused");
          return;
        }
        made.onmessage = function (event) { if (made === worker) { receive(event.data); } };
        made.onerror = function (event) {
          if (made !== worker || !running) { return; }
          end(running, (ready ? "Python stopped with an error (" : "Python could not start here (") +
            (event.message || "no runtime in this build") + ").", "play-refused");
        };
        worker = made;
        ready = false;
      }
      lock(true);
      working(ready ? capital(job.label) + "…" : "Starting Python…");
      arm(job);
      worker.postMessage(job.message);
    }

    /* The time limit of the phase under way: loading Python, then the request's own. */
    function arm(job) {
      clearTimeout(job.timer);
      var loading = !ready;
      var ms = loading ? limit("AMBIGU_PYTHON_LOAD_LIMIT_MS", LOAD_LIMIT_MS)
        : limit("AMBIGU_PYTHON_TIME_LIMIT_MS", PYTHON_LIMIT_MS);
      job.late = "Stopped: " + (loading ? "loading Python" : job.label) + " took longer than " +
        duration(ms) + ".";
      job.deadline = performance.now() + ms;
      job.timer = setTimeout(function () {
        if (running === job) { end(job, job.late, "play-stopped"); }
      }, ms);
    }

    /* End the worker, and with it the request under way: say `sentence`
     * (unless null), then send the Deal that waits, if any, to a fresh worker. */
    function end(job, sentence, kind) {
      clearTimeout(job.timer);
      running = null;
      if (worker) {
        worker.onmessage = null;
        worker.onerror = null;
        worker.terminate();
      }
      worker = null;
      ready = false;
      if (sentence !== null && job.message.kind !== "new" && table.firstChild) {
        // The table shown was this worker's: it is gone with it.
        table.textContent = "";
        sentence += " Press Deal to start a new table.";
      }
      if (sentence !== null) { say(sentence, kind); }
      sendWaiting();
    }

    function sendWaiting() {
      var job = waiting;
      waiting = null;
      if (job) { run(job); } else { idle(); }
    }

    stop.addEventListener("click", function () {
      if (running) { end(running, "Stopped at your request.", "play-stopped"); }
    });

    function receive(data) {
      var job = running;
      if (!job || data.id !== job.message.id) { return; }
      if (data.kind === "progress") {
        if (data.phase === "run" && !ready) {
          ready = true;
          arm(job);
          working(capital(job.label) + "…");
        } else if (data.phase !== "run") {
          working(data.text);
        }
        return;
      }
      if (performance.now() > job.deadline) {
        // The answer came after the limit, before its timer ran (a busy page): late all the same.
        end(job, job.late, "play-stopped");
        return;
      }
      clearTimeout(job.timer);
      running = null;
      if (data.fatal || !ready) {
        // This Python cannot go on, or never started: a fresh worker for the next request.
        end(job, job.superseded ? null : (data.fatal ? "Python failed (" : "Python could not start here (") +
          data.text + ").", "play-refused");
        return;
      }
      if (!job.superseded) {
        if (data.kind === "error") {
          say("Refused: " + data.text, "play-refused");
        } else {
          say("");
          data.state.lines.forEach(function (line) { log.appendChild(element("li", {}, line)); });
          log.scrollTop = log.scrollHeight;
          show(data.state);
        }
      }
      sendWaiting();
    }

    /* With several people at one screen, a new person's cards stay covered
     * until that person asks to see them (the last one looks away). */
    var facing = null;

    function covered(state) {
      var people = state.seats.filter(function (seat) { return !seat.bot; }).length;
      return people > 1 && state.you !== null && state.you !== facing;
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var request = { kind: "new", players: players.value, people: people.value,
                      seed: Math.floor(Math.random() * 1e6) };
      if (choice.value === OWN) {
        current = null;
        request.rules = own.text.value;
      } else {
        current = versions.find(function (v) { return v.id === choice.value; });
        request.version = current.id;
      }
      table.textContent = "";
      log.textContent = "";
      facing = null;
      ask(request, request.rules === undefined ? "dealing" : "checking your rule file");
    });

    /* A button for a choice; an opening or a raise gets a box for its amount beside it. */
    function choiceControl(choice, index) {
      var button = element("button", { type: "button", class: "md-button" }, choice.label);
      if (choice.low === undefined) {
        button.addEventListener("click", function () { ask({ kind: "act", index: index }, "playing the move"); });
        return button;
      }
      var group = element("span", { class: "play-amount" });
      var amount = element("input", { type: "number", min: String(choice.low), max: String(choice.high),
        step: "1", value: String(choice.low), "aria-label": choice.label + " amount, " +
        choice.low + " to " + choice.high, inputmode: "numeric" });
      button.addEventListener("click", function () {
        ask({ kind: "act", index: index, amount: amount.valueAsNumber }, "playing the move");
      });
      group.appendChild(button);
      group.appendChild(amount);
      group.appendChild(element("span", { class: "play-range" }, choice.low === choice.high ?
        "" : choice.low + "–" + choice.high));
      return group;
    }

    function pageOf(id) {
      var version = versions.find(function (v) { return v.id === id; });
      return version ? version.page : null;
    }

    function show(state) {
      var cover = covered(state);
      if (!state.deal_over && !cover) { facing = state.you; }
      table.textContent = "";
      var head = element("p", { class: "play-step" });
      head.appendChild(document.createTextNode("Deal " + state.deal + " · " +
        (current ? current.title : state.version) + " · "));
      if (state.step) {
        head.appendChild(document.createTextNode(state.step.title + " "));
        var page = state.step.page && pageOf(state.step.page);
        if (page) {
          head.appendChild(element("a", { href: "../" + page + "#step-" + state.step.id,
            class: "play-why", title: "The rule of this step" }, "why?"));
        } else {
          head.appendChild(element("span", { class: "play-why" }, "(your rule)"));
        }
      } else {
        head.appendChild(document.createTextNode(state.deal_over ? "deal over" : ""));
      }
      table.appendChild(head);
      table.appendChild(element("p", { class: "play-pot" },
        "Pool " + state.pool + (state.batterie ? " · batterie " + state.batterie : "")));
      var people = state.seats.filter(function (seat) { return !seat.bot; }).length;
      var seats = element("ul", { class: "play-seats" });
      state.seats.forEach(function (seat, index) {
        var item = element("li", { class: "play-seat" + (seat.to_act ? " to-act" : "") +
          (seat.out ? " out" : "") });
        item.appendChild(element("strong", {}, seat.name + (seat.bot ? " (bot)" : "") +
          (index === state.you ? (people > 1 ? " (your turn)" : " (you)") : "")));
        item.appendChild(document.createTextNode(" " + seat.bank + " counters" +
          (seat.bet ? " · bet " + seat.bet : "") + (seat.dealer ? " · deals" : "") +
          (seat.out ? " · out" : "")));
        var cards = element("span", { class: "cards" });
        var hide = cover && index === state.you;
        (hide ? [] : seat.cards).forEach(function (card) {
          var red = /[♥♦]/.test(card);
          cards.appendChild(element("span", { class: "card " + (red ? "card-red" : "card-black") }, card));
        });
        for (var i = 0; i < (hide ? seat.cards.length : seat.hidden); i++) {
          cards.appendChild(element("span", { class: "card card-back", "aria-label": "hidden card" }, "🂠"));
        }
        item.appendChild(element("br"));
        item.appendChild(cards);
        seats.appendChild(item);
      });
      table.appendChild(seats);
      var actions = element("div", { class: "play-actions", role: "group", "aria-label": "Your move" });
      if (cover) {
        var reveal = element("button", { type: "button", class: "md-button md-button--primary play-reveal" },
          state.seats[state.you].name + ": show my cards");
        reveal.addEventListener("click", function () { facing = state.you; show(state); });
        actions.appendChild(reveal);
      }
      (cover ? [] : state.actions).forEach(function (choice, index) {
        actions.appendChild(choiceControl(choice, index));
      });
      if (state.deal_over && state.can_deal) {
        var next = element("button", { type: "button", class: "md-button md-button--primary" }, "Next deal");
        next.addEventListener("click", function () { ask({ kind: "start" }, "dealing"); });
        actions.appendChild(next);
      }
      table.appendChild(actions);
      if (state.note) { table.appendChild(element("p", {}, state.note)); }
    }
  }

  function start() { document.querySelectorAll("#play-table[data-assets]").forEach(setUp); }

  window.ambiguOnPage(start);
})();
