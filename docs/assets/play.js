/* The Play page: a form, then the table, driven by the Python in play-worker.js.
 *
 * The page shows what the worker answers (ambigu_rules.play.web.WebTable's
 * state): seats, counters, bets, cards, the pool, the step under way with a
 * link to its rule, the actions as buttons, and what happened. It decides
 * nothing about the game.
 */
(function () {
  "use strict";

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
    var worker = null;
    var current = null;
    var form = element("form", { class: "play-form" });
    var choice = element("select", { name: "version", "aria-label": "Version" });
    versions.forEach(function (v) { choice.appendChild(option(v.id, v.title)); });
    choice.appendChild(option(OWN, "Your own rule file…"));
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
    var status = element("p", { class: "play-status", "aria-live": "polite" });
    var table = element("div", { class: "play-area" });
    var log = element("ol", { class: "play-log", "aria-label": "What happened" });
    box.appendChild(form); box.appendChild(status); box.appendChild(table); box.appendChild(log);

    function send(message) {
      if (!worker) {
        worker = new Worker(assets + "play-worker.js", { type: "module" });
        worker.onmessage = receive;
        worker.onerror = function (event) {
          status.textContent = "Python could not start here (" + (event.message || "no runtime in this build") + ").";
        };
      }
      status.classList.remove("play-refused");
      status.textContent = "Working…";
      worker.postMessage(message);
    }

    function receive(event) {
      var data = event.data;
      if (data.kind === "progress") { status.textContent = data.text; return; }
      if (data.kind === "error") {
        status.classList.add("play-refused");
        status.textContent = "Refused: " + data.text;
        return;
      }
      status.textContent = "";
      data.state.lines.forEach(function (line) { log.appendChild(element("li", {}, line)); });
      log.scrollTop = log.scrollHeight;
      show(data.state);
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
      send(request);
    });

    /* A button for a choice; an opening or a raise gets a box for its amount beside it. */
    function choiceControl(choice, index) {
      var button = element("button", { type: "button", class: "md-button" }, choice.label);
      if (choice.low === undefined) {
        button.addEventListener("click", function () { send({ kind: "act", index: index }); });
        return button;
      }
      var group = element("span", { class: "play-amount" });
      var amount = element("input", { type: "number", min: String(choice.low), max: String(choice.high),
        step: "1", value: String(choice.low), "aria-label": choice.label + " amount, " +
        choice.low + " to " + choice.high, inputmode: "numeric" });
      button.addEventListener("click", function () {
        send({ kind: "act", index: index, amount: amount.valueAsNumber });
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
        next.addEventListener("click", function () { send({ kind: "start" }); });
        actions.appendChild(next);
      }
      table.appendChild(actions);
      if (state.note) { table.appendChild(element("p", {}, state.note)); }
    }
  }

  function start() { document.querySelectorAll("#play-table[data-assets]").forEach(setUp); }

  window.ambiguOnPage(start);
})();
