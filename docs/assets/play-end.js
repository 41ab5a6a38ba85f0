/* The Play page at the end of a deal: who won, with what, what each player won
 * or paid, and who cannot pay to play the next deal (play.js shows it).
 *
 * Reads the state the worker answers (ambigu_rules.play.web.WebTable):
 * `end` (ambigu_rules.play.deal_summary: the winners, each with the name of
 * the combination in the rule file's own words and in the page's language,
 * and its pips where they decided the showdown; the other hands shown; what
 * stays on the table; each seat's bank and what it won or paid in the deal),
 * `short` (the players who cannot pay the next antes, and what a person may
 * buy back in), `buy_back` (allowed, not_agreed or never) and
 * `session_over`. It decides nothing: it words what the state says.
 *
 * Loaded by docs/play.md (and its French twin), deferred like play.js, which asks for
 * window.ambiguPlayEnd only when it shows a deal's end.
 */
(function () {
  "use strict";

  function words(key, values) { return window.ambiguWords(key, values); }

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  /* "Point (7♥ 10♥: 17 pips)": a hand's combination, with its pips where they decided. */
  function handText(hand) {
    var name = hand.combination || words("play.end-no-combination");
    if (hand.pips === null || hand.pips === undefined) { return name; }
    return hand.pip_cards
      ? words("play.end-hand-cards-pips", { combination: name, cards: hand.pip_cards, pips: hand.pips })
      : words("play.end-hand-pips", { combination: name, pips: hand.pips });
  }

  function names(list) {
    return list.reduce(function (text, name, index) {
      return index === 0 ? name : words("play.end-and", { a: text, b: name });
    }, "");
  }

  /* How the deal ended, in sentences: the winner(s) and with what, the hands
   * beaten, what stays on the table. */
  function sentences(end) {
    var said = [];
    var winners = end.winners;
    if (!winners.length) {
      said.push(words("play.end-nobody", { n: end.number }));
    } else if (winners.length === 1) {
      var winner = winners[0];
      said.push(winner.combination
        ? words("play.end-wins-with", { name: winner.name, n: end.number, hand: handText(winner) })
        : words("play.end-wins", { name: winner.name, n: end.number }));
      if (!end.showdown) { said.push(words("play.end-uncalled")); }
    } else {
      said.push(words("play.end-shared", { names: names(winners.map(function (w) { return w.name; })) }));
      said.push(words("play.end-hands", { hands: winners.map(function (w) {
        return words("play.end-hand-of", { name: w.name, hand: handText(w) });
      }).join("; ") }));
    }
    winners.forEach(function (w) {
      if (w.value) {
        said.push(words("play.end-paid-for", { name: w.name, value: w.value,
          combination: w.combination || words("play.end-no-combination") }));
      }
    });
    if (end.beaten.length) {
      said.push(words("play.end-against", { hands: end.beaten.map(function (hand) {
        return words("play.end-hand-of", { name: hand.name, hand: handText(hand) });
      }).join("; ") }));
    }
    if (end.carried) {
      said.push(end.carried.batterie
        ? words("play.end-carried-both", { pool: end.carried.pool, batterie: end.carried.batterie })
        : words("play.end-carried", { pool: end.carried.pool }));
    }
    return said;
  }

  /* "+12", "−6" (a minus sign), "0". */
  function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "\u2212" + Math.abs(n) : "0";
  }

  /* Each player's gain or loss over the deal and counters after it. */
  function changes(end) {
    var wrap = element("div", { class: "play-end-scroll", role: "region", tabindex: "0",
      "aria-label": words("play.end-changes") });
    var grid = element("table", { class: "play-end-banks" });
    grid.appendChild(element("caption", {}, words("play.end-changes")));
    var head = element("tr");
    ["play.end-player", "play.end-change", "play.end-bank"].forEach(function (key) {
      head.appendChild(element("th", { scope: "col" }, words(key)));
    });
    grid.appendChild(element("thead")).appendChild(head);
    var body = grid.appendChild(element("tbody"));
    end.changes.forEach(function (row) {
      var line = element("tr", row.change > 0 ? { class: "play-end-gain" } : {});
      line.appendChild(element("th", { scope: "row" }, row.name));
      line.appendChild(element("td", { class: "play-end-number" }, signed(row.change)));
      line.appendChild(element("td", { class: "play-end-number" }, String(row.bank)));
      body.appendChild(line);
    });
    wrap.appendChild(grid);
    return wrap;
  }

  /* Who cannot pay to play the next deal, what a person may do, and whether the session goes on. */
  function shortSentences(state) {
    var said = [];
    (state.short || []).forEach(function (seat) {
      if (seat.bot) {
        said.push(words("play.short-bot", { name: seat.name }));
        return;
      }
      said.push(words("play.short", { name: seat.name, antes: seat.antes, bank: seat.bank }));
      said.push(seat.buy ? words(seat.buy === 1 ? "play.short-buy-one" : "play.short-buy",
        { name: seat.name, amount: seat.buy })
        : words(state.buy_back === "not_agreed" ? "play.short-not-agreed" : "play.short-never",
          { name: seat.name }));
    });
    if (state.session_over) {
      said.push(words("play.session-over"));
    } else if (!state.can_deal && buyers(state).length) {
      said.push(words("play.short-buy-or-end"));
    }
    return said;
  }

  /* The people who may buy counters back in now: {seat, name, amount}. */
  function buyers(state) {
    return (state.short || []).filter(function (seat) { return !seat.bot && seat.buy; })
      .map(function (seat) { return { seat: seat.seat, name: seat.name, amount: seat.buy }; });
  }

  /* The end of the deal as one block (null while a deal goes on). */
  function box(state) {
    if (!state.deal_over || !state.end) { return null; }
    var node = element("div", { class: "play-end" });
    node.appendChild(element("p", { class: "play-end-title" }, words("play.end-title", { n: state.end.number })));
    node.appendChild(element("p", { class: "play-end-result" }, sentences(state.end).join(" ")));
    node.appendChild(changes(state.end));
    var short = shortSentences(state);
    if (short.length) { node.appendChild(element("p", { class: "play-short" }, short.join(" "))); }
    return node;
  }

  /* The same in one passage, for the live region that says each move. */
  function sentence(state) {
    if (!state.deal_over || !state.end) { return ""; }
    return sentences(state.end).concat(shortSentences(state)).join(" ");
  }

  window.ambiguPlayEnd = { box: box, sentence: sentence, buyers: buyers };
})();
