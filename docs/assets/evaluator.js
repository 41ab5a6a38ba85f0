/* The instant hand evaluator of the combinations page.
 *
 * It knows no rule of Ambigu. The site ships, for each version, the table of
 * every four-card hand that the Python interpreter compiled from the
 * version's rule file (assets/tables/<id>.table, see
 * ambigu_rules/hands/table.py for the format) and an index naming each
 * version's pack and combinations. The reader picks four cards (or types
 * them, "2S 3S 4S 9S", in the letters of the page's language: "2P 3P 4P 9P"
 * on a French page, words.js's engineCards); the cards are shown with its
 * rank letters (R♠ in French). The script finds the hand's row in each table and
 * shows the combination, its value, how many of all the hands it beats, and
 * how often that combination is dealt. Everything is read from this site;
 * nothing is fetched from elsewhere. The tables (some 330 kB, then hundreds
 * of thousands of rows counted) are read when the reader first reaches the
 * evaluator (a focus or a touch in it), not while the page loads.
 */
(function () {
  "use strict";

  /* Every label in the page's language (assets/words.js, loaded first). */
  var words = window.ambiguWords;

  var MAGIC = "AMBIGU-TABLE 2\n";

  // -- reading a table ------------------------------------------------------------

  var LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

  function inflate(bytes) {
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return new Uint8Array(buffer);
    });
  }

  function readTable(buffer) {
    var bytes = new Uint8Array(buffer);
    var head = new TextDecoder().decode(bytes.subarray(0, MAGIC.length));
    if (head !== MAGIC) {
      throw new Error("not a hand table");
    }
    return inflate(bytes.subarray(MAGIC.length)).then(function (raw) {
      var newline = raw.indexOf(10);
      var header = JSON.parse(new TextDecoder().decode(raw.subarray(0, newline)));
      var rows = header.rows;
      var body = raw.slice(newline + 1).buffer; // a fresh, aligned copy
      // Columns: values (int32), rank-key indexes (uint32), best combination (int8).
      var values, keyIndex;
      var best = new Int8Array(body, 8 * rows, rows);
      if (LITTLE_ENDIAN) { // the file's order: read the columns in place
        values = new Int32Array(body, 0, rows);
        keyIndex = new Uint32Array(body, 4 * rows, rows);
      } else {
        var view = new DataView(body);
        values = new Int32Array(rows);
        keyIndex = new Uint32Array(rows);
        for (var i = 0; i < rows; i++) {
          values[i] = view.getInt32(4 * i, true);
          keyIndex[i] = view.getUint32(4 * rows + 4 * i, true);
        }
      }
      return summarise(header, best, values, keyIndex);
    });
  }

  // Counts the page needs: hands below each rank key, hands per combination.
  function summarise(header, best, values, keyIndex) {
    var keys = header.keys.length;
    var perKey = new Uint32Array(keys);
    var perCombination = new Uint32Array(header.combinations.length + 1);
    for (var i = 0; i < best.length; i++) {
      perKey[keyIndex[i]] += 1;
      perCombination[best[i] + 1] += 1;
    }
    var below = new Uint32Array(keys);
    for (var k = 1; k < keys; k++) {
      below[k] = below[k - 1] + perKey[k - 1];
    }
    return {
      rows: best.length, best: best, values: values, keyIndex: keyIndex,
      combinations: header.combinations, perKey: perKey, below: below,
      perCombination: perCombination,
    };
  }

  // The row of each hand: hands come in increasing order of the pack's cards
  // (first card outermost), so a hand's row is the number of hands before it,
  // counted with binomial coefficients instead of a lookup table.
  function binomial(n, k) {
    if (k < 0 || n < k) { return 0; }
    var result = 1;
    for (var i = 1; i <= k; i++) { result = result * (n - k + i) / i; }
    return Math.round(result);
  }

  function rowFinder(cards) {
    var position = {};
    cards.forEach(function (card, index) { position[card] = index; });
    var n = cards.length;
    return function (hand) {
      var p = hand.map(function (card) { return position[card]; })
        .sort(function (x, y) { return x - y; });
      var row = 0;
      var from = 0;
      for (var slot = 0; slot < 4; slot++) {
        for (var x = from; x < p[slot]; x++) { row += binomial(n - 1 - x, 3 - slot); }
        from = p[slot] + 1;
      }
      return row;
    };
  }

  // -- cards -----------------------------------------------------------------------

  // A card as the rule files name it: rank label and suit letter, "10H" (the
  // grid's data-card); the reader sees and types it in the page's language.
  function cardName(rank, suit) { return rank + suit.id; }

  // The card number of a named card in a version's pack, or undefined.
  function cardNumber(version, name) {
    var suit = version.suits.findIndex(function (s) { return name.endsWith(s.id); });
    var rank = version.ranks.indexOf(name.slice(0, name.length - 1));
    if (suit < 0 || rank < 0) {
      return undefined;
    }
    return rank * version.suits.length + suit;
  }

  // The cards typed, each as the reader wrote it (`typed`) and by the rule
  // files' name (`name`): typed in the page's language's letters or with the
  // suits' symbols ("7C VP" or "7♥ V♠" in French: 7H JS).
  function parseTyped(text) {
    var symbols = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
    return text.split(/[\s,]+/).filter(Boolean).map(function (word) {
      var name = words.engineCards(word).toUpperCase();
      var last = name.slice(-1);
      return { typed: word, name: symbols[last] ? name.slice(0, -1) + symbols[last] : name };
    });
  }

  // -- the page ----------------------------------------------------------------------

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  // The share count / total as a percentage to three significant figures,
  // never rounded up to "100 %" (nor down to "0 %") unless it is exactly that:
  // a share that would round to 100 is shown as "more than 99.9 %".
  function percent(count, total) {
    if (count <= 0) { return words("evaluator.percent", { share: "0" }); }
    if (count >= total) { return words("evaluator.percent", { share: "100" }); }
    var share = 100 * count / total;
    if (share > 99.9) { return words("evaluator.almost-all"); }
    var digits = Math.max(0, 2 - Math.floor(Math.log10(share)));
    var shown = share.toFixed(digits);
    if (Number(shown) >= 100) { return words("evaluator.almost-all"); }
    return words("evaluator.percent", { share: words.number(shown) });
  }

  function setUp(box) {
    if (box.dataset.ready === "yes") {
      return;
    }
    box.dataset.ready = "yes";
    var base = box.dataset.tables;
    fetch(base + "index.json").then(function (r) { return r.json(); }).then(function (index) {
      build(box, base, index.versions);
    }).catch(function (error) {
      box.appendChild(element("p", { class: "evaluator-error" },
        words("evaluator.unreadable", { error: error.message })));
    });
  }

  function build(box, base, versions) {
    var chosen = [];
    var tables = {};
    var finders = {};
    var status = null;  // set once the form is built
    var files = {};  // versions with one table share its file: read it once
    versions.forEach(function (version) {
      (files[version.table] = files[version.table] || []).push(version);
    });
    function readTables() {
      box.removeEventListener("focusin", readTables);
      box.removeEventListener("pointerdown", readTables);
      Object.keys(files).forEach(function (file) {
        fetch(base + file).then(function (r) { return r.arrayBuffer(); })
          .then(readTable).then(function (data) {
            files[file].forEach(function (version) {
              tables[version.id] = data;
              finders[version.id] = rowFinder(version.cards);
            });
            if (chosen.length === 4 && status) { show(); }
          });
      });
    }
    box.addEventListener("focusin", readTables);
    box.addEventListener("pointerdown", readTables);
    var ranks = [];
    versions.forEach(function (v) {
      v.ranks.forEach(function (r) { if (ranks.indexOf(r) < 0) { ranks.push(r); } });
    });
    var suits = versions[0].suits;

    var form = element("form", { class: "evaluator-form" });
    var typed = element("input", { type: "text", name: "hand", autocomplete: "off",
      placeholder: words("evaluator.placeholder"), "aria-label": words("evaluator.four-cards") });
    var clear = element("button", { type: "button", class: "md-button" }, words("evaluator.clear"));
    form.appendChild(typed);
    form.appendChild(clear);
    var grid = element("div", { class: "evaluator-cards", role: "group",
      "aria-label": words("evaluator.pick-four") });
    suits.forEach(function (suit) {
      ranks.forEach(function (rank) {
        var name = cardName(rank, suit);
        var button = element("button", { type: "button", "data-card": name,
          "data-typed": words.typedCard(rank, suit.id),
          class: "card " + (suit.red ? "card-red" : "card-black"), "aria-pressed": "false",
          title: words("evaluator.card-title", { rank: words.rank(rank),
            suit: words.own(suit.names, suit.name) }) });
        // Rank and suit apart: on the narrowest screens the suit goes under the rank.
        button.appendChild(element("span", { class: "card-rank" }, words.rank(rank)));
        button.appendChild(element("span", { class: "card-suit" }, suit.symbol));
        grid.appendChild(button);
      });
    });
    status = element("p", { class: "evaluator-status", "aria-live": "polite" });
    var table = element("table", { class: "evaluator-results" });
    box.appendChild(form);
    box.appendChild(grid);
    box.appendChild(status);
    box.appendChild(table);

    function choose(names) {
      chosen = names.slice(0, 4);
      grid.querySelectorAll("button").forEach(function (button) {
        button.setAttribute("aria-pressed", chosen.indexOf(button.dataset.card) >= 0);
      });
      show();
    }

    function show() {
      table.textContent = "";
      if (chosen.length < 4) {
        status.textContent = chosen.length === 3 ? words("evaluator.pick-one-more")
          : words("evaluator.pick-more", { n: 4 - chosen.length });
        return;
      }
      status.textContent = "";
      var head = element("tr");
      ["evaluator.version", "evaluator.combination", "evaluator.value", "evaluator.beats",
        "evaluator.dealt"].map(function (key) { return words(key); }).forEach(function (t) {
        head.appendChild(element("th", {}, t));
      });
      table.appendChild(element("thead")).appendChild(head);
      var body = table.appendChild(element("tbody"));
      versions.forEach(function (version) {
        var row = element("tr", { "data-version": version.id });
        var link = element("a", { href: "../" + version.page }, words.own(version.titles, version.title));
        row.appendChild(element("th", { scope: "row" })).appendChild(link);
        var cells = describe(version);
        cells.forEach(function (text) { row.appendChild(element("td", {}, text)); });
        body.appendChild(row);
      });
    }

    function describe(version) {
      var data = tables[version.id];
      if (!data) {
        return [words("evaluator.reading"), "", "", ""];  // four cells, as below
      }
      var numbers = chosen.map(function (name) { return cardNumber(version, name); });
      if (numbers.some(function (n) { return n === undefined || version.cards.indexOf(n) < 0; })) {
        return [words("evaluator.not-in-pack"), "", "", ""];
      }
      var row = finders[version.id](numbers);
      var index = data.best[row];
      var name = index >= 0 ? words.own(version.combinations[data.combinations[index]], data.combinations[index])
        : words("evaluator.no-combination");
      var beats = data.below[data.keyIndex[row]];
      var ties = data.perKey[data.keyIndex[row]] - 1;
      var dealt = data.perCombination[index + 1];
      return [
        name,
        String(data.values[row]),
        ties ? words("evaluator.beats-ties", { beats: percent(beats, data.rows), ties: words.number(ties) })
          : percent(beats, data.rows),
        words("evaluator.one-in", { n: words.number(Math.round(data.rows / dealt)) }),
      ];
    }

    grid.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-card]");
      if (!button) { return; }
      var name = button.dataset.card;
      var at = chosen.indexOf(name);
      var next = chosen.slice();
      if (at >= 0) { next.splice(at, 1); } else if (next.length < 4) { next.push(name); }
      typed.value = next.map(function (n) {  // as the page's language types them
        return grid.querySelector('[data-card="' + n + '"]').dataset.typed;
      }).join(" ");
      choose(next);
    });
    typed.addEventListener("input", function () {
      var cards = parseTyped(typed.value);
      var names = cards.map(function (card) { return card.name; }).filter(function (n, i, all) {
        return all.indexOf(n) === i;
      });
      var known = names.filter(function (n) {
        return grid.querySelector('[data-card="' + CSS.escape(n) + '"]');
      });
      choose(known);
      if (known.length < names.length) {
        // Said as the reader wrote them.
        status.textContent = words("evaluator.not-a-card", { cards: cards.filter(function (card) {
          return known.indexOf(card.name) < 0;
        }).map(function (card) { return card.typed; }).join(", ") });
      }
    });
    clear.addEventListener("click", function () { typed.value = ""; choose([]); });
    form.addEventListener("submit", function (event) { event.preventDefault(); });

    choose([]);
  }

  function start() {
    document.querySelectorAll(".hand-evaluator[data-tables]").forEach(setUp);
  }

  window.ambiguOnPage(start);
})();
