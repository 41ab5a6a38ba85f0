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

  function build(box, assets, versions) {
    var worker = null;
    var current = null;
    var form = element("form", { class: "play-form" });
    var choice = element("select", { name: "version", "aria-label": "Version" });
    versions.forEach(function (v) { choice.appendChild(element("option", { value: v.id }, v.title)); });
    var players = element("select", { name: "players", "aria-label": "Players" });
    [2, 3, 4, 5, 6].forEach(function (n) {
      var option = element("option", { value: String(n) }, n + " players");
      if (n === 4) { option.selected = true; }
      players.appendChild(option);
    });
    var deal = element("button", { type: "submit", class: "md-button md-button--primary" }, "Deal");
    form.appendChild(choice); form.appendChild(players); form.appendChild(deal);
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
      status.textContent = "Working…";
      worker.postMessage(message);
    }

    function receive(event) {
      var data = event.data;
      if (data.kind === "progress") { status.textContent = data.text; return; }
      if (data.kind === "error") { status.textContent = "Refused: " + data.text; return; }
      status.textContent = "";
      show(data.state);
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var version = versions.find(function (v) { return v.id === choice.value; });
      current = version;
      log.textContent = "";
      send({ kind: "new", version: version.id, table: version.table,
             players: players.value, seed: Math.floor(Math.random() * 1e6) });
    });

    function show(state) {
      table.textContent = "";
      var head = element("p", { class: "play-step" });
      head.appendChild(document.createTextNode("Deal " + state.deal + " · " + current.title + " · "));
      if (state.step) {
        head.appendChild(document.createTextNode(state.step.title + " "));
        head.appendChild(element("a", { href: "../" + current.page + "#step-" + state.step.id,
          class: "play-why", title: "The rule of this step" }, "why?"));
      } else {
        head.appendChild(document.createTextNode(state.deal_over ? "deal over" : ""));
      }
      table.appendChild(head);
      table.appendChild(element("p", { class: "play-pot" },
        "Pool " + state.pool + (state.batterie ? " · batterie " + state.batterie : "")));
      var seats = element("ul", { class: "play-seats" });
      state.seats.forEach(function (seat, index) {
        var item = element("li", { class: "play-seat" + (seat.to_act ? " to-act" : "") +
          (seat.out ? " out" : "") });
        item.appendChild(element("strong", {}, seat.name + (index === state.you ? " (you)" : "")));
        item.appendChild(document.createTextNode(" " + seat.bank + " counters" +
          (seat.bet ? " · bet " + seat.bet : "") + (seat.dealer ? " · deals" : "") +
          (seat.out ? " · out" : "")));
        var cards = element("span", { class: "cards" });
        seat.cards.forEach(function (card) {
          var red = /[♥♦]/.test(card);
          cards.appendChild(element("span", { class: "card " + (red ? "card-red" : "card-black") }, card));
        });
        for (var i = 0; i < seat.hidden; i++) {
          cards.appendChild(element("span", { class: "card card-back", "aria-label": "hidden card" }, "🂠"));
        }
        item.appendChild(element("br"));
        item.appendChild(cards);
        seats.appendChild(item);
      });
      table.appendChild(seats);
      var actions = element("div", { class: "play-actions", role: "group", "aria-label": "Your move" });
      state.actions.forEach(function (label, index) {
        var button = element("button", { type: "button", class: "md-button" }, label);
        button.addEventListener("click", function () { send({ kind: "act", index: index }); });
        actions.appendChild(button);
      });
      if (state.deal_over && state.can_deal) {
        var next = element("button", { type: "button", class: "md-button md-button--primary" }, "Next deal");
        next.addEventListener("click", function () { send({ kind: "start" }); });
        actions.appendChild(next);
      }
      table.appendChild(actions);
      if (state.note) { table.appendChild(element("p", {}, state.note)); }
      state.lines.forEach(function (line) { log.appendChild(element("li", {}, line)); });
      log.scrollTop = log.scrollHeight;
    }
  }

  function start() { document.querySelectorAll("#play-table[data-assets]").forEach(setUp); }

  window.ambiguOnPage(start);
})();
