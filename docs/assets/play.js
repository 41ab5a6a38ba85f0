/* The Play page: a form, then a card table, driven by the Python in play-worker.js.
 *
 * The page shows what the worker answers (ambigu_rules.play.web.WebTable's
 * state): the seats around a table with the pool in the middle, counters,
 * bets, cards, the step under way with a link to its rule, the actions as
 * buttons, and what happened. It decides nothing about the game: a discard
 * is the reader's marked cards matched to one of the discards the state
 * allows, an amount is checked against the range the state gives.
 *
 * The cards are shown with the page's language's rank letters (words.js's
 * shownCards: R♠, the king of spades, in French). The seats' cards and the
 * told lines come so from Python; the cards of the discards allowed, of the
 * hint and of a deal's end come as the rule files write them ("K♠"), and are
 * shown here with the page's letters.
 *
 * Python starts loading as soon as this script runs (a "early" sent to the
 * worker), and the form, once shown, asks for a "load" of it with the hand
 * table of the version it shows (a request the reader does not wait on), so
 * that the first Deal finds both ready; the browser keeps the runtime in its
 * HTTP cache, and a copy of Python once loaded, for the next visit.
 *
 * After a move the worker answers the table after each move that followed
 * (the bots'): the page shows them one after another, PACE_MS apart, with a
 * button to skip to the end, and says each move in a live region; the table
 * left shown is the worker's final state, and the focus goes back to the
 * first action.
 *
 * The page asks Python one thing at a time, and every request has a time
 * limit (see "Python's time limits" below): while it runs, the page says what
 * it is doing and offers a Stop button; on the limit or on Stop it ends the
 * worker, says so in one sentence, and the next request starts a fresh one.
 */
