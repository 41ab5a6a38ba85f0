/* The comparison page: pick the versions, see only what differs, words marked.
 *
 * The page is a static table of every version (it reads the same with
 * JavaScript off). This script shows the form above it and, for the
 * versions ticked there:
 *
 * - hides the other columns;
 * - joins a row into one cell when the chosen versions say the same thing
 *   (cells carry `data-key`, a fingerprint of what they say), with each
 *   chosen version's evidence badge beside the shared words;
 * - highlights a cell that departs from the row's most common reading and,
 *   inside each differing cell, marks the words that are not in the reading
 *   it is set against (a word-level longest-common-subsequence diff);
 * - hides the rows where the chosen versions agree, unless the reader asks
 *   for all rows.
 *
 * The choice lives in the address: `?v=1730,foster` names the versions (all
 * when absent) and `rows=all` turns off "only the rows that differ" (on by
 * default), so a reload or a shared link shows the same comparison. No
 * library, nothing fetched.
 */
(function () {
  "use strict";

  // -- the address ------------------------------------------------------------

  function readAddress(known) {
    var params = new URL(window.location.href).searchParams;
    var asked = (params.get("v") || "").split(",").filter(function (id) {
      return known.indexOf(id) >= 0;
    });
    return {
      versions: asked.length >= 2 ? asked : known.slice(),
      onlyDifferences: params.get("rows") !== "all",
    };
  }

  function writeAddress(state, known) {
    var here = new URL(window.location.href);
    if (state.versions.length === known.length) {
      here.searchParams.delete("v");
    } else {
      here.searchParams.set("v", state.versions.join(","));
    }
    if (state.onlyDifferences) {
      here.searchParams.delete("rows");
    } else {
      here.searchParams.set("rows", "all");
    }
    here.searchParams.delete("only"); // the earlier form of the filter
    var text = here.toString().replace(/%2C/gi, ",");
    window.history.replaceState(window.history.state, "", text);
  }

  // -- words --------------------------------------------------------------------

  function textNodes(element) {
    var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    var nodes = [];
    while (walker.nextNode()) {
      nodes.push(walker.currentNode);
    }
    return nodes;
  }

  function normal(word) {
    return word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  }

  function words(element) {
    var list = [];
    textNodes(element).forEach(function (node) {
      node.data.split(/\s+/).forEach(function (word) {
        if (word) {
          list.push(normal(word));
        }
      });
    });
    return list;
  }

  // Which words of `mine` are outside a longest common subsequence with `theirs`.
  function changedWords(mine, theirs) {
    var n = mine.length;
    var m = theirs.length;
    var table = [];
    for (var i = 0; i <= n; i++) {
      table.push(new Array(m + 1).fill(0));
    }
    for (i = n - 1; i >= 0; i--) {
      for (var j = m - 1; j >= 0; j--) {
        table[i][j] = mine[i] === theirs[j]
          ? table[i + 1][j + 1] + 1
          : Math.max(table[i + 1][j], table[i][j + 1]);
      }
    }
    var changed = new Array(n).fill(true);
    i = 0;
    j = 0;
    while (i < n && j < m) {
      if (mine[i] === theirs[j]) {
        changed[i] = false;
        i++;
        j++;
      } else if (table[i + 1][j] >= table[i][j + 1]) {
        i++;
      } else {
        j++;
      }
    }
    return changed;
  }

  function unmark(element) {
    element.querySelectorAll("mark.word-diff").forEach(function (mark) {
      mark.replaceWith(document.createTextNode(mark.textContent));
    });
    element.normalize();
  }

  // Wrap the changed words of `element` in <mark>; a run of changed words
  // (and the spaces between them) makes one mark.
  function mark(element, changed) {
    var index = 0;
    textNodes(element).forEach(function (node) {
      var parts = node.data.split(/(\s+)/).filter(function (part) { return part; });
      var fragment = document.createDocumentFragment();
      var open = null;
      parts.forEach(function (part, k) {
        var space = /^\s+$/.test(part);
        var isChanged = !space && changed[index];
        var nextChanged = space && k + 1 < parts.length && changed[index];
        if (!space) {
          index++;
        }
        if (isChanged || (open && nextChanged)) {
          if (!open) {
            open = document.createElement("mark");
            open.className = "word-diff";
            fragment.appendChild(open);
          }
          open.appendChild(document.createTextNode(part));
          return;
        }
        open = null;
        fragment.appendChild(document.createTextNode(part));
      });
      node.replaceWith(fragment);
    });
  }

  // -- one row ---------------------------------------------------------------------

  function mostCommon(keys) {
    var counts = {};
    var best = null;
    keys.forEach(function (key) {
      counts[key] = (counts[key] || 0) + 1;
      if (best === null || counts[key] > counts[best]) {
        best = key;
      }
    });
    return best;
  }

  function resetRow(row) {
    row.querySelectorAll("td[data-v]").forEach(function (cell) {
      cell.hidden = false;
      cell.removeAttribute("colspan");
      cell.classList.remove("differs", "joined");
      var joined = cell.querySelector(".joined-evidence");
      if (joined) {
        joined.remove();
      }
      var own = cell.querySelector(".cell-evidence");
      if (own) {
        own.hidden = false;
      }
      unmark(cell.querySelector(".cell-text"));
    });
  }

  // An agreeing row: one cell, with each chosen version's badge.
  function joinRow(cells) {
    var first = cells[0];
    first.colSpan = cells.length;
    first.classList.add("joined");
    var joined = document.createElement("span");
    joined.className = "joined-evidence";
    cells.forEach(function (cell, index) {
      if (index > 0) {
        cell.hidden = true;
      }
      var chip = document.createElement("span");
      chip.className = "by-version";
      chip.appendChild(document.createTextNode(cell.dataset.label + " "));
      cell.querySelectorAll(".cell-evidence .evidence").forEach(function (badge) {
        chip.appendChild(badge.cloneNode(true));
      });
      joined.appendChild(chip);
      joined.appendChild(document.createTextNode(" "));
    });
    first.querySelector(".cell-evidence").hidden = true;
    first.appendChild(joined);
  }

  function markRow(cells) {
    var keys = cells.map(function (cell) { return cell.dataset.key; });
    var common = mostCommon(keys);
    var texts = cells.map(function (cell) { return words(cell.querySelector(".cell-text")); });
    var counts = {};
    keys.forEach(function (key) { counts[key] = (counts[key] || 0) + 1; });
    var clearMajority = Object.keys(counts).every(function (key) {
      return key === common || counts[key] < counts[common];
    });
    cells.forEach(function (cell, index) {
      cell.classList.toggle("differs", keys[index] !== common);
      if (clearMajority && keys[index] === common) {
        return; // the reading the others are set against: nothing to mark
      }
      var others = [];
      keys.forEach(function (key, k) {
        if (key !== keys[index]) {
          others.push(key);
        }
      });
      var against = keys.indexOf(mostCommon(others));
      mark(cell.querySelector(".cell-text"), changedWords(texts[index], texts[against]));
    });
  }

  // Show `row` for the chosen versions; true when they read it differently.
  function showRow(row, chosen) {
    var agreed = row.querySelector("td.agreed");
    if (agreed) {
      agreed.colSpan = chosen.length;
      agreed.querySelectorAll(".by-version").forEach(function (chip) {
        chip.hidden = chosen.indexOf(chip.dataset.v) < 0;
      });
      return false;
    }
    resetRow(row);
    var cells = [];
    row.querySelectorAll("td[data-v]").forEach(function (cell) {
      if (chosen.indexOf(cell.dataset.v) < 0) {
        cell.hidden = true;
      } else {
        cells.push(cell);
      }
    });
    var keys = cells.map(function (cell) { return cell.dataset.key; });
    if (keys.every(function (key) { return key === keys[0]; })) {
      joinRow(cells);
      return false;
    }
    markRow(cells);
    return true;
  }

  // Whether the chosen versions read `row` differently (its cells' keys), without
  // touching the row.
  function rowDiffers(row, chosen) {
    if (row.querySelector("td.agreed")) {
      return false;
    }
    var keys = [];
    row.querySelectorAll("td[data-v]").forEach(function (cell) {
      if (chosen.indexOf(cell.dataset.v) >= 0) {
        keys.push(cell.dataset.key);
      }
    });
    return !keys.every(function (key) { return key === keys[0]; });
  }

  // A block of rows the page has not shown yet (on-page.js shows it later):
  // its rows are joined and marked when it is about to show.
  function waiting(body) {
    return document.documentElement.hasAttribute("data-later") &&
      body.classList.contains("later") && !body.hasAttribute("data-shown");
  }

  // -- the whole table --------------------------------------------------------------

  function render(table, state, count) {
    table.querySelectorAll("thead th[data-v]").forEach(function (head) {
      head.hidden = state.versions.indexOf(head.dataset.v) < 0;
    });
    var groupRow = null;
    var groupShown = false;
    var differ = 0;
    var total = 0;
    function closeGroup() {
      if (groupRow) {
        groupRow.hidden = !groupShown;
        groupRow.querySelector("th").colSpan = state.versions.length + 1;
      }
    }
    table.querySelectorAll("tbody tr").forEach(function (row) {
      if (row.classList.contains("group")) {
        closeGroup();
        groupRow = row;
        groupShown = false;
        return;
      }
      var later = waiting(row.parentNode);
      row.parentNode.dataset.marks = later ? "later" : "";
      var differs = later ? rowDiffers(row, state.versions) : showRow(row, state.versions);
      row.classList.toggle("differs", differs);
      row.hidden = state.onlyDifferences && !differs;
      groupShown = groupShown || !row.hidden;
      differ += differs ? 1 : 0;
      total += 1;
    });
    closeGroup();
    count.textContent = window.ambiguWords.count(differ,
      state.onlyDifferences ? "compare.count-only-one" : "compare.count-one",
      state.onlyDifferences ? "compare.count-only" : "compare.count",
      {differ: differ, total: total, versions: state.versions.length});
  }

  function setUp() {
    var form = document.querySelector("form.compare-controls");
    var table = document.querySelector("table.compare-matrix");
    if (!form || !table || form.dataset.ready === "yes") {
      return;
    }
    form.dataset.ready = "yes";
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=v]"));
    var known = boxes.map(function (box) { return box.value; });
    var only = form.querySelector("#only-differences");
    var count = form.querySelector(".compare-count");
    table.querySelectorAll("td[data-v]").forEach(function (cell) {
      var box = boxes[known.indexOf(cell.dataset.v)];
      cell.dataset.label = box ? box.parentNode.textContent.trim() : cell.dataset.v;
    });
    var state = readAddress(known);

    function update() {
      boxes.forEach(function (box) {
        box.checked = state.versions.indexOf(box.value) >= 0;
        // Two versions at least: the last two cannot be unticked.
        box.disabled = box.checked && state.versions.length <= 2;
      });
      only.checked = state.onlyDifferences;
      render(table, state, count);
      var wrapper = table.closest(".compare-wrapper");
      document.documentElement.style.setProperty(
        "--compare-controls-height", form.offsetHeight + "px");
      measureHeadings();
      if (wrapper) {
        wrapper.classList.add("enhanced");
      }
    }

    /* The column headings' height, which a row's scroll margin counts (site.css). */
    function measureHeadings() {
      if (table.tHead) {
        document.documentElement.style.setProperty(
          "--compare-head-height", table.tHead.offsetHeight + "px");
      }
    }

    boxes.forEach(function (box) {
      box.addEventListener("change", function () {
        state.versions = known.filter(function (id) {
          return boxes[known.indexOf(id)].checked;
        });
        writeAddress(state, known);
        update();
      });
    });
    only.addEventListener("change", function () {
      state.onlyDifferences = only.checked;
      writeAddress(state, known);
      update();
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    table.addEventListener("ambigu:show", function (event) {
      var body = event.target;
      if (body.dataset.marks === "later") {
        body.dataset.marks = "";
        body.querySelectorAll("tr:not(.group)").forEach(function (row) {
          showRow(row, state.versions);
        });
      }
    });
    form.hidden = false;
    update();
    window.addEventListener("resize", measureHeadings, {passive: true});
    window.addEventListener("hashchange", function () { land(table); });
    land(table);
    // The browser keeps the fragment's target in view (its own way) while the
    // page loads: land again once it has loaded.
    if (document.readyState !== "complete") {
      window.addEventListener("load", function () {
        setTimeout(function () { land(table); }, 0);
      }, {once: true});
    }
  }

  /* The row the address names (#row-...), shown and brought into view under
   * the header, the form and the column headings. A row's scroll margin does
   * it where the page scrolls (site.css); on a narrow screen the table's own
   * box scrolls, inside the page: the box is brought under the header first
   * (its scroll margin), then the row under the headings inside it, which a
   * single scroll of the row would have left under the header. */
  function land(table) {
    var id = window.location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch (error) {
      // not %-encoded: the id as written
    }
    var target = id ? document.getElementById(id) : null;
    if (!target || !table.contains(target)) {
      return;
    }
    target.hidden = false;
    var box = table.closest(".compare-wrapper");
    var scrolls = box && box.scrollHeight > box.clientHeight &&
      getComputedStyle(box).overflowY !== "visible";
    if (!scrolls) {
      target.scrollIntoView();
      return;
    }
    box.scrollIntoView();
    var head = table.tHead ? table.tHead.offsetHeight : 0;
    box.scrollTop += target.getBoundingClientRect().top - box.getBoundingClientRect().top -
      box.clientTop - head - 8;
  }

  window.ambiguOnPage(setUp);
})();