(function () {
  "use strict";

  /* Every label in the page's language (assets/words.js, loaded first). */
  var words = window.ambiguWords;

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
   *   runtime and the wheels are about 19 MB, some three minutes on a
   *   poor mobile connection (100 KB/s) when the host does not compress
   *   them, and starting the interpreter took 13 s on that desktop, more on
   *   a slow phone. Once Python is loaded (the worker says so: a progress
   *   message of phase "run") the request's own 20 s begin. The load the
   *   page asks for on opening has no limit while no one waits on it: a Deal
   *   pressed meanwhile waits on that load, and the limit runs from then.
   *
   * A test shortens either limit without any control on the page: a
   * Playwright init script (context.add_init_script) sets
   * window.AMBIGU_PYTHON_TIME_LIMIT_MS or window.AMBIGU_PYTHON_LOAD_LIMIT_MS
   * (milliseconds) before this script runs. They are read at each request,
   * so a test may change them between requests; anything but a positive
   * number means the defaults. (tests/browser/test_play_page_time_limit.py)
   *
   * The pace of the bots' moves is PACE_MS, REDUCED_PACE_MS when the reader's
   * system asks for reduced motion; window.AMBIGU_PLAY_PACE_MS (0 or more)
   * sets it instead, read at each answer (the tests set 0: every answer is
   * shown at once).
   */
  var PYTHON_LIMIT_MS = 20000;
  var LOAD_LIMIT_MS = 240000;
  var PACE_MS = 700;
  var REDUCED_PACE_MS = 150;

  function limit(name, otherwise) {
    var value = Number(window[name]);
    return isFinite(value) && value > 0 ? value : otherwise;
  }

  function pace() {
    var asked = window.AMBIGU_PLAY_PACE_MS;
    if (asked !== undefined && asked !== null && isFinite(Number(asked)) && Number(asked) >= 0) {
      return Number(asked);
    }
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return reduced ? REDUCED_PACE_MS : PACE_MS;
  }

  /* The seed of a new table: at random, or window.AMBIGU_PLAY_SEED (a whole
   * number, read at each Deal), so that a test seats the table it means to. */
  function seed() {
    var asked = Number(window.AMBIGU_PLAY_SEED);
    return window.AMBIGU_PLAY_SEED !== undefined && Math.floor(asked) === asked && asked >= 0
      ? asked : Math.floor(Math.random() * 1e6);
  }

  function duration(ms) {
    return ms >= 1000 ? words.number(Math.round(ms / 100) / 10) + " s" : Math.round(ms) + " ms";
  }

  /* A progress message of the worker in the page's language (its English text
   * when words.js has no words for it). */
  function progressText(data) {
    return data.key ? words(data.key, data.values) : data.text;
  }

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function sentence(text) { return /[.!?]$/.test(text) || !text ? text : text + "."; }

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* Python starts loading as this script runs (the page's end), before the
   * theme has started and the form is built: a worker asked to "early", which
   * answers nothing until the form's first request (spawn() takes it over). */
  var early = null;
  (function startEarly() {
    var box = document.querySelector("#play-table[data-assets]");
    if (!box || typeof Worker === "undefined") { return; }
    try {
      early = new Worker(box.dataset.assets + "play-worker.js", { type: "module" });
      early.postMessage({ kind: "early" });
    } catch (error) {
      early = null;  // the form's first request says why
    }
  })();

  function setUp(box) {
    if (box.dataset.ready === "yes") { return; }
    box.dataset.ready = "yes";
    var assets = box.dataset.assets;
    fetch(assets + "tables/index.json").then(function (r) { return r.json(); })
      .then(function (index) { build(box, assets, index.versions); })
      .catch(function () {
        box.appendChild(element("p", {}, words("play.tables-unreadable")));
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
      var bots = players - n;
      var text = n === 0 ? words("play.only-bots")
        : n === 1 ? words(bots === 1 ? "play.you-and-one-bot" : "play.you-and-bots", { bots: bots })
        : bots === 0 ? words("play.people", { n: n })
        : words(bots === 1 ? "play.people-and-one-bot" : "play.people-and-bots", { n: n, bots: bots });
      select.appendChild(option(String(n), text, n === keep));
    }
  }

  /* The box where a reader pastes a rule file of their own, with house variants to start from. */
  function ownRules(box, assets) {
    var examples = (box.dataset.examples || "").split(",").filter(Boolean);
    var field = element("fieldset", { class: "play-own", hidden: "" });
    field.appendChild(element("legend", {}, words("play.own-file")));
    var text = element("textarea", { name: "rules", rows: "14", spellcheck: "false", wrap: "off",
      "aria-label": words("play.own-file-box") });
    var starters = element("p", { class: "play-starters" }, words("play.start-from"));
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
    var choice = element("select", { name: "version", "aria-label": words("play.version") });
    versions.forEach(function (v) { choice.appendChild(option(v.id, words.own(v.titles, v.title))); });
    choice.appendChild(option(OWN, words("play.own-file-choice")));
    /* play/?v=foster (a version page's link) preselects that version; any other id is ignored. */
    var asked = new URLSearchParams(window.location.search).get("v");
    if (asked && versions.some(function (v) { return v.id === asked; })) { choice.value = asked; }
    var players = element("select", { name: "players", "aria-label": words("play.players") });
    [2, 3, 4, 5, 6].forEach(function (n) { players.appendChild(option(String(n), words("play.n-players", { n: n }), n === 4)); });
    var people = element("select", { name: "people", "aria-label": words("play.who-plays") });
    fillPeople(people, 4);
    players.addEventListener("change", function () { fillPeople(people, Number(players.value)); });
    /* Who the bots are: the expert by default (ambigu_rules.play.bot_names). */
    var bots = element("select", { name: "bots", "aria-label": words("play.opponents") });
    bots.appendChild(option("expert", words("play.bots-expert"), true));
    bots.appendChild(option("heuristic", words("play.bots-heuristic")));
    bots.appendChild(option("random", words("play.bots-random")));
    /* Where the version leaves buying back to the table (the Russian ones; tables/index.json's
     * buy_back "agreement"), or for a rule file of one's own, the table agrees it or not
     * before dealing (WebTable's buy_back_agreed). */
    var agreement = element("label", { class: "play-agreement", title: words("play.buy-back-agreed-note") });
    var agreed = element("input", { type: "checkbox", name: "buy_back_agreed" });
    agreement.appendChild(agreed);
    agreement.appendChild(document.createTextNode(" " + words("play.buy-back-agreed")));
    function showAgreement() {
      var version = versions.find(function (v) { return v.id === choice.value; });
      agreement.hidden = !(choice.value === OWN || (version && version.buy_back === "agreement"));
    }
    showAgreement();
    var deal = element("button", { type: "submit", class: "md-button md-button--primary" }, words("play.deal"));
    var own = ownRules(box, assets);
    choice.addEventListener("change", function () {
      own.field.hidden = choice.value !== OWN;
      showAgreement();
      if (choice.value === OWN) { own.first(); }
    });
    /* The agreement last: a row of its own under the others (site.css), in the order it is read. */
    [choice, players, people, bots, deal, agreement].forEach(function (node) { form.appendChild(node); });
    form.appendChild(own.field);
    /* How the load of Python asked for on opening goes: quiet, no live region. */
    var loadLine = element("p", { class: "play-load" });
    /* What became of the last request (refused, stopped), then what is under way. */
    var status = element("p", { class: "play-status", "aria-live": "polite" });
    var busy = element("div", { class: "play-busy" });
    var spinner = element("span", { class: "play-spinner", "aria-hidden": "true", hidden: "" });
    var busyText = element("span", { class: "play-busy-text", id: "play-busy-text", "aria-live": "polite" });
    var stop = element("button", { type: "button", class: "md-button play-stop", hidden: "",
      "aria-describedby": "play-busy-text" }, words("play.stop"));
    [spinner, busyText, stop].forEach(function (node) { busy.appendChild(node); });
    /* The table and, beside it on a wide screen (below on a phone), what happened. */
    var room = element("div", { class: "play-room" });
    var main = element("div", { class: "play-main" });
    var table = element("div", { class: "play-area" });
    var said = element("p", { class: "play-said", "aria-live": "polite" });
    main.appendChild(table);
    main.appendChild(said);
    var side = element("div", { class: "play-side" });
    side.appendChild(element("p", { class: "play-log-title", id: "play-log-title" }, words("play.what-happened")));
    var log = element("ol", { class: "play-log", "aria-label": words("play.what-happened"), tabindex: "0" });
    side.appendChild(log);
    room.appendChild(main);
    room.appendChild(side);
    room.hidden = true;
    [form, loadLine, status, busy, room].forEach(function (node) { box.appendChild(node); });

    /* --- The Python worker: one request at a time, each under its limit ------ */

    var worker = null;   // made on opening (the load), and again after one is ended
    var ready = false;   // whether this worker has loaded Python
    var running = null;  // the request under way: {message, label, timer, superseded, quiet, loadId}
    var waiting = null;  // a Deal pressed while a request was under way: sent next
    var serial = 0;
    var doing = "";      // what the busy line says is under way
    var paced = null;    // the moves being shown one after another: {frames, state, index, timer}
    var focusWanted = false;  // the reader acted at the table: the focus goes back to its actions

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
      busyText.textContent = waiting ? words("play.then-new-deal", { doing: text }) : text;
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

    function spawn() {
      var made = early || new Worker(assets + "play-worker.js", { type: "module" });
      early = null;
      made.onmessage = function (event) { if (made === worker) { receive(event.data); } };
      made.onerror = function (event) {
        if (made !== worker || !running) { return; }
        end(running, words(ready ? "play.python-error" : "play.python-no-start",
          { error: event.message || words("play.no-runtime") }), "play-refused");
      };
      worker = made;
      ready = false;
    }

    /* On opening: Python starts loading at once (with the table of hands of
     * the version the form shows), so that the first Deal finds it ready. No
     * one waits on this load, so it has no time limit and no Stop button; a
     * Deal pressed meanwhile takes it over (see ask). */
    function preload() {
      if (typeof Worker === "undefined") { return; }
      try { spawn(); } catch (error) { return; }  // the Deal will say why
      var job = { message: { kind: "load", id: ++serial }, label: words("play.job-loading"), quiet: true,
                  timer: null };
      if (choice.value !== OWN) { job.message.version = choice.value; }
      running = job;
      loadLine.textContent = words("play.loading-background");
      worker.postMessage(job.message);
    }

    /* A request from the reader: "new" (Deal) is sent behind the one under
     * way, whose answer is then dropped, since the table it was for is
     * replaced; a move or "Next deal" is only asked of an idle worker. A
     * request made while the load asked for on opening is under way is sent
     * to that worker at once: it answers when Python is ready. */
    function ask(message, label) {
      var job = { message: message, label: label, timer: null, superseded: false };
      if (running && running.quiet) {
        job.loadId = running.message.id;
        running = null;
        say("");
        run(job);
        return;
      }
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
          spawn();
        } catch (error) {
          end(job, words("play.python-no-start", { error: error.message || error }), "play-refused");
          return;
        }
      }
      lock(true);
      working(ready ? words("play.doing", { what: capital(job.label) }) : words("play.starting"));
      arm(job);
      worker.postMessage(job.message);
    }

    /* The time limit of the phase under way: loading Python, then the request's own. */
    function arm(job) {
      clearTimeout(job.timer);
      var loading = job.loading = !ready;
      var ms = loading ? limit("AMBIGU_PYTHON_LOAD_LIMIT_MS", LOAD_LIMIT_MS)
        : limit("AMBIGU_PYTHON_TIME_LIMIT_MS", PYTHON_LIMIT_MS);
      job.limitText = duration(ms);
      job.late = words("play.late", { what: loading ? words("play.job-loading") : job.label,
        limit: job.limitText });
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
      if (job.quiet) {
        // The load on opening failed while no one waited on it: said quietly.
        loadLine.textContent = sentence === null ? "" : words("play.deal-retries", { sentence: sentence });
        sendWaiting();
        return;
      }
      loadLine.textContent = "";
      if (sentence !== null && job.message.kind !== "new" && table.firstChild) {
        // The table shown was this worker's: it is gone with it.
        stopPacing();
        table.textContent = "";
        said.textContent = "";
        sentence = words("play.table-gone", { sentence: sentence });
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
      if (running) { end(running, words("play.stopped-by-you"), "play-stopped"); }
    });

    function receive(data) {
      if (data.kind === "ready") {
        // Python loaded on opening; a request sent meanwhile is answered next.
        ready = true;
        window.ambiguPlayTimings = data.timings;
        loadLine.textContent = words("play.ready");
        if (running && running.quiet) { running = null; }
        return;
      }
      var job = running;
      if (!job || (data.id !== job.message.id && (job.loadId === undefined || data.id !== job.loadId))) {
        return;
      }
      if (data.kind === "progress") {
        if (job.quiet) {
          loadLine.textContent = progressText(data);
        } else if (data.phase === "run" && job.loading) {
          ready = true;
          arm(job);
          working(words("play.doing", { what: capital(job.label) }));
        } else if (data.phase !== "run") {
          if (data.key === "worker.reading-table" || data.key === "worker.dealing") {
            // Past the check of a pasted rule file: the time from here is the deal's.
            job.label = words("play.job-dealing");
            job.late = words("play.late", { what: job.label, limit: job.limitText });
          }
          working(progressText(data));
        }
        return;
      }
      if (job.quiet || data.id !== job.message.id) {
        // The load (asked for on opening) failed: no Python in this worker.
        end(job, words("play.python-no-start", { error: data.text }), "play-refused");
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
        end(job, job.superseded ? null : words(data.fatal ? "play.python-failed" : "play.python-no-start",
          { error: data.text }), "play-refused");
        return;
      }
      if (data.timings) { window.ambiguPlayTimings = data.timings; }
      if (!job.superseded) {
        if (data.kind === "error") {
          say(words("play.refused", { reason: data.text }), "play-refused");
        } else if (data.kind === "hint") {
          say("");
          showHint(data.hint);
        } else if (data.kind === "replay") {
          say(words(data.replay.rules ? "play.saved-own" : "play.saved",
            { name: data.replay.name, rules: data.replay.rules }));
          download(data.replay);
        } else {
          say("");
          loadLine.textContent = "";
          present(withShownEnd(data.state));
        }
      }
      sendWaiting();
    }

    /* The state with the cards of its deal's end (play-end.js says them) in the
     * page's rank letters: the hands and the cards that make their pips. */
    function withShownEnd(state) {
      var end = state && state.end;
      if (end) {
        (end.winners || []).concat(end.beaten || []).forEach(function (hand) {
          if (hand.cards) { hand.cards = words.shownCards(hand.cards); }
          if (hand.pip_cards) { hand.pip_cards = words.shownCards(hand.pip_cards); }
        });
      }
      return state;
    }

    /* A replay of the deals played (a "save" request), handed to the browser as
     * a file to download: `ambigu replay FILE` plays it back to the same banks. */
    function download(replay) {
      var link = element("a", { href: URL.createObjectURL(new Blob([replay.text],
        { type: "application/yaml" })), download: replay.name, hidden: "" });
      document.body.appendChild(link);
      link.click();
      setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
      var button = table.querySelector(".play-save");
      if (button) { button.focus(); }  // the request disabled it, and took the focus away
    }

    /* --- What happened: the log, and one sentence per move in the live region -- */

    function record(frame) {
      frame.lines.forEach(function (line) { log.appendChild(element("li", {}, line)); });
      log.scrollTop = log.scrollHeight;
    }

    /* A move in one sentence: the move itself, and how the deal ended if it did. */
    function told(frame) {
      var text = sentence(frame.said);
      if (frame.deal_over && frame.lines.length > 1) {
        text += " " + sentence(frame.lines[frame.lines.length - 1]);
      }
      return text;
    }

    function announce(frames, state) {
      var text = frames.map(told).filter(Boolean).join(" ");
      if (state && state.deal_over && window.ambiguPlayEnd) {
        text += (text ? " " : "") + window.ambiguPlayEnd.sentence(state);
      }
      if (state && state.actions.length && state.you !== null && !covered(state)) {
        text += (text ? " " : "") + (peopleAt(state) > 1
          ? words("play.named-your-move", { name: state.seats[state.you].name }) : words("play.your-move"));
      }
      said.textContent = text;
    }

    /* --- The moves of an answer, one after another ------------------------------ */

    function present(state) {
      stopPacing();
      room.hidden = false;
      var frames = state.frames || [];
      if (pace() <= 0 || frames.length <= 1) {
        frames.forEach(record);
        announce(frames, state);
        show(state);
        return;
      }
      paced = { frames: frames, state: state, index: 0, timer: null };
      nextMove();
    }

    function nextMove() {
      var moves = paced;
      var frame = moves.frames[moves.index];
      record(frame);
      if (moves.index === moves.frames.length - 1) {
        paced = null;
        announce([frame], moves.state);
        show(moves.state);
        return;
      }
      announce([frame], null);
      showFrame(frame, moves.state);
      moves.index += 1;
      moves.timer = setTimeout(nextMove, pace());
    }

    /* The reader skips the pacing: the rest at once, and the final table. */
    function skipMoves() {
      var moves = paced;
      if (!moves) { return; }
      clearTimeout(moves.timer);
      paced = null;
      var rest = moves.frames.slice(moves.index);
      rest.forEach(record);
      announce(rest, moves.state);
      show(moves.state);
    }

    function stopPacing() {
      if (paced) { clearTimeout(paced.timer); paced = null; }
    }

    /* With several people at one screen, a new person's cards stay covered
     * until that person asks to see them (the last one looks away). */
    var facing = null;

    function peopleAt(state) {
      return state.seats.filter(function (seat) { return !seat.bot; }).length;
    }

    function covered(state) {
      return peopleAt(state) > 1 && state.you !== null && state.you !== facing;
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var request = { kind: "new", players: players.value, people: people.value, bots: bots.value,
                      seed: seed(), lang: words.language };
      /* window.AMBIGU_PLAY_BANKS (a whole number) seats the players with that
       * many counters each, rather than WebTable's 50 (the tests: a player short
       * of counters after a deal or two). */
      if (Number(window.AMBIGU_PLAY_BANKS) > 0) { request.banks = Number(window.AMBIGU_PLAY_BANKS); }
      if (!agreement.hidden && agreed.checked) { request.buy_back_agreed = true; }
      if (choice.value === OWN) {
        current = null;
        request.rules = own.text.value;
      } else {
        current = versions.find(function (v) { return v.id === choice.value; });
        request.version = current.id;
      }
      stopPacing();
      table.textContent = "";
      log.textContent = "";
      said.textContent = "";
      facing = null;
      focusWanted = true;
      ask(request, words(request.rules === undefined ? "play.job-dealing" : "play.job-checking"));
    });

    function play(message) {
      focusWanted = true;
      ask(message, words(message.kind === "start" ? "play.job-dealing" : "play.job-move"));
    }

    /* A button for a choice; an opening or a raise gets a box for its amount
     * beside it (Enter plays it, the arrow keys change it). */
    function choiceControl(choice, index) {
      var label = actionLabel(choice);
      var button = element("button", { type: "button", class: "md-button" }, label);
      if (choice.low === undefined) {
        button.addEventListener("click", function () { play({ kind: "act", index: index }); });
        return button;
      }
      var group = element("span", { class: "play-amount" });
      var amount = element("input", { type: "number", min: String(choice.low), max: String(choice.high),
        step: "1", value: String(choice.low), "aria-label": words("play.amount",
        { label: label, low: choice.low, high: choice.high }), inputmode: "numeric",
        enterkeyhint: "go" });
      function send() {
        var value = amount.valueAsNumber;
        if (!(value >= choice.low && value <= choice.high && Math.floor(value) === value)) {
          amount.setCustomValidity(words("play.whole-number", { low: choice.low, high: choice.high }));
          amount.reportValidity();
          return;
        }
        play({ kind: "act", index: index, amount: value });
      }
      amount.addEventListener("input", function () { amount.setCustomValidity(""); });
      amount.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); send(); }
      });
      button.addEventListener("click", send);
      group.appendChild(button);
      group.appendChild(amount);
      group.appendChild(element("span", { class: "play-range" }, choice.low === choice.high ?
        "" : choice.low + "–" + choice.high));
      return group;
    }

    /* What a choice (or the hint's action) is called in the page's language. */
    var KIND_WORDS = { pass: "play.kind-pass", shuffle: "play.kind-shuffle", open: "play.kind-open",
      call: "play.kind-call", raise: "play.kind-raise", fold: "play.kind-fold", force: "play.kind-force" };

    function actionLabel(action) {
      if (action.kind === "discard") {
        return action.cards.length
          ? words("play.kind-discard", { cards: action.cards.map(words.shownCards).join(" ") })
          : words("play.kind-stand");
      }
      if (action.kind === "choose") { return words("play.kind-choose", { option: action.option }); }
      var name = KIND_WORDS[action.kind] ? words(KIND_WORDS[action.kind]) : action.label || action.kind;
      return action.amount === undefined ? name : words("play.kind-amount", { kind: name, amount: action.amount });
    }

    /* The hint for the person to act (a "hint" request): the exact advice at an
     * exchange, with every allowed discard on request; where the person passes
     * or calls for the shuffle, which of the two, with that advice as its
     * reason; at any other decision, what the expert bot would do in that seat
     * and the chance it reckons. The action named is worded as its button. */
    function hintButton() {
      var button = element("button", { type: "button", class: "md-button play-hint-button",
        "aria-controls": "play-hint" }, words("play.hint"));
      button.addEventListener("click", function () {
        ask({ kind: "hint" }, words("play.job-hint"));
      });
      return button;
    }

    function showHint(hint) {
      var box = table.querySelector(".play-hint");
      if (!box) { return; }
      box.textContent = "";
      var advice = window.ambiguAdvice;
      if (hint.kind === "exchange" && advice) {
        box.appendChild(element("p", {}, advice.best(hint)));
        var more = element("details", { class: "play-hint-more" });
        more.appendChild(element("summary", {}, words("play.hint-every")));
        more.appendChild(advice.table(hint));
        box.appendChild(more);
      } else if (hint.kind === "call" && advice) {
        /* The pass or the call for the shuffle, named as its button is, with
         * the advice (keeping both cards, or each discard) as its reason. */
        var keeps = hint.would.kind === "shuffle";
        box.appendChild(element("p", {}, words(keeps ? "play.hint-call-keep" : "play.hint-call-discard", {
          action: actionLabel(hint.would), keep: words.shownCards(hint.keep),
          discard: hint.discard ? words.shownCards(hint.discard) : words("advice.nothing"),
          value: advice.value(keeps || hint.discard_value === null ? hint.keep_value : hint.discard_value),
          other: advice.value(keeps ? (hint.discard_value || 0) : hint.keep_value) })));
        var every = element("details", { class: "play-hint-more" });
        every.appendChild(element("summary", {}, words("play.hint-call-every")));
        every.appendChild(advice.table(hint));
        box.appendChild(every);
      } else if (hint.kind === "bet" && advice) {
        box.appendChild(element("p", {}, words("play.hint-bet",
          { chance: advice.chance(hint.chance), action: actionLabel(hint.would) })));
      } else {
        box.appendChild(element("p", {}, words("play.hint-none")));
      }
      var button = table.querySelector(".play-hint-button");
      if (button) { button.focus(); }  // the request disabled it, and took the focus away
    }

    /* The discards the state allows, as one button: the reader marks cards by
     * clicking them, and the button plays the discard of exactly those cards,
     * or says why there is none. */
    function discardControl(discards, marked) {
      var group = element("span", { class: "play-discard-group" });
      var button = element("button", { type: "button", class: "md-button md-button--primary play-discard",
        "aria-describedby": "play-discard-why" });
      var why = element("span", { class: "play-why-not", id: "play-discard-why" });
      var sizes = discards.map(function (d) { return d.choice.cards.length; });
      var fewest = Math.min.apply(null, sizes);
      var most = Math.max.apply(null, sizes);
      function key(cards) { return cards.slice().sort().join(" "); }
      function match() {
        var wanted = key(marked);
        // The marked cards are the seat's, shown with the page's letters: the discard's too.
        return discards.find(function (d) { return key(d.choice.cards.map(words.shownCards)) === wanted; });
      }
      function update() {
        var found = match();
        button.textContent = marked.length ? words("play.discard-n", { n: marked.length }) : words("play.keep-all");
        if (found) {
          button.removeAttribute("aria-disabled");
          why.textContent = marked.length ? "" : words("play.or-click");
        } else {
          button.setAttribute("aria-disabled", "true");
          why.textContent = marked.length > most
            ? words(most === 1 ? "play.at-most-one" : "play.at-most", { n: most })
            : marked.length < fewest
              ? words(fewest === 1 ? "play.at-least-one" : "play.at-least", { n: fewest })
              : words("play.not-together");
        }
      }
      button.addEventListener("click", function () {
        var found = match();
        if (found) { play({ kind: "act", index: found.index }); }
      });
      group.appendChild(button);
      group.appendChild(why);
      update();
      return { node: group, update: update };
    }

    function pageOf(id) {
      var version = versions.find(function (v) { return v.id === id; });
      return version ? version.page : null;
    }

    /* Where the seats sit: the first (Anna) at the foot, b(ottom), and the
     * others in the order of play from her right: r(ight), tr, t(op), tl,
     * l(eft) (the grid areas of .play-felt). The page lists the seats in
     * their order, then the pool. */
    var PLACES = { 1: ["t"], 2: ["r", "l"], 3: ["r", "t", "l"], 4: ["r", "tr", "tl", "l"],
                   5: ["r", "tr", "t", "tl", "l"] };

    function cardFace(card) {
      return "card " + (/[♥♦]/.test(card) ? "card-red" : "card-black");
    }

    /* A seat: name, counters, bet, dealer, whose turn, cards (toggles to mark
     * a discard when `pick` is given). */
    function seatBox(view, index, place, hide, pick) {
      var seat = view.seats[index];
      var box = element("div", { class: "play-seat at-" + place + (seat.to_act ? " to-act" : "") +
        (seat.out ? " out" : "") });
      var head = element("div", { class: "play-seat-head" });
      var named = seat.bot ? words("play.bot", { name: seat.name }) : seat.name;
      if (index === view.you) {
        named = words(peopleAt(view) > 1 ? "play.your-turn" : "play.you", { name: named });
      }
      head.appendChild(element("strong", {}, named));
      if (seat.dealer) { head.appendChild(element("span", { class: "play-dealer" }, words("play.dealer"))); }
      box.appendChild(head);
      var money = element("div", { class: "play-money" });
      money.appendChild(element("span", { class: "play-bank" }, words.count(seat.bank, "play.counters-one", "play.counters", { n: seat.bank })));
      if (seat.bet) { money.appendChild(element("span", { class: "play-bet" }, words("play.bet", { n: seat.bet }))); }
      if (seat.out) { money.appendChild(element("span", { class: "play-out" }, words("play.out"))); }
      box.appendChild(money);
      var cards = element("div", { class: "cards" });
      if (pick) {
        cards.setAttribute("role", "group");
        cards.setAttribute("aria-label", words("play.your-cards"));
      }
      (hide ? [] : seat.cards).forEach(function (card) {
        if (pick && pick.cards.indexOf(card) >= 0) {
          var toggle = element("button", { type: "button", class: cardFace(card) + " play-pick",
            "aria-pressed": "false" }, card);
          toggle.addEventListener("click", function () {
            var at = pick.marked.indexOf(card);
            if (at >= 0) { pick.marked.splice(at, 1); } else { pick.marked.push(card); }
            toggle.setAttribute("aria-pressed", String(at < 0));
            pick.update();
          });
          cards.appendChild(toggle);
        } else {
          cards.appendChild(element("span", { class: cardFace(card) }, card));
        }
      });
      for (var i = 0; i < (hide ? seat.cards.length : seat.hidden); i++) {
        cards.appendChild(element("span", { class: "card card-back", role: "img", "aria-label": words("play.hidden-card") },
          "🂠"));
      }
      box.appendChild(cards);
      if (seat.to_act) { box.appendChild(element("div", { class: "play-turn" }, words("play.to-play"))); }
      return box;
    }

    /* The table: the step under way, the seats around the felt with the pool
     * in the middle, and the actions. `state` is the final state of the
     * answer; `view` the table to show (the state, or a move before it). */
    function render(view, state, actions, pick) {
      var cover = covered(view);
      table.textContent = "";
      var head = element("p", { class: "play-step" });
      head.appendChild(document.createTextNode(words("play.deal-head",
        { n: state.deal, version: current ? words.own(current.titles, current.title) : state.version })));
      if (view.step) {
        head.appendChild(document.createTextNode(view.step.title + " "));
        var page = view.step.page && pageOf(view.step.page);
        if (page) {
          head.appendChild(element("a", { href: "../" + page + "#step-" + view.step.id,
            class: "play-why", title: words("play.rule-of-step") }, words("play.why")));
        } else {
          head.appendChild(element("span", { class: "play-why" }, words("play.your-rule")));
        }
      } else {
        head.appendChild(document.createTextNode(view.deal_over ? words("play.deal-over") : ""));
      }
      table.appendChild(head);
      var count = view.seats.length;
      var felt = element("div", { class: "play-felt seats-" + count });
      var places = ["b"].concat(PLACES[count - 1] || []);
      for (var index = 0; index < count; index++) {
        felt.appendChild(seatBox(view, index, places[index] || "t", cover && index === view.you,
          index === view.you ? pick : null));
      }
      var pool = element("div", { class: "play-pool" });
      pool.appendChild(element("span", { class: "play-pool-amount" }, words("play.pool", { n: view.pool })));
      if (view.batterie) { pool.appendChild(element("span", {}, words("play.batterie", { n: view.batterie }))); }
      var bets = view.seats.reduce(function (sum, seat) { return sum + seat.bet; }, 0);
      if (bets) { pool.appendChild(element("span", {}, words("play.bets", { n: bets }))); }
      felt.appendChild(pool);
      table.appendChild(felt);
      var ended = view === state && window.ambiguPlayEnd ? window.ambiguPlayEnd.box(state) : null;
      if (ended) { table.appendChild(ended); }
      table.appendChild(actions);
      if (state.note && view === state) { table.appendChild(element("p", {}, state.note)); }
    }

    /* The focus, when the reader acted at the table: on the first action. */
    function focusActions(actions) {
      if (!focusWanted) { return; }
      var first = actions.querySelector("button, input");
      if (first) { first.focus(); }
    }

    /* A move before the final state: the table as it was, and a button to skip. */
    function showFrame(frame, state) {
      var actions = element("div", { class: "play-actions", role: "group", "aria-label": words("play.your-move-group") });
      var skip = element("button", { type: "button", class: "md-button play-skip" }, words("play.skip"));
      skip.addEventListener("click", function () { focusWanted = true; skipMoves(); });
      actions.appendChild(skip);
      render(frame, state, actions, null);
      focusActions(actions);
    }

    function show(state) {
      var cover = covered(state);
      if (!state.deal_over && !cover) { facing = state.you; }
      var actions = element("div", { class: "play-actions", role: "group", "aria-label": words("play.your-move-group") });
      var pick = null;
      if (cover) {
        var reveal = element("button", { type: "button", class: "md-button md-button--primary play-reveal" },
          words("play.show-my-cards", { name: state.seats[state.you].name }));
        reveal.addEventListener("click", function () { facing = state.you; focusWanted = true; show(state); });
        actions.appendChild(reveal);
      } else {
        var discards = [];
        state.actions.forEach(function (choice, index) {
          if (choice.kind === "discard") { discards.push({ choice: choice, index: index }); }
        });
        var placed = false;
        state.actions.forEach(function (choice, index) {
          if (choice.kind !== "discard") {
            actions.appendChild(choiceControl(choice, index));
          } else if (!placed) {
            placed = true;
            var marked = [];
            var control = discardControl(discards, marked);
            var cards = [];
            discards.forEach(function (d) {
              d.choice.cards.map(words.shownCards).forEach(function (card) {
                if (cards.indexOf(card) < 0) { cards.push(card); }
              });
            });
            pick = { cards: cards, marked: marked, update: control.update };
            actions.appendChild(control.node);
          }
        });
      }
      if (!cover && !state.deal_over && state.actions.length) {
        actions.appendChild(hintButton());
      }
      var ending = state.deal_over && window.ambiguPlayEnd;
      if (ending) {
        /* A person who cannot pay the next antes may buy counters back in, where the rules allow. */
        ending.buyers(state).forEach(function (buyer) {
          var buy = element("button", { type: "button", class: "md-button md-button--primary play-buy" },
            words(buyer.amount === 1 ? "play.buy-one" : "play.buy", { name: buyer.name, amount: buyer.amount }));
          buy.addEventListener("click", function () {
            focusWanted = true;
            ask({ kind: "buy", seat: buyer.seat }, words("play.job-buying"));
          });
          actions.appendChild(buy);
        });
      }
      if (state.deal_over && state.can_deal) {
        var next = element("button", { type: "button", class: "md-button" +
          (actions.querySelector(".play-buy") ? "" : " md-button--primary") }, words("play.next-deal"));
        next.addEventListener("click", function () { play({ kind: "start" }); });
        actions.appendChild(next);
      }
      /* The deals played to their end, as a replay file to download. */
      if (state.deal_over && state.end) {
        var save = element("button", { type: "button", class: "md-button play-save" },
          words(state.deal === 1 ? "play.save-one" : "play.save", { n: state.deal }));
        save.addEventListener("click", function () { ask({ kind: "save" }, words("play.job-saving")); });
        actions.appendChild(save);
      }
      render(state, state, actions, pick);
      if (!cover && !state.deal_over && state.actions.length) {
        table.appendChild(element("div", { class: "play-hint", id: "play-hint", "aria-live": "polite" }));
      }
      focusActions(actions);
      if (actions.querySelector("button, input")) { focusWanted = false; }
    }

    preload();
  }

  function start() { document.querySelectorAll("#play-table[data-assets]").forEach(setUp); }

  window.ambiguOnPage(start);
})();
